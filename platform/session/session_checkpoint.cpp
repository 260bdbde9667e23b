// A Session's checkpoints: writing the machine at a pause, restoring it
// into a freshly built machine, and the hash that says whether a checkpoint
// fits a machine.
#include "core/checkpoint/checkpoint_file.h"
#include "models/common/cycle_time.h"
#include "platform/linux/linux_process.h"
#include "platform/loader/elf_image.h"
#include "session.h"
#include "standard_streams.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <limits>

namespace fireplane {

namespace {

// FNV-1a over the parts, each ended by a separator: stable across hosts and builds.
class Fnv {
public:
    Fnv& add(const std::string& s) {
        for (unsigned char c : s)
            step(c);
        step(0);
        return *this;
    }
    Fnv& add(uint64_t v) { return add(std::to_string(v)); }
    std::string hex() const {
        char text[17];
        std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h_));
        return text;
    }

private:
    void step(unsigned char c) { h_ = (h_ ^ c) * 0x100000001b3ull; }
    uint64_t h_ = 0xcbf29ce484222325ull;
};

// Between attempts at a quiescent point. A pause leaves the CPUs' quanta and
// synchronisation points as they were, so the run is the same with or without
// its attempts; what the bus has in flight lands as SystemC time goes on.
constexpr uint64_t kRetryInstructions = 100;
// Attempts at a point where the optional (timing) sections can be saved too;
// after that they are saved cold (left out).
constexpr int kWarmAttempts = 50;

// The model types a checkpoint holds whole: their state is in sections, or
// they keep none between transactions (routers, aliases, the bus). A machine
// with a component of another type (the sun4u board's devices, RTL blocks)
// cannot be saved yet.
const char* const kSavableTypes[] = {
    "sparc_cpu",           "fireplane_memory", "ram",           "boot_rom",
    "fireplane_io_bridge", "uart16550",        "m48t59",        "power_control",
    "firelink_monitor",    "router",           "address_alias", "fireplane_bus",
};

std::string unsavable_component(const MachineConfig& machine) {
    for (const ComponentConfig& c : machine.components)
        if (std::find(std::begin(kSavableTypes), std::end(kSavableTypes), c.type) ==
            std::end(kSavableTypes))
            return c.name + " (" + c.type + ")";
    return "";
}
constexpr int kMaxAttempts = 100000;

} // namespace

std::string Session::machine_hash() const {
    Fnv h;
    for (const ComponentConfig& c : machine_.components)
        h.add(c.name).add(c.type);
    for (const MappedTarget& t : platform_->memory_map)
        h.add(t.name).add(t.range.base).add(t.range.size).add(t.on);
    return h.hex();
}

std::string Session::not_quiescent(bool optional) const {
    const auto kind =
        optional ? CheckpointRegistry::Kind::Optional : CheckpointRegistry::Kind::Required;
    for (const CheckpointRegistry::Section& s : checkpoints_.sections())
        if (s.kind == kind)
            if (std::string why = s.model->not_quiescent(); !why.empty()) return why;
    return "";
}

CheckpointInfo Session::checkpoint_info() const {
    CheckpointInfo info;
    info.created_by = "fireplane";
    info.machine_hash = machine_hash();
    info.machine_file = machine_.file;
    info.mode = firmware_ ? "firmware" : "user";
    info.time_ps = to_ps(sc_core::sc_time_stamp());
    for (auto* cpu : platform_->cpus)
        info.instructions += cpu->core().retired();
    if (process_) info.argv = process_->config().argv;
    if (image_ && firmware_) info.argv = {image_->path};
    return info;
}

void Session::write_checkpoint(const std::string& dir) {
    if (!process_ && !firmware_)
        throw CheckpointError("nothing to save: no program or firmware is loaded");
    if (const std::string c = unsavable_component(machine_); !c.empty())
        throw CheckpointError("component " + c + " cannot be saved in a checkpoint yet");
    if (const std::string why = not_quiescent(); !why.empty())
        throw CheckpointError("the machine cannot be saved now: " + why);
    for (const std::string& why : fireplane::write_checkpoint(dir, checkpoint_info(), checkpoints_))
        *options_.diagnostics << "fireplane: checkpoint: " << why << ": saved cold\n";
}

void Session::restore(const std::string& dir) {
    StatsRegistry::Scope scope(stats_);
    CheckpointRegistry::Scope checkpoint_scope(checkpoints_);
    if (process_ || firmware_)
        throw std::logic_error("Session::restore: a program is already loaded");
    const CheckpointReader reader(dir);
    reader.check_machine(machine_hash(), machine_.file);
    const CheckpointInfo& info = reader.info();
    if (info.live_point)
        throw CheckpointError("'" + dir +
                              "' is a live point: it holds only the memory its sampling unit "
                              "touches; measure its library with --live-points");
    // The program file gives symbols to the tools, if it is still there and
    // an ELF; its bytes come from the checkpoint.
    if (!info.argv.empty()) try {
            image_ = std::make_unique<loader::ElfImage>(loader::read_elf(info.argv.front()));
        } catch (const loader::LoadError&) {
        }
    begin_restore(info.mode, info.argv, dir);
    finish_restore(reader, *options_.diagnostics);
}

void Session::begin_restore(const std::string& mode, const std::vector<std::string>& argv,
                            const std::string& dir) {
    if (mode != "user" && mode != "firmware")
        throw CheckpointError("'" + dir + "' holds a run of an unknown kind, '" + mode + "'");
    checkpoints_.set_restoring(true);
    if (mode == "user") {
        if (argv.empty()) throw CheckpointError("'" + dir + "' names no program");
        load_process(argv, {});
    } else {
        end_elaboration();
        connect_power_switches();
        firmware_ = true;
    }
}

void Session::finish_restore(const CheckpointReader& reader, std::ostream& notes,
                             SectionBuffers* buffers) {
    // Every CPU sleeps (nothing started it, or park_for_restore put it to
    // sleep); SystemC time then goes to the checkpoint's, where the models
    // take their state back.
    const sc_core::sc_time at(double(reader.info().time_ps), sc_core::SC_PS);
    if (at > sc_core::sc_time_stamp()) sc_core::sc_start(at - sc_core::sc_time_stamp());
    reader.restore(checkpoints_, notes, buffers);
    checkpoints_.set_restoring(false);
}

void Session::save_live_points(const std::string& dir) {
    StatsRegistry::Scope scope(stats_);
    if (!sampler_)
        throw std::invalid_argument("live points are saved by a sampled run: --sample N");
    if (const std::string c = unsavable_component(machine_); !c.empty())
        throw CheckpointError("component " + c + " cannot be saved in a live point yet");
    const CheckpointInfo info = checkpoint_info();
    LivePointLibrary header;
    header.sampling = sampler_->options(); // as resolved for this machine
    header.machine_file = info.machine_file;
    header.machine_hash = info.machine_hash;
    header.mode = info.mode;
    header.argv = info.argv;
    for (int fd = 0; fd < 3; ++fd)
        header.streams[size_t(fd)] = stream_kind(fd);
    live_points_ = std::make_unique<LivePointWriter>(dir, header, checkpoints_);
}

void Session::checkpoint_at(const CheckpointOptions& options) {
    if (options.dir.empty()) throw std::invalid_argument("a checkpoint needs a folder");
    if (const std::string c = unsavable_component(machine_); !c.empty())
        throw CheckpointError("component " + c + " cannot be saved in a checkpoint yet");
    checkpoint_ = options;
    if (options.at == CheckpointOptions::At::Instructions)
        limits_.pause_left = options.instructions;
    if (options.at == CheckpointOptions::At::Time) limits_.pause_time = options.time;
}

std::string Session::quiescence() const {
    std::string why = not_quiescent();
    return why.empty() ? not_quiescent(true) : why;
}

std::string Session::run_until(const std::function<std::string()>& ready,
                               const sc_core::sc_time& limit) {
    std::string why;
    while (!(why = ready()).empty() && sc_core::sc_pending_activity()) {
        const sc_core::sc_time step = sc_core::sc_time_to_pending_activity();
        if (sc_core::sc_time_stamp() + step > limit) break;
        sc_core::sc_start(step);
    }
    return why;
}

std::string Session::park_for_restore(const sc_core::sc_time& next) {
    // No more instructions: every CPU sleeps from its next instruction
    // boundary on (those paused now at once), and SystemC time goes on
    // until what is in flight has landed.
    for (sparc::SparcCpu* cpu : platform_->cpus) {
        if (cpu->core().halted()) return std::string(cpu->name()) + " has halted";
        cpu->park();
    }
    limits_.resume();
    const auto ready = [&] {
        for (const sparc::SparcCpu* cpu : platform_->cpus)
            if (!cpu->parked()) return std::string(cpu->name()) + " did not go to sleep";
        return quiescence();
    };
    if (std::string why = run_until(ready, next); !why.empty()) return why;
    for (const CheckpointRegistry::Section& s : checkpoints_.sections())
        s.model->unschedule();
    checkpoints_.set_restoring(true);
    return "";
}

bool Session::checkpoint_pause() {
    limits_.reached = sparc::RunLimits::Reached::None;
    limits_.pause_left = std::numeric_limits<uint64_t>::max();
    limits_.pause_time = sc_core::sc_max_time();
    if (!checkpoint_) return true;
    const bool required = !not_quiescent().empty();
    if (required || (!not_quiescent(true).empty() && checkpoint_attempts_ < kWarmAttempts)) {
        // Not yet: a little further on (every CPU stops at instruction boundaries).
        if (++checkpoint_attempts_ > kMaxAttempts)
            throw CheckpointError("no point to save the machine at was found: " + not_quiescent());
        limits_.pause_left = kRetryInstructions;
        limits_.resume();
        return true;
    }
    write_checkpoint(checkpoint_->dir);
    checkpoint_written_ = true;
    const bool go_on = checkpoint_->continue_after;
    checkpoint_.reset();
    if (go_on) limits_.resume();
    return go_on;
}

} // namespace fireplane
