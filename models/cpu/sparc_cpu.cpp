#include "sparc_cpu.h"

#include "stats/stats.h"

#include <algorithm>
#include <string>
#include <vector>

namespace fireplane::sparc {

using sc_core::sc_time;

SparcCpu::SparcCpu(sc_core::sc_module_name name, const SparcCpuConfig& config)
    : sc_module(name), socket("socket"), config_(config),
      period_(sc_time(1.0 / double(config.clock_hz), sc_core::SC_SEC)), core_(*this, nullptr),
      fixed_timing_(config.fixed) {
    socket.register_invalidate_direct_mem_ptr(this, &SparcCpu::invalidate_direct_mem_ptr);
    quantum_keeper_.reset();
    SC_HAS_PROCESS(SparcCpu);
    SC_THREAD(run_thread);

    auto& stats = StatsRegistry::instance();
    const std::string base = this->name();
    // Formulas, not the raw member: mid-chain (a magic instruction) it lags.
    stats.add_formula(
        base + ".instructions", [this] { return double(core_.retired()); }, "instructions retired",
        "count", true);
    stats.add_formula(
        base + ".cycles", [this] { return double(cycles()); }, "CPU cycles", "cycles", true);
    // Every hardware-counter event, counted in both modes, whatever PCR selects.
    std::vector<Event> seen;
    for (const CounterEvent& e : counter_events()) {
        if (std::find(seen.begin(), seen.end(), e.event) != seen.end()) continue;
        seen.push_back(e.event);
        const Event event = e.event;
        stats.add_formula(
            base + ".counters." + event_name(event),
            [this, event] {
                return double(core_.counters.total(event, true, true, core_.counter_now()));
            },
            e.description, "count", true);
    }
    stats.add_counter(base + ".counters.pic_overflows", &core_.pic_overflows,
                      "PIC wraps (each sets SOFTINT bit 15)");
    stats.add_counter(base + ".traps", &core_.traps_taken, "traps taken");
    stats.add_counter(base + ".timing_switches", &timing_switches_, "changes of timing model");
    stats.add_counter(base + ".io_accesses", &io_accesses_, "accesses without DMI (b_transport)");
    stats.add_formula(
        base + ".decoded_pages", [this] { return double(core_.code_cache().size()); },
        "code pages with decoded instructions");
}

SparcCpu::~SparcCpu() {
    StatsRegistry::instance().remove_prefix(std::string(name()) + ".");
}

void SparcCpu::start(uint64_t pc) {
    core_.pc = pc;
    core_.npc = pc + 4;
    started_ = true;
    start_event_.notify(sc_core::SC_ZERO_TIME);
}

void SparcCpu::select_timing(TimingKind kind) {
    if (kind == timing()) return;
    ++timing_switches_;
    core_.set_timing_model(kind == TimingKind::Fixed ? static_cast<TimingModel*>(&fixed_timing_)
                                                     : nullptr);
    // A guest can ask for it by magic instruction: say so, and carry on.
    if (kind == TimingKind::Detailed)
        SC_REPORT_WARNING(name(),
                          "the detailed timing model is not built yet; running functionally");
}

void SparcCpu::run_thread() {
    if (!started_) wait(start_event_);
    const double insns_per_quantum = config_.quantum / period_;
    const uint64_t budget = insns_per_quantum < 1 ? 1 : uint64_t(insns_per_quantum);
    bool fast_forwarding = config_.timing != TimingKind::Functional && config_.fast_forward > 0;
    if (!fast_forwarding) select_timing(config_.timing);
    while (!core_.halted()) {
        uint64_t run_for = budget;
        if (fast_forwarding) run_for = std::min(budget, config_.fast_forward - core_.retired());
        const uint64_t cycles_before = core_.cycles();
        core_.run(run_for);
        quantum_keeper_.inc(period_ * double(core_.cycles() - cycles_before));
        if (fast_forwarding && core_.retired() >= config_.fast_forward) {
            select_timing(config_.timing);
            fast_forwarding = false;
        }
        if (quantum_keeper_.need_sync() || core_.halted()) quantum_keeper_.sync();
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

bool SparcCpu::map_page(uint64_t va, Access access, PageMapping& out) {
    uint64_t pa = va;
    if (translator_ && !translator_->translate(va, access, pa)) return false;
    const uint64_t page_pa = pa & ~kPageMask;
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
    sc_time delay = quantum_keeper_.get_local_time();
    socket->b_transport(gp, delay);
    quantum_keeper_.set(delay);
    return gp.is_response_ok();
}

void SparcCpu::invalidate_direct_mem_ptr(sc_dt::uint64 start, sc_dt::uint64 end) {
    std::vector<tlm::tlm_dmi> kept;
    for (const auto& d : dmi_regions_)
        if (d.get_end_address() < start || d.get_start_address() > end) kept.push_back(d);
    dmi_regions_.swap(kept);
    core_.flush_tlb();
}

} // namespace fireplane::sparc
