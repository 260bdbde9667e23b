#include "mmio_driver.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {
bool g_stopped = false;     // sc_stop() was called
bool g_powered_off = false; // by a PowerSwitch allowed to
} // namespace

// A device ends the simulation with sc_stop() when the guest powers the
// machine off. A fuzz process must go on simulating, and SystemC cannot start
// again after a stop, so this definition takes the place of SystemC's: the
// driver ends the input instead.
void sc_core::sc_stop() {
    g_stopped = true;
}

namespace fireplane::fuzz {

namespace {

using sc_core::SC_MS;
using sc_core::SC_NS;
using sc_core::SC_SEC;
using sc_core::sc_time;
using sc_core::SC_US;

constexpr tlm::tlm_command kCommands[4] = {tlm::TLM_READ_COMMAND, tlm::TLM_WRITE_COMMAND,
                                           tlm::TLM_IGNORE_COMMAND, tlm::TLM_READ_COMMAND};
constexpr unsigned kReadTwice = 3;
constexpr unsigned kLengths[16] = {1, 2, 4, 8, 1, 2, 4, 8, 1, 2, 4, 8, 3, 6, 16, 64};
const sc_time kTimes[8] = {sc_core::SC_ZERO_TIME, sc_time(10, SC_NS), sc_time(1, SC_US),
                           sc_time(100, SC_US),   sc_time(10, SC_MS), sc_time(100, SC_MS),
                           sc_time(500, SC_MS),   sc_time(1, SC_SEC)};
constexpr uint64_t kSlack = 16; // bytes reached before and after a window
const sc_time kInputTime(2, SC_SEC);
const sc_time kClockLimit(100 * 86400.0, SC_SEC);

const char* response_name(tlm::tlm_response_status s) {
    switch (s) {
    case tlm::TLM_OK_RESPONSE: return "OK";
    case tlm::TLM_INCOMPLETE_RESPONSE: return "INCOMPLETE";
    case tlm::TLM_GENERIC_ERROR_RESPONSE: return "GENERIC_ERROR";
    case tlm::TLM_ADDRESS_ERROR_RESPONSE: return "ADDRESS_ERROR";
    case tlm::TLM_COMMAND_ERROR_RESPONSE: return "COMMAND_ERROR";
    case tlm::TLM_BURST_ERROR_RESPONSE: return "BURST_ERROR";
    case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE: return "BYTE_ENABLE_ERROR";
    }
    return "not a response status";
}

} // namespace

struct MmioDriver::Access {
    const MmioWindow* window;
    unsigned op;
    tlm::tlm_command command;
    bool twice, debug, annotated;
    uint64_t address;
    unsigned length, streaming_width;
    std::vector<uint8_t> byte_enables; // empty: none
    uint8_t pattern[8];
    sc_time time;

    Access(const std::vector<MmioWindow>& windows, const uint8_t* r)
        : window(&windows[r[0] % windows.size()]), op(r[1] & 3), command(kCommands[op]),
          twice(op == kReadTwice), debug(r[1] & 4), annotated(r[1] & 16), time(kTimes[r[1] >> 5]) {
        const uint32_t raw = uint32_t(r[3] | r[4] << 8 | r[5] << 16 | uint32_t(r[6]) << 24);
        address = window->base - kSlack + raw % (window->size + 2 * kSlack);
        length = kLengths[r[2] & 15];
        const unsigned widths[4] = {length, std::max(1u, length / 2), 1, length + 1};
        streaming_width = widths[(r[2] >> 4) & 3];
        std::copy(r + 7, r + 15, pattern);
        if ((r[1] & 8) && !debug) // a debugger's access is plain bytes
            for (unsigned i = 0; i < std::min(length, 8u); ++i)
                byte_enables.push_back((r[15] >> i) & 1 ? TLM_BYTE_ENABLED : TLM_BYTE_DISABLED);
        if (debug) streaming_width = length;
    }
};

[[noreturn]] static void fail(const MmioWindow& w, uint64_t address, const std::string& what) {
    std::fprintf(stderr, "mmio: window %s (base %#llx), address %#llx: %s\n", w.name,
                 static_cast<unsigned long long>(w.base), static_cast<unsigned long long>(address),
                 what.c_str());
    std::abort();
}

MmioDriver::MmioDriver(sc_core::sc_module_name name) : sc_module(name) {
    using sc_core::sc_report_handler;
    sc_report_handler::set_actions(sc_core::SC_ERROR, sc_core::SC_DISPLAY | sc_core::SC_ABORT);
    sc_report_handler::set_actions(sc_core::SC_FATAL, sc_core::SC_DISPLAY | sc_core::SC_ABORT);
    sc_report_handler::set_actions(sc_core::SC_WARNING, sc_core::SC_DO_NOTHING);
    sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
}

size_t MmioDriver::connect(TargetPort& target) {
    socket_.bind(target);
    return bindings_++;
}

void MmioDriver::allow_power_off(PowerSwitch& power) {
    power.on_poweroff([](int) { g_powered_off = true; });
}

void MmioDriver::add_feed(const char* name, std::function<void(const uint8_t*)> feed) {
    windows_.push_back(MmioWindow{name, 0, 0, 1, false, false, std::move(feed)});
}

void InterruptLines::set_level(unsigned ino, bool asserted) {
    const auto it = levels_.find(ino);
    if ((it == levels_.end() && !asserted) || (it != levels_.end() && it->second == asserted)) {
        std::fprintf(stderr, "mmio: interrupt %u reported %s again\n", ino,
                     asserted ? "asserted" : "deasserted");
        std::abort();
    }
    levels_[ino] = asserted;
}

void MmioDriver::start(Reset reset) {
    reset_ = reset;
    sc_core::sc_start(sc_core::SC_ZERO_TIME);
    if (reset_ == Reset::Never) return;
    for (const CheckpointRegistry::Section& s : CheckpointRegistry::current().sections()) {
        snapshot_.emplace_back();
        StateIo io = StateIo::writer(s.name, snapshot_.back(), s.version);
        s.model->checkpoint(io);
    }
}

// As live points restore a machine that has run (Checkpointable::unschedule).
void MmioDriver::reset() {
    input_time_ = sc_core::SC_ZERO_TIME;
    if (reset_ == Reset::Never) return;
    const auto& sections = CheckpointRegistry::current().sections();
    for (const CheckpointRegistry::Section& s : sections)
        s.model->unschedule();
    for (size_t i = 0; i < sections.size(); ++i) {
        StateIo io = StateIo::reader(sections[i].name, snapshot_.at(i), sections[i].version);
        sections[i].model->checkpoint(io);
    }
    for (const CheckpointRegistry::Section& s : sections)
        s.model->restored();
}

void MmioDriver::run(const uint8_t* data, size_t size) {
    reset();
    for (size_t at = 0; at + kRecordBytes <= size && !windows_.empty(); at += kRecordBytes) {
        const uint8_t* record = data + at;
        const MmioWindow& w = windows_[record[0] % windows_.size()];
        if (w.feed) {
            w.feed(record);
            continue;
        }
        const Access a(windows_, record);
        perform(a);
        if (!a.annotated) advance(a.time);
        if (g_stopped) { // the machine is off: the rest of the input never runs
            if (!g_powered_off) fail(*a.window, a.address, "sc_stop() without a power-off");
            g_stopped = g_powered_off = false;
            return;
        }
    }
}

tlm::tlm_response_status MmioDriver::transport(const Access& a, std::vector<uint8_t>& data,
                                               unsigned& debug_bytes) {
    tlm::tlm_generic_payload gp;
    gp.set_command(a.command);
    gp.set_address(a.address);
    gp.set_data_ptr(data.data());
    gp.set_data_length(a.length);
    gp.set_streaming_width(a.streaming_width);
    std::vector<uint8_t> enables = a.byte_enables; // the target may not keep a pointer to ours
    if (!enables.empty()) {
        gp.set_byte_enable_ptr(enables.data());
        gp.set_byte_enable_length(unsigned(enables.size()));
    }
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    const int port = int(a.window->port);
    if (a.debug) {
        debug_bytes = socket_[port]->transport_dbg(gp);
        return gp.get_response_status();
    }
    sc_time delay = a.annotated ? a.time : sc_core::SC_ZERO_TIME;
    socket_[port]->b_transport(gp, delay);
    return gp.get_response_status();
}

void MmioDriver::check(const Access& a, tlm::tlm_response_status status) const {
    if (a.debug) return; // debug transport answers with a byte count
    switch (status) {
    case tlm::TLM_OK_RESPONSE:
    case tlm::TLM_ADDRESS_ERROR_RESPONSE:
    case tlm::TLM_COMMAND_ERROR_RESPONSE:
    case tlm::TLM_BURST_ERROR_RESPONSE:
    case tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE: return;
    case tlm::TLM_GENERIC_ERROR_RESPONSE:
        if (a.window->generic_errors) return;
        break;
    case tlm::TLM_INCOMPLETE_RESPONSE: break;
    }
    fail(*a.window, a.address, std::string("b_transport answered ") + response_name(status));
}

// A write carries the record's 8 bytes repeated; a read starts from 0xee.
void MmioDriver::perform(const Access& a) {
    std::vector<uint8_t> first(a.length, 0xee);
    if (a.command == tlm::TLM_WRITE_COMMAND)
        for (unsigned i = 0; i < a.length; ++i)
            first[i] = a.pattern[i % 8];
    unsigned moved = 0;
    const tlm::tlm_response_status status = transport(a, first, moved);
    check(a, status);
    if (a.debug && moved > a.length)
        fail(*a.window, a.address, "debug transport moved more bytes than asked");
    if (!a.twice || g_stopped) return;

    std::vector<uint8_t> second(a.length, 0xee);
    unsigned moved_again = 0;
    const tlm::tlm_response_status again = transport(a, second, moved_again);
    check(a, again);
    if (a.debug) {
        if (moved_again != moved ||
            !std::equal(first.begin(), first.begin() + moved, second.begin()))
            fail(*a.window, a.address, "two debug reads in a row disagree");
    } else if (a.window->pure_reads && (again != status || first != second)) {
        fail(*a.window, a.address, "two reads in a row disagree, and reads have no side effect");
    }
}

void MmioDriver::advance(const sc_time& step) {
    if (step == sc_core::SC_ZERO_TIME || input_time_ + step > kInputTime ||
        sc_core::sc_time_stamp() + step > kClockLimit)
        return;
    input_time_ += step;
    sc_core::sc_start(step);
}

} // namespace fireplane::fuzz
