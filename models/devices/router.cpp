#include "router.h"

#include "core/stats/stats.h"
#include "core/text/hex_text.h"
#include "payload_bytes.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <iterator>
#include <limits>
#include <stdexcept>

namespace fireplane {

namespace {

std::string describe(const std::string& name, uint64_t first, uint64_t last) {
    return "'" + name + "' [" + hex(first) + ", " + hex(last) + "]";
}

// Stats names nest on dots, so a window name must not add levels.
std::string stats_leaf(std::string name) {
    std::replace(name.begin(), name.end(), '.', '_');
    return name;
}

} // namespace

Router::Router(sc_core::sc_module_name name)
    : sc_module(name), target_socket("target_socket"), initiator_socket("initiator_socket") {
    target_socket.register_b_transport(this, &Router::b_transport);
    target_socket.register_nb_transport_fw(this, &Router::nb_transport_fw);
    target_socket.register_transport_dbg(this, &Router::transport_dbg);
    target_socket.register_get_direct_mem_ptr(this, &Router::get_direct_mem_ptr);
    initiator_socket.register_nb_transport_bw(this, &Router::nb_transport_bw);
    initiator_socket.register_invalidate_direct_mem_ptr(this, &Router::invalidate_direct_mem_ptr);

    stats_.add_counter(
        "unmapped", &unmapped_,
        "transactions to an unmapped address or crossing a window's end (answered with an "
        "address error)");
}

Router::~Router() = default;

void Router::map(TargetPort& target, uint64_t base, uint64_t size, const std::string& name) {
    const std::string who = std::string(this->name()) + ": window ";
    if (size == 0) throw std::invalid_argument(who + "'" + name + "' has size 0");
    const uint64_t last = base + (size - 1);
    if (last < base)
        throw std::invalid_argument(who + "'" + name + "' at " + hex(base) + " with size " +
                                    hex(size) + " wraps around the address space");
    for (const auto& w : windows_) {
        if (w->name == name)
            throw std::invalid_argument(who + "name '" + name + "' is already mapped at " +
                                        hex(w->base));
        if (base <= w->last() && w->base <= last)
            throw std::invalid_argument(who + describe(name, base, last) + " overlaps " +
                                        describe(w->name, w->base, w->last()));
    }

    // Socket index i is windows_[i]: binding only happens here.
    initiator_socket.bind(target);
    windows_.push_back(std::make_unique<Window>(Window{name, base, size}));
    by_base_[base] = int(windows_.size() - 1);
    stats_.add_counter(stats_leaf(name) + ".transactions", &windows_.back()->transactions,
                       "transactions routed to " + describe(name, base, last));
}

void Router::end_of_elaboration() {
    if (initiator_socket.size() != windows_.size())
        SC_REPORT_FATAL(name(), "initiator_socket was bound outside Router::map(), so the "
                                "address map and socket indices disagree");
}

int Router::decode(uint64_t address) const {
    auto it = by_base_.upper_bound(address);
    if (it == by_base_.begin()) return -1;
    --it;
    return address <= windows_[it->second]->last() ? it->second : -1;
}

void Router::unmapped_hole(uint64_t address, uint64_t& first, uint64_t& last) const {
    auto next = by_base_.upper_bound(address);
    last = next == by_base_.end() ? std::numeric_limits<uint64_t>::max() : next->first - 1;
    first = next == by_base_.begin() ? 0 : windows_[std::prev(next)->second]->last() + 1;
}

bool Router::fits(const Window& w, const tlm::tlm_generic_payload& gp) const {
    const uint64_t span = payload_span(gp);
    return span <= w.size && gp.get_address() - w.base <= w.size - span;
}

void Router::b_transport(int, tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const uint64_t address = gp.get_address();
    const int t = decode(address);
    if (t < 0 || !fits(*windows_[t], gp)) {
        ++unmapped_;
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return;
    }
    Window& w = *windows_[t];
    ++w.transactions;
    gp.set_address(address - w.base);
    initiator_socket[t]->b_transport(gp, delay);
    gp.set_address(address);
}

// The address is local while the target holds the transaction (the request
// phase) and global again once the response heads back to the initiator.
tlm::tlm_sync_enum Router::nb_transport_fw(int from, tlm::tlm_generic_payload& gp,
                                           tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    InFlight f;
    if (phase == tlm::BEGIN_REQ) {
        if (in_flight_.contains(&gp)) {
            const std::string msg = "nb_transport_fw: BEGIN_REQ at " + hex(gp.get_address()) +
                                    " for a payload whose previous transaction has not ended";
            SC_REPORT_FATAL(name(), msg.c_str());
        }
        const uint64_t address = gp.get_address();
        const int t = decode(address);
        if (t < 0 || !fits(*windows_[t], gp)) {
            ++unmapped_;
            gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
            phase = tlm::END_RESP;
            return tlm::TLM_COMPLETED;
        }
        ++windows_[t]->transactions;
        f = InFlight{from, t, address, address - windows_[t]->base};
        in_flight_.put(&gp, f);
    } else {
        f = *in_flight(gp, "nb_transport_fw");
    }

    gp.set_address(f.local);
    const tlm::tlm_sync_enum status = initiator_socket[f.target]->nb_transport_fw(gp, phase, delay);
    const bool done = status == tlm::TLM_COMPLETED || phase == tlm::END_RESP;
    if (done || phase == tlm::BEGIN_RESP) gp.set_address(f.global);
    if (done) in_flight_.erase(&gp);
    return status;
}

tlm::tlm_sync_enum Router::nb_transport_bw(int to, tlm::tlm_generic_payload& gp,
                                           tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    const InFlight f = *in_flight(gp, "nb_transport_bw");
    if (f.target != to) {
        const std::string msg = "nb_transport_bw: transaction at " + hex(f.global) +
                                " was sent to '" + windows_[f.target]->name +
                                "' but came back from '" + windows_[to]->name + "'";
        SC_REPORT_FATAL(name(), msg.c_str());
    }
    const bool request_only = phase == tlm::END_REQ;
    gp.set_address(f.global);
    const tlm::tlm_sync_enum status = target_socket[f.initiator]->nb_transport_bw(gp, phase, delay);
    const bool done = status == tlm::TLM_COMPLETED || phase == tlm::END_RESP;
    if (done)
        in_flight_.erase(&gp);
    else if (request_only)
        gp.set_address(f.local); // the target still has the response to produce
    return status;
}

unsigned Router::transport_dbg(int, tlm::tlm_generic_payload& gp) {
    const uint64_t address = gp.get_address();
    const int t = decode(address);
    if (t < 0) return 0;
    const Window& w = *windows_[t];
    // Clip to the window so a debugger cannot reach past it into the target.
    const unsigned length = gp.get_data_length();
    const uint64_t room = w.last() - address + 1; // 0 means the whole 2^64 space
    if (room != 0 && length > room) gp.set_data_length(unsigned(room));
    gp.set_address(address - w.base);
    const unsigned n = initiator_socket[t]->transport_dbg(gp);
    gp.set_address(address);
    gp.set_data_length(length);
    return n;
}

bool Router::get_direct_mem_ptr(int, tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    const uint64_t address = gp.get_address();
    const int t = decode(address);
    if (t < 0) {
        uint64_t first, last;
        unmapped_hole(address, first, last);
        dmi.set_start_address(first);
        dmi.set_end_address(last);
        return false;
    }
    const Window& w = *windows_[t];
    gp.set_address(address - w.base);
    bool granted = initiator_socket[t]->get_direct_mem_ptr(gp, dmi);
    gp.set_address(address);

    // The target answered in local addresses and may describe more than the
    // window; the pointer stays valid since only the end is clipped.
    const uint64_t start = dmi.get_start_address();
    if (start > w.size - 1) { // nothing of it inside the window
        dmi.set_start_address(address);
        dmi.set_end_address(address);
        return false;
    }
    const uint64_t end = std::min<uint64_t>(dmi.get_end_address(), w.size - 1);
    dmi.set_start_address(w.base + start);
    dmi.set_end_address(w.base + end);
    return granted;
}

void Router::invalidate_direct_mem_ptr(int to, sc_dt::uint64 start, sc_dt::uint64 end) {
    const Window& w = *windows_[to];
    if (start > w.size - 1) return;
    const uint64_t first = w.base + start;
    const uint64_t last = w.base + std::min<uint64_t>(end, w.size - 1);
    for (unsigned i = 0; i < target_socket.size(); ++i)
        target_socket[int(i)]->invalidate_direct_mem_ptr(first, last);
}

Router::InFlight* Router::in_flight(tlm::tlm_generic_payload& gp, const char* where) {
    InFlight* f = in_flight_.find(&gp);
    if (!f) {
        const std::string msg = std::string(where) + ": no transaction in flight for payload at " +
                                hex(gp.get_address()) +
                                " (a phase without BEGIN_REQ, or after the transaction ended)";
        SC_REPORT_FATAL(name(), msg.c_str());
    }
    return f;
}

} // namespace fireplane
