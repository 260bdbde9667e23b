#pragma once
// HostPort: the host tools' way into the machine's address space. It is a
// bus master on the system router that uses debug transport only, so a tool
// reads and writes device registers (a Fire Link monitor's, say) exactly as
// software would see them, without simulated time or side doors.
#include "models/common/big_endian.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <algorithm>
#include <cstdint>

namespace fireplane {

class HostPort : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<HostPort> socket;

    explicit HostPort(sc_core::sc_module_name name) : sc_module(name), socket("socket") {}

    // One big-endian 64-bit register at physical `pa`; false if nothing answered.
    bool read64(uint64_t pa, uint64_t& value) {
        uint8_t bytes[8] = {};
        if (!read(pa, bytes, sizeof bytes)) return false;
        value = load_big_endian(bytes, sizeof bytes);
        return true;
    }
    bool write64(uint64_t pa, uint64_t value) {
        uint8_t bytes[8];
        store_big_endian(bytes, value, sizeof bytes);
        return write(pa, bytes, sizeof bytes);
    }

    // `len` bytes at physical `pa`, in pieces that stay inside one 8 KiB page
    // (interleaved memory changes controller there); false if any piece was
    // not answered in full.
    bool write(uint64_t pa, const uint8_t* data, uint64_t len) {
        return pieces(tlm::TLM_WRITE_COMMAND, pa, const_cast<uint8_t*>(data), len);
    }
    bool read(uint64_t pa, uint8_t* data, uint64_t len) {
        return pieces(tlm::TLM_READ_COMMAND, pa, data, len);
    }

private:
    static constexpr uint64_t kPiece = 8192;
    bool pieces(tlm::tlm_command cmd, uint64_t pa, uint8_t* data, uint64_t len) {
        while (len > 0) {
            const uint64_t n = std::min(len, kPiece - (pa & (kPiece - 1)));
            tlm::tlm_generic_payload gp;
            gp.set_command(cmd);
            gp.set_address(pa);
            gp.set_data_ptr(data);
            gp.set_data_length(unsigned(n));
            gp.set_streaming_width(unsigned(n));
            if (socket->transport_dbg(gp) != n) return false;
            pa += n, data += n, len -= n;
        }
        return true;
    }
};

} // namespace fireplane
