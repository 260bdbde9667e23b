// The GDB protocol server against a fake target, over a socketpair: the test
// plays gdb (framing, acknowledgements) while the server serves a stop in a
// thread of its own.
#include "platform/gdb/gdb_server.h"
#include "platform/gdb/rsp_packet.h"

#include <catch2/catch.hpp>

#include <cstring>
#include <future>
#include <map>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace fireplane::gdb;

namespace {

// Two threads (1 and 2) with three registers each (8, 4 and 8 bytes; thread
// 2's second is unavailable), 256 bytes of memory at 0x1000.
class FakeTarget : public DebugTarget {
public:
    std::map<ThreadId, std::vector<uint64_t>> regs{{1, {0x1122334455667788, 0xaabbccdd, 1}},
                                                   {2, {2, 0, 3}}};
    std::vector<uint8_t> memory = std::vector<uint8_t>(256);
    std::vector<std::string> breakpoints; // "+TYPE,ADDR,LEN" / "-..."
    ResumeRequest resumed;
    int resumes = 0, detaches = 0, kills = 0;
    std::string last_monitor;

    std::vector<ThreadId> threads() override { return {1, 2}; }
    std::string thread_description(ThreadId t) override { return "cpu" + std::to_string(t - 1); }
    std::string target_xml() override { return xml; }
    unsigned register_count() override { return 3; }
    unsigned register_size(unsigned r) override { return r == 1 ? 4 : 8; }
    bool read_register(ThreadId t, unsigned r, uint8_t* bytes) override {
        if (t == 2 && r == 1) return false;
        uint64_t v = regs.at(t).at(r);
        for (unsigned i = register_size(r); i-- > 0; v >>= 8)
            bytes[i] = uint8_t(v);
        return true;
    }
    bool write_register(ThreadId t, unsigned r, const uint8_t* bytes) override {
        if (r == 2 && t == 2) return false; // read-only there
        uint64_t v = 0;
        for (unsigned i = 0; i < register_size(r); ++i)
            v = v << 8 | bytes[i];
        regs.at(t).at(r) = v;
        return true;
    }
    size_t read_memory(ThreadId, uint64_t a, uint8_t* out, size_t n) override {
        if (a < 0x1000 || a >= 0x1100) return 0;
        n = std::min<size_t>(n, 0x1100 - a);
        std::memcpy(out, memory.data() + (a - 0x1000), n);
        return n;
    }
    bool write_memory(ThreadId, uint64_t a, const uint8_t* data, size_t n) override {
        if (a < 0x1000 || a + n > 0x1100) return false;
        std::memcpy(memory.data() + (a - 0x1000), data, n);
        return true;
    }
    bool set_breakpoint(BreakpointType type, uint64_t a, uint64_t n, bool insert) override {
        breakpoints.push_back((insert ? "+" : "-") + std::to_string(int(type)) + "," +
                              hex_number(a) + "," + std::to_string(n));
        return a != 0xbad;
    }
    std::string monitor(const std::string& command) override {
        last_monitor = command;
        return command == "big" ? std::string(20000, 'x') : "did " + command + "\n";
    }
    void resume(const ResumeRequest& r) override {
        resumed = r;
        ++resumes;
    }
    void detach() override { ++detaches; }
    void kill() override { ++kills; }

    std::string xml = "<target><architecture>sparc:v9</architecture>#$}*</target>";
};

// The gdb side of the socketpair.
class Client {
public:
    explicit Client(int fd) : fd_(fd) {}
    ~Client() { ::close(fd_); }
    void raw(const std::string& bytes) {
        REQUIRE(::write(fd_, bytes.data(), bytes.size()) == ssize_t(bytes.size()));
    }
    void send(const std::string& data) {
        raw(frame_packet(data));
        if (acking) REQUIRE(byte() == '+');
    }
    // The next packet from the server, acknowledged.
    std::string receive() {
        char c;
        while ((c = byte()) != '$')
            REQUIRE((c == '+' || c == '-'));
        std::string data;
        while ((c = byte()) != '#')
            data += c;
        std::string sum{byte(), byte()};
        REQUIRE(sum == frame_packet(data).substr(data.size() + 2));
        if (acking) raw("+");
        return data;
    }
    std::string ask(const std::string& data) {
        send(data);
        return receive();
    }
    // True when the server has closed its end.
    bool closed() {
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, 5000) <= 0) return false;
        char c;
        return ::recv(fd_, &c, 1, MSG_PEEK) == 0;
    }
    bool acking = true;

    char byte() {
        pollfd p{fd_, POLLIN, 0};
        REQUIRE(::poll(&p, 1, 5000) == 1); // never hang a test
        char c;
        REQUIRE(::read(fd_, &c, 1) == 1);
        return c;
    }

private:
    int fd_;
};

struct Fixture {
    FakeTarget target;
    GdbServer server{target};
    std::unique_ptr<Client> gdb;
    Fixture() {
        int fds[2];
        REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds) == 0);
        server.connect(fds[0]);
        gdb = std::make_unique<Client>(fds[1]);
    }
    // The server serving a stop, in its own thread.
    std::future<GdbServer::Outcome> serve(const StopReason& why = breakpoint_stop(1)) {
        return std::async(std::launch::async, [this, why] { return server.serve(why); });
    }
    static StopReason breakpoint_stop(ThreadId t) {
        StopReason r;
        r.thread = t;
        r.cause = StopReason::Cause::SoftwareBreak;
        return r;
    }
    static GdbServer::Outcome outcome(std::future<GdbServer::Outcome>& f) {
        REQUIRE(f.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
        return f.get();
    }
};

} // namespace

TEST_CASE_METHOD(Fixture, "qSupported offers the packet size, the target description and no-ack",
                 "[gdb_server]") {
    auto served = serve();
    const std::string reply = gdb->ask("qSupported:multiprocess+;swbreak+;hwbreak+");
    REQUIRE(reply.find("PacketSize=4000") != std::string::npos);
    REQUIRE(reply.find("qXfer:features:read+") != std::string::npos);
    REQUIRE(reply.find("QStartNoAckMode+") != std::string::npos);
    REQUIRE(reply.find("vContSupported+") != std::string::npos);
    REQUIRE(gdb->ask("?") == "T05swbreak:;thread:1;");
    REQUIRE(gdb->ask("qAttached") == "1");
    REQUIRE(gdb->ask("qOffsets") == ""); // not supported: the empty reply
    REQUIRE(gdb->ask("vCont?") == "vCont;c;C;s;S");
    gdb->send("c");
    REQUIRE(outcome(served) == GdbServer::Outcome::Resumed);
    REQUIRE(target.resumes == 1);
    REQUIRE(target.resumed.step == 0);
}

TEST_CASE_METHOD(Fixture, "A gdb that has not said swbreak+ gets no swbreak in stop replies",
                 "[gdb_server]") {
    auto served = serve();
    gdb->ask("qSupported:multiprocess+");
    REQUIRE(gdb->ask("?") == "T05thread:1;");
    gdb->send("D");
    REQUIRE(gdb->receive() == "OK");
    REQUIRE(outcome(served) == GdbServer::Outcome::Detached);
}

TEST_CASE_METHOD(Fixture, "g reads every register of the selected thread: xx when unavailable",
                 "[gdb_server]") {
    auto served = serve();
    REQUIRE(gdb->ask("g") == "1122334455667788aabbccdd0000000000000001");
    REQUIRE(gdb->ask("Hg2") == "OK");
    REQUIRE(gdb->ask("g") == "0000000000000002xxxxxxxx0000000000000003");
    REQUIRE(gdb->ask("p1") == "xxxxxxxx");
    REQUIRE(gdb->ask("Hg7") == "E01"); // no such thread
    REQUIRE(gdb->ask("Hg0") == "OK");  // any: the one that stopped
    REQUIRE(gdb->ask("p0") == "1122334455667788");
    REQUIRE(gdb->ask("p3") == "E01");
    REQUIRE(gdb->ask("qC") == "QC1");
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "P and G write registers: G passes over unwritable ones left as they are",
                 "[gdb_server]") {
    auto served = serve();
    REQUIRE(gdb->ask("P1=01020304") == "OK");
    REQUIRE(target.regs[1][1] == 0x01020304);
    REQUIRE(gdb->ask("P1=0102") == "E01"); // wrong size
    REQUIRE(gdb->ask("G00000000000000ff0a0b0c0d0000000000000009") == "OK");
    REQUIRE(target.regs[1] == std::vector<uint64_t>{0xff, 0x0a0b0c0d, 9});
    REQUIRE(gdb->ask("Hg2") == "OK");
    REQUIRE(gdb->ask("G0000000000000005000000000000000000000003") == "OK"); // r2 unchanged
    REQUIRE(target.regs[2][0] == 5);
    REQUIRE(gdb->ask("G0000000000000005000000000000000000000004") == "E01"); // r2 read-only
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "m M and X read and write memory and a short read returns what it got",
                 "[gdb_server]") {
    auto served = serve();
    REQUIRE(gdb->ask("M1000,4:deadbeef") == "OK");
    REQUIRE(gdb->ask("m1000,4") == "deadbeef");
    REQUIRE(gdb->ask("m10fe,8") == "0000"); // two bytes before the end
    REQUIRE(gdb->ask("m2000,4") == "E01");
    REQUIRE(gdb->ask("M2000,1:00") == "E01");
    REQUIRE(gdb->ask("M1000,2:00") == "E01"); // length and data disagree
    REQUIRE(gdb->ask("X1000,0:") == "OK");    // gdb's probe
    REQUIRE(gdb->ask("X1010,4:" + escape_binary(std::string("#$}*"))) == "OK");
    REQUIRE(gdb->ask("m1010,4") == "23247d2a");
    // Nothing to move (the rsp fuzzer found the empty buffer passed on): the
    // target is not asked, wherever the address is.
    REQUIRE(gdb->ask("m2000,0") == "");
    REQUIRE(gdb->ask("M2000,0:") == "OK");
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "Z and z reach the target: types past 4 are not supported",
                 "[gdb_server]") {
    auto served = serve();
    REQUIRE(gdb->ask("Z0,fffffffff0000020,4") == "OK");
    REQUIRE(gdb->ask("Z1,2000,4") == "OK");
    REQUIRE(gdb->ask("Z2,1008,8") == "OK");
    REQUIRE(gdb->ask("Z3,1008,4") == "OK");
    REQUIRE(gdb->ask("Z4,1008,1") == "OK");
    REQUIRE(gdb->ask("z0,fffffffff0000020,4") == "OK");
    REQUIRE(gdb->ask("Z0,2004,4;X1,0") == "OK"); // a condition: gdb's to evaluate
    REQUIRE(gdb->ask("Z0,bad,4") == "E01");
    REQUIRE(gdb->ask("Z5,1000,4") == "");
    REQUIRE(gdb->ask("Z0,zz,4") == "E01");
    REQUIRE(target.breakpoints == std::vector<std::string>{"+0,fffffffff0000020,4", "+1,2000,4",
                                                           "+2,1008,8", "+3,1008,4", "+4,1008,1",
                                                           "-0,fffffffff0000020,4", "+0,2004,4",
                                                           "+0,bad,4"});
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "vCont steps the thread it names: the others run on", "[gdb_server]") {
    auto served = serve();
    gdb->send("vCont;s:2;c");
    REQUIRE(outcome(served) == GdbServer::Outcome::Resumed);
    REQUIRE(target.resumed.step == 2);

    served = serve(breakpoint_stop(2));
    REQUIRE(gdb->receive() == "T05thread:2;"); // the stop of that step
    gdb->send("vCont;c");
    REQUIRE(outcome(served) == GdbServer::Outcome::Resumed);
    REQUIRE(target.resumed.step == 0);

    served = serve(breakpoint_stop(2));
    REQUIRE(gdb->receive() == "T05thread:2;");
    REQUIRE(gdb->ask("vCont;t") == "E01"); // stop actions are for non-stop mode
    REQUIRE(gdb->ask("c 1000") == "E01");  // resuming elsewhere: gdb writes the PC instead
    gdb->send("s");                        // the current thread: the one that stopped
    outcome(served);
    REQUIRE(target.resumed.step == 2);
}

TEST_CASE_METHOD(Fixture, "Stop replies carry the watchpoint and its address", "[gdb_server]") {
    StopReason watch;
    watch.thread = 2;
    watch.cause = StopReason::Cause::Watch;
    watch.address = 0x1008;
    auto served = serve(watch);
    REQUIRE(gdb->ask("?") == "T05watch:1008;thread:2;");
    gdb->send("c");
    outcome(served);
    watch.cause = StopReason::Cause::ReadWatch;
    served = serve(watch);
    REQUIRE(gdb->receive() == "T05rwatch:1008;thread:2;");
    gdb->send("c");
    outcome(served);
    watch.cause = StopReason::Cause::AccessWatch;
    served = serve(watch);
    REQUIRE(gdb->receive() == "T05awatch:1008;thread:2;");
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "Ctrl-C while running is seen by polling: the stop reply is T02",
                 "[gdb_server]") {
    auto served = serve();
    gdb->send("c");
    outcome(served);
    REQUIRE_FALSE(server.interrupt_requested());
    gdb->raw("\x03");
    bool seen = false;
    for (int i = 0; i < 500 && !seen; ++i) {
        seen = server.interrupt_requested();
        if (!seen) ::usleep(1000);
    }
    REQUIRE(seen);
    StopReason interrupt;
    interrupt.signal = kSigInt;
    interrupt.thread = 1;
    served = serve(interrupt);
    REQUIRE(gdb->receive() == "T02thread:1;");
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "The end of the run: W with the exit code", "[gdb_server]") {
    auto served = serve();
    gdb->send("c");
    outcome(served);
    StopReason end;
    end.kind = StopReason::Kind::Exited;
    end.exit_code = 42;
    auto finished = std::async(std::launch::async, [&] { server.finish(end); });
    REQUIRE(gdb->receive() == "W2a");
    finished.get();
    REQUIRE(gdb->closed());
    REQUIRE_FALSE(server.connected());
}

TEST_CASE_METHOD(Fixture, "A run killed by a limit ends with X", "[gdb_server]") {
    auto served = serve();
    gdb->send("vCont;c");
    outcome(served);
    StopReason end;
    end.kind = StopReason::Kind::Terminated;
    end.signal = kSigXcpu;
    auto finished = std::async(std::launch::async, [&] { server.finish(end); });
    REQUIRE(gdb->receive() == "X18");
    finished.get();
}

TEST_CASE_METHOD(Fixture, "The target description comes in pieces and escaped", "[gdb_server]") {
    auto served = serve();
    const std::string xml = target.xml;
    std::string got;
    for (size_t offset = 0;; offset += 16) {
        const std::string reply =
            gdb->ask("qXfer:features:read:target.xml:" + hex_number(offset) + ",10");
        REQUIRE((reply[0] == 'm' || reply[0] == 'l'));
        std::string part;
        REQUIRE(unescape_binary(reply.substr(1), part));
        got += part;
        if (reply[0] == 'l') break;
        REQUIRE(offset < xml.size());
    }
    REQUIRE(got == xml);
    REQUIRE(gdb->ask("qXfer:features:read:other.xml:0,10") == "E00");
    REQUIRE(gdb->ask("qXfer:auxv:read::0,10") == "");
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "QStartNoAckMode: acknowledgements stop after its OK", "[gdb_server]") {
    auto served = serve();
    REQUIRE(gdb->ask("QStartNoAckMode") == "OK");
    gdb->acking = false;
    REQUIRE(gdb->ask("m1000,2") == "0000");
    REQUIRE(gdb->ask("qC") == "QC1");
    gdb->send("c");
    REQUIRE(outcome(served) == GdbServer::Outcome::Resumed);
}

TEST_CASE_METHOD(Fixture, "A packet with a bad checksum is refused with '-' and sent again",
                 "[gdb_server]") {
    auto served = serve();
    gdb->raw("$qC#00");
    REQUIRE(gdb->byte() == '-');
    REQUIRE(gdb->ask("qC") == "QC1");
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "monitor: the output in O packets and then OK", "[gdb_server]") {
    auto served = serve();
    gdb->send("qRcmd," + to_hex("stats cpu0."));
    REQUIRE(gdb->receive() == "O" + to_hex("did stats cpu0.\n"));
    REQUIRE(gdb->receive() == "OK");
    REQUIRE(target.last_monitor == "stats cpu0.");
    gdb->send("qRcmd," + to_hex("big")); // more than a packet holds
    std::string out;
    for (std::string r; (r = gdb->receive()) != "OK";) {
        REQUIRE(r[0] == 'O');
        REQUIRE(r.size() <= GdbServer::kPacketSize);
        out += r.substr(1);
    }
    REQUIRE(out == to_hex(std::string(20000, 'x')));
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "Threads: the list, which are alive, their descriptions",
                 "[gdb_server]") {
    auto served = serve();
    REQUIRE(gdb->ask("qfThreadInfo") == "m1,2");
    REQUIRE(gdb->ask("qsThreadInfo") == "l");
    REQUIRE(gdb->ask("T2") == "OK");
    REQUIRE(gdb->ask("T3") == "E01");
    REQUIRE(gdb->ask("Tp1.2") == "OK"); // the multiprocess form
    REQUIRE(gdb->ask("qThreadExtraInfo,2") == to_hex("cpu1"));
    REQUIRE(gdb->ask("Hc-1") == "OK");
    gdb->send("c");
    outcome(served);
}

TEST_CASE_METHOD(Fixture, "k kills the target and the connection closes", "[gdb_server]") {
    auto served = serve();
    gdb->send("k");
    REQUIRE(outcome(served) == GdbServer::Outcome::Killed);
    REQUIRE(target.kills == 1);
    REQUIRE(gdb->closed());
    REQUIRE_FALSE(server.connected());
}

TEST_CASE_METHOD(Fixture, "vKill answers OK and kills", "[gdb_server]") {
    auto served = serve();
    REQUIRE(gdb->ask("vKill;1") == "OK");
    REQUIRE(outcome(served) == GdbServer::Outcome::Killed);
    REQUIRE(target.kills == 1);
}

TEST_CASE_METHOD(Fixture, "A gdb that hangs up counts as a detach", "[gdb_server]") {
    auto served = serve();
    REQUIRE(gdb->ask("qC") == "QC1");
    gdb.reset();
    REQUIRE(outcome(served) == GdbServer::Outcome::Detached);
    REQUIRE(target.detaches == 1);
    REQUIRE_FALSE(server.connected());
}
