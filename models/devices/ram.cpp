#include "ram.h"

#include "models/common/sparse_memory.h"

#include "core/stats/stats.h"
#include "payload_bytes.h"

#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fireplane {

Ram::Ram(sc_core::sc_module_name name, const RamConfig& config)
    : sc_module(name), socket("socket"), config_(config) {
    if (config_.size == 0) throw std::invalid_argument(std::string(this->name()) + ": size is 0");
    mapped_bytes_ = config_.size;
    mem_ = map_sparse(mapped_bytes_, this->name());

    socket.register_b_transport(this, &Ram::b_transport);
    socket.register_nb_transport_fw(this, &Ram::nb_transport_fw);
    socket.register_transport_dbg(this, &Ram::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &Ram::get_direct_mem_ptr);

    stats_.add_counter("reads", &reads_, "read transactions (not debug, not DMI)");
    stats_.add_counter("writes", &writes_, "write transactions (not debug, not DMI)");
    stats_.add_counter("bytes_read", &bytes_read_, "bytes read by transactions", "bytes");
    stats_.add_counter("bytes_written", &bytes_written_, "bytes written by transactions", "bytes");
}

Ram::~Ram() {
    unmap_sparse(mem_, mapped_bytes_);
}

sc_core::sc_time Ram::access(tlm::tlm_generic_payload& gp) {
    const tlm::tlm_command cmd = gp.get_command();
    if (cmd == tlm::TLM_IGNORE_COMMAND) {
        gp.set_response_status(tlm::TLM_OK_RESPONSE);
        return sc_core::SC_ZERO_TIME;
    }
    if (!payload_in_range(gp, config_.size)) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return sc_core::SC_ZERO_TIME;
    }

    const uint64_t len = gp.get_data_length();
    const bool is_read = cmd == tlm::TLM_READ_COMMAND;
    copy_payload(gp, mem_ + gp.get_address());

    if (is_read) {
        ++reads_;
        bytes_read_ += len;
    } else {
        ++writes_;
        bytes_written_ += len;
    }
    gp.set_dmi_allowed(true);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return is_read ? config_.read_latency : config_.write_latency;
}

void Ram::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    delay += access(gp);
}

// AT initiators get the base protocol's early completion: the whole
// transaction finishes in the BEGIN_REQ call, its latency annotated, so a RAM
// access costs no kernel event.
tlm::tlm_sync_enum Ram::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                        sc_core::sc_time& delay) {
    if (phase != tlm::BEGIN_REQ) {
        const std::string msg = std::string("nb_transport_fw: unexpected phase ") +
                                phase.get_name() +
                                "; this target completes every transaction at BEGIN_REQ";
        SC_REPORT_FATAL(name(), msg.c_str());
    }
    delay += access(gp);
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

unsigned Ram::transport_dbg(tlm::tlm_generic_payload& gp) {
    return debug_copy(gp, mem_, config_.size);
}

bool Ram::get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    return grant_dmi(gp, dmi, mem_, config_.size, config_.read_latency, config_.write_latency);
}

} // namespace fireplane
