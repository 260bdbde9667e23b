#pragma once
// Which chunks of a host memory range are touched from a moment on, and
// their bytes as they were then: a live point's memory (docs/sampling.md).
//
// start() takes every access right away from the range (mprotect); the first
// touch of a chunk, by any code in the process, faults into a SIGSEGV handler
// that copies the chunk, gives the access back for that chunk and lets the
// instruction run again. The simulator's own accesses are all it sees: guest
// bytes reach host system calls only through buffers.
//
// A fault outside every capture goes to the handler that was there before.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace fireplane {

class MemoryCapture {
public:
    // `data` is page-aligned; `chunk` a multiple of the host page size.
    MemoryCapture(uint8_t* data, uint64_t size, uint64_t chunk, uint64_t max_chunks = 16384);
    ~MemoryCapture();
    MemoryCapture(const MemoryCapture&) = delete;
    MemoryCapture& operator=(const MemoryCapture&) = delete;

    // Forgets what was captured, and captures from now.
    void start();
    // Gives every access back; what was captured stays until the next start().
    void stop();
    bool active() const { return active_; }

    // The chunks touched since start(), in the order first touched.
    const std::vector<uint64_t>& chunks() const { return touched_; }
    // Chunk `i` of chunks(), as it was at start().
    const uint8_t* bytes(size_t i) const { return store_ + i * chunk_; }
    // More than max_chunks were touched: the capture stopped and is incomplete.
    bool overflowed() const { return overflowed_; }

    // The SIGSEGV handler's part: true when `address` was this capture's to take.
    bool take_fault(uintptr_t address);

private:
    uint8_t* data_;
    uint64_t size_, chunk_, max_chunks_;
    uint8_t* store_; // max_chunks_ chunks, reserved, committed as used
    std::vector<uint64_t> touched_;
    bool active_ = false, overflowed_ = false;
};

} // namespace fireplane
