#pragma once
// The lines one cache said are the most recent of their sets
// (CacheAnswer::repeat_shift), kept by the CPU's bridge so that functional
// warming need not send what would change nothing: a fetch of an I$ line, or
// a load of a D$ line, that is already the most recent of its set. One line
// a set (or a slot shared by sets, which then keeps only the last); a request
// answered without a grant drops its set's, since it may have touched that set.
#include "models/cache/cache_request.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace fireplane::sparc {

class RepeatGrants {
public:
    // Would a repeat of this line change nothing? `index` is the address the
    // cache indexes its sets by (VA for the D$, PA for the I$).
    bool repeats(uint64_t index, uint64_t pa) const {
        if (shift_ == 0) return false;
        const Slot& s = slots_[(index >> shift_) & mask_];
        return s.generation == generation_ && s.index == index >> shift_ && s.pa == pa >> shift_;
    }

    // The answer to a request of this line that was sent.
    void answered(uint64_t index, uint64_t pa, const cache::CacheAnswer& answer) {
        if (answer.repeat_shift == 0) {
            if (shift_) slots_[(index >> shift_) & mask_].generation = generation_ - 1;
            return;
        }
        const uint64_t mask =
            (uint64_t(1) << std::min<unsigned>(answer.repeat_set_bits, kSlotBits)) - 1;
        if (answer.repeat_shift != shift_ || mask != mask_) { // another geometry
            revoke();
            shift_ = answer.repeat_shift;
            mask_ = mask;
        }
        slots_[(index >> shift_) & mask_] = {index >> shift_, pa >> shift_, generation_};
    }

    // Every grant ends: the caches changed otherwise.
    void revoke() {
        if (++generation_ != 0) return;
        slots_.fill(Slot{}); // wrapped: no slot may look current
        generation_ = 1;
    }

private:
    static constexpr unsigned kSlotBits = 8;
    struct Slot {
        uint64_t index = 0, pa = 0;
        uint32_t generation = 0;
    };
    std::array<Slot, size_t(1) << kSlotBits> slots_{};
    uint32_t generation_ = 1;
    unsigned shift_ = 0; // log2 of the line; 0 before the first grant
    uint64_t mask_ = 0;
};

} // namespace fireplane::sparc
