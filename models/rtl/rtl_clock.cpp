#include "rtl_clock.h"

#include <stdexcept>
#include <string>

namespace fireplane::rtl {

RtlClock::RtlClock(sc_core::sc_module_name name, const RtlClockConfig& config)
    : sc_module(name), config_(config), half_(config.period / 2), reset_left_(config.reset_cycles) {
    if (half_ < sc_core::sc_time(1, sc_core::SC_PS))
        throw std::invalid_argument(std::string(this->name()) +
                                    ": the clock period must be at least 2 ps");
    SC_HAS_PROCESS(RtlClock);
    SC_METHOD(tick);
    stats_.add_counter("cycles", &cycles_, "RTL clock cycles run (the clock is stopped otherwise)");
}

void RtlClock::hung(const sc_core::sc_object& who, const char* channel, unsigned limit,
                    const std::string& detail) const {
    const std::string m = std::string(who.name()) + ": cycle " + std::to_string(cycles_) + ": no " +
                          channel + " handshake" + detail + " within " + std::to_string(limit) +
                          " cycles: the block is hung";
    SC_REPORT_FATAL("rtl/hung", m.c_str());
    throw std::logic_error(m); // not reached unless FATAL is made to throw
}

void RtlClock::run_while(const sc_core::sc_signal_in_if<bool>& request) {
    requests_.push_back(&request);
}

void RtlClock::end_of_elaboration() {
    wake_list_ |= wake_;
    for (const auto* r : requests_)
        wake_list_ |= r->value_changed_event();
    resetn.write(reset_left_ == 0);
}

void RtlClock::hold() {
    if (holds_++ == 0 && phase_ == Phase::Stopped) wake_.notify(sc_core::SC_ZERO_TIME);
}

void RtlClock::release() {
    sc_assert(holds_ > 0);
    --holds_;
}

void RtlClock::wait_reset() {
    if (in_reset()) sc_core::wait(reset_done_);
}

bool RtlClock::wanted() const {
    if (config_.free_running || holds_ > 0 || reset_left_ > 0) return true;
    for (const auto* r : requests_)
        if (r->read()) return true;
    return false;
}

// Stopped -> (half) -> rising edge -> (half) -> falling edge -> again or stopped.
// resetn rises on the falling edge after the last reset edge, away from any rising edge.
void RtlClock::tick() {
    switch (phase_) {
    case Phase::Stopped:
        if (!wanted()) {
            next_trigger(wake_list_);
            return;
        }
        phase_ = Phase::Low;
        next_trigger(half_);
        return;
    case Phase::Low:
        clk.write(true);
        ++cycles_;
        phase_ = Phase::High;
        next_trigger(half_);
        return;
    case Phase::High:
        clk.write(false);
        if (reset_left_ > 0 && --reset_left_ == 0) {
            resetn.write(true);
            reset_done_.notify(sc_core::SC_ZERO_TIME);
        }
        if (wanted()) {
            phase_ = Phase::Low;
            next_trigger(half_);
        } else {
            phase_ = Phase::Stopped;
            next_trigger(wake_list_);
        }
        return;
    }
}

} // namespace fireplane::rtl
