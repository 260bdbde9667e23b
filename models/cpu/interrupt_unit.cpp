#include "interrupt_unit.h"

namespace fireplane::sparc {

namespace {

constexpr uint64_t kReceiveBusy = 1 << 5;
constexpr uint64_t kDispatchCommand = 0x70; // the low bits of a dispatch address

struct UnitRegister {
    uint8_t asi;
    uint64_t va;
    const char* name;
    bool (*read)(const InterruptUnit&, uint64_t&); // null: write-only
    void (*write)(InterruptUnit&, uint64_t);       // null: read-only
};

template <unsigned W> bool read_received(const InterruptUnit& u, uint64_t& v) {
    v = u.receive_data[W];
    return true;
}
template <unsigned W> void write_outgoing(InterruptUnit& u, uint64_t v) {
    u.dispatch_data[W] = v;
}

const UnitRegister kRegisters[] = {
    {0x77, 0x40, "intr_dispatch_w0", nullptr, write_outgoing<0>},
    {0x77, 0x50, "intr_dispatch_w1", nullptr, write_outgoing<1>},
    {0x77, 0x60, "intr_dispatch_w2", nullptr, write_outgoing<2>},
    {0x48, 0x00, "intr_dispatch_status",
     [](const InterruptUnit& u, uint64_t& v) {
         v = u.dispatch_status;
         return true;
     },
     nullptr},
    {0x49, 0x00, "intr_receive",
     [](const InterruptUnit& u, uint64_t& v) {
         v = u.busy() ? kReceiveBusy : 0;
         return true;
     },
     [](InterruptUnit& u, uint64_t v) { u.set_busy(v & kReceiveBusy); }},
    {0x7f, 0x40, "intr_receive_w0", read_received<0>, nullptr},
    {0x7f, 0x50, "intr_receive_w1", read_received<1>, nullptr},
    {0x7f, 0x60, "intr_receive_w2", read_received<2>, nullptr},
};

} // namespace

bool InterruptUnit::handles(unsigned asi) {
    for (const UnitRegister& r : kRegisters)
        if (r.asi == asi) return true;
    return false;
}

bool InterruptUnit::access(unsigned asi, uint64_t va, Access access, uint64_t& value) {
    if (asi == 0x77 && (va & 0x7f) == kDispatchCommand) {
        if (access != Access::Write) return false;
        dispatch(va);
        return true;
    }
    for (const UnitRegister& r : kRegisters) {
        if (r.asi != asi || r.va != va) continue;
        if (access == Access::Write) {
            if (!r.write) return false;
            r.write(*this, value);
            return true;
        }
        return r.read && r.read(*this, value);
    }
    return false;
}

// The INT goes out at once and its answer comes back with it, so the
// pair's BUSY is clear by the time software reads the status.
void InterruptUnit::dispatch(uint64_t va) {
    InterruptVector v;
    v.source = uint16_t(agent_id_);
    v.target = uint16_t(interrupt_target(va));
    for (unsigned w = 0; w < 3; ++w)
        v.data[w] = dispatch_data[w];
    const unsigned pair = unsigned(va >> 24) & 0x1f;
    const uint64_t busy = uint64_t(1) << (2 * pair), nack = busy << 1;
    ++sent;
    const bool delivered = send_ && send_(v);
    dispatch_status &= ~(busy | nack);
    if (!delivered) {
        dispatch_status |= nack;
        ++nacked;
    }
}

bool InterruptUnit::receive(const InterruptVector& vector) {
    if (busy_) {
        ++refused;
        return false;
    }
    for (unsigned w = 0; w < 3; ++w)
        receive_data[w] = vector.data[w];
    ++received;
    set_busy(true);
    return true;
}

void InterruptUnit::set_busy(bool busy) {
    if (busy == busy_) return;
    busy_ = busy;
    if (busy_listener_) busy_listener_(busy);
}

} // namespace fireplane::sparc
