// dump-config, list-models and the counter lists of `collect`.
#include "commands.h"
#include "models/rtl/register_rtl.h"
#include "platform/builder/memory_map.h"
#include "platform/builder/platform_builder.h"
#include "platform/profiling/hw_counters.h"

#include <filesystem>
#include <iostream>

namespace fireplane::cli {

// Installed (`cmake --install`), the machine files are in ../share/fireplane
// beside the program; in a build tree, in the sources.
std::string default_config(const std::string& file) {
    std::error_code error;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", error);
    if (!error) {
        const auto installed = exe.parent_path().parent_path() / "share/fireplane/configs" / file;
        if (std::filesystem::exists(installed, error)) return installed.string();
    }
    return std::string(FIREPLANE_SOURCE_DIR) + "/configs/" + file;
}

std::vector<std::string> MachineOptions::overrides() const {
    std::vector<std::string> all = sets;
    if (!model.empty()) all.push_back("simulation.model=" + model);
    if (!fast_forward.empty()) all.push_back("simulation.fast_forward=" + fast_forward);
    return all;
}

int dump_config(const MachineOptions& options) {
    ModelFactory factory;
    register_all_models(factory);
    register_rtl_models(factory);
    MachineConfig machine = load_machine(options.config, options.overrides(), factory);
    fireplane::dump_config(machine, factory, std::cout);
    // The memory map is the builder's: where each target landed. Building
    // opens no input and runs nothing; a wiring error is the machine's error.
    std::cout.flush();
    const std::unique_ptr<Platform> platform = build_platform(machine, factory);
    print_memory_map(*platform, std::cout);
    return 0;
}

int list_models() {
    ModelFactory factory;
    register_all_models(factory);
    register_rtl_models(factory);
    for (const ModelType* type : factory.list()) {
        std::cout << type->type << ": " << type->description << "\n";
        for (const ParamSpec& p : type->params) {
            std::cout << "    " << p.name << " (" << kind_name(p.kind);
            if (!p.default_value.empty()) std::cout << ", default " << p.default_value;
            std::cout << "): " << p.description << "\n";
        }
    }
    return 0;
}

int list_counters() {
    profiling::print_counter_list(std::cout);
    return 0;
}

} // namespace fireplane::cli
