#pragma once
// A device of the user's own: a CRC-32 engine with three 64-bit registers.
// Software writes bytes to DATA, reads the CRC from CRC; a write to CRC
// starts a new sum. It plays one role, BusTarget, so Session::attach maps it
// on the smallest address window that holds it (here, behind the I/O bridge).
#include "core/stats/stats.h"
#include "models/common/roles.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>

class Crc32Engine : public sc_core::sc_module, public fireplane::BusTarget {
public:
    static constexpr uint64_t kData = 0x00;  // write: 1 to 8 bytes, fed in address order
    static constexpr uint64_t kCrc = 0x08;   // read: CRC-32 of the bytes so far; write: restart
    static constexpr uint64_t kCount = 0x10; // read: bytes since the restart
    static constexpr uint64_t kWindow = 0x1000;

    tlm_utils::simple_target_socket<Crc32Engine> socket;

    Crc32Engine(sc_core::sc_module_name name, uint64_t base, sc_core::sc_time per_byte);

    fireplane::TargetPort& bus_target() override { return socket; }
    fireplane::AddressRange bus_range() const override { return {base_, kWindow}; }

    uint64_t bytes_total() const { return bytes_total_; }

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);
    unsigned transport_dbg(tlm::tlm_generic_payload& gp);
    // The one device function behind both transports; false: not a register.
    bool access(tlm::tlm_generic_payload& gp);

    uint64_t base_;
    sc_core::sc_time per_byte_;
    uint32_t crc_ = 0xffffffffu;
    uint64_t count_ = 0;
    uint64_t bytes_total_ = 0, reads_ = 0, writes_ = 0;
    fireplane::StatsGroup stats_{name()};
};
