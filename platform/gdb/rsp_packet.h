#pragma once
// The framing of GDB's remote serial protocol (the gdb manual, "Remote
// Protocol", "Overview"): a packet is $data#cs with the modulo-256 sum of the
// data bytes as two hex digits; '+' and '-' acknowledge; the byte 0x03 asks a
// running target to stop. Binary data escapes '#', '$', '}' and '*' as '}'
// followed by the byte XOR 0x20. gdb sends no run-length encoding, and none
// is produced here.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fireplane::gdb {

uint8_t rsp_checksum(std::string_view data);
std::string frame_packet(std::string_view data); // "$data#cs"
std::string escape_binary(std::string_view bytes);
// False for a '}' with nothing after it.
bool unescape_binary(std::string_view data, std::string& out);

// ---- hex, as the packets spell numbers and bytes ----
std::string to_hex(const uint8_t* bytes, size_t n); // two lowercase digits a byte
std::string to_hex(std::string_view text);
bool from_hex(std::string_view hex, std::vector<uint8_t>& out); // false: odd length or non-hex
std::string hex_number(uint64_t value);                         // "0", "2a", ...
bool parse_hex_number(std::string_view hex, uint64_t& value);   // 1 to 16 digits

// What arrives from gdb, one event at a time.
struct RspEvent {
    enum class Kind : uint8_t { Packet, Ack, Nak, Interrupt, BadChecksum };
    Kind kind;
    std::string data; // Packet: the payload as sent (binary parts still escaped)
};

// Turns a byte stream into events. Bytes outside a packet other than '+',
// '-' and 0x03 are dropped; a packet is complete once its two checksum digits
// have arrived.
class RspDecoder {
public:
    void feed(const char* bytes, size_t n) { buffer_.append(bytes, n); }
    std::optional<RspEvent> next();

private:
    std::string buffer_;
};

} // namespace fireplane::gdb
