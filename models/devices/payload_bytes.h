#pragma once
// Byte-level walk over a generic payload, shared by the device models so that
// byte enables and streaming width are interpreted the same way everywhere.
#include <tlm>

#include <cstdint>

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

} // namespace fireplane
