#pragma once
// A host bridge's interrupt mapping (the Schizo's, the Sabre's): each device
// line (INO 0-63) has a mapping register that names the CPU to interrupt and
// the interrupt number it receives, and a clear register that holds the
// line's state. Where the registers sit is the bridge's layout: a table of
// register blocks. An asserted line whose mapping is valid and whose state is idle
// sends one interrupt vector (data word 0 = the INR) and becomes "received";
// the CPU's handler services the device and writes idle to the clear
// register, which sends again if the line is still asserted. A NACKed vector
// leaves the line "pending" and is retried. Registers come from one table.
#include "core/checkpoint/state_io.h"
#include "models/common/interrupts.h"

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

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

    // One block of mapping and clear registers (64-bit, 8 bytes apart): the
    // lines first_ino.. first_ino + lines - 1. A mapping register may serve
    // several consecutive lines (a PCI slot's INTA-INTD on the Sabre).
    struct Block {
        uint64_t imap; // offset of the first mapping register
        uint64_t iclr; // offset of the first clear register
        unsigned first_ino;
        unsigned lines;
        unsigned lines_per_imap;
    };
    struct Layout {
        std::vector<Block> blocks;
        // The INR is fixed by the hardware, (IGN << 6) | INO, and only V and
        // the target are writable (the Sabre); otherwise software writes it.
        bool fixed_inr = false;
        unsigned ign = 0;
    };
    // The V1280 I/O bridge's: IMAP at +0x1000, ICLR at +0x1400, one per INO.
    static Layout io_bridge_layout();

    // Sends a vector; true: the CPU took it (ACK).
    using Sender = std::function<bool(const InterruptVector&)>;
    // Asks for a retry of the pending lines a little later.
    using RetryRequest = std::function<void()>;
    InterruptMapper(uint16_t agent_id, Sender send, RetryRequest retry,
                    Layout layout = io_bridge_layout());

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
        void checkpoint(StateIo& io) { io(imap, state, level); }
    };
    // The lines, in the bridge's checkpoint section; true when one waits to be sent again.
    bool checkpoint(StateIo& io) {
        io(lines_);
        for (const Line& l : lines_)
            if (l.state == kPending) return true;
        return false;
    }
    const Line& line(unsigned ino) const { return lines_[ino % kLines]; }
    uint64_t vectors_sent = 0, vectors_nacked = 0; // statistics

private:
    // The block and first line a register offset selects; nullptr: none.
    const Block* find(uint64_t offset, bool& is_imap, unsigned& ino) const;
    void write_imap(const Block& block, unsigned ino, uint64_t value);
    void write_iclr(unsigned ino, uint64_t value);
    void try_send(unsigned ino);

    uint16_t agent_id_;
    Sender send_;
    RetryRequest retry_;
    Layout layout_;
    std::array<Line, kLines> lines_{};
};

} // namespace fireplane
