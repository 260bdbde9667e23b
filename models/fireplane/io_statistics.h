#pragma once
// The statistics every I/O bridge agent keeps (the V1280's I/O bridge, the
// sun4u board's Sabre): the I/O transactions it carried, by type, and the
// interrupt vectors it sent for its devices' lines.
#include "interrupt_mapper.h"
#include "transaction_types.h"

#include "core/stats/stats.h"

#include <array>
#include <cstdint>
#include <string>

namespace fireplane {

inline void add_io_agent_statistics(StatsGroup& stats,
                                    std::array<uint64_t, kNumTransactionTypes>& by_type,
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
