// Miss status holding registers: one entry per line being fetched from the
// bus, recording where the data must go (the paper's bridge "keeps track of
// the origin and destination of all requests", section 3.4). A new miss to a
// line already pending merges when the pending request grants what it needs
// and stalls when it does not (an exclusive request behind a shared one).
#pragma once

#include "models/fireplane/moesi.h"
#include "models/fireplane/transaction_types.h"

#include <cstdint>
#include <vector>

namespace fireplane::cache {

enum class MshrAccess : uint8_t { Shared, Exclusive };

enum class MshrDecision : uint8_t {
    Allocate, // nothing pending for the line and an entry is free
    Merge,    // the pending request brings what this one needs: wait for it
    Stall,    // the pending request is shared, this one needs the line exclusive
    Full,     // nothing pending, but every entry is busy
};

// Where a fill's data goes once it arrives.
struct FillTargets {
    bool ecache = false;
    bool dcache = false;
    bool pcache = false;
    bool icache = false;
    uint64_t dcache_key = 0; // the D$ is virtually indexed: its lookup key (see DataCacheKey)
};

struct Mshr {
    bool valid = false;
    uint64_t line = 0;
    MshrAccess access = MshrAccess::Shared;
    bool prefetch = false; // only prefetches asked for it so far
    bool upgraded = false; // a demand access merged into a prefetch
    FillTargets targets;
    // The bus transaction and, once the bus has ordered it (the requester's
    // self-snoop), the state it will install: snoops of later transactions
    // change `pending` until the data arrives.
    TransactionType type = TransactionType::RTS;
    bool ordered = false;
    bool resolved = false; // `pending` known (needs the combined snoop result)
    MoesiState before = MoesiState::I;
    MoesiState granted = MoesiState::I; // what the transaction itself gave
    MoesiState pending = MoesiState::I; // ... after the snoops since
    bool l1_killed = false;             // a snoop invalidated the L1 copies while in flight
};

class MshrTable {
public:
    explicit MshrTable(unsigned capacity) : entries_(capacity) {}

    unsigned capacity() const { return unsigned(entries_.size()); }
    unsigned in_use() const;

    MshrDecision classify(uint64_t line, MshrAccess want) const;
    int find(uint64_t line) const; // entry index, or -1
    // The caller checked classify() == Allocate.
    unsigned allocate(uint64_t line, MshrAccess access);
    void release(unsigned id) { entries_.at(id) = Mshr{}; }

    Mshr& operator[](unsigned id) { return entries_.at(id); }
    const Mshr& operator[](unsigned id) const { return entries_.at(id); }

private:
    std::vector<Mshr> entries_;
};

} // namespace fireplane::cache
