#pragma once
// A simulated memory's bytes as a checkpoint section, named by the memory
// model: only chunks that hold something are written (a 12 GiB machine that
// touched 40 MiB writes 40 MiB, before compression). Restoring first drops
// every page the memory has, so the result does not depend on what the
// machine did before.
#include "core/checkpoint/checkpointable.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
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
        madvise(data_, size_, MADV_DONTNEED); // private anonymous: zeros on next touch
        for (uint64_t c : chunks) {
            if (c * kChunk >= size_) io.fail("a chunk beyond the memory's end");
            io.bytes(data_ + c * kChunk, chunk_length(c));
        }
    }

private:
    uint64_t chunk_length(uint64_t c) const {
        return size_ - c * kChunk < kChunk ? size_ - c * kChunk : kChunk;
    }
    // Chunks the host has pages for (mincore) and that are not all zero.
    std::vector<uint64_t> used_chunks() const {
        const uint64_t page = uint64_t(sysconf(_SC_PAGESIZE));
        std::vector<unsigned char> resident((size_ + page - 1) / page);
        const bool known = mincore(data_, size_, resident.data()) == 0;
        std::vector<uint64_t> chunks;
        static const uint8_t zero[kChunk] = {};
        for (uint64_t c = 0; c * kChunk < size_; ++c) {
            bool touched = !known;
            for (uint64_t p = c * kChunk / page;
                 !touched && p * page < (c + 1) * kChunk && p < resident.size(); ++p)
                touched = resident[p] & 1;
            if (touched && std::memcmp(data_ + c * kChunk, zero, chunk_length(c)) != 0)
                chunks.push_back(c);
        }
        return chunks;
    }

    uint8_t* data_;
    uint64_t size_;
    CheckpointSection section_;
};

} // namespace fireplane
