#include "memory_controller.h"

#include "models/common/cycle_time.h"
#include "models/common/sparse_memory.h"

#include "core/stats/stats.h"
#include "models/devices/payload_bytes.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fireplane {

namespace {

// Called from the member initialisers, so a bad configuration throws before
// the PEQ spawns its process.
const MemoryControllerConfig& checked(const MemoryControllerConfig& c, const std::string& who) {
    if (c.size == 0) throw std::invalid_argument(who + ": size is 0");
    if (c.banks == 0) throw std::invalid_argument(who + ": banks is 0");
    if (c.interleave == 0) throw std::invalid_argument(who + ": interleave is 0");
    if (c.controllers == 0) throw std::invalid_argument(who + ": controllers is 0");
    if (c.split == MemorySplit::Contiguous && c.size % c.controllers != 0)
        throw std::invalid_argument(who + ": size is not a multiple of the controller count");
    if (c.split == MemorySplit::Interleaved && c.split_interleave == 0)
        throw std::invalid_argument(who + ": split_interleave is 0");
    if (c.base + (c.size - 1) < c.base)
        throw std::invalid_argument(who + ": base + size wraps around the address space");
    return c;
}

[[noreturn]] void protocol_error(const char* who, const std::string& what) {
    SC_REPORT_FATAL(who, what.c_str());
    std::abort(); // SC_REPORT_FATAL does not return unless its action was overridden
}

} // namespace

MemoryController::MemoryController(sc_core::sc_module_name name,
                                   const MemoryControllerConfig& config)
    : sc_module(name), socket("socket"), config_(checked(config, this->name())),
      peq_(this, &MemoryController::on_phase) {
    // Sparse: host pages are only committed once touched, so a controller
    // that only answers timing-only requests costs no memory.
    mem_ = map_sparse(config_.size, this->name());
    image_ = std::make_unique<MemoryImage>(this->name(), mem_, config_.size);
    bank_free_at_.assign(total_banks(), sc_core::SC_ZERO_TIME);
    bank_accesses_.assign(total_banks(), 0);
    ctl_reads_.assign(config_.controllers, 0);
    ctl_writes_.assign(config_.controllers, 0);
    ctl_stall_ps_.assign(config_.controllers, 0);

    socket.register_b_transport(this, &MemoryController::b_transport);
    socket.register_nb_transport_fw(this, &MemoryController::nb_transport_fw);
    socket.register_transport_dbg(this, &MemoryController::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &MemoryController::get_direct_mem_ptr);

    stats_.add_counter("reads", &reads_, "read requests, timing-only ones included");
    stats_.add_counter("writes", &writes_, "write requests, timing-only ones included");
    stats_.add_counter("timing_only", &timing_only_,
                       "requests without a data pointer (timing only, storage untouched)");
    stats_.add_counter("address_errors", &address_errors_,
                       "requests outside the controller's range (answered with an address error)");
    for (unsigned b = 0; b < total_banks(); ++b)
        stats_.add_counter("bank" + std::to_string(b) + ".accesses", &bank_accesses_[b],
                           "requests served by bank " + std::to_string(b % config_.banks) +
                               " of controller " + std::to_string(b / config_.banks));
    for (unsigned c = 0; c < config_.controllers; ++c) {
        const std::string k = "controller" + std::to_string(c);
        stats_.add_counter(k + ".reads", &ctl_reads_[c], "reads served by this controller");
        stats_.add_counter(k + ".writes", &ctl_writes_[c], "writes served by this controller");
        stats_.add_counter(k + ".bank_conflict_stall", &ctl_stall_ps_[c],
                           "time requests waited for a busy bank of this controller", "ps");
    }
    stats_.add_counter("bank_conflict_stall", &stall_ps_,
                       "total time requests waited for a busy bank", "ps");
}

MemoryController::~MemoryController() {
    unmap_sparse(mem_, config_.size);
}

unsigned MemoryController::controller_of(uint64_t offset) const {
    if (config_.controllers == 1) return 0;
    if (config_.split == MemorySplit::Contiguous)
        return unsigned(offset / (config_.size / config_.controllers));
    return unsigned(((config_.base + offset) / config_.split_interleave) % config_.controllers);
}

unsigned MemoryController::bank_of(uint64_t offset) const {
    const unsigned bank = unsigned(((config_.base + offset) / config_.interleave) % config_.banks);
    return controller_of(offset) * config_.banks + bank;
}

bool MemoryController::needs_bank(tlm::tlm_generic_payload& gp) {
    if (!payload_in_range(gp, config_.size)) {
        ++address_errors_;
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return false;
    }
    if (gp.get_command() == tlm::TLM_IGNORE_COMMAND) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return false;
    }
    return true;
}

MemoryController::Timing MemoryController::access(tlm::tlm_generic_payload& gp,
                                                  const sc_core::sc_time& arrival) {
    if (!needs_bank(gp)) return {arrival, arrival};

    const bool is_read = gp.is_read();
    is_read ? ++reads_ : ++writes_;
    if (gp.get_data_ptr() == nullptr) ++timing_only_;
    copy_payload(gp, mem_ + gp.get_address());

    // Every bank the span touches takes part: the access starts when the last
    // of them is free, and all of them are busy until it has recovered.
    const std::vector<unsigned>& touched = banks_touched(gp);
    sc_core::sc_time start = arrival;
    for (unsigned b : touched)
        start = std::max(start, bank_free_at_[b]);
    const sc_core::sc_time done = start + config_.latency;
    for (unsigned b : touched) {
        bank_free_at_[b] = done + config_.bank_busy;
        ++bank_accesses_[b];
    }
    const unsigned home = controller_of(gp.get_address());
    is_read ? ++ctl_reads_[home] : ++ctl_writes_[home];
    const uint64_t stall_ps = to_ps(start - arrival, one_ps_);
    stall_ps_ += stall_ps;
    ctl_stall_ps_[home] += stall_ps;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return {start, done};
}

const std::vector<unsigned>& MemoryController::banks_touched(const tlm::tlm_generic_payload& gp) {
    // Step by the finer of the two interleaves; a long span touches every
    // bank quickly, and the walk is capped so a huge request stays cheap.
    const uint64_t step = config_.controllers > 1 && config_.split == MemorySplit::Interleaved
                              ? std::min(config_.interleave, config_.split_interleave)
                              : config_.interleave;
    const uint64_t first = gp.get_address();
    const uint64_t last = first + std::max<uint64_t>(payload_span(gp), 1) - 1;
    std::vector<unsigned>& touched = touched_;
    touched.clear();
    uint64_t at = first;
    for (unsigned i = 0; i < 4096 && touched.size() < total_banks(); ++i) {
        const unsigned b = bank_of(at);
        if (std::find(touched.begin(), touched.end(), b) == touched.end()) touched.push_back(b);
        const uint64_t next = ((config_.base + at) / step + 1) * step - config_.base;
        if (next > last || next <= at) break;
        at = next;
    }
    return touched;
}

void MemoryController::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    const sc_core::sc_time now = sim_now();
    const Timing t = access(gp, now + delay);
    delay = t.done - now;
}

// Every request goes through the PEQ so that it is timed at its arrival
// (now + delay) and not when the initiator happened to call.
tlm::tlm_sync_enum MemoryController::nb_transport_fw(tlm::tlm_generic_payload& gp,
                                                     tlm::tlm_phase& phase,
                                                     sc_core::sc_time& delay) {
    if (phase == tlm::BEGIN_REQ) {
        // Requests that need no bank complete at once (base-protocol early
        // completion), so they cost no events and hold up nothing.
        if (!needs_bank(gp)) {
            phase = tlm::END_RESP;
            return tlm::TLM_COMPLETED;
        }
        peq_.notify(gp, phase, delay);
        return tlm::TLM_ACCEPTED;
    }
    if (phase == tlm::END_RESP) {
        if (&gp != responding_)
            protocol_error(name(), "nb_transport_fw: END_RESP for a transaction whose response "
                                   "is not in progress");
        peq_.notify(gp, phase, delay);
        return tlm::TLM_COMPLETED;
    }
    protocol_error(name(),
                   std::string("nb_transport_fw: an initiator may not send ") + phase.get_name());
}

void MemoryController::on_phase(tlm::tlm_generic_payload& gp, const tlm::tlm_phase& phase) {
    const sc_core::sc_time now = sim_now();
    if (phase == tlm::BEGIN_REQ) {
        // The request is accepted (END_REQ) only when its banks start on it:
        // that is the back-pressure a busy bank puts on the request channel.
        const Timing t = access(gp, now);
        if (t.start == now)
            send_end_req(gp);
        else
            peq_.notify(gp, tlm::END_REQ, t.start - now);
        peq_.notify(gp, tlm::BEGIN_RESP, t.done - now);
    } else if (phase == tlm::END_REQ) {
        send_end_req(gp);
    } else if (phase == tlm::BEGIN_RESP) {
        if (completed_early_.erase(&gp)) return;
        responses_.push_back(&gp);
        send_responses();
    } else if (phase == tlm::END_RESP) {
        // The response channel is free again (END_RESP from the initiator, or
        // the end of a delay it annotated when it completed the response).
        response_channel_busy_ = false;
        responding_ = nullptr;
        send_responses();
    }
}

void MemoryController::send_end_req(tlm::tlm_generic_payload& gp) {
    tlm::tlm_phase phase = tlm::END_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    if (socket->nb_transport_bw(gp, phase, delay) == tlm::TLM_COMPLETED)
        completed_early_.insert(&gp);
}

// The base protocol allows one BEGIN_RESP in flight per socket: the next
// response waits until the initiator has ended the previous one.
void MemoryController::send_responses() {
    while (!response_channel_busy_ && !responses_.empty()) {
        tlm::tlm_generic_payload& gp = *responses_.front();
        responses_.pop_front();
        tlm::tlm_phase phase = tlm::BEGIN_RESP;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        const tlm::tlm_sync_enum status = socket->nb_transport_bw(gp, phase, delay);
        if (status == tlm::TLM_ACCEPTED) {
            response_channel_busy_ = true;
            responding_ = &gp;
        } else if (status == tlm::TLM_UPDATED && phase != tlm::END_RESP) {
            protocol_error(name(), std::string("nb_transport_bw: BEGIN_RESP answered with ") +
                                       phase.get_name() + " (only END_RESP may follow it)");
        } else if (delay != sc_core::SC_ZERO_TIME) {
            // Completed, but the channel stays busy for the annotated delay.
            response_channel_busy_ = true;
            peq_.notify(gp, tlm::END_RESP, delay);
        }
    }
}

bool MemoryController::get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    return grant_dmi(gp, dmi, mem_, config_.size, config_.latency, config_.latency);
}

unsigned MemoryController::transport_dbg(tlm::tlm_generic_payload& gp) {
    return debug_copy(gp, mem_, config_.size);
}

std::string MemoryController::not_quiescent() const {
    if (!responses_.empty() || responding_) return std::string(name()) + " is answering a request";
    return "";
}

} // namespace fireplane
