#pragma once
// The I/O bridge's interrupt mapping (after the Schizo's): each device line
// (INO 0-63) has a mapping register that names the CPU to interrupt and the
// interrupt number it receives, and a clear register that holds the line's
// state. An asserted line whose mapping is valid and whose state is idle
// sends one interrupt vector (data word 0 = the INR) and becomes "received";
// the CPU's handler services the device and writes idle to the clear
// register, which sends again if the line is still asserted. A NACKed vector
// leaves the line "pending" and is retried. Registers come from one table.
#include "models/common/interrupts.h"

#include <array>
#include <cstdint>
#include <functional>

namespace fireplane {

class InterruptMapper : public InterruptInput {
public:
    static constexpr unsigned kLines = 64;
    static constexpr uint64_t kRegisterBytes = 0x2000; // the block the bridge keeps for them
    // IMAP: V (bit 31), target agent ID (30:26), INR (10:0: IGN << 6 | INO).
    static constexpr uint64_t kImapValid = uint64_t(1) << 31;
    static constexpr unsigned kImapTargetShift = 26;
    static constexpr uint64_t kImapInrMask = 0x7ff;
    enum State : uint8_t { kIdle = 0, kReceived = 1, kPending = 3 }; // ICLR bits 1:0

    // Sends a vector; true: the CPU took it (ACK).
    using Sender = std::function<bool(const InterruptVector&)>;
    // Asks for a retry of the pending lines a little later.
    using RetryRequest = std::function<void()>;
    InterruptMapper(uint16_t agent_id, Sender send, RetryRequest retry)
        : agent_id_(agent_id), send_(std::move(send)), retry_(std::move(retry)) {}

    // InterruptInput: a device's line changed.
    void set_level(unsigned ino, bool asserted) override;
    // Register accesses at `offset` in the block (64-bit); false: no register there.
    bool read(uint64_t offset, uint64_t& value) const;
    bool write(uint64_t offset, uint64_t value);
    // Sends every pending line again (after a NACK).
    void retry_pending();

    struct Line {
        uint64_t imap = 0;
        State state = kIdle;
        bool level = false;
    };
    const Line& line(unsigned ino) const { return lines_[ino % kLines]; }
    uint64_t vectors_sent = 0, vectors_nacked = 0; // statistics

    void write_imap(unsigned ino, uint64_t value);
    void write_iclr(unsigned ino, uint64_t value);
    std::array<Line, kLines> lines_{};

private:
    void try_send(unsigned ino);

    uint16_t agent_id_;
    Sender send_;
    RetryRequest retry_;
};

} // namespace fireplane
