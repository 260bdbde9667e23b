#pragma once
// TwinChecker: sends every transaction to an RTL block and to its TLM twin,
// and compares what they answer: the response status and, for a read, every
// byte. A mismatch is an SC_REPORT_ERROR of type "rtl/twin_checker" naming
// the transaction and the RTL cycle (by SystemC's default an exception);
// tests can count mismatches instead. The RTL goes first, so its time is
// the time the caller sees.
#include "rtl_clock.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <string>

namespace fireplane::rtl {

class TwinChecker : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<TwinChecker> socket;
    tlm_utils::simple_initiator_socket<TwinChecker> rtl, twin;

    TwinChecker(sc_core::sc_module_name name, const RtlClock& clock);

    uint64_t compared() const { return compared_; }
    uint64_t mismatches() const { return mismatches_; }
    // Reports a mismatch found elsewhere (memory the two moved), with the cycle.
    void mismatch(const std::string& what);

private:
    void b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay);

    const RtlClock& clock_;
    uint64_t compared_ = 0, mismatches_ = 0;
};

} // namespace fireplane::rtl
