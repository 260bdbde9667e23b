#include "rsp_packet.h"

namespace fireplane::gdb {

namespace {

constexpr char kDigits[] = "0123456789abcdef";

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool needs_escape(char c) {
    return c == '#' || c == '$' || c == '}' || c == '*';
}

} // namespace

uint8_t rsp_checksum(std::string_view data) {
    uint8_t sum = 0;
    for (char c : data)
        sum = uint8_t(sum + uint8_t(c));
    return sum;
}

std::string frame_packet(std::string_view data) {
    const uint8_t sum = rsp_checksum(data);
    std::string out;
    out.reserve(data.size() + 4);
    out += '$';
    out += data;
    out += '#';
    out += kDigits[sum >> 4];
    out += kDigits[sum & 15];
    return out;
}

std::string escape_binary(std::string_view bytes) {
    std::string out;
    out.reserve(bytes.size());
    for (char c : bytes) {
        if (needs_escape(c)) {
            out += '}';
            out += char(c ^ 0x20);
        } else {
            out += c;
        }
    }
    return out;
}

bool unescape_binary(std::string_view data, std::string& out) {
    out.clear();
    for (size_t i = 0; i < data.size(); ++i) {
        if (data[i] != '}') {
            out += data[i];
            continue;
        }
        if (++i == data.size()) return false;
        out += char(data[i] ^ 0x20);
    }
    return true;
}

std::string to_hex(const uint8_t* bytes, size_t n) {
    std::string out;
    out.reserve(2 * n);
    for (size_t i = 0; i < n; ++i) {
        out += kDigits[bytes[i] >> 4];
        out += kDigits[bytes[i] & 15];
    }
    return out;
}

std::string to_hex(std::string_view text) {
    return to_hex(reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

bool from_hex(std::string_view hex, std::vector<uint8_t>& out) {
    out.clear();
    if (hex.size() % 2) return false;
    out.reserve(hex.size() / 2);
    for (size_t i = 0; i < hex.size(); i += 2) {
        const int hi = hex_value(hex[i]), lo = hex_value(hex[i + 1]);
        if (hi < 0 || lo < 0) return false;
        out.push_back(uint8_t(hi << 4 | lo));
    }
    return true;
}

std::string hex_number(uint64_t value) {
    std::string out;
    do {
        out.insert(out.begin(), kDigits[value & 15]);
        value >>= 4;
    } while (value);
    return out;
}

bool parse_hex_number(std::string_view hex, uint64_t& value) {
    if (hex.empty() || hex.size() > 16) return false;
    value = 0;
    for (char c : hex) {
        const int d = hex_value(c);
        if (d < 0) return false;
        value = value << 4 | uint64_t(d);
    }
    return true;
}

std::optional<RspEvent> RspDecoder::next() {
    using Kind = RspEvent::Kind;
    size_t i = 0;
    while (i < buffer_.size()) {
        const char c = buffer_[i];
        if (c == '+' || c == '-' || c == '\x03') {
            buffer_.erase(0, i + 1);
            return RspEvent{c == '+' ? Kind::Ack : c == '-' ? Kind::Nak : Kind::Interrupt, {}};
        }
        if (c != '$') {
            ++i; // noise between packets
            continue;
        }
        const size_t hash = buffer_.find('#', i + 1);
        if (hash == std::string::npos || hash + 2 >= buffer_.size()) {
            buffer_.erase(0, i); // wait for the rest of this packet
            return std::nullopt;
        }
        const std::string_view data(buffer_.data() + i + 1, hash - i - 1);
        const int hi = hex_value(buffer_[hash + 1]), lo = hex_value(buffer_[hash + 2]);
        RspEvent event{Kind::Packet, std::string(data)};
        if (hi < 0 || lo < 0 || uint8_t(hi << 4 | lo) != rsp_checksum(data))
            event = RspEvent{Kind::BadChecksum, {}};
        buffer_.erase(0, hash + 3);
        return event;
    }
    buffer_.clear();
    return std::nullopt;
}

} // namespace fireplane::gdb
