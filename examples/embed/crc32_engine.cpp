#include "crc32_engine.h"

namespace {

uint32_t crc32_byte(uint32_t c, uint8_t b) {
    c ^= b;
    for (int k = 0; k < 8; ++k)
        c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    return c;
}

} // namespace

Crc32Engine::Crc32Engine(sc_core::sc_module_name name, uint64_t base, sc_core::sc_time per_byte)
    : sc_module(name), socket("socket"), base_(base), per_byte_(per_byte) {
    socket.register_b_transport(this, &Crc32Engine::b_transport);
    socket.register_transport_dbg(this, &Crc32Engine::transport_dbg);
    stats_.add_counter("bytes", &bytes_total_, "bytes fed to the engine");
    stats_.add_counter("reads", &reads_, "register reads");
    stats_.add_counter("writes", &writes_, "register writes");
}

void Crc32Engine::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    if (!access(gp)) return;
    if (gp.is_write() && gp.get_address() == kData)
        delay += per_byte_ * double(gp.get_data_length()); // the engine's own pace
    gp.is_read() ? ++reads_ : ++writes_;
}

unsigned Crc32Engine::transport_dbg(tlm::tlm_generic_payload& gp) {
    return access(gp) ? gp.get_data_length() : 0;
}

bool Crc32Engine::access(tlm::tlm_generic_payload& gp) {
    const uint64_t offset = gp.get_address(); // the bus gives targets window-local addresses
    const unsigned length = gp.get_data_length();
    uint8_t* data = gp.get_data_ptr();
    gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
    if (gp.get_byte_enable_ptr() || length == 0 || length > 8) return false;
    if (offset == kData && gp.is_write()) {
        for (unsigned i = 0; i < length; ++i)
            crc_ = crc32_byte(crc_, data[i]);
        count_ += length;
        bytes_total_ += length;
    } else if ((offset == kCrc || offset == kCount) && gp.is_read() && length == 8) {
        uint64_t value = offset == kCrc ? uint64_t(~crc_) : count_;
        for (int i = 7; i >= 0; --i, value >>= 8) // big-endian, as the SPARC reads it
            data[i] = uint8_t(value);
    } else if (offset == kCrc && gp.is_write()) {
        crc_ = 0xffffffffu;
        count_ = 0;
    } else {
        return false;
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return true;
}
