#pragma once
// Byte-level walk over a generic payload, shared by the device models so that
// byte enables and streaming width are interpreted the same way everywhere,
// and the steps every memory-like target (RAM, ROM) takes the same way: the
// range check, debug copies, DMI grants and the AT early completion.
#include <tlm>

#include <systemc>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>

namespace fireplane {

// Bytes of address space a transaction touches: a streaming burst repeats
// over its streaming width, anything else covers its whole length.
inline uint64_t payload_span(const tlm::tlm_generic_payload& gp) {
    const uint64_t len = gp.get_data_length();
    const uint64_t width = gp.get_streaming_width();
    return (width != 0 && width < len) ? width : len;
}

// True when [address, address + span) lies inside [0, size).
inline bool payload_in_range(const tlm::tlm_generic_payload& gp, uint64_t size) {
    const uint64_t span = payload_span(gp);
    return span <= size && gp.get_address() <= size - span;
}

// The checks a memory-like target of `size` bytes makes before it moves data:
// TLM_IGNORE_COMMAND completes at once (OK, nothing to do), and an access that
// does not fit inside the memory gets TLM_ADDRESS_ERROR_RESPONSE. Returns true
// when the caller should carry out the read or write.
inline bool payload_accepted(tlm::tlm_generic_payload& gp, uint64_t size) {
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return false;
    }
    if (!payload_in_range(gp, size)) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    return true;
}

// True when every byte is enabled and the burst is not streaming, so a plain
// memcpy is exact.
inline bool payload_is_simple(const tlm::tlm_generic_payload& gp) {
    return gp.get_byte_enable_ptr() == nullptr && payload_span(gp) == gp.get_data_length();
}

// Calls fn(offset, data_byte) for each enabled byte of the payload, in data
// order, where offset is the byte's address relative to gp.get_address().
template <typename Fn> void for_each_enabled_byte(tlm::tlm_generic_payload& gp, Fn&& fn) {
    unsigned char* data = gp.get_data_ptr();
    const unsigned char* be = gp.get_byte_enable_ptr();
    const unsigned be_len = gp.get_byte_enable_length();
    const uint64_t len = gp.get_data_length();
    const uint64_t span = payload_span(gp);
    for (uint64_t i = 0; i < len; ++i) {
        if (be && be_len && be[i % be_len] != TLM_BYTE_ENABLED) continue;
        fn(i % span, data[i]);
    }
}

// Moves a transaction's data between the payload and host memory, `base`
// being the byte at gp.get_address(). A null data pointer is a timing-only
// request (a cache model keeps the data) and moves nothing.
inline void copy_payload(tlm::tlm_generic_payload& gp, uint8_t* base) {
    if (gp.get_data_ptr() == nullptr) return;
    const bool is_read = gp.is_read();
    if (payload_is_simple(gp)) {
        if (is_read)
            std::memcpy(gp.get_data_ptr(), base, gp.get_data_length());
        else
            std::memcpy(base, gp.get_data_ptr(), gp.get_data_length());
    } else if (is_read) {
        for_each_enabled_byte(gp, [base](uint64_t off, unsigned char& d) { d = base[off]; });
    } else {
        for_each_enabled_byte(gp, [base](uint64_t off, unsigned char& d) { base[off] = d; });
    }
}

// transport_dbg over host memory [mem, mem + size): no timing, clipped to the
// memory; byte enables and streaming width do not apply. Returns bytes moved.
inline unsigned debug_copy(tlm::tlm_generic_payload& gp, uint8_t* mem, uint64_t size) {
    const uint64_t addr = gp.get_address();
    if (addr >= size || gp.get_data_ptr() == nullptr) return 0;
    const uint64_t n = std::min<uint64_t>(gp.get_data_length(), size - addr);
    if (gp.is_read())
        std::memcpy(gp.get_data_ptr(), mem + addr, n);
    else if (gp.is_write())
        std::memcpy(mem + addr, gp.get_data_ptr(), n);
    else
        return 0;
    return unsigned(n);
}

// Describes all of host memory [mem, mem + size) for DMI with `access` (read
// and write unless told). Returns true when the request's command is allowed:
// a ROM describes its read-only region to a write request but answers false,
// so the initiator keeps sending its stores as transactions.
inline bool grant_dmi(const tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi, uint8_t* mem,
                      uint64_t size, const sc_core::sc_time& read_latency,
                      const sc_core::sc_time& write_latency,
                      tlm::tlm_dmi::dmi_access_e access = tlm::tlm_dmi::DMI_ACCESS_READ_WRITE) {
    if (gp.get_address() >= size) return false;
    dmi.set_dmi_ptr(mem);
    dmi.set_start_address(0);
    dmi.set_end_address(size - 1);
    dmi.set_granted_access(access);
    dmi.set_read_latency(read_latency);
    dmi.set_write_latency(write_latency);
    return !gp.is_write() || dmi.is_write_allowed();
}

// The base protocol's early completion, for targets that finish every
// transaction in the BEGIN_REQ call with its latency annotated, so an access
// costs no kernel event. `access()` carries the transaction out and returns
// its latency. Any other phase is a protocol error (SC_REPORT_FATAL, `who`).
template <typename Access>
tlm::tlm_sync_enum complete_at_begin_req(const char* who, tlm::tlm_phase& phase,
                                         sc_core::sc_time& delay, Access&& access) {
    if (phase != tlm::BEGIN_REQ) {
        const std::string msg = std::string("nb_transport_fw: unexpected phase ") +
                                phase.get_name() +
                                "; this target completes every transaction at BEGIN_REQ";
        SC_REPORT_FATAL(who, msg.c_str());
    }
    delay += access();
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

// The transport entries of a register device whose one functional path is
// `unsigned access(tlm::tlm_generic_payload&, bool debug)` (it sets the
// response and returns the bytes moved; a debug access has no side effects):
// b_transport, the early completion above with no latency, and debug
// transport. What no register takes is answered before access() sees it:
// TLM_IGNORE_COMMAND is OK, byte enables a byte-enable error. The device derives from
// RegisterTransport<itself>, befriends it, and calls bind_register_transport(socket) in its
// constructor.
template <typename Device> class RegisterTransport {
protected:
    template <typename Socket> void bind_register_transport(Socket& socket) {
        Device* self = static_cast<Device*>(this);
        socket.register_b_transport(self, &RegisterTransport::transport);
        socket.register_nb_transport_fw(self, &RegisterTransport::transport_nb);
        socket.register_transport_dbg(self, &RegisterTransport::transport_debug);
    }

private:
    unsigned screened_access(tlm::tlm_generic_payload& gp, bool debug) {
        if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
            gp.set_response_status(tlm::TLM_OK_RESPONSE);
            return 0;
        }
        if (gp.get_byte_enable_ptr()) {
            gp.set_response_status(tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE);
            return 0;
        }
        return static_cast<Device*>(this)->access(gp, debug);
    }
    void transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) { screened_access(gp, false); }
    tlm::tlm_sync_enum transport_nb(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                    sc_core::sc_time& delay) {
        return complete_at_begin_req(static_cast<Device*>(this)->name(), phase, delay, [&] {
            screened_access(gp, false);
            return sc_core::SC_ZERO_TIME;
        });
    }
    unsigned transport_debug(tlm::tlm_generic_payload& gp) { return screened_access(gp, true); }
};

} // namespace fireplane
