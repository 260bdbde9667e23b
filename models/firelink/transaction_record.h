#pragma once
// What a Fire Link monitor sees of one address-bus transaction: the fields
// its filters test and its sequence buffer records.
#include "core/checkpoint/state_io.h"
#include "models/fireplane/fireplane_extension.h"

#include <cstdint>

namespace fireplane::firelink {

struct TransactionRecord {
    uint64_t address = 0; // physical, 43 bits
    TransactionType type = TransactionType::RTS;
    uint16_t source = 0;         // Safari agent ID of the requester
    uint16_t transaction_id = 0; // the requester's ID for it
    SnoopResult snoop;           // the combined snoop result
    void checkpoint(StateIo& io) {
        io(address, type, source, transaction_id, snoop.shared, snoop.owned, snoop.mapped);
    }
};

} // namespace fireplane::firelink
