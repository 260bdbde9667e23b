// The stand-ins a live point's process gives the guest for its standard
// streams (standard_streams.h): each is of the kind asked for, so that the
// C library sees what the run that saved the point saw, and goes nowhere.
#include "platform/session/standard_streams.h"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <vector>

using namespace fireplane;

namespace {
constexpr int kFd = 60; // a descriptor of the test's own, not a standard stream
}

TEST_CASE("streams: the kind of a descriptor", "[streams]") {
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    CHECK(stream_kind(ends[0]) == "pipe");
    ::close(ends[0]);
    ::close(ends[1]);
    CHECK(stream_kind(ends[0]) == "closed");
    const int null = ::open("/dev/null", O_WRONLY);
    CHECK(stream_kind(null) == "char");
    ::close(null);
    const int file = ::open("/tmp", O_TMPFILE | O_RDWR, 0600);
    CHECK(stream_kind(file) == "file");
    ::close(file);
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, ends) == 0);
    CHECK(stream_kind(ends[0]) == "socket");
    ::close(ends[0]);
    ::close(ends[1]);
}

TEST_CASE("streams: a stand-in is of the kind asked for", "[streams]") {
    for (const std::string kind : {"char", "pipe", "file", "socket"}) {
        stand_in_stream(kFd, kind);
        CHECK(stream_kind(kFd) == kind);
        ::close(kFd);
    }
    const int open = ::dup(STDERR_FILENO);
    REQUIRE(::dup2(open, kFd) == kFd);
    stand_in_stream(kFd, "closed");
    CHECK(stream_kind(kFd) == "closed");
    ::close(open);
    // Anything else becomes /dev/null.
    stand_in_stream(kFd, "other");
    CHECK(stream_kind(kFd) == "char");
    ::close(kFd);
}

TEST_CASE("streams: an output pipe takes what a unit writes without a reader", "[streams]") {
    stand_in_stream(kFd, "pipe");
    ::fcntl(kFd, F_SETFL, O_NONBLOCK); // a full pipe fails the test rather than hang it
    const std::vector<char> block(64 << 10, 'x');
    for (int i = 0; i < 8; ++i) // 512 KiB: more than a pipe holds by default
        REQUIRE(::write(kFd, block.data(), block.size()) == ssize_t(block.size()));
    ::close(kFd);
}

TEST_CASE("streams: standard input from a pipe is at its end", "[streams]") {
    const int saved = ::dup(STDIN_FILENO);
    stand_in_stream(STDIN_FILENO, "pipe");
    CHECK(stream_kind(STDIN_FILENO) == "pipe");
    char c;
    CHECK(::read(STDIN_FILENO, &c, 1) == 0);
    ::dup2(saved, STDIN_FILENO);
    ::close(saved);
}
