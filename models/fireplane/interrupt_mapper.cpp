#include "interrupt_mapper.h"

namespace fireplane {

InterruptMapper::Layout InterruptMapper::io_bridge_layout() {
    return Layout{{{0x1000, 0x1400, 0, kLines, 1}}, false, 0};
}

InterruptMapper::InterruptMapper(uint16_t agent_id, Sender send, RetryRequest retry, Layout layout)
    : agent_id_(agent_id), send_(std::move(send)), retry_(std::move(retry)),
      layout_(std::move(layout)) {
    if (layout_.fixed_inr)
        for (unsigned ino = 0; ino < kLines; ++ino)
            lines_[ino].imap = (uint64_t(layout_.ign) << 6 | ino) & kImapInrMask;
}

const InterruptMapper::Block* InterruptMapper::find(uint64_t offset, bool& is_imap,
                                                    unsigned& ino) const {
    if (offset & 7) return nullptr;
    for (const Block& b : layout_.blocks) {
        const unsigned imaps = (b.lines + b.lines_per_imap - 1) / b.lines_per_imap;
        if (offset >= b.imap && offset < b.imap + 8 * imaps) {
            is_imap = true;
            ino = b.first_ino + unsigned((offset - b.imap) / 8) * b.lines_per_imap;
            return &b;
        }
        if (offset >= b.iclr && offset < b.iclr + 8 * b.lines) {
            is_imap = false;
            ino = b.first_ino + unsigned((offset - b.iclr) / 8);
            return &b;
        }
    }
    return nullptr;
}

bool InterruptMapper::read(uint64_t offset, uint64_t& value) const {
    bool is_imap = false;
    unsigned ino = 0;
    if (!find(offset, is_imap, ino)) return false;
    value = is_imap ? lines_[ino].imap : uint64_t(lines_[ino].state);
    return true;
}

bool InterruptMapper::write(uint64_t offset, uint64_t value) {
    bool is_imap = false;
    unsigned ino = 0;
    const Block* b = find(offset, is_imap, ino);
    if (!b) return false;
    if (is_imap)
        write_imap(*b, ino, value);
    else
        write_iclr(ino, value);
    return true;
}

// A shared mapping register (a PCI slot's) holds the first line's INR; each
// line sends its own INO.
void InterruptMapper::write_imap(const Block& block, unsigned ino, uint64_t value) {
    const uint64_t writable = kImapValid | (uint64_t(0x1f) << kImapTargetShift);
    for (unsigned i = 0; i < block.lines_per_imap; ++i) {
        Line& l = lines_[ino + i];
        l.imap = layout_.fixed_inr ? (l.imap & kImapInrMask) | (value & writable)
                                   : value & (writable | kImapInrMask);
        try_send(ino + i);
    }
}

void InterruptMapper::write_iclr(unsigned ino, uint64_t value) {
    lines_[ino].state = State(value & 3) == kIdle ? kIdle : lines_[ino].state;
    try_send(ino);
}

void InterruptMapper::set_level(unsigned ino, bool asserted) {
    Line& l = lines_[ino % kLines];
    l.level = asserted;
    if (!asserted && l.state == kPending) l.state = kIdle; // withdrawn before delivery
    try_send(ino % kLines);
}

void InterruptMapper::try_send(unsigned ino) {
    Line& l = lines_[ino];
    if (!l.level || !(l.imap & kImapValid) || l.state == kReceived) return;
    InterruptVector v;
    v.source = agent_id_;
    v.target = uint16_t((l.imap >> kImapTargetShift) & 0x1f);
    v.data[0] = l.imap & kImapInrMask;
    ++vectors_sent;
    if (send_ && send_(v)) {
        l.state = kReceived;
        return;
    }
    ++vectors_nacked;
    const bool first = l.state != kPending;
    l.state = kPending;
    if (first && retry_) retry_();
}

void InterruptMapper::retry_pending() {
    for (unsigned ino = 0; ino < kLines; ++ino)
        if (lines_[ino].state == kPending) {
            lines_[ino].state = kIdle;
            try_send(ino);
        }
}

} // namespace fireplane
