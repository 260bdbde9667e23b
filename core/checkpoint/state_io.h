#pragma once
// One function moves a model's state both ways: `checkpoint(StateIo& io)`
// names each field once (`io(pc, npc, ccr)`), and the same call writes it to
// a section or reads it back, so saving and restoring cannot drift apart.
//
// Values are stored little-endian, fixed width, whatever the host: a
// checkpoint is a file, not a memory image. Reading past the end of a
// section, or a length that cannot be right, is a CheckpointError naming the
// section.
#include "checkpoint_error.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fireplane {

class StateIo {
public:
    // A writer that appends to `out`.
    static StateIo writer(std::string section, std::vector<uint8_t>& out, unsigned version);
    // A reader of `in`, written by a model of section version `version`.
    static StateIo reader(std::string section, const std::vector<uint8_t>& in, unsigned version);
    // The same over `size` bytes at `data`. With `in_place`, a vector of the
    // size the section holds keeps its storage and its elements are read in
    // place: only values that differ are stored, so restoring a state close to
    // the one there writes little (live points restore point after point).
    static StateIo reader(std::string section, const uint8_t* data, size_t size, unsigned version,
                          bool in_place = false);

    bool saving() const { return out_ != nullptr; }
    bool restoring() const { return out_ == nullptr; }
    // The version the section was written with (saving: the model's own).
    unsigned version() const { return version_; }
    const std::string& section() const { return section_; }
    // Restoring: whether the whole section was read (a model that reads less
    // than it wrote has drifted from its own format).
    bool at_end() const { return pos_ == in_size_; }

    template <typename... T> StateIo& operator()(T&... values) {
        (value(values), ...);
        return *this;
    }

    // Raw bytes of a known size (a memory page).
    void bytes(void* data, size_t len);
    // A count of things to follow, checked against what the section can still hold.
    uint64_t count(uint64_t n, size_t min_bytes_each = 1);
    // Restoring: a CheckpointError naming the section ("section 'cpu0.core': ...").
    [[noreturn]] void fail(const std::string& why) const;

private:
    StateIo(std::string section, std::vector<uint8_t>* out, const uint8_t* in, size_t in_size,
            unsigned version, bool in_place)
        : section_(std::move(section)), out_(out), in_(in), in_size_(in_size), version_(version),
          in_place_(in_place) {}
    // Stores `x` in `v` unless it is there already (a store is a page written).
    template <typename T> static void store(T& v, const T& x) {
        if (!(v == x)) v = x;
    }

    // A value of `width` bytes, little-endian. Inline: a cache section is
    // hundreds of thousands of them.
    template <unsigned width> void raw(uint64_t& v) {
        static_assert(width >= 1 && width <= 8);
        if (saving()) {
            uint8_t b[width];
            for (unsigned i = 0; i < width; ++i)
                b[i] = uint8_t(v >> (8 * i));
            out_->insert(out_->end(), b, b + width);
            return;
        }
        if (in_size_ - pos_ < width) fail("truncated (the section ends inside a value)");
        uint64_t x = 0;
        for (unsigned i = 0; i < width; ++i)
            x |= uint64_t(in_[pos_ + i]) << (8 * i);
        pos_ += width;
        v = x;
    }
    template <typename T>
    static constexpr auto is_time(int) -> decltype(T::from_value(uint64_t(0)).value(), bool()) {
        return true;
    }
    template <typename T> static constexpr bool is_time(...) { return false; }

    template <typename T> void value(T& v) {
        if constexpr (std::is_same_v<T, bool>) {
            uint64_t x = v;
            raw<1>(x);
            if (x > 1) fail("a flag holds " + std::to_string(x));
            store(v, x != 0);
        } else if constexpr (std::is_enum_v<T>) {
            auto x = static_cast<std::underlying_type_t<T>>(v);
            value(x);
            store(v, static_cast<T>(x));
        } else if constexpr (std::is_integral_v<T>) {
            uint64_t x = uint64_t(v);
            raw<sizeof(T)>(x);
            store(v, T(x));
        } else if constexpr (std::is_floating_point_v<T>) {
            static_assert(sizeof(T) == 8 || sizeof(T) == 4);
            using Bits = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;
            Bits b, was;
            std::memcpy(&b, &v, sizeof b);
            was = b;
            value(b);
            if (b != was) std::memcpy(&v, &b, sizeof b);
        } else if constexpr (is_time<T>(0)) { // sc_core::sc_time, without including SystemC
            uint64_t x = v.value();           // in the kernel's resolution, the same in every run
            value(x);
            if (x != v.value()) v = T::from_value(x);
        } else if constexpr (std::is_array_v<T>) {
            for (auto& e : v)
                value(e);
        } else {
            container(v);
        }
    }

    void container(std::string& s);
    template <typename T, size_t N> void container(std::array<T, N>& a) {
        for (auto& e : a)
            value(e);
    }
    template <typename T> void container(std::vector<T>& v) {
        uint64_t n = count(v.size());
        if (restoring() && !(in_place_ && v.size() == n)) v.assign(n, T{});
        if constexpr (is_plain_bytes<T>()) { // as the file has them: one block
            const size_t len = v.size() * sizeof(T);
            if (saving()) {
                const auto* p = reinterpret_cast<const uint8_t*>(v.data());
                out_->insert(out_->end(), p, p + len);
                return;
            }
            if (in_size_ - pos_ < len) fail("truncated (the section ends inside a vector)");
            if (len == 0) return; // an empty vector's data() may be null, which memcmp must not get
            if (std::memcmp(v.data(), in_ + pos_, len) != 0) std::memcpy(v.data(), in_ + pos_, len);
            pos_ += len;
            return;
        }
        for (auto& e : v)
            value(e);
    }
    // Integers and enums (not flags, which are checked) whose bytes in memory
    // are the file's: little-endian, fixed width.
    template <typename T> static constexpr bool is_plain_bytes() {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        constexpr bool number = std::is_integral_v<T> || std::is_enum_v<T>;
        return number && !std::is_same_v<T, bool>;
#else
        return false;
#endif
    }
    template <typename T> void container(std::deque<T>& v) {
        uint64_t n = count(v.size());
        if (restoring()) v.assign(n, T{});
        for (auto& e : v)
            value(e);
    }
    template <typename T> void container(std::optional<T>& o) {
        bool present = o.has_value();
        value(present);
        if (restoring()) o = present ? std::optional<T>(T{}) : std::nullopt;
        if (present) value(*o);
    }
    template <typename A, typename B> void container(std::pair<A, B>& p) {
        value(p.first);
        value(p.second);
    }
    template <typename Map> void map_like(Map& m) {
        uint64_t n = count(m.size());
        if (saving()) {
            for (auto& [k, v] : m) {
                auto key = k;
                value(key);
                value(v);
            }
            return;
        }
        if (in_place_ && m.size() == n && same_as_written(m)) return;
        m.clear();
        for (uint64_t i = 0; i < n; ++i) {
            typename Map::key_type k{};
            typename Map::mapped_type v{};
            value(k);
            value(v);
            m.emplace(std::move(k), std::move(v));
        }
    }
    // In place: whether the section's next bytes are `m`'s entries as saving
    // writes them (in key order); then they are skipped, and `m` (its nodes)
    // left untouched.
    template <typename Map> bool same_as_written(Map& m) {
        std::vector<typename Map::value_type*> entries;
        entries.reserve(m.size());
        for (auto& e : m)
            entries.push_back(&e);
        std::sort(entries.begin(), entries.end(),
                  [](const auto* a, const auto* b) { return a->first < b->first; });
        std::vector<uint8_t> mine;
        StateIo w = writer(section_, mine, version_);
        for (auto* e : entries) {
            auto key = e->first;
            w.value(key);
            w.value(e->second);
        }
        if (in_size_ - pos_ < mine.size() || std::memcmp(in_ + pos_, mine.data(), mine.size()))
            return false;
        pos_ += mine.size();
        return true;
    }
    template <typename K, typename V, typename C> void container(std::map<K, V, C>& m) {
        map_like(m);
    }
    // Unordered maps are written in key order, so the same state gives the same bytes.
    template <typename K, typename V> void container(std::unordered_map<K, V>& m) {
        if (restoring()) return map_like(m);
        std::map<K, V> sorted(m.begin(), m.end());
        map_like(sorted);
    }
    template <typename K> void container(std::set<K>& s) {
        uint64_t n = count(s.size());
        if (saving()) {
            for (K k : s)
                value(k);
            return;
        }
        s.clear();
        for (uint64_t i = 0; i < n; ++i) {
            K k{};
            value(k);
            s.insert(std::move(k));
        }
    }
    // A struct of the model's own: it names its fields in checkpoint(StateIo&).
    template <typename T> auto container(T& v) -> decltype(v.checkpoint(*this), void()) {
        v.checkpoint(*this);
    }

    std::string section_;
    std::vector<uint8_t>* out_;
    const uint8_t* in_;
    size_t in_size_ = 0;
    size_t pos_ = 0;
    unsigned version_;
    bool in_place_ = false;
};

} // namespace fireplane
