#pragma once
// One plain access through an initiator socket: what a DMA master does for
// each burst or chunk (the AXI4 master bridge, the DMA engine's TLM twin).
#include <systemc>
#include <tlm>

#include <cstdint>

namespace fireplane::rtl {

// Reads or writes `len` bytes at `address`, only those `enables` marks (all
// without it); the target's latency adds to `delay`. Returns the response.
template <class Socket>
tlm::tlm_response_status transport_bytes(Socket& socket, tlm::tlm_command cmd, uint64_t address,
                                         uint8_t* bytes, unsigned len, const uint8_t* enables,
                                         sc_core::sc_time& delay) {
    tlm::tlm_generic_payload gp;
    gp.set_command(cmd);
    gp.set_address(address);
    gp.set_data_ptr(bytes);
    gp.set_data_length(len);
    gp.set_streaming_width(len);
    gp.set_byte_enable_ptr(const_cast<uint8_t*>(enables));
    gp.set_byte_enable_length(enables ? len : 0);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(gp, delay);
    return gp.get_response_status();
}

} // namespace fireplane::rtl
