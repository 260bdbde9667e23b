#pragma once
// One counter set's filter: a unary mask over the 19 transaction types, and
// mask/match pairs ("trits") over the physical address, the source agent and
// the transaction ID. A field bit whose mask bit is set must equal its match
// bit; the others are don't-care, so mask 1110 match 1100 is the trit vector
// "110X" and passes 1100 and 1101.
#include "core/checkpoint/state_io.h"
#include "transaction_record.h"

#include <cstdint>

namespace fireplane::firelink {

struct TritField {
    uint64_t mask = 0;
    uint64_t match = 0;
    bool passes(uint64_t value) const { return ((value ^ match) & mask) == 0; }
    void checkpoint(StateIo& io) { io(mask, match); }
};

struct TransactionFilter {
    uint64_t types = 0; // bit t: TransactionType t
    TritField address, source, transaction_id;

    bool passes(const TransactionRecord& r) const {
        return ((types >> unsigned(r.type)) & 1) && address.passes(r.address) &&
               source.passes(r.source) && transaction_id.passes(r.transaction_id);
    }
    void checkpoint(StateIo& io) { io(types, address, source, transaction_id); }
};

} // namespace fireplane::firelink
