#include "twin_checker.h"

#include "core/text/hex_text.h"

#include <algorithm>

#include <sstream>
#include <vector>

namespace fireplane::rtl {

namespace {

std::string bytes_of(const uint8_t* b, size_t n) {
    std::ostringstream m;
    m << std::hex;
    for (size_t i = 0; i < n; ++i)
        m << (i ? " " : "") << unsigned(b[i]);
    return m.str();
}

std::string describe(const tlm::tlm_generic_payload& gp) {
    std::string m = std::string(gp.is_write() ? "write" : "read") + " of " +
                    std::to_string(gp.get_data_length()) + " bytes at " + hex(gp.get_address());
    if (gp.is_write()) m += " [" + bytes_of(gp.get_data_ptr(), gp.get_data_length()) + "]";
    return m;
}

} // namespace

TwinChecker::TwinChecker(sc_core::sc_module_name name, const RtlClock& clock)
    : sc_module(name), socket("socket"), rtl("rtl"), twin("twin"), clock_(clock) {
    socket.register_b_transport(this, &TwinChecker::b_transport);
}

void TwinChecker::mismatch(const std::string& what) {
    const std::string m =
        std::string(name()) + ": cycle " + std::to_string(clock_.cycles()) + ": " + what;
    ++mismatches_;
    SC_REPORT_ERROR("rtl/twin_checker", m.c_str());
}

void TwinChecker::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const unsigned len = gp.get_data_length();
    std::vector<uint8_t> twin_data(gp.get_data_ptr(), gp.get_data_ptr() + len);
    const std::string what = describe(gp);
    rtl->b_transport(gp, delay);

    tlm::tlm_generic_payload t;
    t.set_command(gp.get_command());
    t.set_address(gp.get_address());
    t.set_data_ptr(twin_data.data());
    t.set_data_length(len);
    t.set_streaming_width(gp.get_streaming_width());
    t.set_byte_enable_ptr(gp.get_byte_enable_ptr());
    t.set_byte_enable_length(gp.get_byte_enable_length());
    t.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time none = sc_core::SC_ZERO_TIME;
    twin->b_transport(t, none);
    ++compared_;

    if (t.get_response_status() != gp.get_response_status())
        return mismatch(what + ": the RTL answered " + gp.get_response_string() + ", the twin " +
                        t.get_response_string());
    if (gp.is_read() && gp.is_response_ok()) {
        if (!std::equal(twin_data.begin(), twin_data.end(), gp.get_data_ptr()))
            mismatch(what + ": the RTL read [" + bytes_of(gp.get_data_ptr(), len) +
                     "], the twin [" + bytes_of(twin_data.data(), len) + "]");
    }
}

} // namespace fireplane::rtl
