#include "boot_rom.h"

#include "core/config/units.h"
#include "core/stats/stats.h"
#include "payload_bytes.h"

#include <stdexcept>
#include <string>

namespace fireplane {

namespace {

// The size, once it is known to fit the PROM window (0 is SparseMemory's to refuse).
uint64_t checked_size(const BootRomConfig& config, const std::string& who) {
    if (config.size > BootRomConfig::kMaxSize)
        throw std::invalid_argument(who + ": size " + std::to_string(config.size) +
                                    " is above the 256 MiB PROM window");
    return config.size;
}

} // namespace

BootRom::BootRom(sc_core::sc_module_name name, const BootRomConfig& config)
    : sc_module(name), socket("socket"), config_(config),
      memory_(checked_size(config, this->name()), this->name()) {
    socket.register_b_transport(this, &BootRom::b_transport);
    socket.register_nb_transport_fw(this, &BootRom::nb_transport_fw);
    socket.register_transport_dbg(this, &BootRom::transport_dbg);
    socket.register_get_direct_mem_ptr(this, &BootRom::get_direct_mem_ptr);

    stats_.add_counter("reads", &reads_, "read transactions (not debug, not DMI)");
    stats_.add_counter("ignored_writes", &ignored_writes_,
                       "write transactions ignored: the ROM keeps its contents");
}

BootRom::~BootRom() = default;

sc_core::sc_time BootRom::access(tlm::tlm_generic_payload& gp) {
    if (!payload_accepted(gp, config_.size)) return sc_core::SC_ZERO_TIME;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    if (gp.is_write()) {
        ignore_write(gp);
        return sc_core::SC_ZERO_TIME;
    }
    copy_payload(gp, host_ptr() + gp.get_address());
    ++reads_;
    gp.set_dmi_allowed(true); // for reads: the grant is read-only
    return config_.read_latency;
}

// A store to the PROM completes on the bus and changes nothing. The first one
// is reported (it is usually a firmware bug); later ones are only counted.
void BootRom::ignore_write(const tlm::tlm_generic_payload& gp) {
    if (ignored_writes_++ != 0) return;
    const uint64_t offset = gp.get_address();
    const std::string msg = "write of " + std::to_string(gp.get_data_length()) + " bytes to " +
                            units::format_address(config_.base + offset) + " (offset " +
                            units::format_address(offset) +
                            ") ignored: the boot ROM is read-only (later ones are only counted "
                            "in " +
                            name() + ".ignored_writes)";
    SC_REPORT_WARNING(name(), msg.c_str());
}

void BootRom::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time& delay) {
    delay += access(gp);
}

tlm::tlm_sync_enum BootRom::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                            sc_core::sc_time& delay) {
    return complete_at_begin_req(name(), phase, delay, [&] { return access(gp); });
}

// Debug writes land: a loader places the firmware image this way.
unsigned BootRom::transport_dbg(tlm::tlm_generic_payload& gp) {
    return debug_copy(gp, host_ptr(), config_.size);
}

// Read-only, so instruction fetches and loads go straight to the host memory
// while every store still reaches access() and is ignored there.
bool BootRom::get_direct_mem_ptr(tlm::tlm_generic_payload& gp, tlm::tlm_dmi& dmi) {
    return grant_dmi(gp, dmi, host_ptr(), config_.size, config_.read_latency, sc_core::SC_ZERO_TIME,
                     tlm::tlm_dmi::DMI_ACCESS_READ);
}

} // namespace fireplane
