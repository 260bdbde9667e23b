#pragma once
// Big-endian SPARC V9 ELF executables built byte by byte, for the loader tests.
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <vector>

namespace loader_test {

inline void put(std::vector<uint8_t>& b, size_t at, uint64_t v, unsigned n) {
    for (unsigned i = 0; i < n; ++i)
        b[at + i] = uint8_t(v >> (8 * (n - 1 - i)));
}

inline uint64_t get(const std::vector<uint8_t>& b, size_t at, unsigned n) {
    uint64_t v = 0;
    for (unsigned i = 0; i < n; ++i)
        v = v << 8 | b[at + i];
    return v;
}

struct Segment {
    uint64_t vaddr, paddr, offset, filesz, memsz;
    unsigned flags = 7; // PF_R | PF_W | PF_X
};

constexpr size_t kPhdrs = 64; // the program headers follow the ELF header

// A file of `size` bytes (zeros past the headers) with `segments` as PT_LOADs.
inline std::vector<uint8_t> elf_file(uint64_t entry, const std::vector<Segment>& segments,
                                     size_t size) {
    std::vector<uint8_t> b(size, 0);
    const uint8_t ident[] = {0x7f, 'E', 'L', 'F', 2, 2, 1, 0};
    std::copy(std::begin(ident), std::end(ident), b.begin());
    put(b, 16, 2, 2);      // ET_EXEC
    put(b, 18, 43, 2);     // EM_SPARCV9
    put(b, 20, 1, 4);      // EV_CURRENT
    put(b, 24, entry, 8);  // e_entry
    put(b, 32, kPhdrs, 8); // e_phoff
    put(b, 52, 64, 2);     // e_ehsize
    put(b, 54, 56, 2);     // e_phentsize
    put(b, 56, segments.size(), 2);
    for (size_t i = 0; i < segments.size(); ++i) {
        const Segment& s = segments[i];
        const size_t ph = kPhdrs + 56 * i;
        put(b, ph + 0, 1, 4); // PT_LOAD
        put(b, ph + 4, s.flags, 4);
        put(b, ph + 8, s.offset, 8);
        put(b, ph + 16, s.vaddr, 8);
        put(b, ph + 24, s.paddr, 8);
        put(b, ph + 32, s.filesz, 8);
        put(b, ph + 40, s.memsz, 8);
        put(b, ph + 48, 0x2000, 8);
    }
    return b;
}

} // namespace loader_test
