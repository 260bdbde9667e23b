#pragma once
// A bus master for the device tests. Its helpers call the socket directly, so
// a test elaborates with sc_start(SC_ZERO_TIME) and then drives transactions
// from the test body (the device models never wait()). It records what comes
// back on the backward path.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace fireplane::test {

class TestInitiator : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<TestInitiator> socket;

    struct BwCall {
        uint64_t address;
        tlm::tlm_phase phase;
    };
    std::vector<BwCall> bw_calls;
    tlm::tlm_sync_enum bw_answer = tlm::TLM_COMPLETED; // what nb_transport_bw returns
    std::vector<std::pair<uint64_t, uint64_t>> invalidations;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME; // sums b_transport annotations

    explicit TestInitiator(sc_core::sc_module_name name) : sc_module(name), socket("socket") {
        socket.register_nb_transport_bw(this, &TestInitiator::nb_transport_bw);
        socket.register_invalidate_direct_mem_ptr(this, &TestInitiator::invalidate);
    }

    // b_transport of `data` (read into it, or written from it).
    tlm::tlm_response_status transport(tlm::tlm_command cmd, uint64_t address,
                                       std::vector<uint8_t>& data,
                                       const std::vector<uint8_t>& byte_enables = {},
                                       unsigned streaming_width = 0) {
        tlm::tlm_generic_payload gp;
        setup(gp, cmd, address, data, byte_enables, streaming_width);
        socket->b_transport(gp, delay);
        last_address = gp.get_address();
        last_dmi_allowed = gp.is_dmi_allowed();
        return gp.get_response_status();
    }

    tlm::tlm_response_status write(uint64_t address, std::vector<uint8_t> data) {
        return transport(tlm::TLM_WRITE_COMMAND, address, data);
    }

    tlm::tlm_response_status read(uint64_t address, std::vector<uint8_t>& data) {
        return transport(tlm::TLM_READ_COMMAND, address, data);
    }

    uint8_t read8(uint64_t address) {
        std::vector<uint8_t> d(1, 0xee);
        read(address, d);
        return d[0];
    }

    unsigned debug(tlm::tlm_command cmd, uint64_t address, std::vector<uint8_t>& data) {
        tlm::tlm_generic_payload gp;
        setup(gp, cmd, address, data, {}, 0);
        return socket->transport_dbg(gp);
    }

    bool dmi(uint64_t address, tlm::tlm_dmi& out) {
        tlm::tlm_generic_payload gp;
        gp.set_command(tlm::TLM_READ_COMMAND);
        gp.set_address(address);
        return socket->get_direct_mem_ptr(gp, out);
    }

    static void setup(tlm::tlm_generic_payload& gp, tlm::tlm_command cmd, uint64_t address,
                      std::vector<uint8_t>& data, const std::vector<uint8_t>& byte_enables,
                      unsigned streaming_width) {
        gp.set_command(cmd);
        gp.set_address(address);
        gp.set_data_ptr(data.data());
        gp.set_data_length(unsigned(data.size()));
        gp.set_streaming_width(streaming_width ? streaming_width : unsigned(data.size()));
        if (!byte_enables.empty()) {
            gp.set_byte_enable_ptr(const_cast<uint8_t*>(byte_enables.data()));
            gp.set_byte_enable_length(unsigned(byte_enables.size()));
        }
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    }

    uint64_t last_address = 0; // the payload's address after the last b_transport
    bool last_dmi_allowed = false;

private:
    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time&) {
        bw_calls.push_back({gp.get_address(), phase});
        return bw_answer;
    }

    void invalidate(sc_dt::uint64 start, sc_dt::uint64 end) {
        invalidations.emplace_back(start, end);
    }
};

} // namespace fireplane::test
