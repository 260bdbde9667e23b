#include "test_models.h"

namespace fireplane::test {
namespace {

// A module that only keeps its parameters, to check that `create` gets them.
struct FakeModel : sc_core::sc_module {
    FakeModel(sc_core::sc_module_name name, const Params& p)
        : sc_core::sc_module(name), params(p) {}
    Params params;
};

std::unique_ptr<sc_core::sc_module> create_fake(const char* name, const Params& params) {
    return std::make_unique<FakeModel>(name, params);
}

} // namespace

ModelFactory make_factory() {
    ModelFactory factory;
    factory.add({"simulation",
                 "Global simulation settings",
                 {
                     {"quantum", ParamKind::Time, "1us", "Time quantum of each CPU"},
                     {"seed", ParamKind::Int, "1", "Random seed"},
                 },
                 nullptr});
    factory.add({"fake_cpu",
                 "A processor with a data cache",
                 {
                     {"clock", ParamKind::Frequency, "900MHz", "Core clock"},
                     {"dcache.size", ParamKind::Bytes, "64KiB", "D-cache size"},
                     {"dcache.ways", ParamKind::Int, "4", "D-cache associativity"},
                     {"dcache.write_through", ParamKind::Bool, "true", "D-cache writes through"},
                     {"replacement", ParamKind::Enum, "lfsr", "Replacement", {"lfsr", "lru"}},
                     {"latency", ParamKind::Time, "2ns", "Load-use latency"},
                     {"label", ParamKind::String, "", "Free text"},
                 },
                 create_fake});
    factory.add({"fake_ram",
                 "Memory",
                 {
                     {"base", ParamKind::Bytes, "", "Base physical address"},
                     {"size", ParamKind::Bytes, "1GiB", "Size"},
                 },
                 create_fake});
    return factory;
}

std::string fixture(const std::string& name) {
    return std::string(FIXTURES_DIR) + "/" + name;
}

} // namespace fireplane::test
