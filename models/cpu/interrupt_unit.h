#pragma once
// The CPU's interrupt vector unit (UltraSPARC III Cu, "Interrupt Vector
// Dispatch and Receive"): three outgoing data words (ASI 0x77, VA 0x40, 0x50,
// 0x60), a dispatch by a store to ASI 0x77 at (target agent ID << 14) |
// (BN << 24) | 0x70 with its BUSY/NACK pair in the dispatch status (ASI 0x48,
// bits 2·BN and 2·BN+1), and a receive side: BUSY (ASI 0x49 bit 5, cleared
// by software storing 0) and the received words (ASI 0x7f, VA 0x40, 0x50,
// 0x60). A vector arriving while BUSY is refused: the sender sees NACK.
// The registers are declared once each, in a table (interrupt_unit.cpp).
#include "core/checkpoint/state_io.h"
#include "memory_backend.h"
#include "models/common/interrupts.h"

#include <cstdint>
#include <functional>

namespace fireplane::sparc {

class InterruptUnit {
public:
    // Sends one vector (an INT transaction); true: delivered, false: NACK.
    using Sender = std::function<bool(const InterruptVector&)>;

    InterruptUnit(unsigned agent_id, Sender send) : agent_id_(agent_id), send_(std::move(send)) {}

    // True when (asi, va) names one of its registers, and the access was done.
    static bool handles(unsigned asi);
    bool access(unsigned asi, uint64_t va, Access access, uint64_t& value);

    // From the interconnect: false (NACK) while a vector is held.
    bool receive(const InterruptVector& vector);
    bool busy() const { return busy_; }
    // The receive BUSY bit changed: the core's interrupt_vector_pending follows it.
    void on_busy_change(std::function<void(bool)> listener) {
        busy_listener_ = std::move(listener);
    }

    uint64_t sent = 0, nacked = 0, received = 0, refused = 0; // statistics

    // Register state, for the table in interrupt_unit.cpp.
    uint64_t dispatch_data[3] = {};
    uint64_t receive_data[3] = {};
    uint64_t dispatch_status = 0;
    void dispatch(uint64_t va);
    void set_busy(bool busy);
    // The registers and BUSY, in the CPU's checkpoint section; the core follows BUSY on restore.
    void checkpoint(StateIo& io) {
        io(dispatch_data, receive_data, dispatch_status, busy_);
        if (io.restoring() && busy_listener_) busy_listener_(busy_);
    }

private:
    unsigned agent_id_;
    Sender send_;
    bool busy_ = false;
    std::function<void(bool)> busy_listener_;
};

} // namespace fireplane::sparc
