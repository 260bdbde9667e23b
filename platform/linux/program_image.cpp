#include "program_image.h"

#include "core/text/hex_text.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace fireplane::linux_user {

namespace {

// The protection of the mapping holding `va`, or 0.
unsigned prot_at(const AddressSpace& memory, uint64_t va) {
    auto it = memory.mappings().upper_bound(va);
    if (it == memory.mappings().begin()) return 0;
    --it;
    return va < it->second.end ? it->second.prot : 0;
}

// Maps [start, end). Its first and last pages may hold the end or the start of
// another segment (segments never overlap, but they may share a page): such a
// page keeps its bytes and takes both protections, as the file's page mapped
// twice gives the program both segments' bytes.
void map_pages(AddressSpace& memory, uint64_t start, uint64_t end, unsigned prot,
               const std::string& name) {
    constexpr uint64_t P = AddressSpace::kPageSize;
    if (start >= end) return;
    for (uint64_t page : {start, end - P}) {
        if (page < start || !memory.is_mapped(page, P)) continue;
        memory.protect(page, P, prot_at(memory, page) | prot);
        if (page == start) start += P;
        if (page == end - P && end > start) end -= P;
    }
    if (start < end) memory.map(start, end - start, prot, name);
}

} // namespace

void map_program(AddressSpace& memory, const loader::ElfImage& image, uint64_t limit) {
    const std::string name = "'" + image.path + "'";
    for (size_t i = 0; i < image.segments.size(); ++i) {
        const auto& seg = image.segments[i];
        if (seg.vaddr < AddressSpace::kPageSize || seg.memsz > limit - seg.vaddr ||
            seg.vaddr > limit)
            throw loader::LoadError(name + " cannot be loaded: segment " + std::to_string(i) +
                                    " (" + hex(seg.vaddr) + ", " + hex(seg.memsz) +
                                    " bytes) lies outside the user address space");
    }
    const std::string too_big = name +
                                " cannot be loaded: its segments need more than the guest's " +
                                std::to_string(memory.physical_size() >> 20) + " MiB of memory";
    for (const auto& seg : image.segments) {
        const uint64_t start = AddressSpace::page_down(seg.vaddr);
        const uint64_t end = AddressSpace::page_up(seg.vaddr + seg.memsz);
        const unsigned prot = (seg.readable ? unsigned(kProtRead) : 0u) |
                              (seg.writable ? unsigned(kProtWrite) : 0u) |
                              (seg.executable ? unsigned(kProtExec) : 0u);
        map_pages(memory, start, end, prot, seg.executable && !seg.writable ? "text" : "data");
        if (memory.committed() > memory.physical_size()) throw loader::LoadError(too_big);
        for (uint64_t off = 0; off < seg.filesz;) {
            const uint64_t va = seg.vaddr + off;
            const uint64_t chunk =
                std::min(seg.filesz - off, AddressSpace::kPageSize - va % AddressSpace::kPageSize);
            uint8_t* host = memory.host_pointer(va);
            if (!host) throw loader::LoadError(too_big);
            std::memcpy(host, image.bytes.data() + seg.offset + off, chunk);
            off += chunk;
        }
    }
}

} // namespace fireplane::linux_user
