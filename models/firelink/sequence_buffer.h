#pragma once
// The transaction sequence buffer: the last few matches of counter set 1, in
// order. It fills from empty; when full, further matches are lost and the
// overrun flag is set, until software empties it (status write). Sampling it
// repeatedly yields a trace in segments of consecutive transactions.
#include "transaction_record.h"

#include <array>
#include <cstddef>

namespace fireplane::firelink {

class SequenceBuffer {
public:
    static constexpr std::size_t kEntries = 8;

    void record(const TransactionRecord& r) {
        if (fill_ == kEntries) {
            overrun_ = true;
            ++lost_;
            return;
        }
        entries_[fill_++] = r;
    }
    void clear() { fill_ = 0, overrun_ = false; }

    std::size_t fill() const { return fill_; }
    bool overrun() const { return overrun_; }
    const TransactionRecord& entry(std::size_t i) const { return entries_[i]; } // 0 = oldest
    uint64_t lost() const { return lost_; } // matches dropped while full, ever
    void checkpoint(StateIo& io) { io(entries_, fill_, overrun_, lost_); }

private:
    std::array<TransactionRecord, kEntries> entries_{};
    std::size_t fill_ = 0;
    bool overrun_ = false;
    uint64_t lost_ = 0;
};

} // namespace fireplane::firelink
