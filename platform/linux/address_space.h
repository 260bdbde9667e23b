#pragma once
// A user process's virtual address space: mappings (VMAs) with protections and
// names, and a page table from 8 KiB virtual pages to physical pages of the
// simulated RAM, filled on first touch. It is the CPU's AddressTranslator in
// user mode, and it keeps the VA-to-PA map that the analysis tools need.
//
// Memory is committed strictly, as Linux's overcommit_memory=2 does with no
// swap: every page a mapping lets the process touch counts against the RAM
// when it is mapped, so mmap, brk and mprotect fail with ENOMEM instead of a
// touch finding no page later.
#include "models/cpu/address_translator.h"

#include "core/checkpoint/checkpointable.h"

#include <cstdint>
#include <iosfwd>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace fireplane::linux_user {

enum Prot : unsigned { kProtRead = 1, kProtWrite = 2, kProtExec = 4 };

struct PhysicalMemory {
    uint8_t* host = nullptr; // DMI pointer to the RAM
    uint64_t base = 0;       // its physical address
    uint64_t size = 0;
};

struct Mapping {
    uint64_t end = 0; // exclusive
    unsigned prot = 0;
    std::string name; // "text", "data", "heap", "stack", "mmap", or a file name
    void checkpoint(StateIo& io) { io(end, prot, name); }
};

class AddressSpace : public sparc::AddressTranslator, public Checkpointable {
public:
    static constexpr uint64_t kPageSize = 8192;
    static uint64_t page_down(uint64_t a) { return a & ~(kPageSize - 1); }
    static uint64_t page_up(uint64_t a) { return (a + kPageSize - 1) & ~(kPageSize - 1); }

    explicit AddressSpace(PhysicalMemory ram) : ram_(ram) {}

    // Maps [va, va+len) (page aligned), replacing whatever was there.
    void map(uint64_t va, uint64_t len, unsigned prot, const std::string& name);
    // Maps [va, va+len) onto physical [pa, pa+len) outside RAM (device
    // registers, through /dev/mem): accesses go to the device, uncached.
    void map_device(uint64_t va, uint64_t len, uint64_t pa, unsigned prot);
    void unmap(uint64_t va, uint64_t len);
    // False when part of the range is not mapped.
    bool protect(uint64_t va, uint64_t len, unsigned prot);
    bool is_mapped(uint64_t va, uint64_t len) const;
    bool is_free(uint64_t va, uint64_t len) const;
    // Lowest free range of `len` bytes at or above `from`, or 0.
    uint64_t find_free(uint64_t from, uint64_t len) const;
    // Drops the physical pages of [va, va+len): they read as zero on next touch.
    void discard(uint64_t va, uint64_t len);
    // Moves the mapping and its pages from `from` to `to` (mremap).
    void move(uint64_t from, uint64_t len, uint64_t to);

    bool translate(uint64_t va, sparc::Access access, uint64_t& pa) override;
    // Host pointer to the byte at `va` (backing it if needed), ignoring protection; nullptr if
    // unmapped.
    uint8_t* host_pointer(uint64_t va);

    const std::map<uint64_t, Mapping>& mappings() const { return mappings_; }
    // Physical page of a virtual page, if it has one.
    bool physical_page(uint64_t va_page, uint64_t& pa_page) const;
    // Every backed page as CSV `va_page,pa_page,segment`, by virtual address:
    // what the analysis tools need to name the owner of a physical address.
    void write_page_map(std::ostream& out) const;
    bool out_of_memory() const { return out_of_memory_; }
    // Bytes of RAM promised: every page of the mappings the process may touch
    // (any protection but none; device registers take no RAM), and the pages
    // still held by mappings made inaccessible after they were touched.
    uint64_t committed() const { return charged_bytes_ + inaccessible_pages_ * kPageSize; }
    // Whether giving [va, va+len) protection `prot` (mapping it, or mprotect)
    // keeps the committed memory within the RAM.
    bool fits(uint64_t va, uint64_t len, unsigned prot) const;
    // Whether `bytes` more can be committed.
    bool fits_more(uint64_t bytes) const {
        return bytes <= ram_.size && committed() <= ram_.size - bytes;
    }
    uint64_t resident_pages() const { return pages_.size(); }
    uint64_t physical_size() const { return ram_.size; }
    bool overlaps_ram(uint64_t pa, uint64_t len) const {
        return pa < ram_.base + ram_.size && ram_.base < pa + len;
    }
    // Checkpointable (section os.memory): the mappings and the page table.
    // The pages' bytes are the RAM's own section.
    void checkpoint(StateIo& io) override;
    // Plain data: the CPUs drop their cached translations when they are restored.
    bool plain_data() const override { return true; }

private:
    struct Page {
        uint64_t pa = 0;
        unsigned prot = 0;
        bool device = false; // device space (/dev/mem): not RAM, never freed or discarded
        void checkpoint(StateIo& io) { io(pa, prot, device); }
    };
    const Mapping* find_mapping(uint64_t va) const;
    // The mapping table and the page table change only through these, which
    // keep the committed memory's two counts.
    void insert_mapping(uint64_t start, const Mapping& m);
    std::map<uint64_t, Mapping>::iterator erase_mapping(std::map<uint64_t, Mapping>::iterator it);
    void set_mapping_prot(uint64_t start, Mapping& m, unsigned prot);
    Page& insert_page(uint64_t vpn, const Page& page);
    void set_page_prot(Page& page, unsigned prot);
    uint64_t charge(uint64_t start, const Mapping& m) const;
    static bool inaccessible(const Page& page) { return page.prot == 0 && !page.device; }
    void recount();
    void split_at(uint64_t va);
    bool allocate(uint64_t& pa);
    void release(uint64_t vpn);
    // Backed virtual page numbers in [va, va+len), without walking a huge range page by page.
    std::vector<uint64_t> backed_pages(uint64_t va, uint64_t len) const;

    PhysicalMemory ram_;
    std::map<uint64_t, Mapping> mappings_;     // by start address
    std::unordered_map<uint64_t, Page> pages_; // by virtual page number
    uint64_t next_free_pa_ = 0;
    std::vector<uint64_t> free_pas_;
    bool out_of_memory_ = false;
    uint64_t charged_bytes_ = 0;      // mappings the process may touch, less device registers
    uint64_t inaccessible_pages_ = 0; // RAM pages held by PROT_NONE mappings
};

} // namespace fireplane::linux_user
