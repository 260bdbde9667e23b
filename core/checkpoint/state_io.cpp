#include "core/checkpoint/state_io.h"

namespace fireplane {

StateIo StateIo::writer(std::string section, std::vector<uint8_t>& out, unsigned version) {
    return StateIo(std::move(section), &out, nullptr, 0, version, false);
}

StateIo StateIo::reader(std::string section, const std::vector<uint8_t>& in, unsigned version) {
    return StateIo(std::move(section), nullptr, in.data(), in.size(), version, false);
}

StateIo StateIo::reader(std::string section, const uint8_t* data, size_t size, unsigned version,
                        bool in_place) {
    return StateIo(std::move(section), nullptr, data, size, version, in_place);
}

void StateIo::fail(const std::string& why) const {
    throw CheckpointError("section '" + section_ + "': " + why);
}

void StateIo::bytes(void* data, size_t len) {
    if (saving()) {
        const auto* p = static_cast<const uint8_t*>(data);
        out_->insert(out_->end(), p, p + len);
        return;
    }
    if (in_size_ - pos_ < len) fail("truncated (the section ends inside a block of bytes)");
    std::memcpy(data, in_ + pos_, len);
    pos_ += len;
}

uint64_t StateIo::count(uint64_t n, size_t min_bytes_each) {
    raw<8>(n);
    if (restoring() && n > (in_size_ - pos_) / (min_bytes_each ? min_bytes_each : 1))
        fail("a count of " + std::to_string(n) + " is more than the section holds");
    return n;
}

void StateIo::container(std::string& s) {
    uint64_t n = count(s.size());
    if (restoring()) s.assign(n, '\0');
    bytes(s.data(), n);
}

} // namespace fireplane
