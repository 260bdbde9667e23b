#pragma once
// Random MMIO for the register-file fuzz targets (device_mmio, firelink_mmio,
// sabre_mmio, fw_cfg). A target builds its devices once (a process can
// elaborate SystemC only once), binds their sockets to an MmioDriver, names
// their register windows, and hands each input to run(): 16-byte records,
// one access each (a partial record at the end is ignored):
//
//   byte 0      the window: an index into the target's table (modulo its size);
//               a feed window (add_feed) takes the whole record instead
//   byte 1      bits 1:0  read, write, ignore, or read twice in a row
//               bit 2     through debug transport instead of b_transport
//               bit 3     with byte enables: byte 15's bits, repeating every 8 bytes
//               bit 4     the time below is the access's annotated delay (the
//                         initiator runs ahead) instead of time the kernel runs after it
//               bits 7:5  time: none, 10 ns, 1 us, 100 us, 10 ms, 100 ms, 500 ms, 1 s
//   byte 2      bits 3:0  data length: 1, 2, 4, 8 (three times), then 3, 6, 16, 64
//               bits 5:4  streaming width: the length, half of it, 1, the length + 1
//   bytes 3-6   address, little-endian: the window's base - 16 + this modulo
//               (size + 32), so the 16 bytes either side of it are reached too
//   bytes 7-14  what a write carries, repeated to the length
//   byte 15     byte enables
// A debug access carries neither byte enables nor a streaming width: a debugger's is plain bytes.
//
// What must hold besides "no crash, no sanitizer report": no SC_REPORT_ERROR
// or FATAL (they abort here); b_transport answers every access with a response
// the base protocol defines other than INCOMPLETE (GENERIC_ERROR only from a
// window whose device documents it); a debug read moves at most the bytes
// asked, and a second debug read agrees with the first (debug access has no
// side effects); a read twice in a row of a window whose device says its reads
// have no side effect agrees. A device's sc_stop() ends the input: only a
// PowerSwitch's power-off may call it (mmio_driver.cpp replaces sc_stop).
//
// With Reset::EachInput, every checkpoint section (CheckpointRegistry::current())
// is restored before each input to what it held after elaboration, so a
// Checkpointable device starts each input as built; others keep their state.
// Simulated time only grows: at most 2 s per input, and none once the clock
// passes 100 days (a picosecond sc_time ends after 213).
#include "models/common/roles.h"

#include "core/checkpoint/checkpointable.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace fireplane::fuzz {

// A register window accesses can go to.
struct MmioWindow {
    const char* name;
    size_t port;         // the driver's socket it goes through (from connect())
    uint64_t base;       // its first address on that socket
    uint64_t size;       // bytes it decodes
    bool pure_reads;     // the device documents reads without side effects
    bool generic_errors; // the device answers some accesses with GENERIC_ERROR, as documented
    std::function<void(const uint8_t* record)> feed = nullptr; // add_feed's
};

// The interrupt controller of a target's devices: checks the contract of
// models/common/interrupts.h, that a device reports a level only when it
// changes. A checkpoint section, so the driver's reset restores it with them.
class InterruptLines : public InterruptInput, public Checkpointable {
public:
    void set_level(unsigned ino, bool asserted) override;
    void checkpoint(StateIo& io) override { io(levels_); }

private:
    std::map<unsigned, bool> levels_;
    CheckpointSection section_{"fuzz.interrupt_lines", 1, *this};
};

class MmioDriver : public sc_core::sc_module {
public:
    static constexpr size_t kRecordBytes = 16;

    // Makes SC_REPORT_ERROR and FATAL abort the process and silences warnings
    // (refusals a device reports).
    explicit MmioDriver(sc_core::sc_module_name name);

    // Binds the driver's socket to `target`; windows name the binding by this index.
    size_t connect(TargetPort& target);
    void add_window(const MmioWindow& window) { windows_.push_back(window); }
    // Lets `power` end an input: its power-off is the one sc_stop() expected.
    void allow_power_off(PowerSwitch& power);

    // Whether each input starts from the checkpoint sections' state after
    // elaboration, or from where the last one left the devices.
    enum class Reset { EachInput, Never };
    // Records of this window call `feed` with the record instead of an access:
    // input from elsewhere than the guest (a bus transaction a monitor sees).
    void add_feed(const char* name, std::function<void(const uint8_t* record)> feed);

    // After elaboration: starts the simulation (SC_ZERO_TIME) and, for
    // Reset::EachInput, keeps every checkpoint section's state.
    void start(Reset reset);
    void run(const uint8_t* data, size_t size);

private:
    struct Access; // one decoded record
    void reset();
    void perform(const Access& a);
    tlm::tlm_response_status transport(const Access& a, std::vector<uint8_t>& data,
                                       unsigned& debug_bytes);
    void check(const Access& a, tlm::tlm_response_status status) const;
    void advance(const sc_core::sc_time& step);

    tlm_utils::multi_passthrough_initiator_socket<MmioDriver> socket_{"socket"};
    size_t bindings_ = 0;
    std::vector<MmioWindow> windows_;
    Reset reset_ = Reset::Never;
    std::vector<std::vector<uint8_t>> snapshot_; // by checkpoint section
    sc_core::sc_time input_time_ = sc_core::SC_ZERO_TIME;
};

// A target's LLVMFuzzerTestOneInput: `Rig` (its devices and a `driver`) is
// elaborated on the first input and kept to the end of the process.
template <class Rig> int fuzz_one(const uint8_t* data, size_t size) {
    static Rig* rig = new Rig;
    rig->driver.run(data, size);
    return 0;
}

} // namespace fireplane::fuzz
