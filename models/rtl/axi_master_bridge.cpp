#include "axi_master_bridge.h"

#include "bus_access.h"

#include "models/fireplane/fireplane_extension.h"

#include <stdexcept>

namespace fireplane::rtl {

namespace {

constexpr uint64_t kLineBytes = 64;       // the Fireplane's coherence unit
constexpr uint64_t kBurstBoundary = 4096; // AXI: no burst crosses 4 KiB

} // namespace

bool AxiMasterBridge::Burst::supported() const {
    if (kind != kBurstIncr && kind != kBurstFixed) return false;
    if (beat_bytes == 0 || beat_bytes > 8 || address % beat_bytes != 0) return false;
    const uint64_t last = beat_address(beats - 1) + beat_bytes - 1;
    return address / kBurstBoundary == last / kBurstBoundary;
}

AxiMasterBridge::AxiMasterBridge(sc_core::sc_module_name name, const AxiMasterBridgeConfig& config,
                                 RtlClock& clock)
    : sc_module(name), data("data"), lines("lines"), snoops("snoops"), config_(config),
      clock_(clock) {
    lines.register_nb_transport_bw(this, &AxiMasterBridge::lines_bw);
    snoops.register_nb_transport_fw(this, &AxiMasterBridge::snoop_fw);
    snoops.register_transport_dbg(this, &AxiMasterBridge::snoop_dbg);
    SC_HAS_PROCESS(AxiMasterBridge);
    SC_THREAD(serve_reads);
    SC_THREAD(serve_writes);
    stats_.add_counter("reads", &reads_, "read bursts from the block");
    stats_.add_counter("writes", &writes_, "write bursts from the block");
    stats_.add_counter("bytes", &bytes_, "bytes moved by bursts answered OKAY");
    stats_.add_counter("errors", &errors_, "bursts answered SLVERR or DECERR");
    stats_.add_counter("line_transactions", &lines_sent_,
                       "Fireplane transactions (RS, WS) sent for the bursts' lines");
}

template <class Handshake> void AxiMasterBridge::until(const char* channel, Handshake&& handshake) {
    clock_.await(*this, channel, config_.timeout_cycles, handshake);
}

uint32_t AxiMasterBridge::coherent(TransactionType type, uint64_t address, uint64_t bytes,
                                   LineRequest& r) {
    if (lines.size() == 0) return kOkay; // no interconnect: the data access alone
    for (uint64_t line = address & ~(kLineBytes - 1); line < address + bytes; line += kLineBytes) {
        tlm::tlm_generic_payload& gp = r.gp;
        gp.set_command(type == TransactionType::WS ? tlm::TLM_WRITE_COMMAND
                                                   : tlm::TLM_READ_COMMAND);
        gp.set_address(line);
        gp.set_data_ptr(nullptr); // timing only: the data goes through `data`
        gp.set_data_length(unsigned(kLineBytes));
        gp.set_streaming_width(unsigned(kLineBytes));
        gp.set_byte_enable_ptr(nullptr);
        gp.set_dmi_allowed(false);
        gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
        FireplaneExtension& x = fireplane_extension(gp);
        x.type = type;
        x.source = config_.agent_id;
        x.transaction_id = next_tid_++;
        x.snoop = SnoopResult{};
        x.outcome = MoesiState::I;
        x.needs_data = false;
        x.cancelled = false;
        x.supplier = -1;
        tlm::tlm_phase phase = tlm::BEGIN_REQ;
        sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
        if (lines->nb_transport_fw(gp, phase, delay) == tlm::TLM_COMPLETED)
            wait(delay);
        else
            wait(r.done);
        ++lines_sent_;
        // An address no memory holds is the software's mistake, not the
        // model's: the burst fails as a device's would, and moves no data.
        if (!gp.is_response_ok())
            return gp.get_response_status() == tlm::TLM_ADDRESS_ERROR_RESPONSE ? kDecErr : kSlvErr;
    }
    return kOkay;
}

tlm::tlm_sync_enum AxiMasterBridge::lines_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                             sc_core::sc_time& delay) {
    if (phase == tlm::END_REQ) return tlm::TLM_ACCEPTED;
    if (phase != tlm::BEGIN_RESP || (&gp != &read_line_.gp && &gp != &write_line_.gp))
        SC_REPORT_FATAL(name(), "lines: an unexpected response");
    (&gp == &read_line_.gp ? read_line_ : write_line_).done.notify(delay);
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

// No cache: another agent's transaction finds nothing here. Our own, at its
// broadcast: a read needs the line's data, a write brings it.
tlm::tlm_sync_enum AxiMasterBridge::snoop_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                             sc_core::sc_time&) {
    FireplaneExtension* x = find_fireplane_extension(gp);
    if (phase != tlm::BEGIN_REQ || !x)
        SC_REPORT_FATAL(name(), "snoop: a BEGIN_REQ with a FireplaneExtension is expected");
    if (x->source == config_.agent_id) {
        x->needs_data = x->info().data == DataDirection::ToRequester;
        x->cancelled = false;
    }
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

uint32_t AxiMasterBridge::move(tlm::tlm_command cmd, uint64_t address, uint8_t* bytes, unsigned len,
                               const uint8_t* enables) {
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const tlm::tlm_response_status status =
        transport_bytes(data, cmd, address, bytes, len, enables, delay);
    wait(delay);
    return status == tlm::TLM_OK_RESPONSE              ? kOkay
           : status == tlm::TLM_ADDRESS_ERROR_RESPONSE ? kDecErr
                                                       : kSlvErr;
}

void AxiMasterBridge::serve_reads() {
    pins.arready.write(true);
    for (;;) {
        if (!pins.arvalid.read()) wait(pins.arvalid.posedge_event());
        clock_.hold();
        Burst b;
        until("AR", [&] {
            if (!pins.arvalid.read()) return false;
            b = {pins.araddr.read(), pins.arlen.read() + 1, 1u << pins.arsize.read(),
                 pins.arburst.read()};
            return true;
        });
        pins.arready.write(false);
        ++reads_;
        std::vector<uint8_t> buf(b.bytes());
        uint32_t resp = kSlvErr;
        if (b.supported()) {
            resp = coherent(TransactionType::RS, b.address,
                            b.beat_address(b.beats - 1) + b.beat_bytes - b.address, read_line_);
            if (resp == kOkay && b.kind == kBurstIncr)
                resp = move(tlm::TLM_READ_COMMAND, b.address, buf.data(), unsigned(buf.size()),
                            nullptr);
            else
                for (unsigned k = 0; k < b.beats && resp == kOkay; ++k)
                    resp = move(tlm::TLM_READ_COMMAND, b.address, &buf[k * b.beat_bytes],
                                b.beat_bytes, nullptr);
        }
        if (resp == kOkay)
            bytes_ += buf.size();
        else
            ++errors_;
        for (unsigned k = 0; k < b.beats; ++k) {
            const unsigned lane0 = unsigned(b.beat_address(k) % 8);
            uint64_t word = 0;
            if (resp == kOkay)
                for (unsigned i = 0; i < b.beat_bytes; ++i)
                    word |= uint64_t(buf[k * b.beat_bytes + i]) << (8 * (lane0 + i));
            pins.rdata.write(word);
            pins.rresp.write(resp);
            pins.rlast.write(k + 1 == b.beats);
            pins.rvalid.write(true);
            until("R", [&] { return pins.rready.read(); });
        }
        pins.rvalid.write(false);
        pins.rlast.write(false);
        pins.arready.write(true);
        clock_.release();
    }
}

void AxiMasterBridge::serve_writes() {
    pins.awready.write(true);
    for (;;) {
        if (!pins.awvalid.read()) wait(pins.awvalid.posedge_event());
        clock_.hold();
        Burst b;
        until("AW", [&] {
            if (!pins.awvalid.read()) return false;
            b = {pins.awaddr.read(), pins.awlen.read() + 1, 1u << pins.awsize.read(),
                 pins.awburst.read()};
            return true;
        });
        pins.awready.write(false);
        pins.wready.write(true);
        ++writes_;
        std::vector<uint8_t> buf(b.bytes()), enables(b.bytes());
        bool last_early = false;
        for (unsigned k = 0; k < b.beats && !last_early; ++k) {
            uint64_t word = 0;
            uint32_t strobes = 0;
            until("W", [&] {
                if (!pins.wvalid.read()) return false;
                word = pins.wdata.read();
                strobes = pins.wstrb.read();
                last_early = pins.wlast.read() && k + 1 < b.beats;
                return true;
            });
            const unsigned lane0 = unsigned(b.beat_address(k) % 8);
            for (unsigned i = 0; i < b.beat_bytes; ++i) {
                buf[k * b.beat_bytes + i] = uint8_t(word >> (8 * (lane0 + i)));
                enables[k * b.beat_bytes + i] =
                    (strobes >> (lane0 + i)) & 1 ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED;
            }
        }
        pins.wready.write(false);
        uint32_t resp = kSlvErr;
        if (b.supported() && !last_early) {
            bool all = true;
            for (uint8_t e : enables)
                all = all && e == TLM_BYTE_ENABLED;
            resp = coherent(TransactionType::WS, b.address,
                            b.beat_address(b.beats - 1) + b.beat_bytes - b.address, write_line_);
            if (resp == kOkay && b.kind == kBurstIncr)
                resp = move(tlm::TLM_WRITE_COMMAND, b.address, buf.data(), unsigned(buf.size()),
                            all ? nullptr : enables.data());
            else
                for (unsigned k = 0; k < b.beats && resp == kOkay; ++k)
                    resp = move(tlm::TLM_WRITE_COMMAND, b.address, &buf[k * b.beat_bytes],
                                b.beat_bytes, all ? nullptr : &enables[k * b.beat_bytes]);
        }
        if (resp == kOkay)
            bytes_ += buf.size();
        else
            ++errors_;
        pins.bresp.write(resp);
        pins.bvalid.write(true);
        until("B", [&] { return pins.bready.read(); });
        pins.bvalid.write(false);
        pins.awready.write(true);
        clock_.release();
    }
}

} // namespace fireplane::rtl
