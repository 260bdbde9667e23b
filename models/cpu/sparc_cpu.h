#pragma once
// One UltraSPARC IIICu as a SystemC module: the ISS core, run in quanta by a
// thread (no per-cycle process), with a TLM-2.0 initiator socket to the
// system. Memory comes through DMI where the target grants it, through
// b_transport where not.
//
// In detailed mode the core's retired accesses also go, through the bridge
// socket, to the CPU's cache hierarchy (a child module, models/cache), whose
// own bus socket carries the Fireplane transactions. The CPU keeps local time
// ahead of SystemC (cycle c is time c * period) and synchronises only when a
// request must wait for the bus, or when it reaches its run-ahead horizon
// (run_ahead.h).
#include "address_translator.h"
#include "cache_bridge.h"
#include "cpu_dispatcher.h"
#include "cpu_registers.h"
#include "detailed_timing.h"
#include "fixed_timing.h"
#include "interrupt_unit.h"
#include "models/cache/cache_hierarchy.h"
#include "models/common/cycle_time.h"
#include "models/common/roles.h"
#include "models/mmu/cheetah_mmu.h"
#include "ordered_event.h"
#include "run_ahead.h"
#include "run_limits.h"
#include "sparc_core.h"
#include "warming_timing.h"

#include "core/checkpoint/checkpointable.h"
#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <algorithm>
#include <memory>
#include <vector>

namespace fireplane::sparc {

struct SparcCpuConfig {
    uint64_t clock_hz = 900'000'000;
    uint64_t stick_hz = 150'000'000; // STICK counts the system (Fireplane) clock
    // RDPR/WRPR of TPC, TNPC, TSTATE and TT at TL = 0: illegal_instruction as
    // SPARC V9 says (false), or the unused level 0's registers (true: what
    // QEMU's CPUs do, and OpenBIOS's context save relies on).
    bool trap_registers_at_tl0 = false;
    // Direct TLB accesses to T16 entries 16-63 reach nothing instead of
    // aliasing 0-15 (mmu::CheetahMmu::Config): OpenBIOS walks 64 entries.
    bool spitfire_tlb_indexes = false;
    // How far the CPU may run ahead of SystemC time (run_ahead.h): a quantum
    // while other CPUs run, up to `lookahead` while nothing else is due.
    sc_core::sc_time quantum = sc_core::sc_time(1, sc_core::SC_US);
    sc_core::sc_time timed_quantum = sc_core::sc_time(300, sc_core::SC_NS);
    sc_core::sc_time lookahead = sc_core::sc_time(1, sc_core::SC_MS);
    unsigned agent_id = 0;                      // Safari agent ID
    TimingKind timing = TimingKind::Functional; // the model to run ...
    uint64_t fast_forward = 0;                  // ... after this many functional instructions
    FixedTimingConfig fixed;
    PipelineConfig pipeline;
    cache::HierarchyConfig caches;
};

class SparcCpu : public sc_core::sc_module,
                 public BusInitiator,
                 public CoherentAgent,
                 public IoAgent,
                 public InterruptReceiver,
                 public Processor,
                 public Checkpointable,
                 private MemoryBackend {
public:
    tlm_utils::simple_initiator_socket<SparcCpu> socket; // functional: DMI, b_transport
    // Interrupt vectors it dispatches (INT transactions), to the interconnect.
    tlm_utils::simple_initiator_socket_optional<SparcCpu> interrupt_socket;

    SparcCpu(sc_core::sc_module_name name, const SparcCpuConfig& config);
    ~SparcCpu() override;

    // BusInitiator: the functional socket (DMI, uncached accesses).
    void bind_initiators(TargetPort& bus) override { socket.bind(bus); }
    // CoherentAgent: its caches' misses and snoops.
    void bind_requests(TargetPort& to) override { caches_->bus_side.bind(to); }
    TargetPort& snoop_port() override { return caches_->snoop_side; }
    // IoAgent: its INT transactions go out on the interconnect's I/O port.
    void bind_announcements(TargetPort& interconnect) override {
        interrupt_socket.bind(interconnect);
    }
    // InterruptReceiver: cross-calls and device interrupts arrive here.
    unsigned interrupt_agent_id() const override { return config_.agent_id; }
    bool accept_interrupt(const InterruptVector& vector) override;
    // Processor
    SparcCpu& sparc_cpu() override { return *this; }
    const cache::CacheHierarchy& caches() const { return *caches_; }
    cache::CacheHierarchy& caches() { return *caches_; }
    SparcCore& core() { return core_; }
    const SparcCore& core() const { return core_; }
    const SparcCpuConfig& config() const { return config_; }

    void set_translator(AddressTranslator* translator) { translator_ = translator; }
    void set_trap_handler(TrapHandler* handler) { core_.set_trap_handler(handler); }
    // Starts execution at `pc` once the simulation runs (without a dispatcher).
    void start(uint64_t pc);
    // Firmware mode: the power-on reset (SparcCore::power_on_reset) with the
    // MMUs off and no trap handler, so traps vector through TBA; the CPU
    // starts at the reset vector once the simulation runs.
    void power_on_reset();
    // A system reset (firmware's power_control RESET): the CPU takes a
    // power-on reset at its next instruction boundary.
    void request_reset() { core_.request_reset(); }
    // With a dispatcher, it decides what the CPU runs (cpu_dispatcher.h).
    void set_dispatcher(CpuDispatcher* dispatcher) { dispatcher_ = dispatcher; }
    // A sleeping CPU wakes at SystemC time `at` (or now, if that has passed)
    // and asks its dispatcher again. No effect on a CPU that is running. The
    // CPU executing now, if another, ends its run: it may be far ahead.
    void wake(const sc_core::sc_time& at);
    // The CPU's own clock: SystemC time of its current cycle (ahead of the kernel's time).
    sc_core::sc_time clock_time() const;
    // Stops the core after this instruction and synchronises with SystemC
    // time before running on: the program waits for another CPU (sched_yield).
    void end_quantum() {
        core_.request_stop();
        end_quantum_ = true;
    }
    uint64_t idle_cycles() const { return idle_cycles_; }

    // Checkpointable: section "<name>" (cpu0): the core's state and whether it
    // was started. The timing model is the restoring run's choice.
    void checkpoint(StateIo& io) override;
    void restored() override;
    std::string not_quiescent() const override;
    void unschedule() override;
    // Live points: the CPU goes to sleep at its next instruction boundary,
    // and again whenever woken, as a machine just built sleeps until a
    // restore wakes it; parked() once it sleeps. unschedule() ends that. A
    // CPU waiting at a boundary for SystemC time to catch up with its clock
    // stops waiting: the restore sets its clock anyway.
    void park() {
        parking_ = true;
        // In sync() (synced_at_ set) and not for its caches: between instructions.
        if (synced_at_ != sc_core::SC_ZERO_TIME && !detailed_.waiting() && !core_.replay_pending())
            sync_event_.notify(sc_core::SC_ZERO_TIME);
    }
    bool parked() const { return sleeping_; }

    // The Cheetah+ I- and D-MMU (firmware mode; user mode translates through the OS layer).
    const mmu::CheetahMmu& mmu() const { return mmu_; }

    // Host pointer to physical memory [pa, pa+len) through DMI, or nullptr.
    uint8_t* physical_pointer(uint64_t pa, uint64_t len);

    sc_core::sc_time clock_period() const { return period_; }
    uint64_t cycles() const { return core_.cycles(); }
    // Switches the timing model now (at an instruction boundary).
    void select_timing(TimingKind kind);
    // Before the run: the model to run, after `fast_forward` functional instructions.
    void set_run_timing(TimingKind kind, uint64_t fast_forward) {
        config_.timing = kind;
        config_.fast_forward = fast_forward;
    }
    // The CPI the warming model's time goes at (warming_timing.h) where
    // `pace` (code_pace.h, which a sampled run's CPUs share; null for none)
    // has none for the code; and whether the timed models measure into
    // `pace` now (a sampled run's units).
    void set_warming_cpi(double cpi) { warming_.set_cpi(cpi); }
    void set_code_pace(CodePace* pace);
    // Sampled runs on several CPUs: in warming, an atomic whose line came from
    // another cache interrupts the run (RunLimits::interrupt), so that the
    // contention runs in the timed model.
    void set_interrupt_on_contention(bool on) { warming_.set_stop_at_contention(on); }
    // Warming runs compiled blocks (WarmingTiming::runs_blocks): for a sampled
    // run on one CPU, where no line comes from another cache.
    void set_warming_blocks(bool on) { warming_.set_runs_blocks(on); }
    // A sampled run by work: the CPU tells work from spin (spin_detector.h)
    // in every timed instruction and takes its work off `work_left` (the
    // run's RunLimits::work_left), pausing the run when it is spent. It runs
    // no compiled blocks meanwhile. Null stops.
    void count_work_into(int64_t* work_left) { core_.set_work_count(work_left); }
    const SpinDetector& spin_detector() const { return core_.spin_detector(); }
    void forget_loop() { core_.spin_detector().forget_loop(); }
    // Atomic requests so far, timed or warmed.
    uint64_t atomics() const { return detailed_.atomics(); }
    // Instructions warming ran in compiled blocks so far.
    uint64_t warming_block_instructions() const { return core_.warming_block_instructions; }
    // The cycles spent up to now. A CPU waiting for its caches has spent those
    // up to SystemC time, though its clock moves only when the answer comes:
    // a sampled unit counts a stall as it passes, not when it ends.
    uint64_t elapsed_cycles() const {
        const uint64_t c = cycles();
        return detailed_.waiting() ? std::max(c, cycle_at(sc_core::sc_time_stamp(), period_)) : c;
    }
    // The timed model starts afresh (a restarted pipeline), as a switch to it
    // from another model does.
    void restart_timing();
    void measure_pace(bool on);
    // Before the run: the quanta of the functional and of the timed models,
    // and the lookahead of all (run_ahead.h).
    void set_run_ahead(const sc_core::sc_time& functional, const sc_core::sc_time& timed,
                       const sc_core::sc_time& lookahead) {
        config_.quantum = functional;
        config_.timed_quantum = timed;
        config_.lookahead = lookahead;
        run_ahead_ = {functional, lookahead};
    }
    // Before the run: where it ends (run_limits.h), shared by every CPU; null for no limit.
    void set_limits(RunLimits* limits);
    TimingKind timing() const {
        return core_.timing_model() ? core_.timing_model()->kind() : TimingKind::Functional;
    }

private:
    void run_thread();
    void sleep_until_woken();
    // SystemC time catches up with the CPU's clock.
    void sync() {
        synced_at_ = clock_time();
        sync_event_.notify(local_time());
        wait(sync_event_.event());
        synced_at_ = sc_core::SC_ZERO_TIME;
    }
    // How far ahead of SystemC time the CPU may run now.
    sc_core::sc_time horizon() const;
    bool run_ended(); // at the run's limits: the CPU stops for good
    bool blocks_ahead() const;
    bool paused(); // at a pause (RunLimits): true once the host resumed the run
    // The CPU's local time: its cycles as SystemC time, less the kernel's time.
    sc_core::sc_time local_time() const;
    void wait_for_caches();
    bool map_page(uint64_t va, Access access, PageMapping& out) override;
    bool io_access(uint64_t pa, Access access, uint8_t* data, unsigned len) override;
    bool map_physical(uint64_t pa, Access access, PageMapping& out) override;
    bool map_page_in(uint64_t va, Access access, const AsiInfo& asi, PageMapping& out) override;
    uint16_t watchpoint(uint64_t va, uint64_t pa, unsigned len, bool write) override;
    bool debug_translate(uint64_t va, Access access, uint64_t& pa) override;
    // Through the MMU: the access's request, and the mapping it yields.
    bool map_through_mmu(const mmu::MmuRequest& request, Access access, PageMapping& out);
    bool mmu_on(Access access) const;
    // The DCU control register changed (firmware, reset, RED_state): the
    // first-level caches and the MMUs follow its IC, DC, IM and DM bits.
    void dcu_changed();
    bool asi_register(unsigned asi, uint64_t va, Access access, uint64_t& value) override;
    void entered_red_state() override;
    void reset_due() override;
    void invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end);
    const tlm::tlm_dmi* find_dmi(uint64_t pa, uint64_t len, Access access);

    SparcCpuConfig config_;
    sc_core::sc_time period_;
    SparcCore core_;
    AddressTranslator* translator_ = nullptr;
    CpuRegisterState registers_;
    mmu::CheetahMmu mmu_;
    uint64_t mmu_generation_ = 0; // mmu_.generation() the core's cached translations follow
    InterruptUnit interrupts_;
    bool send_interrupt(const InterruptVector& vector);
    RunAhead run_ahead_; // with the quantum of the model running now
    RunLimits* limits_ = nullptr;
    OrderedEvent resume_event_{config_.agent_id}; // after a pause (RunLimits::resume)
    uint64_t end_cycle_ = ~uint64_t(0);           // limits_->end on this CPU's clock
    uint64_t syncs_ = 0;
    // SystemC runs one process at a time: the CPU whose core executes now, if any.
    static inline SparcCpu* running_ = nullptr;
    std::vector<tlm::tlm_dmi> dmi_regions_;
    bool started_ = false;
    CpuDispatcher* dispatcher_ = nullptr;
    // Wake-ups at one instant go in agent-ID order (ordered_event.h).
    OrderedEvent wake_event_{config_.agent_id};
    OrderedEvent sync_event_{config_.agent_id};         // sync()'s end
    sc_core::sc_time wake_at_ = sc_core::sc_max_time(); // its earliest pending notification
    bool sleeping_ = false;                             // in sleep_until_woken
    bool parking_ = false;                              // park()ed: sleep
    bool restored_running_ = false;                     // restored(), and it was not asleep
    sc_core::sc_time synced_at_;                        // in sync(): the time it waits for
    uint64_t idle_cycles_ = 0;
    bool end_quantum_ = false;
    uint64_t sleeps_ = 0;
    uint64_t io_accesses_ = 0;
    FixedTiming fixed_timing_;
    uint64_t timing_switches_ = 0;

    std::unique_ptr<cache::CacheHierarchy> caches_;
    CacheBridge bridge_; // to caches_
    DetailedTiming detailed_;
    WarmingTiming warming_{detailed_};
    CodePace* code_pace_ = nullptr; // warming's pace, shared by a sampled run's CPUs
    PaceProbe pace_probe_;          // the timed models' measurements into it
    // The pipeline and predictor: optional, like the caches' "<cpu>.caches".
    CheckpointSection pipeline_section_{std::string(this->name()) + ".pipeline", 1, detailed_,
                                        CheckpointRegistry::Kind::Optional};
    uint64_t cache_waits_ = 0;
    CheckpointSection checkpoint_section_{this->name(), 1, *this};
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane::sparc
