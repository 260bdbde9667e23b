#pragma once
// Builds guest (big-endian) structures field by field for system calls that
// return them, and reads guest arrays of big-endian words.
#include <cstdint>
#include <cstring>
#include <vector>

namespace fireplane::linux_user {

class GuestStruct {
public:
    GuestStruct& u8(uint8_t v) {
        bytes_.push_back(v);
        return *this;
    }
    GuestStruct& u16(uint16_t v) { return put(__builtin_bswap16(v)); }
    GuestStruct& u32(uint32_t v) { return put(__builtin_bswap32(v)); }
    GuestStruct& u64(uint64_t v) { return put(__builtin_bswap64(v)); }
    GuestStruct& raw(const void* data, size_t len) {
        const auto* p = static_cast<const uint8_t*>(data);
        bytes_.insert(bytes_.end(), p, p + len);
        return *this;
    }
    GuestStruct& zeros(size_t len) {
        bytes_.resize(bytes_.size() + len, 0);
        return *this;
    }
    const uint8_t* data() const { return bytes_.data(); }
    size_t size() const { return bytes_.size(); }

private:
    template <typename T> GuestStruct& put(T v) { return raw(&v, sizeof v); }
    std::vector<uint8_t> bytes_;
};

inline uint32_t load_be32(const uint8_t* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return __builtin_bswap32(v);
}

inline uint64_t load_be64(const uint8_t* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return __builtin_bswap64(v);
}

} // namespace fireplane::linux_user
