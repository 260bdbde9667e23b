#pragma once
// How a TLM access becomes AXI4-Lite transfers, shared by the bridge and by
// the TLM twins of AXI4-Lite blocks, so both accept the same accesses and
// answer them the same way: one transfer per 32-bit word the access touches,
// bytes in the lanes of their addresses (little-endian lanes), byte enables
// as WSTRB; accesses within a word or of whole aligned words; the first
// error ends the access.
#include "axi_lite.h"

#include <tlm>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace fireplane::rtl {

struct AxiLiteWord {
    uint64_t address; // the word's, 4-byte aligned
    unsigned first_lane, lanes;
    size_t offset; // of its first byte in the payload
};

// The words of an access to a window of `size` bytes, or the error status:
// an address error outside the window, a burst error for an access that
// spans words without covering them whole. TLM_OK_RESPONSE with no words for
// an access with nothing to do (TLM_IGNORE_COMMAND, length 0).
inline tlm::tlm_response_status split_words(const tlm::tlm_generic_payload& gp, uint64_t size,
                                            std::vector<AxiLiteWord>& words) {
    words.clear();
    const uint64_t address = gp.get_address();
    const unsigned len = gp.get_data_length();
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND || len == 0) return tlm::TLM_OK_RESPONSE;
    if (address >= size || len > size - address) return tlm::TLM_ADDRESS_ERROR_RESPONSE;
    const unsigned lane0 = unsigned(address % 4);
    if (gp.get_streaming_width() < len || (lane0 + len > 4 && (lane0 != 0 || len % 4 != 0)))
        return tlm::TLM_BURST_ERROR_RESPONSE;
    for (size_t off = 0; off < len;) {
        const uint64_t a = address + off;
        const unsigned first = unsigned(a % 4);
        const unsigned n = std::min<unsigned>(4 - first, unsigned(len - off));
        words.push_back({a - first, first, n, off});
        off += n;
    }
    return tlm::TLM_OK_RESPONSE;
}

inline tlm::tlm_response_status status_of(uint32_t resp) {
    if (resp == kOkay) return tlm::TLM_OK_RESPONSE;
    return resp == kDecErr ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE;
}

// Carries out the words: write(address, value, strobes) and read(address,
// value&) each return an xRESP. A word with no byte enabled is skipped on a
// write. Returns the access's status.
template <class Write, class Read>
tlm::tlm_response_status run_words(tlm::tlm_generic_payload& gp,
                                   const std::vector<AxiLiteWord>& words, Write&& write,
                                   Read&& read) {
    uint8_t* data = gp.get_data_ptr();
    const uint8_t* be = gp.get_byte_enable_ptr();
    const unsigned be_len = gp.get_byte_enable_length();
    auto enabled = [&](size_t k) { return !be || be[k % be_len] == TLM_BYTE_ENABLED; };
    for (const AxiLiteWord& w : words) {
        uint32_t resp;
        if (gp.is_write()) {
            uint32_t value = 0, strobes = 0;
            for (unsigned i = 0; i < w.lanes; ++i) {
                if (!enabled(w.offset + i)) continue;
                const unsigned lane = w.first_lane + i;
                value |= uint32_t(data[w.offset + i]) << (8 * lane);
                strobes |= 1u << lane;
            }
            if (strobes == 0) continue; // nothing of this word is written
            resp = write(w.address, value, strobes);
        } else {
            uint32_t value = 0;
            resp = read(w.address, value);
            if (resp == kOkay)
                for (unsigned i = 0; i < w.lanes; ++i)
                    if (enabled(w.offset + i))
                        data[w.offset + i] = uint8_t(value >> (8 * (w.first_lane + i)));
        }
        if (resp != kOkay) return status_of(resp);
    }
    return tlm::TLM_OK_RESPONSE;
}

} // namespace fireplane::rtl
