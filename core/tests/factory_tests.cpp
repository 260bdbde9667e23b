#include "core/factory/model_factory.h"
#include "test_models.h"

#include <catch2/catch.hpp>

using namespace fireplane;
using Catch::Matchers::Contains;

namespace {

ModelType simple(const std::string& name, std::vector<ParamSpec> params = {}) {
    return ModelType{name, "A " + name, std::move(params), nullptr};
}

void throw_on_fatal() {
    sc_core::sc_report_handler::set_actions("fireplane/factory", sc_core::SC_FATAL,
                                            sc_core::SC_THROW);
}

} // namespace

TEST_CASE("ModelFactory finds types and lists them sorted", "[factory]") {
    ModelFactory factory;
    factory.add(simple("zeta"));
    factory.add(simple("alpha"));
    factory.add(simple("mid"));
    const ModelType* alpha = factory.find("alpha");
    REQUIRE(alpha);
    CHECK(alpha->description == "A alpha");
    factory.add(simple("beta")); // pointers stay valid as types are added
    CHECK(alpha == factory.find("alpha"));
    CHECK(factory.find("gamma") == nullptr);
    std::vector<std::string> names;
    for (const ModelType* t : factory.list())
        names.push_back(t->type);
    CHECK(names == std::vector<std::string>{"alpha", "beta", "mid", "zeta"});
}

TEST_CASE("ModelFactory::add is fatal on registration bugs", "[factory]") {
    throw_on_fatal();
    ModelFactory factory;
    factory.add(simple("ram"));
    CHECK_THROWS_WITH(factory.add(simple("ram")), Contains("model type 'ram' registered twice"));
    CHECK_THROWS_WITH(factory.add(simple("a", {{"size", ParamKind::Bytes, "8Mb", ""}})),
                      Contains("model type 'a' parameter 'size': bad default '8Mb'"));
    CHECK_THROWS_WITH(
        factory.add(simple("b", {{"n", ParamKind::Int, "1", ""}, {"n", ParamKind::Int, "2", ""}})),
        Contains("parameter 'n': declared twice"));
    CHECK_THROWS_WITH(factory.add(simple("c", {{"policy", ParamKind::Enum, "x", ""}})),
                      Contains("enum without choices"));
    CHECK_THROWS_WITH(factory.add(simple("d", {{"dcache", ParamKind::Int, "1", ""},
                                               {"dcache.size", ParamKind::Bytes, "1KiB", ""}})),
                      Contains("parameter 'dcache': also a group of 'dcache.size'"));
    CHECK_THROWS_WITH(factory.add(simple("e", {{"type", ParamKind::String, "", ""}})),
                      Contains("reserved name"));
    CHECK(factory.find("a") == nullptr);
}

TEST_CASE("ModelType::param finds declared parameters", "[factory]") {
    ModelFactory factory = test::make_factory();
    const ModelType* cpu = factory.find("fake_cpu");
    REQUIRE(cpu);
    REQUIRE(cpu->param("dcache.size"));
    CHECK(cpu->param("dcache.size")->kind == ParamKind::Bytes);
    CHECK(cpu->param("dcache") == nullptr);
}

TEST_CASE("ModelType::create builds a module from its params", "[factory]") {
    ModelFactory factory = test::make_factory();
    const ModelType* ram = factory.find("fake_ram");
    REQUIRE(ram);
    Params params("ram0");
    params.set(ram->params[0], "0x1000", Location{"t.yaml", 1, 1});
    std::unique_ptr<sc_core::sc_module> module = ram->create("ram0", params);
    REQUIRE(module);
    CHECK(std::string(module->name()) == "ram0");
}
