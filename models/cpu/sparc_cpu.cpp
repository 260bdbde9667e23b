#include "sparc_cpu.h"

#include "core/stats/stats.h"
#include "models/common/cycle_time.h"
#include "models/fireplane/fireplane_extension.h"
#include "models/fireplane/int_transaction.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace fireplane::sparc {

using sc_core::sc_time;

SparcCpu::SparcCpu(sc_core::sc_module_name name, const SparcCpuConfig& config)
    : sc_module(name), socket("socket"), interrupt_socket("interrupt_socket"), config_(config),
      period_(sc_time(1.0 / double(config.clock_hz), sc_core::SC_SEC)), core_(*this, nullptr),
      mmu_(mmu::CheetahMmu::Config{64, config.spitfire_tlb_indexes}),
      interrupts_(config.agent_id, [this](const InterruptVector& v) { return send_interrupt(v); }),
      run_ahead_{config.quantum, config.lookahead}, fixed_timing_(config.fixed),
      caches_(std::make_unique<cache::CacheHierarchy>("caches", config.caches, period_,
                                                      uint16_t(config.agent_id))),
      bridge_("cache_socket", period_, core_.counters, config.agent_id),
      detailed_(config.pipeline, config.caches.icache.geometry.line_size, bridge_) {
    socket.register_invalidate_direct_mem_ptr(this, &SparcCpu::invalidate_direct_mem_ptr);
    bridge_.socket.bind(caches_->cpu_side);
    registers_.agent_id = config.agent_id;
    interrupts_.on_busy_change([this](bool busy) { core_.set_interrupt_vector_pending(busy); });
    core_.timers.set_stick_rate(config.stick_hz, config.clock_hz);
    core_.trap_registers_at_tl0 = config.trap_registers_at_tl0;
    SC_HAS_PROCESS(SparcCpu);
    SC_THREAD(run_thread);
    // A chain of handlers (run_loop.h) is one call per instruction, which an
    // optimising compiler turns into jumps; a Debug or sanitizer build nests
    // them, up to 1024 frames: SystemC's default 256 KiB overflowed under ASan.
    set_stack_size(4 << 20);

    // Formulas, not the raw member: mid-chain (a magic instruction) it lags.
    stats_.add_formula(
        "instructions", [this] { return double(core_.retired()); }, "instructions retired", "count",
        true);
    stats_.add_formula(
        "cycles", [this] { return double(cycles()); }, "CPU cycles", "cycles", true);
    // Every hardware-counter event, counted in both modes, whatever PCR selects.
    std::vector<Event> seen;
    for (const CounterEvent& e : counter_events()) {
        if (std::find(seen.begin(), seen.end(), e.event) != seen.end()) continue;
        seen.push_back(e.event);
        const Event event = e.event;
        stats_.add_formula(
            std::string("counters.") + event_name(event),
            [this, event] {
                return double(core_.counters.total(event, true, true, core_.counter_now()));
            },
            e.description, "count", true);
    }
    // The CPI stack: where every cycle went (models/cpu/cpi_stack.h); the causes sum to `cycles`.
    for (const CpiCauseInfo& c : cpi_causes()) {
        const CpiCause cause = c.cause;
        stats_.add_formula(
            "cpi." + std::string(c.name),
            [this, cause] { return double(core_.cpi_stack()[cause]); }, std::string(c.description),
            "cycles", true);
    }
    stats_.add_counter("counters.pic_overflows", &core_.pic_overflows,
                       "PIC wraps (each sets SOFTINT bit 15)");
    stats_.add_counter("traps", &core_.traps_taken, "traps taken");
    stats_.add_counter("prefetches_dropped", &core_.prefetches_dropped,
                       "PREFETCHes a timing model saw miss the TLB (dropped, as on the part)");
    stats_.add_counter("timing_switches", &timing_switches_, "changes of timing model");
    stats_.add_counter("interrupts.taken", &core_.interrupts_taken,
                       "interrupts taken (levels 1-15 and interrupt vectors)");
    stats_.add_counter("interrupts.sent", &interrupts_.sent, "interrupt vectors dispatched");
    stats_.add_counter("interrupts.nacked", &interrupts_.nacked,
                       "dispatched vectors the target refused (NACK)");
    stats_.add_counter("interrupts.received", &interrupts_.received, "interrupt vectors received");
    stats_.add_counter("interrupts.refused", &interrupts_.refused,
                       "vectors refused while the receive unit was busy");
    stats_.add_counter("io_accesses", &io_accesses_, "accesses without DMI (b_transport)");
    stats_.add_counter("idle_cycles", &idle_cycles_,
                       "cycles with nothing to run (counted as supervisor time)");
    stats_.add_counter("sleeps", &sleeps_, "times the CPU slept with nothing to run");
    stats_.add_counter("syncs", &syncs_,
                       "times the CPU reached its run-ahead horizon (a quantum, or the lookahead) "
                       "or yielded, and let SystemC time catch up with its clock");
    stats_.add_counter("cache_waits", &cache_waits_,
                       "times the CPU synchronised to wait for its caches (detailed model)");
    stats_.add_formula(
        "decoded_pages", [this] { return double(core_.code_cache().size()); },
        "code pages with decoded instructions");
}

SparcCpu::~SparcCpu() = default;

void SparcCpu::start(uint64_t pc) {
    core_.pc = pc;
    core_.npc = pc + 4;
    started_ = true;
    wake_event_.notify(sc_core::SC_ZERO_TIME);
}

void SparcCpu::power_on_reset() {
    translator_ = nullptr; // MMUs off: physical addresses
    core_.set_trap_handler(nullptr);
    reset_due();
    started_ = true;
    wake_event_.notify(sc_core::SC_ZERO_TIME);
}

// The power-on state of everything the CPU holds: DCU control 0 (MMUs and
// caches off), empty TLBs, an empty interrupt receive unit, then the core's.
void SparcCpu::reset_due() {
    registers_.dcu_control = 0;
    mmu_.reset();
    dcu_changed();
    interrupts_.set_busy(false);
    core_.power_on_reset();
}

void SparcCpu::wake(const sc_time& at) {
    const sc_time now = sim_now();
    wake_event_.notify(delay_until(at, now));
    wake_at_ = std::min(wake_at_, std::max(at, now)); // the earliest notification wins
    // The waker may be running on its lookahead, far ahead of `at`: it stops,
    // and its next horizon sees this wake as pending activity.
    if (running_ && running_ != this) running_->core_.request_stop();
}

sc_time SparcCpu::clock_time() const {
    return cycle_time(core_.cycles(), period_);
}

// Nothing to run: the thread sleeps until woken, and the CPU's clock then
// jumps over the idle time, as a kernel's idle loop would have spent it.
void SparcCpu::sleep_until_woken() {
    ++sleeps_;
    if (wake_at_ < sim_now()) wake_at_ = sc_core::sc_max_time(); // it has fired
    sleeping_ = true;
    wait(wake_event_.event());
    sleeping_ = false;
    wake_at_ = sc_core::sc_max_time();
    if (std::exchange(restored_running_, false)) return; // it was not idle
    const uint64_t now = cycle_at(sim_now(), period_);
    if (now > core_.cycles()) {
        idle_cycles_ += now - core_.cycles();
        core_.idle(now - core_.cycles());
    }
}

void SparcCpu::select_timing(TimingKind kind) {
    if (kind == timing()) return;
    if (core_.replay_pending())
        throw std::logic_error(std::string(name()) + ": the timing model was switched with "
                                                     "a block's instructions still to retire "
                                                     "(a model bug)");
    ++timing_switches_;
    // By TimingKind: the model, and whether it keeps the timed quantum.
    // Warming does: a spinning CPU runs up to a quantum past the store that
    // releases it, so threads meet as in the timed model only on its quantum.
    const struct {
        TimingModel* model;
        bool timed;
    } kModels[] = {{nullptr, false}, {&fixed_timing_, true}, {&detailed_, true}, {&warming_, true}};
    static_assert(std::size(kModels) == unsigned(TimingKind::Warming) + 1);
    pace_probe_.stop(); // a model's last instruction before a switch has no end to measure
    if (kind == TimingKind::Detailed) detailed_.restart();
    core_.set_timing_model(kModels[unsigned(kind)].model);
    run_ahead_.quantum = kModels[unsigned(kind)].timed ? config_.timed_quantum : config_.quantum;
}

// Whether a timed model may run compiled blocks ahead of retirement now
// (SparcCore::block_ahead): only the core can see its state until they retire. Not after a device
// access (a DMA engine it started may read memory meanwhile), nor with a time limit or pause (the
// run may stop between their instructions), nor while a debugger watches or the CPU parks.
bool SparcCpu::blocks_ahead() const {
    return io_accesses_ == 0 && !parking_ && !core_.debug_hook() && !core_.counts_work() &&
           end_cycle_ == ~uint64_t(0) &&
           (!limits_ || limits_->pause_time == sc_core::sc_max_time()) && dispatcher_ &&
           dispatcher_->undisturbed(*this);
}

void SparcCpu::restart_timing() {
    pace_probe_.stop();
    if (timing() == TimingKind::Detailed) detailed_.restart();
}

void SparcCpu::set_code_pace(CodePace* pace) {
    code_pace_ = pace;
    warming_.set_pace(pace);
    measure_pace(false);
}

void SparcCpu::measure_pace(bool on) {
    CodePace* pace = on ? code_pace_ : nullptr;
    pace_probe_.attach(pace);
    PaceProbe* probe = pace ? &pace_probe_ : nullptr;
    detailed_.set_pace_probe(probe);
    fixed_timing_.set_pace_probe(probe);
}

void SparcCpu::set_limits(RunLimits* limits) {
    limits_ = limits;
    if (limits) limits->add_cpu(&resume_event_);
    end_cycle_ = ~uint64_t(0);
    if (!limits || limits->end == sc_core::sc_max_time()) return;
    // Time as the statistics count it, cycles / clock rate: SystemC's period is
    // the clock's rounded to its resolution, so the end is placed in cycles.
    const unsigned __int128 ps_per_s = 1'000'000'000'000ull;
    end_cycle_ = uint64_t(
        ((unsigned __int128)limits->end.value() * config_.clock_hz + ps_per_s - 1) / ps_per_s);
}

sc_time SparcCpu::horizon() const {
    const sc_time ahead = run_ahead_.horizon(sc_core::sc_time_to_pending_activity());
    if (end_cycle_ == ~uint64_t(0)) return ahead;
    return std::min(ahead, delay_until(cycle_time(end_cycle_, period_), sim_now()));
}

// The run's end: the last instruction has been spent (this CPU then stops the
// simulation), or this CPU's clock has reached the end time (the others run
// on to it; the simulation stops there).
bool SparcCpu::run_ended() {
    if (!limits_) return false;
    if (limits_->instructions_left == 0) {
        if (limits_->reached == RunLimits::Reached::None) {
            limits_->reached = RunLimits::Reached::Instructions;
            sc_core::sc_stop();
        }
        return true;
    }
    if (cycles() < end_cycle_) return false;
    if (limits_->reached == RunLimits::Reached::None) limits_->reached = RunLimits::Reached::Time;
    return true;
}

void SparcCpu::checkpoint(StateIo& io) {
    core_.checkpoint(io);
    io(started_, sleeping_, wake_at_, synced_at_);
    // Firmware mode's parts (in user mode, as reset left them).
    mmu_.checkpoint(io);
    io(registers_.dcu_control, registers_.fireplane_config, registers_.fireplane_config2);
    interrupts_.checkpoint(io);
    // Firmware: the MMUs and the first-level caches follow DCU control (user
    // mode leaves it as reset did: the OS layer translates, the caches are on).
    if (io.restoring() && !translator_) dcu_changed();
}

// The restored machine's CPUs all sleep (nothing ran them yet): those that
// were running go on now, the others wake when they would have. A running
// CPU's clock may be behind SystemC time (it was paused while time went on,
// Session::sampling_pause): it goes on from there, as in the run that saved it,
// and gains no idle cycles.
void SparcCpu::restored() {
    const sc_time now = sim_now();
    restored_running_ = !sleeping_;
    if (!sleeping_)
        wake_event_.notify(delay_until(synced_at_, now));
    else if (wake_at_ != sc_core::sc_max_time() && wake_at_ >= now)
        wake_event_.notify(wake_at_ - now);
}

std::string SparcCpu::not_quiescent() const {
    if (running_ == this) return std::string(name()) + " is inside an instruction";
    if (detailed_.waiting()) return std::string(name()) + " waits for its caches";
    return core_.not_quiescent();
}

void SparcCpu::unschedule() {
    parking_ = end_quantum_ = restored_running_ = false;
    wake_event_.cancel();
    wake_at_ = sc_core::sc_max_time();
    core_.flush_code();
    core_.translation_changed();
    bridge_.unschedule();
}

bool SparcCpu::paused() {
    if (!limits_ || limits_->pause_left != 0) return false;
    if (limits_->reached == RunLimits::Reached::None) {
        limits_->reached = RunLimits::Reached::Pause;
        sc_core::sc_pause();
    }
    wait(resume_event_.event());
    return true;
}

sc_time SparcCpu::local_time() const {
    return delay_until(cycle_time(core_.cycles(), period_), sim_now());
}

// A request is out to the caches: the CPU waits for the answer, and for
// SystemC time to catch up with its clock, as often as the instruction needs.
// It wakes once: at its clock if the answer is in by then, else when the
// answer is due (a miss: no wake at its clock first, which cost a time step
// and two thread switches).
void SparcCpu::wait_for_caches() {
    while (detailed_.waiting()) {
        ++cache_waits_;
        if (bridge_.answered()) sync(); // answered at once, with a delay: wait for the clock
        const cache::CacheAnswer answer = bridge_.wait_for_answer(clock_time());
        detailed_.resume(core_, answer);
        if (!detailed_.waiting()) core_.complete_deferred();
    }
}

void SparcCpu::run_thread() {
    bool fast_forwarding = config_.timing != TimingKind::Functional && config_.fast_forward > 0;
    if (!fast_forwarding) select_timing(config_.timing);
    while (!core_.halted()) {
        // A block's instructions still to retire (SparcCore::block_ahead)
        // come first: the core is not at an instruction boundary yet.
        const bool replaying = core_.replay_pending();
        if (parking_ && !replaying) {
            sleep_until_woken();
            continue;
        }
        if (!replaying && !(dispatcher_ ? dispatcher_->dispatch(*this) : started_)) {
            sleep_until_woken();
            continue;
        }
        if (!replaying && paused()) continue;
        if (run_ended()) return;
        // One instruction takes at least a cycle: the horizon bounds the instructions too.
        const sc_time ahead = local_time(), limit = horizon();
        if (ahead >= limit) {
            ++syncs_;
            sync();
            continue;
        }
        const uint64_t cycles_left =
            std::max<uint64_t>(1, (limit - ahead).value() / period_.value());
        uint64_t run_for = cycles_left;
        if (fast_forwarding) run_for = std::min(run_for, config_.fast_forward - core_.retired());
        if (limits_) run_for = std::min(run_for, limits_->budget());
        running_ = this;
        const uint64_t retired_before = core_.retired();
        core_.set_blocks_ahead(blocks_ahead());
        core_.run(run_for, cycles() + cycles_left);
        running_ = nullptr;
        if (limits_) {
            limits_->spent(core_.retired() - retired_before);
            if (limits_->work_done()) limits_->pause_now();
        }
        wait_for_caches();
        if (warming_.take_contention() && limits_) limits_->interrupt();
        if (fast_forwarding && core_.retired() >= config_.fast_forward) {
            select_timing(config_.timing);
            fast_forwarding = false;
        }
        if (local_time() >= horizon() || core_.halted() || end_quantum_) {
            ++syncs_;
            end_quantum_ = false;
            sync();
        }
    }
}

const tlm::tlm_dmi* SparcCpu::find_dmi(uint64_t pa, uint64_t len, Access access) {
    const bool write = access == Access::Write;
    for (const auto& d : dmi_regions_)
        if (pa >= d.get_start_address() && pa + len - 1 <= d.get_end_address() &&
            (write ? d.is_write_allowed() : d.is_read_allowed()))
            return &d;
    tlm::tlm_generic_payload gp;
    gp.set_command(write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(pa);
    tlm::tlm_dmi dmi;
    if (!socket->get_direct_mem_ptr(gp, dmi)) return nullptr;
    if (pa < dmi.get_start_address() || pa + len - 1 > dmi.get_end_address()) return nullptr;
    if (!(write ? dmi.is_write_allowed() : dmi.is_read_allowed())) return nullptr;
    dmi_regions_.push_back(dmi);
    return &dmi_regions_.back();
}

uint8_t* SparcCpu::physical_pointer(uint64_t pa, uint64_t len) {
    const tlm::tlm_dmi* d = find_dmi(pa, len, Access::Write);
    return d ? d->get_dmi_ptr() + (pa - d->get_start_address()) : nullptr;
}

namespace {
mmu::AccessKind mmu_kind(Access access) {
    return access == Access::Fetch   ? mmu::AccessKind::Fetch
           : access == Access::Write ? mmu::AccessKind::Write
                                     : mmu::AccessKind::Read;
}
constexpr uint8_t kAsiPrimary = 0x80, kAsiNucleus = 0x04;
} // namespace

bool SparcCpu::mmu_on(Access access) const {
    return access == Access::Fetch ? mmu_.immu_enabled() : mmu_.dmmu_enabled();
}

bool SparcCpu::map_page(uint64_t va, Access access, PageMapping& out) {
    uint64_t pa = va & kPhysicalAddressMask;
    if (translator_) {
        if (!translator_->translate(va, access, pa)) return false;
    } else if (mmu_on(access)) {
        // Fetches and implicit data accesses: nucleus context at TL > 0, primary at TL 0.
        const bool nucleus = core_.tl > 0;
        mmu::MmuRequest r;
        r.va = va;
        r.kind = mmu_kind(access);
        r.context = nucleus ? mmu::ContextSel::Nucleus : mmu::ContextSel::Primary;
        r.privileged = core_.pstate & kPstatePriv;
        r.asi = nucleus ? kAsiNucleus : kAsiPrimary;
        return map_through_mmu(r, access, out);
    }
    return map_physical(pa, access, out);
}

bool SparcCpu::map_page_in(uint64_t va, Access access, const AsiInfo& asi, PageMapping& out) {
    if (translator_ || !mmu_on(access)) return map_page(va, access, out);
    static constexpr mmu::ContextSel kContexts[] = {
        mmu::ContextSel::Primary, mmu::ContextSel::Primary, mmu::ContextSel::Secondary,
        mmu::ContextSel::Nucleus};
    mmu::MmuRequest r;
    r.va = va;
    r.kind = mmu_kind(access);
    r.context = kContexts[unsigned(asi.context)];
    r.privileged = (core_.pstate & kPstatePriv) && !asi.as_if_user;
    r.asi = asi.number;
    r.no_fault = asi.no_fault;
    return map_through_mmu(r, access, out);
}

// A hit names the page; uncacheable (CP = 0) data pages are I/O (no host
// pointer), and pages the core's fast path cannot honour are not kept. The E
// bit does not make a page uncacheable (it orders accesses and refuses
// no-fault loads, which the MMU checks), and instruction fetch ignores CP:
// whether code can run there is the physical target's to say (a PROM).
bool SparcCpu::map_through_mmu(const mmu::MmuRequest& request, Access access, PageMapping& out) {
    const mmu::Translation t = mmu_.translate(request);
    if (!t.ok()) {
        out.trap = t.trap;
        return false;
    }
    if (!map_physical(t.pa, access, out)) return false;
    if (!t.cacheable && access != Access::Fetch) out.host = nullptr;
    out.keep = !t.no_fault_only && !t.invert_endian;
    return true;
}

// The MMU's probe: a lookup that records nothing, in the context the core's
// own accesses would use now.
bool SparcCpu::debug_translate(uint64_t va, Access access, uint64_t& pa) {
    if (translator_ || !mmu_on(access)) return MemoryBackend::debug_translate(va, access, pa);
    const mmu::Translation t =
        mmu_.probe(va, access == Access::Fetch ? mmu::Side::Instruction : mmu::Side::Data,
                   core_.tl > 0 ? mmu::ContextSel::Nucleus : mmu::ContextSel::Primary);
    if (!t.ok()) return false;
    pa = t.pa;
    return true;
}

uint16_t SparcCpu::watchpoint(uint64_t va, uint64_t pa, unsigned len, bool write) {
    mmu::MmuRequest r;
    r.va = va;
    r.kind = write ? mmu::AccessKind::Write : mmu::AccessKind::Read;
    r.context = core_.tl > 0 ? mmu::ContextSel::Nucleus : mmu::ContextSel::Primary;
    r.privileged = core_.pstate & kPstatePriv;
    return mmu_.watchpoint(r, pa, len, registers_.dcu_control);
}

void SparcCpu::dcu_changed() {
    const uint64_t dcu = registers_.dcu_control;
    caches_->set_first_level(dcu & kDcuIc, dcu & kDcuDc);
    if (!translator_) core_.set_watching(dcu & kDcuWatchpoints);
    mmu_.set_enabled(dcu & kDcuIm, dcu & kDcuDm);
    if (translator_) return; // user mode: the OS layer translates
    core_.set_translation_sensitive(mmu_.immu_enabled() || mmu_.dmmu_enabled());
    mmu_generation_ = mmu_.generation();
}

bool SparcCpu::map_physical(uint64_t pa, Access access, PageMapping& out) {
    const uint64_t page_pa = pa & kPhysicalAddressMask & ~kPageMask;
    out.pa = page_pa;
    const tlm::tlm_dmi* d =
        find_dmi(page_pa, kPageSize, access == Access::Write ? Access::Write : Access::Read);
    out.host = d ? d->get_dmi_ptr() + (page_pa - d->get_start_address()) : nullptr;
    return true;
}

bool SparcCpu::io_access(uint64_t pa, Access access, uint8_t* data, unsigned len) {
    ++io_accesses_;
    tlm::tlm_generic_payload gp;
    gp.set_command(access == Access::Write ? tlm::TLM_WRITE_COMMAND : tlm::TLM_READ_COMMAND);
    gp.set_address(pa);
    gp.set_data_ptr(data);
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_byte_enable_ptr(nullptr);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    // A non-cacheable access is a Fireplane I/O transaction from this agent.
    FireplaneExtension& x = fireplane_extension(gp);
    x.type = io_transaction(access == Access::Write, len);
    x.source = uint16_t(config_.agent_id);
    x.transaction_id = uint16_t(io_accesses_);
    const sc_time before = local_time();
    sc_time delay = before;
    socket->b_transport(gp, delay);
    running_ = this; // a b_transport may wait(), and others run meanwhile
    // The CPU stalls for the device: whole cycles, so local time stays c * period.
    if (delay > before)
        core_.add_cycles((delay - before).value() / period_.value() + 1, CpiCause::Device);
    return gp.is_response_ok();
}

bool SparcCpu::asi_register(unsigned asi, uint64_t va, Access access, uint64_t& value) {
    if (InterruptUnit::handles(asi)) return interrupts_.access(asi, va, access, value);
    if (mmu::CheetahMmu::is_mmu_asi(asi)) {
        if (access != Access::Write) return mmu_.load(asi, va, value);
        if (!mmu_.store(asi, va, value)) return false;
        if (mmu_.generation() != mmu_generation_) {
            mmu_generation_ = mmu_.generation();
            core_.translation_changed();
        }
        return true;
    }
    if (asi == kAsiDcacheInvalidate) {
        if (access != Access::Write) return false;
        caches_->invalidate_dcache_line(va & kPhysicalAddressMask);
        return true;
    }
    const CpuRegister* reg = find_cpu_register(asi, va);
    if (!reg) return false;
    if (access == Access::Write) {
        reg->write(registers_, value);
        if (asi == kAsiDcuControl) dcu_changed();
    } else {
        value = reg->read(registers_);
    }
    return true;
}

// The III Cu leaves RED_state with its caches and MMUs off (DCU control cleared).
void SparcCpu::entered_red_state() {
    registers_.dcu_control = 0;
    dcu_changed();
}

bool SparcCpu::accept_interrupt(const InterruptVector& vector) {
    return interrupts_.receive(vector);
}

// One INT transaction on the interconnect, which announces it to the
// monitors and hands it to the target; without an interconnect nobody
// answers (NACK).
bool SparcCpu::send_interrupt(const InterruptVector& vector) {
    if (interrupt_socket.size() == 0) return false;
    const sc_time before = local_time();
    sc_time delay = before;
    const bool taken =
        send_int_transaction(*interrupt_socket[0], vector, uint16_t(interrupts_.sent), delay);
    running_ = this;
    // The dispatch is BUSY until the answer: whole cycles, as for I/O.
    if (delay > before)
        core_.add_cycles((delay - before).value() / period_.value() + 1,
                         CpiCause::InterruptDispatch);
    return taken;
}

void SparcCpu::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
    std::vector<tlm::tlm_dmi> kept;
    for (const auto& d : dmi_regions_)
        if (d.get_end_address() < start || d.get_start_address() > end) kept.push_back(d);
    dmi_regions_.swap(kept);
    core_.flush_tlb();
}

} // namespace fireplane::sparc
