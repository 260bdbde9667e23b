#pragma once
// Values under consecutive sequence numbers (1, 2, 3, ...), handed out as
// they are added. The bus's transactions end about in the order they began,
// so the table stays short: a ring of slots from the oldest live number to
// the newest, so that a lookup is a mask and two loads. Each value lives in
// a node of its own that never moves (callers hold references across adds),
// and nodes are reused: nothing is allocated per value once the table has
// been as long as it will be.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace fireplane {

template <typename T> class SequenceTable {
public:
    SequenceTable() : ring_(kInitialSlots, nullptr) {}

    // Adds `value` under the next sequence number, and returns that number.
    uint64_t add(const T& value) {
        if (span_ == ring_.size()) grow();
        if (spare_.empty()) {
            nodes_.push_back(std::make_unique<std::optional<T>>());
            spare_.push_back(nodes_.back().get());
        }
        std::optional<T>* node = spare_.back();
        spare_.pop_back();
        node->emplace(value);
        const uint64_t seq = first_ + span_;
        ring_[index(seq)] = node;
        ++span_;
        ++size_;
        return seq;
    }
    // The value under `seq`, or null. Stays valid until `seq` is erased.
    T* find(uint64_t seq) {
        if (seq - first_ >= span_) return nullptr; // also seq < first_, by wrapping
        std::optional<T>* node = ring_[index(seq)];
        return node ? &**node : nullptr;
    }
    void erase(uint64_t seq) {
        if (!find(seq)) return;
        std::optional<T>*& node = ring_[index(seq)];
        node->reset();
        spare_.push_back(node);
        node = nullptr;
        --size_;
        while (span_ != 0 && !ring_[index(first_)]) {
            ++first_;
            --span_;
        }
    }
    bool empty() const { return size_ == 0; }
    size_t size() const { return size_; }
    // f(seq, value) for each value, in sequence order.
    template <typename F> void for_each(F&& f) const {
        for (uint64_t seq = first_; seq != first_ + span_; ++seq)
            if (const std::optional<T>* node = ring_[index(seq)]) f(seq, **node);
    }
    template <typename F> void for_each(F&& f) {
        for (uint64_t seq = first_; seq != first_ + span_; ++seq)
            if (std::optional<T>* node = ring_[index(seq)]) f(seq, **node);
    }

private:
    static constexpr size_t kInitialSlots = 64; // a power of two

    size_t index(uint64_t seq) const { return size_t(seq) & (ring_.size() - 1); }
    void grow() {
        std::vector<std::optional<T>*> bigger(ring_.size() * 2, nullptr);
        for (uint64_t seq = first_; seq != first_ + span_; ++seq)
            bigger[size_t(seq) & (bigger.size() - 1)] = ring_[index(seq)];
        ring_.swap(bigger);
    }

    std::vector<std::optional<T>*> ring_; // a power of two of slots; null: no value
    uint64_t first_ = 1;                  // the oldest number still in the ring
    size_t span_ = 0;                     // numbers first_ .. first_ + span_ - 1 are in it
    size_t size_ = 0;                     // of them, the ones that hold a value
    std::vector<std::unique_ptr<std::optional<T>>> nodes_; // every node, for their lifetime
    std::vector<std::optional<T>*> spare_;                 // nodes holding no value
};

} // namespace fireplane
