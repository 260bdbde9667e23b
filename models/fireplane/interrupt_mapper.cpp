#include "interrupt_mapper.h"

namespace fireplane {

namespace {

// The two register arrays, one row each: an array of kLines 64-bit registers.
struct RegisterArray {
    const char* name;
    uint64_t offset;
    uint64_t (*read)(const InterruptMapper::Line&);
    void (InterruptMapper::*write)(unsigned ino, uint64_t value);
};

const RegisterArray kArrays[] = {
    {"imap", 0x1000, [](const InterruptMapper::Line& l) { return l.imap; },
     &InterruptMapper::write_imap},
    {"iclr", 0x1400, [](const InterruptMapper::Line& l) { return uint64_t(l.state); },
     &InterruptMapper::write_iclr},
};

const RegisterArray* find(uint64_t offset, unsigned& ino) {
    if (offset & 7) return nullptr;
    for (const RegisterArray& a : kArrays)
        if (offset >= a.offset && offset < a.offset + 8 * InterruptMapper::kLines) {
            ino = unsigned((offset - a.offset) / 8);
            return &a;
        }
    return nullptr;
}

} // namespace

bool InterruptMapper::read(uint64_t offset, uint64_t& value) const {
    unsigned ino = 0;
    const RegisterArray* a = find(offset, ino);
    if (!a) return false;
    value = a->read(lines_[ino]);
    return true;
}

bool InterruptMapper::write(uint64_t offset, uint64_t value) {
    unsigned ino = 0;
    const RegisterArray* a = find(offset, ino);
    if (!a) return false;
    (this->*(a->write))(ino, value);
    return true;
}

void InterruptMapper::write_imap(unsigned ino, uint64_t value) {
    lines_[ino].imap = value & (kImapValid | (uint64_t(0x1f) << kImapTargetShift) | kImapInrMask);
    try_send(ino);
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
