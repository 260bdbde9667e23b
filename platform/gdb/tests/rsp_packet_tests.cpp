// The remote serial protocol's framing: checksums, escapes, hex, and the
// decoding of a byte stream into packets, acknowledgements and Ctrl-C.
#include "platform/gdb/rsp_packet.h"

#include <catch2/catch.hpp>

using namespace fireplane::gdb;

TEST_CASE("Packets are framed with the modulo-256 sum of their data", "[rsp]") {
    REQUIRE(rsp_checksum("") == 0);
    REQUIRE(rsp_checksum("OK") == 0x9a);
    REQUIRE(frame_packet("OK") == "$OK#9a");
    REQUIRE(frame_packet("qSupported") == "$qSupported#37");
    REQUIRE(frame_packet("") == "$#00");
}

TEST_CASE("Binary data escapes four characters and comes back unescaped", "[rsp]") {
    const std::string raw = std::string("a#b$c}d*e") + '\0' + "\x7f";
    const std::string escaped = escape_binary(raw);
    REQUIRE(escaped == std::string("a}\x03"
                                   "b}\x04"
                                   "c}]d}\x0a"
                                   "e") +
                           '\0' + "\x7f");
    std::string back;
    REQUIRE(unescape_binary(escaped, back));
    REQUIRE(back == raw);
    REQUIRE_FALSE(unescape_binary("abc}", back)); // dangling escape
}

TEST_CASE("Hex numbers and byte strings", "[rsp]") {
    REQUIRE(hex_number(0) == "0");
    REQUIRE(hex_number(0x3e8) == "3e8");
    REQUIRE(hex_number(~0ull) == "ffffffffffffffff");
    uint64_t v;
    REQUIRE(parse_hex_number("fffffffff0000020", v));
    REQUIRE(v == 0xfffffffff0000020ull);
    REQUIRE(parse_hex_number("Ab", v));
    REQUIRE(v == 0xab);
    REQUIRE_FALSE(parse_hex_number("", v));
    REQUIRE_FALSE(parse_hex_number("12g", v));
    REQUIRE_FALSE(parse_hex_number("10000000000000000", v)); // 17 digits
    REQUIRE(to_hex("hi\n") == "68690a");
    std::vector<uint8_t> bytes;
    REQUIRE(from_hex("00ff7A", bytes));
    REQUIRE(bytes == std::vector<uint8_t>{0x00, 0xff, 0x7a});
    REQUIRE_FALSE(from_hex("abc", bytes));
    REQUIRE_FALSE(from_hex("zz", bytes));
}

TEST_CASE("The decoder takes packets, acknowledgements and Ctrl-C from a stream", "[rsp]") {
    RspDecoder d;
    const std::string stream = "+$g#67-\x03garbage$m10,4#";
    d.feed(stream.data(), stream.size());
    auto e = d.next();
    REQUIRE(e->kind == RspEvent::Kind::Ack);
    e = d.next();
    REQUIRE(e->kind == RspEvent::Kind::Packet);
    REQUIRE(e->data == "g");
    REQUIRE(d.next()->kind == RspEvent::Kind::Nak);
    REQUIRE(d.next()->kind == RspEvent::Kind::Interrupt);
    REQUIRE_FALSE(d.next()); // the m packet lacks its checksum yet
    d.feed("2", 1);
    REQUIRE_FALSE(d.next());
    d.feed("e", 1);
    e = d.next();
    REQUIRE(e->kind == RspEvent::Kind::Packet);
    REQUIRE(e->data == "m10,4");
    REQUIRE_FALSE(d.next());
}

TEST_CASE("A packet with a wrong checksum is reported as such", "[rsp]") {
    RspDecoder d;
    d.feed("$g#00$?#3f", 10);
    REQUIRE(d.next()->kind == RspEvent::Kind::BadChecksum);
    auto e = d.next();
    REQUIRE(e->kind == RspEvent::Kind::Packet);
    REQUIRE(e->data == "?");
}
