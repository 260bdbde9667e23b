#include "gdb_server.h"

#include <algorithm>
#include <vector>

namespace fireplane::gdb {

namespace {

// A packet's name: up to ':', ',' or ';' for the named ones (q, Q, v), else
// its first character. The arguments follow the separator.
void split_packet(const std::string& packet, std::string_view& name, std::string_view& arguments) {
    const std::string_view p(packet);
    if (p.empty()) {
        name = arguments = {};
        return;
    }
    if (p[0] != 'q' && p[0] != 'Q' && p[0] != 'v') {
        name = p.substr(0, 1);
        arguments = p.substr(1);
        return;
    }
    const size_t end = p.find_first_of(":,;");
    name = p.substr(0, end);
    arguments = end == std::string_view::npos ? std::string_view() : p.substr(end + 1);
}

// "ADDR,LENGTH" (hex), the rest after `stop` (':' or ';') left in `rest`.
bool parse_range(std::string_view text, uint64_t& address, uint64_t& length,
                 std::string_view* rest = nullptr, char stop = ':') {
    const size_t comma = text.find(',');
    if (comma == std::string_view::npos) return false;
    const size_t end = text.find(stop, comma);
    if (!parse_hex_number(text.substr(0, comma), address)) return false;
    if (!parse_hex_number(
            text.substr(comma + 1, end == std::string_view::npos ? end : end - comma - 1), length))
        return false;
    if (rest) *rest = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
    return true;
}

std::string two_digits(unsigned value) {
    static constexpr char kDigits[] = "0123456789abcdef";
    return {kDigits[(value >> 4) & 15], kDigits[value & 15]};
}

const std::string kError = "E01";
const std::string kOk = "OK";

} // namespace

const GdbServer::Command GdbServer::kCommands[] = {
    {"?", &GdbServer::query_stop},
    {"g", &GdbServer::read_registers},
    {"G", &GdbServer::write_registers},
    {"p", &GdbServer::read_register},
    {"P", &GdbServer::write_register},
    {"m", &GdbServer::read_memory},
    {"M", &GdbServer::write_memory},
    {"X", &GdbServer::write_memory_binary},
    {"c", &GdbServer::continue_all},
    {"C", &GdbServer::continue_signal},
    {"s", &GdbServer::step},
    {"S", &GdbServer::step_signal},
    {"vCont?", &GdbServer::vcont_actions},
    {"vCont", &GdbServer::vcont},
    {"Z", &GdbServer::insert_breakpoint},
    {"z", &GdbServer::remove_breakpoint},
    {"H", &GdbServer::set_thread},
    {"T", &GdbServer::thread_alive},
    {"D", &GdbServer::detach},
    {"k", &GdbServer::kill},
    {"vKill", &GdbServer::vkill},
    {"qSupported", &GdbServer::supported},
    {"QStartNoAckMode", &GdbServer::no_ack_mode},
    {"qXfer", &GdbServer::transfer},
    {"qfThreadInfo", &GdbServer::first_threads},
    {"qsThreadInfo", &GdbServer::more_threads},
    {"qC", &GdbServer::current_thread_query},
    {"qAttached", &GdbServer::attached},
    {"qThreadExtraInfo", &GdbServer::thread_extra_info},
    {"qRcmd", &GdbServer::monitor_command},
};

GdbServer::GdbServer(DebugTarget& target) : target_(target) {}

void GdbServer::connect(int fd) {
    connection_ = std::make_unique<RspConnection>(fd);
    running_ = false;
    general_thread_ = 0;
    break_causes_ = false;
}

GdbServer::Outcome GdbServer::serve(const StopReason& why) {
    last_stop_ = why;
    general_thread_ = 0;
    outcome_.reset();
    if (running_ && connected()) connection_->send(stop_reply(why));
    running_ = false;
    while (!outcome_) {
        std::optional<std::string> packet;
        if (connected()) packet = connection_->read_packet();
        if (!packet) { // gdb has gone: as if it had detached
            target_.detach();
            connection_.reset();
            return Outcome::Detached;
        }
        const std::optional<std::string> reply = dispatch(*packet);
        if (reply) connection_->send(*reply);
        if (no_ack_after_reply_) {
            no_ack_after_reply_ = false;
            connection_->stop_acknowledging();
        }
    }
    if (*outcome_ == Outcome::Resumed)
        running_ = true;
    else
        connection_.reset(); // detached or killed: gdb is done with us
    return *outcome_;
}

bool GdbServer::interrupt_requested() {
    return connected() && connection_->poll_interrupt();
}

void GdbServer::finish(const StopReason& end) {
    if (connected() && running_) connection_->send(stop_reply(end));
    running_ = false;
    connection_.reset();
}

std::optional<std::string> GdbServer::dispatch(const std::string& packet) {
    std::string_view name, arguments;
    split_packet(packet, name, arguments);
    for (const Command& c : kCommands)
        if (c.name == name) return (this->*c.handle)(arguments);
    return std::string(); // not supported
}

std::string GdbServer::stop_reply(const StopReason& reason) const {
    using Kind = StopReason::Kind;
    using Cause = StopReason::Cause;
    if (reason.kind == Kind::Exited) return "W" + two_digits(unsigned(reason.exit_code) & 0xff);
    if (reason.kind == Kind::Terminated) return "X" + two_digits(unsigned(reason.signal));
    std::string reply = "T" + two_digits(unsigned(reason.signal));
    switch (reason.cause) {
    case Cause::SoftwareBreak:
        if (break_causes_) reply += "swbreak:;";
        break;
    case Cause::HardwareBreak:
        if (break_causes_) reply += "hwbreak:;";
        break;
    case Cause::Watch: reply += "watch:" + hex_number(reason.address) + ";"; break;
    case Cause::ReadWatch: reply += "rwatch:" + hex_number(reason.address) + ";"; break;
    case Cause::AccessWatch: reply += "awatch:" + hex_number(reason.address) + ";"; break;
    case Cause::None: break;
    }
    if (reason.thread > 0) reply += "thread:" + hex_number(uint64_t(reason.thread)) + ";";
    return reply;
}

ThreadId GdbServer::current_thread() const {
    if (general_thread_ > 0) return general_thread_;
    if (last_stop_.thread > 0) return last_stop_.thread;
    const std::vector<ThreadId> all = target_.threads();
    return all.empty() ? 1 : all.front();
}

bool GdbServer::parse_thread(std::string_view text, ThreadId& thread) const {
    const size_t dot = text.find('.'); // multiprocess form pPID.TID
    if (!text.empty() && text[0] == 'p' && dot != std::string_view::npos)
        text = text.substr(dot + 1);
    if (text == "-1") {
        thread = -1;
        return true;
    }
    uint64_t value;
    if (!parse_hex_number(text, value) || value > uint64_t(INT64_MAX)) return false;
    thread = ThreadId(value);
    return true;
}

bool GdbServer::alive(ThreadId thread) {
    const std::vector<ThreadId> all = target_.threads();
    return std::find(all.begin(), all.end(), thread) != all.end();
}

std::optional<std::string> GdbServer::hand_over(Outcome outcome, const ResumeRequest& request) {
    outcome_ = outcome;
    switch (outcome) {
    case Outcome::Resumed: target_.resume(request); break;
    case Outcome::Detached: target_.detach(); break;
    case Outcome::Killed: target_.kill(); break;
    }
    return std::nullopt;
}

// ---- stop state and registers ----

std::optional<std::string> GdbServer::query_stop(std::string_view) {
    return stop_reply(last_stop_);
}

std::optional<std::string> GdbServer::read_registers(std::string_view) {
    const ThreadId thread = current_thread();
    std::string reply;
    std::vector<uint8_t> bytes;
    const unsigned count = target_.register_count();
    for (unsigned r = 0; r < count; ++r) {
        bytes.assign(target_.register_size(r), 0);
        if (target_.read_register(thread, r, bytes.data()))
            reply += to_hex(bytes.data(), bytes.size());
        else
            reply.append(2 * bytes.size(), 'x');
    }
    return reply;
}

std::optional<std::string> GdbServer::write_registers(std::string_view arguments) {
    const ThreadId thread = current_thread();
    std::vector<uint8_t> all, now;
    if (!from_hex(arguments, all)) return kError;
    bool ok = true;
    size_t offset = 0;
    const unsigned count = target_.register_count();
    for (unsigned r = 0; r < count && offset < all.size(); ++r) {
        const unsigned size = target_.register_size(r);
        if (offset + size > all.size()) return kError;
        const uint8_t* value = all.data() + offset;
        offset += size;
        // gdb writes every register back; one it cannot write is fine unchanged.
        now.assign(size, 0);
        if (target_.read_register(thread, r, now.data()) &&
            std::equal(now.begin(), now.end(), value))
            continue;
        ok &= target_.write_register(thread, r, value);
    }
    return ok ? kOk : kError;
}

std::optional<std::string> GdbServer::read_register(std::string_view arguments) {
    uint64_t r;
    if (!parse_hex_number(arguments, r) || r >= target_.register_count()) return kError;
    std::vector<uint8_t> bytes(target_.register_size(unsigned(r)));
    if (!target_.read_register(current_thread(), unsigned(r), bytes.data()))
        return std::string(2 * bytes.size(), 'x');
    return to_hex(bytes.data(), bytes.size());
}

std::optional<std::string> GdbServer::write_register(std::string_view arguments) {
    const size_t eq = arguments.find('=');
    uint64_t r;
    std::vector<uint8_t> bytes;
    if (eq == std::string_view::npos || !parse_hex_number(arguments.substr(0, eq), r) ||
        r >= target_.register_count() || !from_hex(arguments.substr(eq + 1), bytes) ||
        bytes.size() != target_.register_size(unsigned(r)))
        return kError;
    return target_.write_register(current_thread(), unsigned(r), bytes.data()) ? kOk : kError;
}

// ---- memory ----

std::optional<std::string> GdbServer::read_memory(std::string_view arguments) {
    uint64_t address, length;
    if (!parse_range(arguments, address, length)) return kError;
    length = std::min<uint64_t>(length, kPacketSize / 2 - 8);
    if (length == 0) return std::string(); // nothing to read: no buffer for the target
    std::vector<uint8_t> bytes(length);
    const size_t n = target_.read_memory(current_thread(), address, bytes.data(), length);
    if (n == 0 && length > 0) return kError;
    return to_hex(bytes.data(), n);
}

std::optional<std::string> GdbServer::write_memory(std::string_view arguments) {
    uint64_t address, length;
    std::string_view data;
    std::vector<uint8_t> bytes;
    if (!parse_range(arguments, address, length, &data) || !from_hex(data, bytes) ||
        bytes.size() != length)
        return kError;
    if (length == 0) return kOk; // nothing to write: no buffer for the target
    return target_.write_memory(current_thread(), address, bytes.data(), bytes.size()) ? kOk
                                                                                       : kError;
}

std::optional<std::string> GdbServer::write_memory_binary(std::string_view arguments) {
    uint64_t address, length;
    std::string_view data;
    std::string bytes;
    if (!parse_range(arguments, address, length, &data) || !unescape_binary(data, bytes) ||
        bytes.size() != length)
        return kError;
    if (length == 0) return kOk; // gdb's probe for X
    return target_.write_memory(current_thread(), address,
                                reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())
               ? kOk
               : kError;
}

// ---- running ----

// Resuming at another address (c ADDR, s ADDR) is not supported; gdb writes
// the PC instead.
std::optional<std::string> GdbServer::continue_all(std::string_view arguments) {
    if (!arguments.empty()) return kError;
    return hand_over(Outcome::Resumed, {});
}

std::optional<std::string> GdbServer::step(std::string_view arguments) {
    if (!arguments.empty()) return kError;
    return hand_over(Outcome::Resumed, {current_thread()});
}

// The signal is not delivered: gdb passes none of the stops it sees here.
std::optional<std::string> GdbServer::continue_signal(std::string_view arguments) {
    if (arguments.find(';') != std::string_view::npos) return kError;
    return hand_over(Outcome::Resumed, {});
}

std::optional<std::string> GdbServer::step_signal(std::string_view arguments) {
    if (arguments.find(';') != std::string_view::npos) return kError;
    return hand_over(Outcome::Resumed, {current_thread()});
}

std::optional<std::string> GdbServer::vcont_actions(std::string_view) {
    return std::string("vCont;c;C;s;S");
}

// vCont;ACTION[:THREAD];...: every thread runs; the first thread given a step
// (or the current one, for a step without a thread) stops after one instruction.
std::optional<std::string> GdbServer::vcont(std::string_view arguments) {
    ResumeRequest request;
    while (!arguments.empty()) {
        const size_t semicolon = arguments.find(';');
        std::string_view action = arguments.substr(0, semicolon);
        arguments = semicolon == std::string_view::npos ? std::string_view()
                                                        : arguments.substr(semicolon + 1);
        ThreadId thread = -1;
        const size_t colon = action.find(':');
        if (colon != std::string_view::npos) {
            if (!parse_thread(action.substr(colon + 1), thread)) return kError;
            action = action.substr(0, colon);
        }
        if (action.empty()) return kError;
        const char kind = action[0];
        if (kind != 'c' && kind != 'C' && kind != 's' && kind != 'S') return kError;
        if ((kind == 'c' || kind == 's') && action.size() != 1) return kError;
        if ((kind == 's' || kind == 'S') && request.step == 0)
            request.step = thread > 0 ? thread : current_thread();
    }
    return hand_over(Outcome::Resumed, request);
}

std::optional<std::string> GdbServer::breakpoint(std::string_view arguments, bool insert) {
    // TYPE,ADDR,KIND[;conditions...]: conditions are gdb's to evaluate.
    const size_t comma = arguments.find(',');
    uint64_t type, address, length;
    if (comma == std::string_view::npos || !parse_hex_number(arguments.substr(0, comma), type))
        return kError;
    if (type > uint64_t(BreakpointType::Access)) return std::string(); // not supported
    if (!parse_range(arguments.substr(comma + 1), address, length, nullptr, ';')) return kError;
    return target_.set_breakpoint(BreakpointType(type), address, length, insert) ? kOk : kError;
}

std::optional<std::string> GdbServer::insert_breakpoint(std::string_view arguments) {
    return breakpoint(arguments, true);
}

std::optional<std::string> GdbServer::remove_breakpoint(std::string_view arguments) {
    return breakpoint(arguments, false);
}

// ---- threads ----

std::optional<std::string> GdbServer::set_thread(std::string_view arguments) {
    ThreadId thread;
    if (arguments.empty() || !parse_thread(arguments.substr(1), thread)) return kError;
    if (thread > 0 && !alive(thread)) return kError;
    if (arguments[0] == 'g') general_thread_ = thread > 0 ? thread : 0;
    return kOk; // Hc: each resume packet names its threads
}

std::optional<std::string> GdbServer::thread_alive(std::string_view arguments) {
    ThreadId thread;
    return parse_thread(arguments, thread) && thread > 0 && alive(thread) ? kOk : kError;
}

std::optional<std::string> GdbServer::first_threads(std::string_view) {
    std::string reply;
    for (ThreadId t : target_.threads())
        reply += (reply.empty() ? "m" : ",") + hex_number(uint64_t(t));
    return reply.empty() ? "l" : reply;
}

std::optional<std::string> GdbServer::more_threads(std::string_view) {
    return std::string("l");
}

std::optional<std::string> GdbServer::current_thread_query(std::string_view) {
    return "QC" + hex_number(uint64_t(current_thread()));
}

std::optional<std::string> GdbServer::thread_extra_info(std::string_view arguments) {
    ThreadId thread;
    if (!parse_thread(arguments, thread) || thread <= 0) return kError;
    return to_hex(target_.thread_description(thread));
}

// ---- the session ----

std::optional<std::string> GdbServer::detach(std::string_view) {
    connection_->send(kOk);
    return hand_over(Outcome::Detached, {});
}

std::optional<std::string> GdbServer::kill(std::string_view) {
    return hand_over(Outcome::Killed, {});
}

std::optional<std::string> GdbServer::vkill(std::string_view) {
    connection_->send(kOk);
    return hand_over(Outcome::Killed, {});
}

// The target was there before gdb: quitting gdb detaches, and the run goes on.
std::optional<std::string> GdbServer::attached(std::string_view) {
    return std::string("1");
}

std::optional<std::string> GdbServer::supported(std::string_view arguments) {
    // swbreak/hwbreak stop reasons only for a gdb that understands them.
    const std::string features = ";" + std::string(arguments) + ";";
    break_causes_ = features.find(";swbreak+;") != std::string::npos;
    return "PacketSize=" + hex_number(kPacketSize) +
           ";qXfer:features:read+;QStartNoAckMode+;vContSupported+;swbreak+;hwbreak+";
}

std::optional<std::string> GdbServer::no_ack_mode(std::string_view) {
    no_ack_after_reply_ = true; // this reply is still acknowledged
    return kOk;
}

// qXfer:features:read:ANNEX:OFFSET,LENGTH; only target.xml exists.
std::optional<std::string> GdbServer::transfer(std::string_view arguments) {
    constexpr std::string_view kFeatures = "features:read:";
    if (arguments.substr(0, kFeatures.size()) != kFeatures) return std::string();
    arguments.remove_prefix(kFeatures.size());
    const size_t colon = arguments.find(':');
    uint64_t offset, length;
    if (colon == std::string_view::npos ||
        !parse_range(arguments.substr(colon + 1), offset, length))
        return kError;
    if (arguments.substr(0, colon) != "target.xml") return std::string("E00");
    const std::string xml = target_.target_xml();
    if (offset >= xml.size()) return std::string("l");
    length = std::min<uint64_t>(length, kPacketSize / 2 - 1); // escaped, it may double
    const std::string part = xml.substr(offset, length);
    return (offset + part.size() >= xml.size() ? "l" : "m") + escape_binary(part);
}

// qRcmd,HEX: the output goes as O packets before the final OK.
std::optional<std::string> GdbServer::monitor_command(std::string_view arguments) {
    std::vector<uint8_t> bytes;
    if (!from_hex(arguments, bytes)) return kError;
    const std::string output = target_.monitor(std::string(bytes.begin(), bytes.end()));
    constexpr size_t kChunk = kPacketSize / 2 - 8;
    for (size_t at = 0; at < output.size(); at += kChunk)
        connection_->send("O" + to_hex(std::string_view(output).substr(at, kChunk)));
    return kOk;
}

} // namespace fireplane::gdb
