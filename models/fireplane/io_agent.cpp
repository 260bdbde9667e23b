#include "io_agent.h"

#include "fireplane_extension.h"
#include "int_transaction.h"

#include <string>

namespace fireplane {

void announce_io(tlm::tlm_fw_transport_if<>* bus, tlm::tlm_generic_payload& gp,
                 uint64_t global_address, IoTransactionCounts& by_type) {
    FireplaneExtension& x = fireplane_extension(gp);
    x.type = io_transaction(gp.is_write(), gp.get_data_length());
    ++by_type[unsigned(x.type)];
    if (!bus) return;
    const uint64_t address = gp.get_address();
    gp.set_address(global_address);
    sc_core::sc_time none = sc_core::SC_ZERO_TIME;
    bus->b_transport(gp, none);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    gp.set_address(address);
}

bool send_device_vector(tlm::tlm_fw_transport_if<>* bus, const InterruptVector& vector,
                        const InterruptMapper& interrupts) {
    if (!bus) return false;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    return send_int_transaction(*bus, vector, uint16_t(interrupts.vectors_sent), delay);
}

void add_io_agent_statistics(StatsGroup& stats, IoTransactionCounts& by_type,
                             InterruptMapper& interrupts) {
    for (const TransactionInfo& t : transaction_table())
        if (t.klass == TransactionClass::Io)
            stats.add_counter("transactions." + std::string(t.mnemonic), &by_type[t.code()],
                              std::string(t.mnemonic) + " transactions through the bridge");
    stats.add_counter("interrupts.sent", &interrupts.vectors_sent,
                      "interrupt vectors sent for device lines");
    stats.add_counter("interrupts.nacked", &interrupts.vectors_nacked,
                      "of them refused by the target CPU (retried)");
}

} // namespace fireplane
