#include "transaction_stream.h"

#include "models/fireplane/fireplane_extension.h"

namespace fireplane::rtl {

namespace {
constexpr uint64_t kAddressMask = (uint64_t(1) << 43) - 1; // the Fireplane's physical addresses
}

TransactionStream::TransactionStream(sc_core::sc_module_name name, RtlClock& clock)
    : sc_module(name), observe("observe"), clock_(clock) {
    observe.register_nb_transport_fw(this, &TransactionStream::observe_fw);
    observe.register_transport_dbg(this, &TransactionStream::observe_dbg);
    SC_HAS_PROCESS(TransactionStream);
    SC_THREAD(feed);
    stats_.add_counter("fed", &fed_, "bus transactions fed to the block, one per cycle");
}

tlm::tlm_sync_enum TransactionStream::observe_fw(tlm::tlm_generic_payload& gp,
                                                 tlm::tlm_phase& phase, sc_core::sc_time&) {
    const FireplaneExtension* x = find_fireplane_extension(gp);
    if (phase != tlm::BEGIN_REQ || !x)
        SC_REPORT_FATAL(name(), "observe: a BEGIN_REQ with a FireplaneExtension is expected");
    queue_.push_back(
        {gp.get_address() & kAddressMask, uint32_t(x->type), x->source, x->transaction_id});
    if (queue_.size() == 1) arrived_.notify(sc_core::SC_ZERO_TIME);
    phase = tlm::END_RESP;
    return tlm::TLM_COMPLETED;
}

void TransactionStream::feed() {
    for (;;) {
        wait(arrived_);
        drain();
    }
}

void TransactionStream::drain() {
    if (queue_.empty()) return;
    clock_.wait_reset();
    feeding_.lock();
    clock_.hold();
    while (!queue_.empty()) {
        const Record r = queue_.front();
        queue_.pop_front();
        valid.write(true);
        address.write(r.address);
        type.write(r.type);
        source.write(r.source);
        tid.write(r.tid);
        clock_.edge(); // the block takes it
        ++fed_;
    }
    valid.write(false);
    clock_.release();
    feeding_.unlock();
}

} // namespace fireplane::rtl
