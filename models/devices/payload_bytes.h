#pragma once
// Byte-level walk over a generic payload, shared by the device models so that
// byte enables and streaming width are interpreted the same way everywhere.
#include <tlm>

#include <systemc>

#include <algorithm>
#include <cstdint>
#include <cstring>

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

// Grants DMI to all of host memory [mem, mem + size), read and write.
inline bool grant_dmi(const tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi, uint8_t* mem,
                      uint64_t size, const sc_core::sc_time& read_latency,
                      const sc_core::sc_time& write_latency) {
    if (gp.get_address() >= size) return false;
    dmi.set_dmi_ptr(mem);
    dmi.set_start_address(0);
    dmi.set_end_address(size - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(read_latency);
    dmi.set_write_latency(write_latency);
    return true;
}

} // namespace fireplane
