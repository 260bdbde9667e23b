#pragma once
// Host memory for simulated memories: reserved, not committed, so a model of
// many gigabytes costs host memory only for the pages the guest touches.
#include <sys/mman.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>

namespace fireplane {

// Zero-filled bytes; throws std::runtime_error naming `who` if the host refuses.
inline uint8_t* map_sparse(uint64_t bytes, const std::string& who) {
    void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED)
        throw std::runtime_error(who + ": cannot reserve " + std::to_string(bytes) +
                                 " bytes of host address space: " + std::strerror(errno));
    // Base pages only, whatever the host's transparent huge pages: a page the
    // guest never touched must stay absent (checkpoints save the chunks that
    // are present, and live points check what a unit made present).
    madvise(p, bytes, MADV_NOHUGEPAGE);
    return static_cast<uint8_t*>(p);
}

inline void unmap_sparse(uint8_t* memory, uint64_t bytes) {
    if (memory) munmap(memory, bytes);
}

// A map_sparse() mapping owned for a model's lifetime. Throws
// std::invalid_argument for 0 bytes and std::runtime_error (from map_sparse)
// when the host refuses, both naming `who`.
class SparseMemory {
public:
    SparseMemory(uint64_t bytes, const std::string& who)
        : bytes_(bytes), data_(map_sparse(nonzero(bytes, who), who)) {}
    ~SparseMemory() { unmap_sparse(data_, bytes_); }
    SparseMemory(const SparseMemory&) = delete;
    SparseMemory& operator=(const SparseMemory&) = delete;

    uint8_t* data() const { return data_; }
    uint64_t size() const { return bytes_; }

private:
    static uint64_t nonzero(uint64_t bytes, const std::string& who) {
        if (bytes == 0) throw std::invalid_argument(who + ": size is 0");
        return bytes;
    }
    uint64_t bytes_;
    uint8_t* data_;
};

} // namespace fireplane
