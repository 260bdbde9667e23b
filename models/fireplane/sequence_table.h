#pragma once
// Values under consecutive sequence numbers (1, 2, 3, ...), handed out as
// they are added. The bus's transactions end about in the order they began,
// so the table stays short and a lookup is an index, with no allocation per
// entry as a tree would make.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>

namespace fireplane {

template <typename T> class SequenceTable {
public:
    // Adds `value` under the next sequence number, and returns that number.
    uint64_t add(const T& value) {
        slots_.emplace_back(value);
        ++size_;
        return first_ + slots_.size() - 1;
    }
    // The value under `seq`, or null. Stays valid until `seq` is erased.
    T* find(uint64_t seq) {
        if (seq < first_ || seq - first_ >= slots_.size()) return nullptr;
        std::optional<T>& slot = slots_[size_t(seq - first_)];
        return slot ? &*slot : nullptr;
    }
    void erase(uint64_t seq) {
        if (!find(seq)) return;
        slots_[size_t(seq - first_)].reset();
        --size_;
        while (!slots_.empty() && !slots_.front()) {
            slots_.pop_front();
            ++first_;
        }
    }
    bool empty() const { return size_ == 0; }
    size_t size() const { return size_; }
    // f(seq, value) for each value, in sequence order.
    template <typename F> void for_each(F&& f) {
        for (size_t i = 0; i < slots_.size(); ++i)
            if (slots_[i]) f(first_ + i, *slots_[i]);
    }
    template <typename F> void for_each(F&& f) const {
        for (size_t i = 0; i < slots_.size(); ++i)
            if (slots_[i]) f(first_ + i, *slots_[i]);
    }

private:
    std::deque<std::optional<T>> slots_;
    uint64_t first_ = 1; // the sequence number of slots_.front()
    size_t size_ = 0;
};

} // namespace fireplane
