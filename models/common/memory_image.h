#pragma once
// A simulated memory's bytes as a checkpoint section, named by the memory
// model: only chunks that hold something are written (a 12 GiB machine that
// touched 40 MiB writes 40 MiB, before compression). Restoring leaves only
// the section's chunks present (every other page is dropped), so the result
// does not depend on what the machine did before.
//
// For a live point (docs/sampling.md) the memory is captured instead: only
// the chunks touched from capture() on, as they were then. A machine
// restored from one can tell afterwards whether it touched anything else.
#include "core/checkpoint/checkpointable.h"
#include "core/checkpoint/memory_capture.h"

#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace fireplane {

class MemoryImage : public Checkpointable {
public:
    static constexpr uint64_t kChunk = 8192; // the file's unit, whatever the host's page size

    // `data` is the start of a map_sparse() mapping of `size` bytes.
    MemoryImage(std::string section, uint8_t* data, uint64_t size)
        : data_(data), size_(size), section_(std::move(section), 1, *this) {}

    void checkpoint(StateIo& io) override {
        if (io.saving() && capture_ && !capture_->active()) {
            std::vector<uint64_t> chunks = capture_->chunks();
            io(size_, chunks);
            for (size_t i = 0; i < chunks.size(); ++i)
                io.bytes(const_cast<uint8_t*>(capture_->bytes(i)),
                         chunk_length(chunks[i])); // saving: read only
            return;
        }
        if (io.saving()) {
            std::vector<uint64_t> chunks = used_chunks();
            io(size_, chunks);
            for (uint64_t c : chunks)
                io.bytes(data_ + c * kChunk, chunk_length(c));
            return;
        }
        uint64_t size = 0;
        std::vector<uint64_t> chunks;
        io(size);
        if (size != size_)
            io.fail("the memory was " + std::to_string(size) + " bytes, now " +
                    std::to_string(size_));
        io(chunks);
        for (uint64_t c : chunks)
            if (c >= (size_ + kChunk - 1) / kChunk) io.fail("a chunk beyond the memory's end");
        std::vector<uint64_t> sorted = chunks;
        std::sort(sorted.begin(), sorted.end());
        // Every chunk but those written below must read as zeros, and be
        // absent (live points check what a unit made present). Dropping them
        // all would make every written page fault again, point after point:
        // when no page became present since the last restore, only its
        // chunks can be, and those not written again are dropped alone.
        if (nothing_present_since_restore()) {
            for (uint64_t c : restored_)
                if (!std::binary_search(sorted.begin(), sorted.end(), c))
                    madvise(data_ + c * kChunk, chunk_length(c), MADV_DONTNEED);
        } else {
            madvise(data_, size_, MADV_DONTNEED); // private anonymous: zeros on next touch
        }
        for (uint64_t c : chunks)
            io.bytes(data_ + c * kChunk, chunk_length(c));
        restored_ = std::move(sorted);
        restore_mark_ = {getpid(), page_faults()};
    }

    // Live points: the chunks touched from now on are captured; saving, once
    // the capture stopped, writes those alone, as they were when it started.
    MemoryCapture& capture() {
        if (!capture_) capture_ = std::make_unique<MemoryCapture>(data_, size_, kChunk);
        return *capture_;
    }
    void forget_capture() { capture_.reset(); }
    // Chunks the host has pages for that the last restore did not write:
    // what a machine restored from a live point touched beyond it.
    // Their offsets in the memory, in order.
    std::vector<uint64_t> touched_beyond_restored() const {
        std::vector<uint64_t> offsets;
        // The restore left only its chunks present: with no page present
        // since, no scan of every page (mincore).
        if (nothing_present_since_restore()) return offsets;
        for (uint64_t c : resident_chunks())
            if (!std::binary_search(restored_.begin(), restored_.end(), c))
                offsets.push_back(c * kChunk);
        return offsets;
    }

private:
    uint64_t chunk_length(uint64_t c) const {
        return size_ - c * kChunk < kChunk ? size_ - c * kChunk : kChunk;
    }
    // Chunks the host has pages for (mincore; a page only read maps the zero
    // page and counts), or every chunk when the host cannot say. The pages
    // are asked for a window at a time (a 12 GiB memory's map would be 3 MiB),
    // and a window with none is skipped a word at a time: live points ask
    // after every unit.
    std::vector<uint64_t> resident_chunks() const {
        const uint64_t page = uint64_t(sysconf(_SC_PAGESIZE));
        const uint64_t per_chunk = kChunk > page ? kChunk / page : 1;
        constexpr size_t kWindowPages = 65536;
        if (resident_.size() < kWindowPages + 8) resident_.assign(kWindowPages + 8, 0);
        unsigned char* resident = resident_.data();
        const uint64_t window = kWindowPages / per_chunk * kChunk; // bytes per mincore call
        std::vector<uint64_t> chunks;
        for (uint64_t base = 0; base < size_; base += window) {
            const uint64_t len = size_ - base < window ? size_ - base : window;
            const bool known = mincore(data_ + base, len, resident) == 0;
            if (known && none_resident(resident, (len + page - 1) / page)) continue;
            for (uint64_t off = 0; off < len; off += kChunk) {
                bool touched = !known;
                for (uint64_t p = off / page; !touched && p * page < off + kChunk && p * page < len;
                     ++p)
                    touched = resident[p] & 1;
                if (touched) chunks.push_back((base + off) / kChunk);
            }
        }
        return chunks;
    }
    // The faults this process has taken, minor and major: the kernel counts
    // one for every page that becomes present, whoever touched it (the
    // process, or the kernel copying to it; huge pages are off: map_sparse).
    static long page_faults() {
        rusage u{};
        getrusage(RUSAGE_SELF, &u);
        return u.ru_minflt + u.ru_majflt;
    }
    // This process restored this memory, and has taken no fault since.
    bool nothing_present_since_restore() const {
        return restore_mark_.pid == getpid() && restore_mark_.faults == page_faults();
    }
    static bool none_resident(const unsigned char* map, size_t pages) {
        constexpr uint64_t kLowBits = 0x0101010101010101ull;
        size_t i = 0;
        for (; i + 8 <= pages; i += 8) {
            uint64_t w;
            std::memcpy(&w, map + i, 8);
            if (w & kLowBits) return false;
        }
        for (; i < pages; ++i)
            if (map[i] & 1) return false;
        return true;
    }
    // Resident chunks that are not all zero.
    std::vector<uint64_t> used_chunks() const {
        static const uint8_t zero[kChunk] = {};
        std::vector<uint64_t> chunks;
        for (uint64_t c : resident_chunks())
            if (std::memcmp(data_ + c * kChunk, zero, chunk_length(c)) != 0) chunks.push_back(c);
        return chunks;
    }

    uint8_t* data_;
    uint64_t size_;
    std::unique_ptr<MemoryCapture> capture_;
    std::vector<uint64_t> restored_; // sorted
    struct {
        pid_t pid = 0; // a forked child counts its own faults from zero
        long faults = 0;
    } restore_mark_;                              // when the last restore ended
    mutable std::vector<unsigned char> resident_; // mincore's answer for a window
    CheckpointSection section_;
};

} // namespace fireplane
