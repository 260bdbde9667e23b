#pragma once
// A bus master for the memory-controller tests. It plays a script of requests,
// each sent at its own time, through either the AT base protocol or
// b_transport, and records when every phase came back. In AT mode it obeys
// the request exclusion rule (no BEGIN_REQ before the previous END_REQ), so a
// target that withholds END_REQ delays the initiator's next request, as on a
// real request channel.
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include <cstdint>
#include <deque>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fireplane::test {

class ScriptedInitiator : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<ScriptedInitiator> socket;

    // How the initiator answers BEGIN_RESP.
    enum class Response {
        Complete,         // return TLM_COMPLETED
        UpdateEndResp,    // return TLM_UPDATED with END_RESP after `end_resp_after`
        AcceptThenEnd,    // return TLM_ACCEPTED, send END_RESP `end_resp_after` later
        CompleteAtEndReq, // return TLM_COMPLETED already to END_REQ
    };

    struct Request {
        sc_core::sc_time at; // when BEGIN_REQ (or b_transport) is called
        sc_core::sc_time annotate;
        tlm::tlm_command cmd;
        uint64_t address;
        unsigned length;
        std::vector<uint8_t> data; // empty: a timing-only request (null data pointer)
        std::vector<uint8_t> byte_enables;

        tlm::tlm_generic_payload gp;
        tlm::tlm_sync_enum fw_status = tlm::TLM_ACCEPTED;
        sc_core::sc_time sent;
        bool got_end_req = false;
        sc_core::sc_time end_req;
        bool got_begin_resp = false; // for b_transport: when it returned
        sc_core::sc_time begin_resp; // for b_transport: now + annotated delay
        tlm::tlm_response_status status = tlm::TLM_INCOMPLETE_RESPONSE;
    };

    std::deque<Request> requests; // a deque: payload addresses stay put
    bool use_b_transport = false;
    Response response = Response::Complete;
    sc_core::sc_time end_resp_after = sc_core::SC_ZERO_TIME;
    int violations = 0; // base-protocol rules the target broke

    SC_HAS_PROCESS(ScriptedInitiator);
    explicit ScriptedInitiator(sc_core::sc_module_name name) : sc_module(name), socket("socket") {
        socket.register_nb_transport_bw(this, &ScriptedInitiator::nb_transport_bw);
        SC_THREAD(run);
        SC_THREAD(end_responses);
    }

    Request& add(sc_core::sc_time at, tlm::tlm_command cmd, uint64_t address, unsigned length,
                 std::vector<uint8_t> data = {}) {
        requests.emplace_back();
        Request& r = requests.back();
        r.at = at;
        r.cmd = cmd;
        r.address = address;
        r.length = length;
        r.data = std::move(data);
        return r;
    }
    Request& read(sc_core::sc_time at, uint64_t address, unsigned length = 64) {
        return add(at, tlm::TLM_READ_COMMAND, address, length);
    }

private:
    void run() {
        for (Request& r : requests) {
            const sc_core::sc_time now = sc_core::sc_time_stamp();
            if (r.at > now) wait(r.at - now);
            while (request_open_)
                wait(end_req_event_);
            prepare(r);
            r.sent = sc_core::sc_time_stamp();
            by_payload_[&r.gp] = &r;
            sc_core::sc_time delay = r.annotate;
            if (use_b_transport) {
                socket->b_transport(r.gp, delay);
                r.got_begin_resp = true;
                r.begin_resp = r.sent + delay;
                r.status = r.gp.get_response_status();
                continue;
            }
            tlm::tlm_phase phase = tlm::BEGIN_REQ;
            r.fw_status = socket->nb_transport_fw(r.gp, phase, delay);
            if (r.fw_status == tlm::TLM_ACCEPTED)
                request_open_ = true;
            else if (r.fw_status == tlm::TLM_COMPLETED)
                r.status = r.gp.get_response_status();
            else
                ++violations; // the controller never answers BEGIN_REQ with TLM_UPDATED
        }
    }

    void prepare(Request& r) {
        tlm::tlm_generic_payload& gp = r.gp;
        gp.set_command(r.cmd);
        gp.set_address(r.address);
        gp.set_data_ptr(r.data.empty() ? nullptr : r.data.data());
        gp.set_data_length(r.length);
        gp.set_streaming_width(r.length);
        if (!r.byte_enables.empty()) {
            gp.set_byte_enable_ptr(r.byte_enables.data());
            gp.set_byte_enable_length(unsigned(r.byte_enables.size()));
        }
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    }

    tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                       sc_core::sc_time& delay) {
        auto it = by_payload_.find(&gp);
        if (it == by_payload_.end()) {
            ++violations;
            return tlm::TLM_COMPLETED;
        }
        Request& r = *it->second;
        const sc_core::sc_time when = sc_core::sc_time_stamp() + delay;
        if (phase == tlm::END_REQ) {
            if (r.got_end_req || r.got_begin_resp) ++violations;
            r.got_end_req = true;
            r.end_req = when;
            request_open_ = false;
            end_req_event_.notify(delay);
            return response == Response::CompleteAtEndReq ? tlm::TLM_COMPLETED : tlm::TLM_ACCEPTED;
        }
        if (phase != tlm::BEGIN_RESP || r.got_begin_resp || response_open_) {
            ++violations;
            return tlm::TLM_COMPLETED;
        }
        if (!r.got_end_req) { // BEGIN_RESP implies END_REQ
            request_open_ = false;
            end_req_event_.notify(delay);
        }
        r.got_begin_resp = true;
        r.begin_resp = when;
        r.status = gp.get_response_status();
        switch (response) {
        case Response::UpdateEndResp:
            phase = tlm::END_RESP;
            delay += end_resp_after;
            return tlm::TLM_UPDATED;
        case Response::AcceptThenEnd:
            response_open_ = true;
            pending_end_resp_.push_back({&gp, when + end_resp_after});
            end_resp_event_.notify(delay);
            return tlm::TLM_ACCEPTED;
        default: return tlm::TLM_COMPLETED;
        }
    }

    // Sends END_RESP for responses taken with TLM_ACCEPTED, at their time.
    void end_responses() {
        for (;;) {
            wait(end_resp_event_);
            while (!pending_end_resp_.empty()) {
                auto [gp, at] = pending_end_resp_.front();
                pending_end_resp_.pop_front();
                const sc_core::sc_time now = sc_core::sc_time_stamp();
                if (at > now) wait(at - now);
                response_open_ = false;
                tlm::tlm_phase phase = tlm::END_RESP;
                sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
                if (socket->nb_transport_fw(*gp, phase, delay) != tlm::TLM_COMPLETED) ++violations;
            }
        }
    }

    std::unordered_map<tlm::tlm_generic_payload*, Request*> by_payload_;
    bool request_open_ = false;  // BEGIN_REQ sent, END_REQ not yet seen
    bool response_open_ = false; // BEGIN_RESP accepted, END_RESP not yet sent
    sc_core::sc_event end_req_event_;
    sc_core::sc_event end_resp_event_;
    std::deque<std::pair<tlm::tlm_generic_payload*, sc_core::sc_time>> pending_end_resp_;
};

} // namespace fireplane::test
