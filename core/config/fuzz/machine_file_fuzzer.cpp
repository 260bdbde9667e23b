// libFuzzer target: random machine files and --set overrides through the
// configuration loader, with every model type the platform registers. The
// input is the file's text; after a NUL byte come overrides, one per line.
//
// A file is refused with a ConfigError, whose location must lie in the file
// or the command line, or loaded. A loaded machine's dump_config() must load
// again and dump the same text, as docs/configuration.md promises.
//
// Only machines of up to kMaxRoundTrip components make the round trip: a
// range such as cpu[0..800] dumps 12 MB of YAML, whose parsing under the
// sanitizers outlasts the fuzzer's timeout, and larger machines find no more.
#include "core/config/machine_config.h"
#include "core/config/overrides.h"
#include "core/tests/support/temp_dir.h"
#include "platform/builder/platform_builder.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace fireplane;

namespace {

const ModelFactory& factory() {
    static ModelFactory f = [] {
        ModelFactory made;
        register_all_models(made);
        return made;
    }();
    return f;
}

// A file of this process's own, so parallel fuzzing jobs do not share one,
// removed when the process ends.
std::string file_named(const char* name) {
    static const test::TempDir dir("fireplane-fuzz");
    return dir.file(name);
}

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

std::string dump(const MachineConfig& machine) {
    std::ostringstream out;
    dump_config(machine, factory(), out);
    return out.str();
}

// The values a dump gives, without its comments: the header names the file,
// and a value the dump wrote is no longer a default once loaded.
std::string values(const std::string& dumped) {
    std::istringstream in(dumped);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("#", 0) == 0) continue;
        const size_t comment = line.find("  # ");
        if (comment != std::string::npos) line.erase(line.find_last_not_of(' ', comment) + 1);
        out += line + "\n";
    }
    return out;
}

[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "machine_file_fuzzer: %s\n", what.c_str());
    std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    const size_t nul = input.find('\0');
    std::vector<std::string> overrides;
    if (nul != std::string::npos) {
        std::istringstream lines(input.substr(nul + 1));
        for (std::string line; std::getline(lines, line);)
            overrides.push_back(line);
    }
    static const std::string path = file_named("machine.yaml");
    static const std::string again = file_named("dumped.yaml");
    write(path, input.substr(0, nul));

    MachineConfig machine;
    try {
        machine = load_machine(path, overrides, factory());
    } catch (const ConfigError& e) {
        const std::string& file = e.where().file;
        if (file != path && file != kCommandLine && file.rfind("/", 0) != 0)
            fail("an error located in '" + file + "': " + e.what());
        return 0;
    }
    constexpr size_t kMaxRoundTrip = 64;
    if (machine.components.size() > kMaxRoundTrip) return 0;
    const std::string dumped = dump(machine);
    write(again, dumped);
    const std::string first = values(dumped);
    try {
        const std::string second = values(dump(load_machine(again, {}, factory())));
        if (second != first) {
            size_t at = 0;
            while (at < first.size() && at < second.size() && first[at] == second[at])
                ++at;
            const size_t line = first.rfind('\n', at) + 1;
            fail("the dumped machine dumps differently when loaded, from:\n" +
                 first.substr(line, 300) + "\nagainst:\n" + second.substr(line, 300));
        }
    } catch (const ConfigError& e) {
        fail(std::string("the dumped machine does not load: ") + e.what() + "\n" + dumped);
    }
    return 0;
}
