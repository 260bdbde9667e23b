#include "firelink_monitor.h"

#include "core/stats/stats.h"

#include <string>

namespace fireplane::firelink {

FirelinkMonitor::FirelinkMonitor(sc_core::sc_module_name name, const FirelinkMonitorConfig& config)
    : sc_module(name), regs("regs"), observe("observe"), config_(config) {
    regs.register_b_transport(this, &FirelinkMonitor::b_transport);
    regs.register_transport_dbg(this, &FirelinkMonitor::transport_dbg);
    observe.register_nb_transport_fw(this, &FirelinkMonitor::observe_fw);
    observe.register_transport_dbg(this, &FirelinkMonitor::observe_dbg);

    stats_.add_counter("observed", &observed_, "address-bus transactions seen");
    for (unsigned s = 0; s < kCounterSets; ++s)
        stats_.add_counter("set" + std::to_string(s) + ".count", &counts_[s],
                           "transactions counter set " + std::to_string(s) + " matched");
    stats_.add_formula(
        "tsb.lost", [this] { return double(tsb_.lost()); },
        "set-1 matches lost while the sequence buffer was full");
    stats_.add_counter("bad_accesses", &bad_accesses_,
                       "register accesses to no register, or of a size other than 4 or 8 bytes");
}

FirelinkMonitor::~FirelinkMonitor() = default;

void FirelinkMonitor::see(const TransactionRecord& r) {
    ++observed_;
    for (unsigned s = 0; s < kCounterSets; ++s) {
        if (!((control_ >> s) & 1) || !filters_[s].passes(r)) continue;
        ++counts_[s];
        if (s != 1) continue;
        if (control_ & kControlTsb) tsb_.record(r);
        if (trace_sink_) trace_sink_(r);
    }
}

uint64_t* FirelinkMonitor::field(Reg reg, unsigned i) {
    // A sequence-buffer entry's index goes up to 7: past the counter sets.
    if (i >= kCounterSets) return nullptr;
    TransactionFilter& f = filters_[i];
    switch (reg) {
    case Reg::Types: return &f.types;
    case Reg::AddrMask: return &f.address.mask;
    case Reg::AddrMatch: return &f.address.match;
    case Reg::SrcMask: return &f.source.mask;
    case Reg::SrcMatch: return &f.source.match;
    case Reg::TidMask: return &f.transaction_id.mask;
    case Reg::TidMatch: return &f.transaction_id.match;
    case Reg::Count: return &counts_[i];
    default: return nullptr;
    }
}

bool FirelinkMonitor::read_register(uint64_t offset, uint64_t& value) const {
    const DecodedRegister d = decode_register(offset);
    if (!d.info) return false;
    const unsigned i = d.index;
    switch (d.info->reg) {
    case Reg::Id: value = kIdValue | config_.agent_id; return true;
    case Reg::Control: value = control_; return true;
    case Reg::TsbStatus:
        value = uint64_t(tsb_.fill()) | (tsb_.overrun() ? kStatusOverrun : 0);
        return true;
    case Reg::TsbAddress: value = i < tsb_.fill() ? tsb_.entry(i).address : 0; return true;
    case Reg::TsbInfo: value = i < tsb_.fill() ? encode_tsb_info(tsb_.entry(i)) : 0; return true;
    default: value = *const_cast<FirelinkMonitor*>(this)->field(d.info->reg, i); return true;
    }
}

bool FirelinkMonitor::write_register(uint64_t offset, uint64_t value) {
    const DecodedRegister d = decode_register(offset);
    if (!d.info) return false;
    const uint64_t v = value & d.info->writable;
    switch (d.info->reg) {
    case Reg::Control: control_ = v; return true;
    case Reg::TsbStatus: tsb_.clear(); return true;
    default:
        if (uint64_t* f = field(d.info->reg, d.index)) *f = v;
        return true; // read-only registers ignore writes
    }
}

unsigned FirelinkMonitor::access(tlm::tlm_generic_payload& gp) {
    const unsigned len = gp.get_data_length();
    const uint64_t offset = gp.get_address();
    const uint64_t reg = offset & ~uint64_t(7);
    const bool sized = (len == 8 && (offset & 7) == 0) || (len == 4 && (offset & 3) == 0);
    if (!sized || gp.get_byte_enable_ptr() || gp.get_streaming_width() < len) {
        ++bad_accesses_;
        gp.set_response_status(tlm::TLM_BURST_ERROR_RESPONSE);
        return 0;
    }
    uint64_t value = 0;
    if (!read_register(reg, value)) {
        ++bad_accesses_;
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    // Big-endian, as the SPARC stores it: a 4-byte access is one half.
    const unsigned shift = len == 8 ? 0 : (offset & 4) ? 0 : 32;
    const uint64_t lane = len == 8 ? ~0ull : 0xffffffffull << shift;
    uint8_t* data = gp.get_data_ptr();
    if (gp.is_write()) {
        uint64_t in = 0;
        for (unsigned b = 0; b < len; ++b)
            in = in << 8 | data[b];
        write_register(reg, (value & ~lane) | (in << shift & lane));
    } else if (gp.is_read()) {
        const uint64_t out = (value & lane) >> shift;
        for (unsigned b = 0; b < len; ++b)
            data[b] = uint8_t(out >> (8 * (len - 1 - b)));
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return len;
}

void FirelinkMonitor::b_transport(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    access(gp);
}

unsigned FirelinkMonitor::transport_dbg(tlm::tlm_generic_payload& gp) {
    return access(gp); // the same registers; a read has no side effect either way
}

tlm::tlm_sync_enum FirelinkMonitor::observe_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                               sc_core::sc_time&) {
    if (phase != tlm::BEGIN_REQ)
        SC_REPORT_FATAL(name(), "observe: only BEGIN_REQ (a snoop) is expected");
    const FireplaneExtension* x = find_fireplane_extension(gp);
    if (!x) SC_REPORT_FATAL(name(), "observe: a bus transaction without a FireplaneExtension");
    TransactionRecord r;
    r.address = gp.get_address();
    r.type = x->type;
    r.source = x->source;
    r.transaction_id = x->transaction_id;
    r.snoop = x->snoop;
    see(r);
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

unsigned FirelinkMonitor::observe_dbg(tlm::tlm_generic_payload&) {
    return 0; // holds no line: the bus's invariant checker reads state I
}

} // namespace fireplane::firelink
