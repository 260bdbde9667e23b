// libFuzzer target: random bytes from "gdb" into the GDB stub's server. The
// target it debugs is a real SparcCore with firmware mode's register list
// (trap stack included), so register packets reach the core's own setters;
// its memory is 4 KiB at 0x1000.
//
// The input goes down a socketpair, whose other end then closes: the server
// must answer what it understood and end (detached) when gdb hangs up,
// however the bytes were framed.
#include "models/cpu/sparc_core.h"
#include "platform/gdb/gdb_server.h"
#include "platform/gdb/sparc_registers.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

using namespace fireplane;
using namespace fireplane::gdb;

namespace {

struct NoMemory final : sparc::MemoryBackend {
    bool map_page(uint64_t, sparc::Access, sparc::PageMapping&) override { return false; }
    bool io_access(uint64_t, sparc::Access, uint8_t*, unsigned) override { return false; }
};

class CoreTarget final : public DebugTarget {
public:
    CoreTarget() : core_(memory_, nullptr), registers_(true) {}

    std::vector<ThreadId> threads() override { return {1, 2}; }
    std::string target_xml() override { return registers_.target_xml(); }
    unsigned register_count() override { return unsigned(registers_.size()); }
    unsigned register_size(unsigned r) override { return registers_.list().at(r).bits / 8; }
    bool read_register(ThreadId, unsigned r, uint8_t* bytes) override {
        uint64_t v;
        if (!registers_.read(core_, r, v)) return false;
        for (unsigned i = register_size(r); i-- > 0; v >>= 8)
            bytes[i] = uint8_t(v);
        return true;
    }
    bool write_register(ThreadId, unsigned r, const uint8_t* bytes) override {
        uint64_t v = 0;
        for (unsigned i = 0; i < register_size(r); ++i)
            v = v << 8 | bytes[i];
        return registers_.write(core_, r, v);
    }
    size_t read_memory(ThreadId, uint64_t a, uint8_t* out, size_t n) override {
        if (a < kBase || a >= kBase + ram_.size()) return 0;
        n = std::min<size_t>(n, kBase + ram_.size() - a);
        std::memcpy(out, ram_.data() + (a - kBase), n);
        return n;
    }
    bool write_memory(ThreadId, uint64_t a, const uint8_t* data, size_t n) override {
        if (a < kBase || a > kBase + ram_.size() || n > kBase + ram_.size() - a) return false;
        std::memcpy(ram_.data() + (a - kBase), data, n);
        return true;
    }
    bool set_breakpoint(BreakpointType, uint64_t a, uint64_t, bool) override { return a != 0; }
    std::string monitor(const std::string& command) override { return command + "\n"; }
    void resume(const ResumeRequest&) override {}
    void detach() override {}
    void kill() override {}

private:
    static constexpr uint64_t kBase = 0x1000;
    NoMemory memory_;
    sparc::SparcCore core_;
    SparcRegisters registers_;
    std::vector<uint8_t> ram_ = std::vector<uint8_t>(4096);
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    int fds[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return 0;
    // Room for every reply: the server writes them all before this end reads.
    const int room = 8 << 20;
    ::setsockopt(fds[0], SOL_SOCKET, SO_SNDBUF, &room, sizeof room);
    ::setsockopt(fds[1], SOL_SOCKET, SO_RCVBUF, &room, sizeof room);
    if (::write(fds[1], data, size) != ssize_t(size)) std::abort();
    ::shutdown(fds[1], SHUT_WR);

    CoreTarget target;
    GdbServer server(target);
    server.connect(fds[0]);
    StopReason stop;
    stop.thread = 1;
    // Every resume stops again at once; gdb hanging up ends it.
    for (unsigned turn = 0; turn < 4096; ++turn) {
        if (server.serve(stop) != GdbServer::Outcome::Resumed) break;
        server.interrupt_requested();
        if (!server.connected()) break;
        if (turn == 4095) {
            std::fprintf(stderr, "rsp_fuzzer: the server does not end after gdb hung up\n");
            std::abort();
        }
    }
    ::close(fds[1]);
    return 0;
}
