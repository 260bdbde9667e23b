#include "ram.h"

#include "core/stats/stats.h"
#include "payload_bytes.h"

namespace fireplane {

Ram::Ram(sc_core::sc_module_name name, const RamConfig& config)
    : sc_module(name), socket("socket"), config_(config), memory_(config.size, this->name()) {
    socket.register_b_transport(this, &Ram::b_transport);
    socket.register_nb_transport_fw(this, &Ram::nb_transport_fw);
    socket.register_transport_dbg(this, &Ram::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &Ram::get_direct_mem_ptr);

    stats_.add_counter("reads", &reads_, "read transactions (not debug, not DMI)");
    stats_.add_counter("writes", &writes_, "write transactions (not debug, not DMI)");
    stats_.add_counter("bytes_read", &bytes_read_, "bytes read by transactions", "bytes");
    stats_.add_counter("bytes_written", &bytes_written_, "bytes written by transactions", "bytes");
}

Ram::~Ram() = default;

sc_core::sc_time Ram::access(tlm::tlm_generic_payload& gp) {
    if (!payload_accepted(gp, config_.size)) return sc_core::SC_ZERO_TIME;

    const uint64_t len = gp.get_data_length();
    const bool is_read = gp.is_read();
    // A timing-only payload (a cache's or a DMA master's line transaction,
    // in a machine without a coherent bus) moves no data: the data went its own way.
    if (gp.get_data_ptr()) copy_payload(gp, host_ptr() + gp.get_address());

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
    return complete_at_begin_req(name(), phase, delay, [&] { return access(gp); });
}

unsigned Ram::transport_dbg(tlm::tlm_generic_payload& gp) {
    return debug_copy(gp, host_ptr(), config_.size);
}

bool Ram::get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    return grant_dmi(gp, dmi, host_ptr(), config_.size, config_.read_latency,
                     config_.write_latency);
}

} // namespace fireplane
