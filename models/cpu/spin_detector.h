#pragma once
// Spin detection, after Li, Lebeck and Sorin ("Spin detection hardware for
// improved management of multithreaded systems", IEEE TPDS 17(6), 2006): an
// iteration of a loop that stores nothing and loads the very addresses the
// iteration before it loaded changes nothing another thread can see: it
// waits for one. Its instructions are spin; every other instruction is work.
//
// An iteration ends at a taken backward branch (the loop's closing branch);
// it spins when the same branch closed the iteration before it, it loaded
// something, stored nothing (a CAS or LDSTUB stores, even when it fails) and
// its loads' addresses hash as the previous iteration's did. A loop's first
// iteration is never spin, so a wait of k turns counts k - 1 of them.
// Sampled simulation places its units by work (docs/sampling.md, "Units by
// work"): how long threads spin depends on the timing model, the work does not.
#include "models/cache/cache_request.h"

#include <cstdint>

namespace fireplane::sparc {

class SpinDetector {
public:
    // Whether the word is a conditional or unconditional branch (Bicc, BPcc,
    // BPr, FBfcc, FBPfcc), whose target is PC-relative: calls and jumps do
    // not close loops.
    static bool is_branch(uint32_t word) {
        const uint32_t op2 = (word >> 22) & 7;
        return (word >> 30) == 0 && (op2 == 1 || op2 == 2 || op2 == 3 || op2 == 5 || op2 == 6);
    }

    // One retired instruction at `pc` with its accesses; `closes` when it is
    // a branch taken backward. Returns the instructions found to be spin (the
    // iteration's, when this closes one that spun), else 0.
    uint64_t retire(uint64_t pc, const cache::CacheRequest* accesses, unsigned count, bool closes) {
        ++length_;
        for (unsigned i = 0; i < count; ++i) {
            const cache::CacheRequest& a = accesses[i];
            if (a.writes()) {
                stored_ = true;
            } else if (a.kind == cache::RequestKind::Load || a.kind == cache::RequestKind::FpLoad) {
                loaded_ = true;
                hash_ = (hash_ ^ a.va) * 0x9e3779b97f4a7c15ull;
            }
        }
        if (!closes) return 0;
        const bool spun = pc == branch_ && loaded_ && !stored_ && hash_ == last_hash_;
        const uint64_t spin = spun ? length_ : 0;
        spin_ += spin;
        const uint64_t closed = hash_;
        forget_loop();
        branch_ = pc;
        last_hash_ = closed;
        return spin;
    }
    uint64_t spin_instructions() const { return spin_; }
    // Forgets the iteration under way and the one before (not the count): a
    // live point's unit starts from here, in the run that saves it and in the
    // one that restores it alike.
    void forget_loop() {
        branch_ = ~uint64_t(0);
        last_hash_ = hash_ = 0;
        length_ = 0;
        loaded_ = stored_ = false;
    }

private:
    uint64_t branch_ = ~uint64_t(0); // the branch that closed the last iteration
    uint64_t last_hash_ = 0, hash_ = 0;
    uint64_t length_ = 0; // instructions of the iteration so far
    bool loaded_ = false, stored_ = false;
    uint64_t spin_ = 0;
};

} // namespace fireplane::sparc
