#pragma once
// InterruptPin: a block's level interrupt output (`irq`) as the platform's
// interrupt line: each change of the level goes to the interrupt controller
// under the device's interrupt number (INO). Unconnected (number 0), the
// level goes nowhere.
#include "axi_lite.h"

#include "models/common/interrupts.h"

#include <systemc>

namespace fireplane::rtl {

class InterruptPin : public sc_core::sc_module {
public:
    Pin<bool> level{"irq"};

    InterruptPin(sc_core::sc_module_name name, unsigned number) : sc_module(name), number_(number) {
        SC_HAS_PROCESS(InterruptPin);
        SC_METHOD(changed);
        sensitive << level.value_changed_event();
        dont_initialize();
    }
    void connect(InterruptInput& to) { to_ = &to; }
    unsigned number() const { return number_; }

private:
    void changed() {
        if (to_ && number_ != 0) to_->set_level(number_, level.read());
    }
    unsigned number_;
    InterruptInput* to_ = nullptr;
};

} // namespace fireplane::rtl
