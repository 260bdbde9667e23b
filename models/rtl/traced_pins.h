#pragma once
// TracedPins: a module whose pins a waveform can show (PinTrace, --rtl-trace):
// the clock, the bridges, a transaction stream. Each lists its pins to a
// PinVisitor, which sees every pin the same way: its name, its width, the
// event of its changes and its value as a number.
#include <systemc>

#include <cstdint>
#include <functional>

namespace fireplane::rtl {

struct PinVisitor {
    std::function<void(const char* name, unsigned width, const sc_core::sc_event& changed,
                       std::function<uint64_t()> value)>
        on_pin;

    template <class Signal>
    void operator()(const char* name, unsigned width, const Signal& signal) const {
        on_pin(name, width, signal.value_changed_event(),
               [&signal] { return uint64_t(signal.read()); });
    }
};

class TracedPins {
public:
    virtual ~TracedPins() = default;
    virtual void visit_pins(const PinVisitor& visit) const = 0;
};

} // namespace fireplane::rtl
