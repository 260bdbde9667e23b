#include "experiment.h"

#include "platform/profiling/cpi_profile.h"
#include "platform/profiling/experiment_format.h"
#include "tsv_file.h"

#include <yaml-cpp/yaml.h>

#include <stdexcept>
#include <sys/stat.h>

namespace fireplane::analyzer {

namespace fmt = profiling::format;

namespace {

bool is_directory(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool is_file(const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// experiment.json, read with yaml-cpp (JSON is YAML); errors name the file.
class JsonFields {
public:
    explicit JsonFields(std::string path) : path_(std::move(path)) {
        try {
            root_ = YAML::LoadFile(path_);
        } catch (const YAML::ParserException& e) {
            throw std::invalid_argument(path_ + ":" + std::to_string(e.mark.line + 1) +
                                        ": not valid JSON: " + e.msg);
        } catch (const YAML::Exception& e) {
            throw std::invalid_argument(path_ + ": cannot read the file");
        }
        if (!root_.IsMap()) fail("expected a JSON object");
    }

    [[noreturn]] void fail(const std::string& message) const {
        throw std::invalid_argument(path_ + ": " + message);
    }

    const YAML::Node& root() const { return root_; }

    template <typename T> T get(const YAML::Node& node, const std::string& key) const {
        const YAML::Node value = node[key];
        if (!value) fail("missing field '" + key + "'");
        try {
            return value.as<T>();
        } catch (const YAML::Exception&) {
            fail("field '" + key + "' has the wrong type ('" + value.Scalar() + "')");
        }
    }
    template <typename T> T get(const std::string& key) const { return get<T>(root_, key); }

private:
    std::string path_;
    YAML::Node root_;
};

void read_info(Experiment& x) {
    const JsonFields json(x.path(fmt::kExperimentFile));
    // Format and version first: a newer folder must not fail on some later field.
    if (json.get<std::string>("format") != fmt::kFormatName)
        json.fail("format '" + json.get<std::string>("format") + "', expected '" +
                  fmt::kFormatName + "'");
    x.version = json.get<unsigned>("version");
    if (x.version != fmt::kVersion)
        json.fail("version " + std::to_string(x.version) + ", this analyzer reads version " +
                  std::to_string(fmt::kVersion));
    x.program = json.get<std::string>("program");
    x.archive = json.get<std::string>("archive");
    x.cpus = json.get<unsigned>("cpus");
    x.clock_hz = json.get<double>("clock_hz");
    if (!(x.clock_hz > 0)) json.fail("clock_hz must be positive");
    x.skid = json.get<unsigned>("skid");
    x.exact = json.get<bool>("exact");
    x.declared_packets = json.get<uint64_t>("packets");
    // Informative fields: shown by `header` when present.
    const YAML::Node& root = json.root();
    if (root["args"] && root["args"].IsSequence())
        for (const auto& a : root["args"])
            x.args.push_back(a.as<std::string>());
    if (root["config"]) x.config = json.get<std::string>("config");
    if (root["model"]) x.model = json.get<std::string>("model");
    if (root["exit_code"] && !root["exit_code"].IsNull()) x.exit_code = json.get<int>("exit_code");

    const YAML::Node counters = root["counters"];
    if (!counters || !counters.IsSequence() || counters.size() == 0)
        json.fail("'counters' must be a non-empty list");
    for (const auto& node : counters) {
        Counter c;
        c.index = json.get<unsigned>(node, "index");
        c.name = json.get<std::string>(node, "name");
        c.raw = json.get<std::string>(node, "raw");
        c.reg = json.get<unsigned>(node, "register");
        c.overflow = json.get<uint64_t>(node, "overflow");
        c.units = json.get<std::string>(node, "units");
        c.cycles = json.get<bool>(node, "cycles");
        c.memop = json.get<std::string>(node, "memop");
        c.backtrack = json.get<bool>(node, "backtrack");
        if (c.index != x.counters.size())
            json.fail("counter '" + c.name + "' has index " + std::to_string(c.index) +
                      ", expected " + std::to_string(x.counters.size()));
        if (c.overflow == 0) json.fail("counter '" + c.name + "' has overflow 0");
        for (const auto& other : x.counters)
            if (other.name == c.name) json.fail("two counters are named '" + c.name + "'");
        x.counters.push_back(c);
    }
}

// A TSV field naming a counter of the experiment.
unsigned counter_field(TsvFile& tsv, const std::string& field, const Experiment& x) {
    const uint64_t counter = tsv.number(field, "counter");
    if (counter >= x.counters.size())
        tsv.fail("counter " + std::to_string(counter) + " is not in " + fmt::kExperimentFile +
                 " (it has " + std::to_string(x.counters.size()) + ")");
    return unsigned(counter);
}

void read_packets(Experiment& x) {
    TsvFile tsv(x.path(fmt::kPacketsFile), fmt::kPacketsHeader);
    std::vector<std::string> f;
    while (tsv.next(f)) {
        Packet p;
        p.counter = counter_field(tsv, f[0], x);
        p.cpu = unsigned(tsv.number(f[1], "cpu"));
        p.tid = tsv.number(f[2], "tid");
        p.cycle = tsv.number(f[3], "cycle");
        p.pc = tsv.address(f[4], "pc");
        p.cand_pc = tsv.optional_address(f[5], "cand_pc");
        p.cand_ea = tsv.optional_address(f[6], "cand_ea");
        p.true_pc = tsv.optional_address(f[7], "true_pc");
        p.true_ea = tsv.optional_address(f[8], "true_ea");
        p.stack = tsv.address_list(f[9], "stack");
        x.packets.push_back(std::move(p));
    }
    if (x.packets.size() != x.declared_packets)
        throw std::invalid_argument(
            x.path(fmt::kPacketsFile) + ": " + std::to_string(x.packets.size()) + " packets, but " +
            fmt::kExperimentFile + " says " + std::to_string(x.declared_packets));
}

void read_exact(Experiment& x) {
    const std::string path = x.path(fmt::kExactFile);
    if (!is_file(path))
        throw std::invalid_argument(path + ": missing, but " + fmt::kExperimentFile +
                                    " says exact: true");
    TsvFile tsv(path, fmt::kExactHeader);
    std::vector<std::string> f;
    while (tsv.next(f)) {
        ExactCount e;
        e.counter = counter_field(tsv, f[0], x);
        e.pc = tsv.address(f[1], "pc");
        e.count = tsv.number(f[2], "count");
        x.exact_counts.push_back(e);
    }
}

// cpi.tsv came with the CPI stack; an older --exact experiment lacks it.
void read_cpi(Experiment& x) {
    const std::string path = x.path(fmt::kCpiFile);
    if (!is_file(path)) return;
    const std::string header = profiling::cpi_header();
    TsvFile tsv(path, header.c_str());
    std::vector<std::string> f;
    while (tsv.next(f)) {
        CpiCount c;
        c.pc = tsv.address(f[0], "pc");
        c.instructions = tsv.number(f[1], "instructions");
        for (size_t i = 2; i < f.size(); ++i)
            c.cycles.push_back(tsv.number(f[i], "cycles"));
        x.cpi_counts.push_back(std::move(c));
    }
}

void read_symbols(Experiment& x) {
    TsvFile tsv(x.path(fmt::kSymbolsFile), fmt::kSymbolsHeader);
    std::vector<std::string> f;
    while (tsv.next(f)) {
        Symbol s;
        s.start = tsv.address(f[0], "start");
        s.size = tsv.number(f[1], "size");
        if (f[2] != "FUNC" && f[2] != "OBJECT")
            tsv.fail("bad type '" + f[2] + "' (expected FUNC or OBJECT)");
        s.function = f[2] == "FUNC";
        if (f[3].empty()) tsv.fail("empty symbol name");
        s.name = f[3];
        x.symbols.push_back(std::move(s));
    }
}

void read_loadmap(Experiment& x) {
    TsvFile tsv(x.path(fmt::kLoadMapFile), fmt::kLoadMapHeader);
    std::vector<std::string> f;
    while (tsv.next(f)) {
        Segment s;
        s.start = tsv.address(f[0], "start");
        s.end = tsv.address(f[1], "end");
        if (s.end < s.start) tsv.fail("segment ends before it starts");
        if (f[2].empty()) tsv.fail("empty segment name");
        s.name = f[2];
        x.loadmap.push_back(std::move(s));
    }
}

} // namespace

Experiment read_experiment(const std::string& dir) {
    Experiment x;
    x.dir = dir;
    while (x.dir.size() > 1 && x.dir.back() == '/')
        x.dir.pop_back();
    if (!is_directory(x.dir)) throw std::invalid_argument(x.dir + ": no such experiment folder");
    if (!is_file(x.path(fmt::kExperimentFile)))
        throw std::invalid_argument(x.dir + ": not an experiment (no " + fmt::kExperimentFile +
                                    ")");
    read_info(x);
    read_packets(x);
    if (x.exact) {
        read_exact(x);
        read_cpi(x);
    }
    read_symbols(x);
    read_loadmap(x);
    return x;
}

} // namespace fireplane::analyzer
