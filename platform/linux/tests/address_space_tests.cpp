// AddressSpace: mappings (map, unmap, protect, move), the free-range search,
// first-touch backing and page protection as the CPU sees it through
// translate(), discard, device pages, running out of RAM and the page map;
// then the memory system calls over it (brk, mmap, munmap, mprotect, madvise,
// mremap) with the results and errors the sparc64 Linux ABI gives. The
// system calls run through the syscall table on a LinuxProcess whose one CPU
// is never simulated: nothing here needs sc_start.
#include "platform/linux/address_space.h"
#include "platform/linux/guest_abi.h"
#include "platform/linux/linux_process.h"
#include "platform/linux/syscall_table.h"

#include "core/stats/stats.h"

#include <catch2/catch.hpp>
#include <systemc>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace fireplane;
using namespace fireplane::linux_user;
using sparc::Access;

namespace {

constexpr uint64_t P = AddressSpace::kPageSize;
constexpr unsigned R = kProtRead, W = kProtWrite, X = kProtExec;
constexpr uint64_t kRamBase = 0x40000000; // physical address of the RAM's first byte

// The mappings as text, one "start-end prot name" line each, by address.
std::string layout(const AddressSpace& as) {
    std::ostringstream out;
    for (const auto& [start, m] : as.mappings())
        out << std::hex << "0x" << start << "-0x" << m.end << ' ' << ((m.prot & R) ? 'r' : '-')
            << ((m.prot & W) ? 'w' : '-') << ((m.prot & X) ? 'x' : '-') << ' ' << m.name << '\n';
    return out.str();
}

// An AddressSpace over `pages` pages of host memory standing for RAM at kRamBase.
struct Space {
    std::vector<uint8_t> ram;
    AddressSpace as;
    explicit Space(uint64_t pages = 32)
        : ram(pages * P), as(PhysicalMemory{ram.data(), kRamBase, pages * P}) {}

    bool allows(uint64_t va, Access access) {
        uint64_t pa;
        return as.translate(va, access, pa);
    }
    uint64_t pa_of(uint64_t va, Access access = Access::Read) {
        uint64_t pa = 0;
        REQUIRE(as.translate(va, access, pa));
        return pa;
    }
    // The RAM byte behind `va`, through the translation the CPU would use.
    uint8_t& byte(uint64_t va) {
        const uint64_t pa = pa_of(va);
        REQUIRE(pa >= kRamBase);
        REQUIRE(pa < kRamBase + ram.size());
        return ram[pa - kRamBase];
    }
};

// Section os.memory as the address space saves it, and restored into another.
std::vector<uint8_t> saved(AddressSpace& as) {
    std::vector<uint8_t> bytes;
    fireplane::StateIo w = fireplane::StateIo::writer("os.memory", bytes, 1);
    as.checkpoint(w);
    return bytes;
}
void restore(AddressSpace& as, const std::vector<uint8_t>& bytes) {
    fireplane::StateIo r = fireplane::StateIo::reader("os.memory", bytes, 1);
    as.checkpoint(r);
}

} // namespace

// ---------------------------------------------------------------- AddressSpace

TEST_CASE("address space: page_down and page_up round to 8 KiB pages", "[address_space]") {
    CHECK(P == 8192);
    CHECK(AddressSpace::page_down(0) == 0);
    CHECK(AddressSpace::page_down(P - 1) == 0);
    CHECK(AddressSpace::page_down(P) == P);
    CHECK(AddressSpace::page_down(3 * P + 17) == 3 * P);
    CHECK(AddressSpace::page_up(0) == 0);
    CHECK(AddressSpace::page_up(1) == P);
    CHECK(AddressSpace::page_up(P) == P);
    CHECK(AddressSpace::page_up(P + 1) == 2 * P);
    // The last partial page rounds up past 2^64 to 0: callers check for it.
    CHECK(AddressSpace::page_up(~uint64_t(0)) == 0);
}

TEST_CASE("address space: map records range, protection and name, and is_mapped and is_free see it",
          "[address_space]") {
    Space s;
    CHECK(s.as.mappings().empty());
    s.as.map(0x10000, 2 * P, R | X, "text");
    s.as.map(0x20000, P, R | W, "data");
    CHECK(layout(s.as) == "0x10000-0x14000 r-x text\n"
                          "0x20000-0x22000 rw- data\n");

    CHECK(s.as.is_mapped(0x10000, 2 * P));
    CHECK(s.as.is_mapped(0x13fff, 1));
    CHECK_FALSE(s.as.is_mapped(0x14000, 1));         // just past the end
    CHECK_FALSE(s.as.is_mapped(0x10000, 2 * P + 1)); // one byte too many
    CHECK_FALSE(s.as.is_mapped(0x13000, 0x10000));   // runs into the hole before "data"
    CHECK(s.as.is_free(0x14000, 0x20000 - 0x14000)); // the whole hole
    CHECK_FALSE(s.as.is_free(0x14000, 0x20000 - 0x14000 + 1));
    CHECK_FALSE(s.as.is_free(0xe000, 0x4000)); // overlaps text's start
    CHECK_FALSE(s.as.is_free(0x12000, P));     // inside text
    CHECK(s.as.resident_pages() == 0);         // nothing is backed before it is touched
}

TEST_CASE("address space: map over part of a mapping replaces that part and keeps the rest",
          "[address_space]") {
    Space s;
    s.as.map(0x100000, 4 * P, R | W, "a");
    s.byte(0x100000) = 0x11;
    s.byte(0x100000 + P) = 0x22; // in the part that gets replaced
    s.byte(0x100000 + 3 * P) = 0x44;
    REQUIRE(s.as.resident_pages() == 3);

    s.as.map(0x100000 + P, 2 * P, R, "b");
    CHECK(layout(s.as) == "0x100000-0x102000 rw- a\n"
                          "0x102000-0x106000 r-- b\n"
                          "0x106000-0x108000 rw- a\n");
    CHECK(s.as.resident_pages() == 2); // the replaced page is dropped ...
    CHECK(s.byte(0x100000 + P) == 0);  // ... and the new mapping reads as zero
    CHECK(s.byte(0x100000) == 0x11);   // the rest keeps its data
    CHECK(s.byte(0x100000 + 3 * P) == 0x44);
    CHECK_FALSE(s.allows(0x100000 + P, Access::Write));
    CHECK(s.allows(0x100000 + 3 * P, Access::Write));
}

TEST_CASE("address space: unmap of the middle of a mapping splits it in two", "[address_space]") {
    Space s;
    s.as.map(0x40000, 5 * P, R | W, "mmap");
    s.byte(0x40000) = 1;
    s.byte(0x40000 + 2 * P) = 2;
    s.byte(0x40000 + 4 * P) = 3;
    s.as.unmap(0x40000 + P, 3 * P);
    CHECK(layout(s.as) == "0x40000-0x42000 rw- mmap\n"
                          "0x48000-0x4a000 rw- mmap\n");
    CHECK_FALSE(s.allows(0x40000 + 2 * P, Access::Read));
    CHECK(s.byte(0x40000) == 1);
    CHECK(s.byte(0x40000 + 4 * P) == 3);
    CHECK(s.as.resident_pages() == 2);
}

TEST_CASE("address space: unmap across mappings and holes removes only what lies inside",
          "[address_space]") {
    Space s;
    s.as.map(0x10000, 2 * P, R, "a");
    s.as.map(0x20000, 2 * P, R, "b");
    s.as.map(0x30000, 2 * P, R, "c");
    s.as.unmap(0x10000 + P, 0x30000 + P - (0x10000 + P)); // a's 2nd page .. c's 1st page
    CHECK(layout(s.as) == "0x10000-0x12000 r-- a\n"
                          "0x32000-0x34000 r-- c\n");
    s.as.unmap(0x50000, 4 * P); // nothing there: no change
    s.as.unmap(0x10000, 0);     // zero length: no change
    CHECK(layout(s.as) == "0x10000-0x12000 r-- a\n"
                          "0x32000-0x34000 r-- c\n");
}

TEST_CASE("address space: unmapped pages go back to RAM and come back zeroed", "[address_space]") {
    Space s;
    s.as.map(0x10000, P, R | W, "a");
    s.as.map(0x20000, P, R | W, "b");
    const uint64_t pa_a = s.pa_of(0x10000);
    std::memset(&s.byte(0x10000), 0xab, P);
    const uint64_t pa_b = s.pa_of(0x20000);
    CHECK(pa_a == kRamBase); // RAM is handed out from its start, a page at a time
    CHECK(pa_b == kRamBase + P);

    s.as.unmap(0x10000, P);
    CHECK(s.as.resident_pages() == 1);
    s.as.map(0x30000, P, R | W, "c");
    CHECK(s.pa_of(0x30000) == pa_a); // the freed page is used again ...
    for (uint64_t off = 0; off < P; off += 512)
        CHECK(s.byte(0x30000 + off) == 0); // ... and reads as zero, not 0xab
}

TEST_CASE("address space: protect changes a sub-range, splitting the mapping, touched pages too",
          "[address_space]") {
    Space s;
    s.as.map(0x80000, 3 * P, R | W, "data");
    s.byte(0x80000 + P) = 7; // backed before the change
    REQUIRE(s.as.protect(0x80000 + P, P, R));
    CHECK(layout(s.as) == "0x80000-0x82000 rw- data\n"
                          "0x82000-0x84000 r-- data\n"
                          "0x84000-0x86000 rw- data\n");
    CHECK_FALSE(s.allows(0x80000 + P, Access::Write)); // the backed page follows
    CHECK(s.allows(0x80000 + P, Access::Read));
    CHECK(s.byte(0x80000 + P) == 7); // data survives a protection change
    CHECK(s.allows(0x80000, Access::Write));
    CHECK(s.allows(0x80000 + 2 * P, Access::Write));

    REQUIRE(s.as.protect(0x80000, 3 * P, R | W | X)); // across the three pieces
    CHECK(s.allows(0x80000 + P, Access::Write));
    CHECK(s.allows(0x80000 + P, Access::Fetch));
    CHECK(s.as.protect(0x80000, 0, R)); // zero length: nothing to do, nothing missing
}

TEST_CASE("address space: protect refuses a range with a hole and changes nothing",
          "[address_space]") {
    Space s;
    s.as.map(0x10000, P, R | W, "a");
    s.as.map(0x14000, P, R | W, "b"); // a one-page hole at 0x12000
    const std::string before = layout(s.as);
    CHECK_FALSE(s.as.protect(0x10000, 3 * P, R));
    CHECK_FALSE(s.as.protect(0x30000, P, R)); // nothing there at all
    CHECK(layout(s.as) == before);
    CHECK(s.allows(0x10000, Access::Write));
}

TEST_CASE("address space: is_mapped across adjacent mappings, zero lengths and wrapping ranges",
          "[address_space]") {
    Space s;
    s.as.map(0x10000, P, R, "a");
    s.as.map(0x12000, P, R | W, "b"); // adjacent: one range, two mappings
    CHECK(s.as.is_mapped(0x10000, 2 * P));
    CHECK(s.as.is_mapped(0x10000, 0)); // an empty range holds nothing unmapped
    CHECK(s.as.is_free(0x14000, 0));
    CHECK_FALSE(s.as.is_free(0x10000, 0)); // inside a mapping
    // A range that wraps past 2^64 is neither free nor mapped: no mapping can hold it.
    CHECK_FALSE(s.as.is_free(~uint64_t(0) - P, 2 * P));
    CHECK_FALSE(s.as.is_mapped(0x10000, ~uint64_t(0)));
    CHECK_FALSE(s.as.is_mapped(0x10000, uint64_t(0) - 0x10000 + P));
}

TEST_CASE("address space: find_free returns the lowest gap at or above `from` that fits",
          "[address_space]") {
    Space s;
    CHECK(s.as.find_free(0x10000, P) == 0x10000); // empty: `from` itself
    s.as.map(0x10000, 2 * P, R, "a");             // [0x10000, 0x14000)
    s.as.map(0x16000, P, R, "b");                 // [0x16000, 0x18000): a one-page gap before
    s.as.map(0x1c000, P, R, "c");                 // [0x1c000, 0x1e000): a two-page gap before
    CHECK(s.as.find_free(0x10000, P) == 0x14000);
    CHECK(s.as.find_free(0x10000, 2 * P) == 0x18000); // the one-page gap is skipped
    CHECK(s.as.find_free(0x10000, 3 * P) == 0x1e000); // past everything
    CHECK(s.as.find_free(0x11000, P) == 0x14000);     // `from` inside a mapping
    CHECK(s.as.find_free(0x19000, P) == 0x19000);     // `from` in a gap, unaligned: as given
    CHECK(s.as.find_free(0x15000, P) == 0x18000);     // from 0x15000, a page runs into b
    CHECK(s.as.find_free(0x8000, 4 * P) == 0x8000);   // exactly the room below a
    CHECK(s.as.find_free(0x8000, 5 * P) == 0x1e000);  // one page too many for any gap
    // No gap before 2^64: 0.
    CHECK(s.as.find_free(~uint64_t(0) - 2 * P + 1, 4 * P) == 0);
}

TEST_CASE("address space: the first touch backs a page, and translate checks its protection",
          "[address_space]") {
    Space s;
    s.as.map(0x10000, P, R, "ro");
    s.as.map(0x12000, P, R | W, "rw");
    s.as.map(0x14000, P, R | X, "rx");
    s.as.map(0x16000, P, X, "x");
    s.as.map(0x18000, P, W, "w");
    s.as.map(0x1a000, P, 0, "none");

    struct Row {
        uint64_t va;
        bool read, write, fetch;
    };
    const Row rows[] = {
        {0x10000, true, false, false}, {0x12000, true, true, false},
        {0x14000, true, false, true},  {0x16000, false, false, true},
        {0x18000, false, true, false}, {0x1a000, false, false, false},
    };
    for (const Row& r : rows) {
        INFO("va 0x" << std::hex << r.va);
        CHECK(s.allows(r.va + 8, Access::Read) == r.read);
        CHECK(s.allows(r.va + 8, Access::Write) == r.write);
        CHECK(s.allows(r.va + 8, Access::Fetch) == r.fetch);
    }
    CHECK_FALSE(s.allows(0x1c000, Access::Read)); // unmapped
    CHECK_FALSE(s.allows(0, Access::Read));

    const uint64_t pa = s.pa_of(0x12000);
    CHECK(pa % P == 0);
    CHECK(s.pa_of(0x12000 + 0x123) == pa + 0x123); // the offset in the page carries over
    CHECK(s.pa_of(0x12000 + P - 1, Access::Write) == pa + P - 1);
    uint64_t page = 0;
    REQUIRE(s.as.physical_page(0x12000 + 5, page));
    CHECK(page == pa);
    CHECK_FALSE(s.as.physical_page(0x1c000, page));
}

TEST_CASE("address space: host_pointer reaches the page's RAM, ignoring protection",
          "[address_space]") {
    Space s;
    s.as.map(0x10000, 2 * P, 0, "none");
    uint8_t* p = s.as.host_pointer(0x10000 + P + 3);
    REQUIRE(p != nullptr); // PROT_NONE does not stop the OS layer
    *p = 0x5a;
    CHECK(s.as.resident_pages() == 1);
    REQUIRE(s.as.protect(0x10000, 2 * P, R));
    CHECK(s.byte(0x10000 + P + 3) == 0x5a); // the same RAM the CPU reaches
    CHECK(s.as.host_pointer(0x10000 + P + 3) == p);
    CHECK(s.as.host_pointer(0x20000) == nullptr); // unmapped
}

TEST_CASE("address space: discard drops the pages of a range but keeps the mapping",
          "[address_space]") {
    Space s;
    s.as.map(0x10000, 3 * P, R | W, "heap");
    for (uint64_t i = 0; i < 3; ++i)
        s.byte(0x10000 + i * P) = uint8_t(i + 1);
    s.as.discard(0x10000 + P, 2 * P);
    CHECK(s.as.resident_pages() == 1);
    CHECK(layout(s.as) == "0x10000-0x16000 rw- heap\n");
    CHECK(s.byte(0x10000) == 1);
    CHECK(s.byte(0x10000 + P) == 0); // zero on the next touch
    CHECK(s.byte(0x10000 + 2 * P) == 0);
    CHECK(s.allows(0x10000 + P, Access::Write)); // with the mapping's protection
}

TEST_CASE("address space: move carries the mapping and its pages to the new place",
          "[address_space]") {
    Space s;
    s.as.map(0x10000, 2 * P, R | W, "mmap");
    s.byte(0x10000 + 5) = 0x77;
    s.byte(0x10000 + P) = 0x88;
    const uint64_t pa = s.pa_of(0x10000);
    s.as.map(0x40000, P, R, "old"); // the destination's old page goes
    s.byte(0x40000);
    REQUIRE(s.as.resident_pages() == 3);

    s.as.move(0x10000, 2 * P, 0x40000);
    CHECK(layout(s.as) == "0x40000-0x44000 rw- mmap\n");
    CHECK(s.pa_of(0x40000) == pa); // the same physical page: nothing copied
    CHECK(s.byte(0x40000 + 5) == 0x77);
    CHECK(s.byte(0x40000 + P) == 0x88);
    CHECK(s.as.resident_pages() == 2);
    CHECK_FALSE(s.allows(0x10000, Access::Read));
}

TEST_CASE("address space: device mappings translate to the device and are never RAM",
          "[address_space]") {
    Space s;
    constexpr uint64_t kDevice = 0x1fff1000000; // outside the RAM
    s.as.map_device(0x50000, 2 * P, kDevice, R | W);
    CHECK(layout(s.as) == "0x50000-0x54000 rw- device\n");
    CHECK(s.pa_of(0x50000 + 0x10) == kDevice + 0x10);
    CHECK(s.pa_of(0x50000 + P + 4, Access::Write) == kDevice + P + 4);
    CHECK_FALSE(s.allows(0x50000, Access::Fetch));
    CHECK(s.as.host_pointer(0x50000) == nullptr); // only the CPU's uncached path reaches it
    CHECK(s.as.resident_pages() == 2);

    s.as.discard(0x50000, 2 * P); // registers do not turn into zero pages
    CHECK(s.pa_of(0x50000) == kDevice);

    s.as.unmap(0x50000, 2 * P);
    CHECK(s.as.resident_pages() == 0);
    s.as.map(0x60000, P, R | W, "mmap"); // the device's addresses were never RAM to recycle
    CHECK(s.pa_of(0x60000) == kRamBase);
    CHECK(s.as.overlaps_ram(kRamBase, 1));
    CHECK(s.as.overlaps_ram(kRamBase - 1, 2));
    CHECK(s.as.overlaps_ram(kRamBase + s.ram.size() - 1, 1));
    CHECK_FALSE(s.as.overlaps_ram(kRamBase + s.ram.size(), P));
    CHECK_FALSE(s.as.overlaps_ram(kRamBase - P, P));
    CHECK_FALSE(s.as.overlaps_ram(kDevice, 2 * P));
    CHECK(s.as.physical_size() == s.ram.size());
}

TEST_CASE("address space: running out of RAM fails the touch and sets out_of_memory",
          "[address_space]") {
    Space s(2); // two physical pages
    s.as.map(0x10000, 3 * P, R | W, "heap");
    CHECK(s.allows(0x10000, Access::Write));
    CHECK(s.allows(0x10000 + P, Access::Write));
    CHECK_FALSE(s.as.out_of_memory());
    CHECK_FALSE(s.allows(0x10000 + 2 * P, Access::Write));
    CHECK(s.as.out_of_memory());
    CHECK(s.as.host_pointer(0x10000 + 2 * P) == nullptr);
    CHECK(s.as.resident_pages() == 2);

    s.as.discard(0x10000, P); // a page comes free
    CHECK(s.allows(0x10000 + 2 * P, Access::Write));
    CHECK(s.as.resident_pages() == 2);
}

TEST_CASE("address space: committed memory counts every page a mapping lets the process touch",
          "[address_space][commit]") {
    Space s(8);
    s.as.map(0x10000, 4 * P, R | W, "heap");
    CHECK(s.as.committed() == 4 * P);
    s.as.map(0x100000, 100 * P, 0, "reserve"); // PROT_NONE: address space only
    CHECK(s.as.committed() == 4 * P);
    CHECK(s.as.fits(0x100000, 4 * P, R | W));
    CHECK_FALSE(s.as.fits(0x100000, 5 * P, R));
    CHECK(s.as.fits(0x10000, 8 * P, R | W)); // replacing the heap's 4 pages
    CHECK(s.as.fits(0x100000, 100 * P, 0));
    CHECK(s.as.protect(0x100000, 2 * P, R | W));
    CHECK(s.as.committed() == 6 * P);
    CHECK_FALSE(s.allows(0x100000 + 2 * P, Access::Read)); // a fault takes no page
    CHECK(s.as.resident_pages() == 0);
    // A touched page made inaccessible still holds its RAM.
    CHECK(s.allows(0x100000, Access::Write));
    CHECK(s.as.protect(0x100000, 2 * P, 0));
    CHECK(s.as.committed() == 5 * P);
    s.as.move(0x100000, 2 * P, 0x400000); // moved pages keep counting
    CHECK(s.as.committed() == 5 * P);
    s.as.unmap(0x400000, 2 * P);
    CHECK(s.as.committed() == 4 * P);
    s.as.map_device(0x800000, 16 * P, 0x1fff0000000, R | W); // registers take no RAM
    CHECK(s.as.committed() == 4 * P);
    CHECK(s.as.protect(0x800000, P, R));
    CHECK(s.as.committed() == 4 * P);
    s.as.unmap(0x800000, 16 * P);
    s.as.unmap(0x10000, 4 * P);
    CHECK(s.as.committed() == 0);
    CHECK_FALSE(s.as.fits_more(9 * P));
    CHECK(s.as.fits_more(8 * P));
}

TEST_CASE("address space: a restored address space commits what the saved one did",
          "[address_space][commit][checkpoint]") {
    Space a(32);
    a.as.map(0x10000, 6 * P, R | W, "heap");
    a.as.map(0x100000, 4 * P, R | W, "mmap");
    CHECK(a.allows(0x100000, Access::Write));
    CHECK(a.as.protect(0x100000, 4 * P, 0));
    Space b(32);
    restore(b.as, saved(a.as));
    CHECK(b.as.committed() == 7 * P);
    CHECK(b.as.committed() == a.as.committed());
}

TEST_CASE("address space: write_page_map lists the backed pages by address, with their segment",
          "[address_space]") {
    Space s;
    s.as.map(0x30000, P, R | W, "stack");
    s.as.map(0x10000, 2 * P, R | X, "text");
    s.byte(0x30000);     // first RAM page
    s.byte(0x10000 + P); // second
    s.byte(0x10000);     // third
    std::ostringstream out;
    s.as.write_page_map(out);
    CHECK(out.str() == "va_page,pa_page,segment\n"
                       "0x10000,0x40004000,text\n"
                       "0x12000,0x40002000,text\n"
                       "0x30000,0x40000000,stack\n");
}

TEST_CASE("address space: mappings at the top of the 64-bit range", "[address_space]") {
    Space s;
    const uint64_t top_page = ~uint64_t(0) - P + 1; // the last page: its end would be 2^64
    s.as.map(top_page - 2 * P, 2 * P, R | W, "high");
    CHECK(s.as.is_mapped(top_page - P, P));
    CHECK(s.as.is_free(top_page, P - 1));
    s.byte(top_page - 1) = 9;
    CHECK(s.byte(top_page - 1) == 9);
    CHECK(s.as.find_free(top_page - 2 * P, P) == 0); // the last page cannot be described
    s.as.unmap(top_page - 2 * P, 2 * P);
    CHECK(s.as.mappings().empty());
    CHECK(s.as.resident_pages() == 0);
}

// ------------------------------------------------------- memory system calls

namespace {

// The end of the user range: sparc64's VA hole (44-bit virtual addresses) starts there.
constexpr uint64_t kUserTop = 0x0000080000000000ull;
constexpr uint64_t kMapShared = 0x1, kMapPrivate = 0x2, kMapFixed = 0x10, kMapAnon = 0x20,
                   kMapFixedNoReplace = 0x100000;
constexpr uint64_t kMremapMayMove = 1, kMremapFixed = 2;
constexpr uint64_t kMadvWillNeed = 3, kMadvDontNeed = 4;
constexpr uint64_t kText = 0x100000, kHeap = 0x200000;
constexpr int64_t ok = 0;

int64_t err(int e) {
    return -int64_t(e);
}

// A process with a text segment and an empty heap after it, its system calls
// called as the trap handler would.
struct Process {
    StatsRegistry registry;
    StatsRegistry::Scope scope{registry};
    std::vector<uint8_t> ram = std::vector<uint8_t>(64 * P);
    sparc::SparcCpu cpu{"cpu0", sparc::SparcCpuConfig{}};
    std::ostringstream diagnostics;
    LinuxProcess p{{&cpu}, PhysicalMemory{ram.data(), 0, ram.size()}, ProcessConfig{}, diagnostics};
    AddressSpace& as = p.memory();

    Process() {
        as.map(kText, 2 * P, R | X, "text");
        p.brk_start = p.brk_current = kHeap;
    }

    int64_t call(uint64_t number, const char* name, std::vector<uint64_t> args) {
        const SyscallEntry* e = find_syscall(number);
        REQUIRE(e != nullptr);
        REQUIRE(std::string(e->name) == name);
        SyscallArgs a{};
        for (size_t i = 0; i < args.size(); ++i)
            a.a[i] = args[i];
        return e->handler(p, a);
    }
    int64_t brk(uint64_t want) { return call(17, "brk", {want}); }
    int64_t mmap(uint64_t addr, uint64_t len, uint64_t prot, uint64_t flags, int64_t fd = -1,
                 uint64_t offset = 0) {
        return call(71, "mmap", {addr, len, prot, flags, uint64_t(fd), offset});
    }
    int64_t anon(uint64_t addr, uint64_t len, uint64_t flags = 0, uint64_t prot = R | W) {
        return mmap(addr, len, prot, kMapPrivate | kMapAnon | flags);
    }
    int64_t munmap(uint64_t addr, uint64_t len) { return call(73, "munmap", {addr, len}); }
    int64_t mprotect(uint64_t addr, uint64_t len, uint64_t prot) {
        return call(74, "mprotect", {addr, len, prot});
    }
    int64_t madvise(uint64_t addr, uint64_t len, uint64_t advice) {
        return call(75, "madvise", {addr, len, advice});
    }
    int64_t mremap(uint64_t old_addr, uint64_t old_len, uint64_t new_len, uint64_t flags,
                   uint64_t new_addr = 0) {
        return call(250, "mremap", {old_addr, old_len, new_len, flags, new_addr});
    }

    bool allows(uint64_t va, Access access) {
        uint64_t pa;
        return as.translate(va, access, pa);
    }
    uint8_t& byte(uint64_t va) {
        uint8_t* b = as.host_pointer(va);
        REQUIRE(b != nullptr);
        return *b;
    }
};

} // namespace

TEST_CASE("memory syscalls: brk(0) and a break below the start return the current break",
          "[syscalls][brk]") {
    Process t;
    CHECK(t.brk(0) == int64_t(kHeap));
    CHECK(t.brk(kHeap - 1) == int64_t(kHeap));
    CHECK(t.brk(kText) == int64_t(kHeap)); // not into the program
    CHECK(t.p.brk_current == kHeap);
    CHECK(t.as.is_free(kHeap, 64 * P));
}

TEST_CASE("memory syscalls: brk grows the heap in whole pages and shrinking unmaps them",
          "[syscalls][brk]") {
    Process t;
    CHECK(t.brk(kHeap + 100) == int64_t(kHeap + 100)); // the break itself is not rounded ...
    CHECK(t.p.brk_current == kHeap + 100);
    CHECK(t.as.is_mapped(kHeap, P)); // ... its mapping is
    CHECK(t.as.is_free(kHeap + P, P));
    CHECK(t.as.mappings().at(kHeap).name == "heap");
    CHECK(t.allows(kHeap + 50, Access::Write));
    CHECK_FALSE(t.allows(kHeap + 50, Access::Fetch));

    CHECK(t.brk(kHeap + 200) == int64_t(kHeap + 200)); // within the same page
    CHECK(t.brk(kHeap + 3 * P + 1) == int64_t(kHeap + 3 * P + 1));
    CHECK(t.as.is_mapped(kHeap, 4 * P));
    CHECK(t.as.is_free(kHeap + 4 * P, P));
    t.byte(kHeap + 2 * P) = 0x42;

    CHECK(t.brk(kHeap + P) == int64_t(kHeap + P)); // shrink: pages 1..3 go
    CHECK(t.as.is_mapped(kHeap, P));
    CHECK(t.as.is_free(kHeap + P, 3 * P));
    CHECK(t.brk(kHeap + 3 * P) == int64_t(kHeap + 3 * P)); // and come back zeroed
    CHECK(t.byte(kHeap + 2 * P) == 0);

    CHECK(t.brk(kHeap) == int64_t(kHeap)); // back to empty
    CHECK(t.as.is_free(kHeap, 4 * P));
}

TEST_CASE("memory syscalls: brk fails, keeping the break, where the heap meets a mapping",
          "[syscalls][brk]") {
    Process t;
    REQUIRE(t.anon(kHeap + 4 * P, P, kMapFixed) == int64_t(kHeap + 4 * P));
    CHECK(t.brk(kHeap + 2 * P) == int64_t(kHeap + 2 * P));
    CHECK(t.brk(kHeap + 4 * P + 1) == int64_t(kHeap + 2 * P)); // into it: the old break
    CHECK(t.brk(kHeap + 9 * P) == int64_t(kHeap + 2 * P));     // past it
    CHECK(t.p.brk_current == kHeap + 2 * P);
    CHECK(t.as.is_free(kHeap + 2 * P, 2 * P));
    CHECK(t.as.mappings().at(kHeap + 4 * P).name == "mmap"); // untouched
}

TEST_CASE("memory syscalls: brk past the top of the address space fails and unmaps nothing",
          "[syscalls][brk]") {
    Process t;
    REQUIRE(t.brk(kHeap + P) == int64_t(kHeap + P));
    const std::string before = layout(t.as);
    // Rounded up to a page, these wrap past 2^64; Linux refuses a break beyond TASK_SIZE.
    CHECK(t.brk(~uint64_t(0) - 100) == int64_t(kHeap + P));
    CHECK(t.brk(~uint64_t(0)) == int64_t(kHeap + P));
    CHECK(t.brk(kUserTop + P) == int64_t(kHeap + P)); // into sparc64's VA hole
    CHECK(t.p.brk_current == kHeap + P);
    CHECK(layout(t.as) == before); // the program and the heap are still there
}

TEST_CASE("memory syscalls: mmap without a hint takes the lowest free range from the mmap base",
          "[syscalls][mmap]") {
    Process t;
    const uint64_t base = LinuxProcess::kMmapBase;
    CHECK(t.anon(0, 100) == int64_t(base)); // rounded up to one page
    CHECK(t.as.mappings().at(base).end == base + P);
    CHECK(t.as.mappings().at(base).name == "mmap");
    CHECK(t.anon(0, 3 * P, 0, R) == int64_t(base + P));
    CHECK(t.as.mappings().at(base + P).prot == R);
    CHECK(t.anon(0, P) == int64_t(base + 4 * P));
    CHECK(t.munmap(base, P) == ok);
    CHECK(t.anon(0, 2 * P) == int64_t(base + 5 * P)); // the one-page hole is too small
    CHECK(t.anon(0, P) == int64_t(base));             // but this fits
    CHECK(t.byte(base + 5 * P) == 0);                 // anonymous memory starts zeroed
}

TEST_CASE("memory syscalls: mmap uses a free page-aligned hint, else looks elsewhere",
          "[syscalls][mmap]") {
    Process t;
    const uint64_t base = LinuxProcess::kMmapBase;
    CHECK(t.anon(0x30000000, 2 * P) == 0x30000000);    // free and aligned: taken
    CHECK(t.anon(0x30000000 + P, P) == int64_t(base)); // taken: not replaced, placed elsewhere
    CHECK(t.as.mappings().at(0x30000000).end == 0x30000000 + 2 * P);
    CHECK(t.anon(0x40000000 + 12, P) == int64_t(base + P)); // unaligned: ignored
    CHECK(t.as.is_free(0x40000000, P));
}

TEST_CASE("memory syscalls: MAP_FIXED replaces what was there, MAP_FIXED_NOREPLACE refuses",
          "[syscalls][mmap]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 3 * P, kMapFixed) == int64_t(a));
    t.byte(a + P) = 0x99;
    CHECK(t.anon(a + P, P, kMapFixed, R) == int64_t(a + P));
    CHECK(t.byte(a + P) == 0); // fresh memory
    CHECK_FALSE(t.allows(a + P, Access::Write));
    CHECK(t.allows(a + 2 * P, Access::Write)); // the neighbours stay

    CHECK(t.anon(a + 2 * P, P, kMapFixedNoReplace) == err(abi::kEEXIST));
    CHECK(t.anon(a + 3 * P, P, kMapFixedNoReplace) == int64_t(a + 3 * P)); // free: fine
}

TEST_CASE("memory syscalls: mmap's argument errors (EINVAL, ENOMEM, EBADF) map nothing",
          "[syscalls][mmap]") {
    Process t;
    const std::string before = layout(t.as);
    CHECK(t.anon(0, 0) == err(abi::kEINVAL));                // zero length
    CHECK(t.anon(0, ~uint64_t(0) - 5) == err(abi::kENOMEM)); // rounds up past 2^64
    CHECK(t.mmap(0, P, R, kMapPrivate | kMapAnon, -1, 100) == err(abi::kEINVAL)); // offset
    CHECK(t.anon(0x30000000 + 4, P, kMapFixed) == err(abi::kEINVAL));             // unaligned fixed
    CHECK(t.anon(kUserTop, P, kMapFixed) == err(abi::kEINVAL));                   // in the VA hole
    CHECK(t.anon(kUserTop - P, 2 * P, kMapFixed) == err(abi::kEINVAL));           // into it
    // A range that wraps past 2^64 (sparc_mmap_check's invalid_64bit_range: EINVAL).
    CHECK(t.anon(~uint64_t(0) - P + 1, 2 * P, kMapFixed) == err(abi::kEINVAL));
    CHECK(t.anon(~uint64_t(0) - P + 1, 2 * P, kMapFixedNoReplace) == err(abi::kEINVAL));
    CHECK(t.mmap(0, P, R, kMapPrivate, 77) == err(abi::kEBADF)); // no such descriptor
    CHECK(layout(t.as) == before);
}

TEST_CASE("memory syscalls: mmap fails with ENOMEM when no free range fits below the user top",
          "[syscalls][mmap]") {
    Process t; // PROT_NONE: the address range runs out, not the RAM
    const uint64_t room = kUserTop - LinuxProcess::kMmapBase;
    CHECK(t.anon(0, room + P, 0, 0) == err(abi::kENOMEM));
    CHECK(t.anon(0, room, 0, 0) == int64_t(LinuxProcess::kMmapBase)); // exactly what is left
    CHECK(t.anon(0, P, 0, 0) == err(abi::kENOMEM));                   // and now nothing
}

// Found by the syscall fuzzer: a negative lowest number wrote before the table.
TEST_CASE("file syscalls: fcntl F_DUPFD with a lowest number out of range is EINVAL",
          "[syscalls][fcntl]") {
    Process t;
    CHECK(t.call(92, "fcntl", {1, 0, uint64_t(-5)}) == -abi::kEINVAL);
    CHECK(t.call(92, "fcntl", {1, 1030, uint64_t(FdTable::kMaxFds)}) == -abi::kEINVAL);
    const int64_t copy = t.call(92, "fcntl", {1, 0, 10});
    CHECK(copy == 10);
    CHECK(t.call(6, "close", {uint64_t(copy)}) == 0);
}

// Found by the syscall fuzzer: a PROT_NONE file mapping of 3 GiB made the
// host read the file into a buffer as long as the mapping.
TEST_CASE("memory syscalls: a file mmap takes RAM for the file's pages only, whatever its length",
          "[syscalls][mmap][commit]") {
    Process t; // 64 pages of RAM
    char path[] = "/tmp/fireplane_mmap_XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    ::unlink(path);
    const std::string text(2 * P + 1, 'f'); // three pages
    REQUIRE(::write(fd, text.data(), text.size()) == ssize_t(text.size()));
    const int guest = t.p.files().add(fd, 3);
    const int64_t at = t.mmap(0, 3ull << 30, 0, kMapPrivate, guest, 0);
    REQUIRE(at > 0);
    CHECK(t.as.resident_pages() == 3);
    CHECK(t.as.committed() == 2 * P + 3 * P); // the text, and the file's pages
    CHECK(t.mprotect(uint64_t(at), 2 * P, R) == 0);
    CHECK(t.byte(uint64_t(at) + P) == 'f');
    const std::string big(64 * P, 'g'); // more than the RAM: refused even without access
    REQUIRE(::pwrite(fd, big.data(), big.size(), 0) == ssize_t(big.size()));
    CHECK(t.mmap(0, 64 * P, 0, kMapPrivate, guest, 0) == -abi::kENOMEM);
}

TEST_CASE("memory syscalls: a file mmap is a private copy of its bytes, zero after the end",
          "[syscalls][mmap]") {
    Process t;
    char path[] = "/tmp/fireplane_mmap_XXXXXX";
    const int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    ::unlink(path);
    std::string text(P + 10, 'a');
    text[P] = 'b';
    REQUIRE(::write(fd, text.data(), text.size()) == ssize_t(text.size()));
    const int guest = t.p.files().add(fd, 3);
    REQUIRE(guest >= 3);

    const int64_t at = t.mmap(0, 2 * P, R | W, kMapShared, guest, 0);
    REQUIRE(at > 0);
    const uint64_t va = uint64_t(at);
    CHECK(t.as.mappings().at(va).name == "file");
    CHECK(t.byte(va) == 'a');
    CHECK(t.byte(va + P) == 'b');
    CHECK(t.byte(va + P + 9) == 'a');
    CHECK(t.byte(va + P + 10) == 0); // past the file's end
    t.byte(va) = 'z';                // MAP_SHARED is a private copy here
    char first = 0;
    REQUIRE(::pread(fd, &first, 1, 0) == 1);
    CHECK(first == 'a');
    CHECK(sc_core::sc_report_handler::get_count("syscall") == 1); // told once

    const int64_t second = t.mmap(0, P, R, kMapPrivate, guest, P); // from an offset
    REQUIRE(second > 0);
    CHECK(t.byte(uint64_t(second)) == 'b');
}

TEST_CASE("memory syscalls: /dev/mem maps device registers but not the process's RAM",
          "[syscalls][mmap]") {
    Process t;
    const int guest = t.p.files().add(::dup(0), 3);
    REQUIRE(guest >= 3);
    t.p.files().set_physical_memory(guest);
    constexpr uint64_t kDevice = 0x1fff1000000;
    const int64_t at = t.mmap(0, P, R | W, kMapShared, guest, kDevice);
    REQUIRE(at > 0);
    uint64_t pa = 0;
    CHECK(t.as.translate(uint64_t(at) + 8, Access::Write, pa));
    CHECK(pa == kDevice + 8);
    CHECK(t.mmap(0, P, R | W, kMapShared, guest, 0) == err(abi::kEPERM)); // RAM
    CHECK(t.mmap(0, 2 * P, R, kMapShared, guest, t.ram.size() - P) == err(abi::kEPERM));
}

TEST_CASE("file syscalls: what a guest does through /dev/mem stays inside the process",
          "[syscalls][open]") {
    struct stat before {};
    REQUIRE(::stat("/dev/null", &before) == 0);
    Process t;
    // As open("/dev/mem") makes it (this fixture has no bus for the path).
    const int fd =
        t.p.files().add(FdTable::open_special_host_file(FdTable::Special::PhysicalMemory), 3);
    REQUIRE(fd >= 3);
    t.p.files().set_physical_memory(fd);
    // The host file behind it is the process's own, not a device node.
    struct stat host {};
    REQUIRE(::fstat(t.p.files().host(fd), &host) == 0);
    CHECK(S_ISREG(host.st_mode));
    CHECK(t.call(124, "fchmod", {uint64_t(fd), 0}) == ok);
    CHECK(t.call(130, "ftruncate", {uint64_t(fd), P}) == err(abi::kEPERM));
    // read and write pass to the host file.
    char byte = 'x';
    CHECK(::write(t.p.files().host(fd), &byte, 1) == -1);
    CHECK(errno == EPERM);
    CHECK(::read(t.p.files().host(fd), &byte, 1) == 0); // reads as empty
    struct stat after {};
    REQUIRE(::stat("/dev/null", &after) == 0);
    CHECK(after.st_mode == before.st_mode);
}

TEST_CASE("memory syscalls: munmap splits mappings and checks its arguments",
          "[syscalls][munmap]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 4 * P, kMapFixed) == int64_t(a));
    CHECK(t.munmap(a + P, P + 1) == ok); // a partial page counts whole
    CHECK(t.as.is_mapped(a, P));
    CHECK(t.as.is_free(a + P, 2 * P));
    CHECK(t.as.is_mapped(a + 3 * P, P));
    CHECK(t.munmap(a + 16 * P, P) == ok); // nothing there: not an error
    CHECK(t.munmap(a + 4, P) == err(abi::kEINVAL));
    CHECK(t.munmap(a, 0) == err(abi::kEINVAL));
    CHECK(t.as.is_mapped(a, P));
}

TEST_CASE("memory syscalls: munmap of a range that wraps past 2^64 is EINVAL and drops nothing",
          "[syscalls][munmap]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 2 * P, kMapFixed) == int64_t(a));
    t.byte(a + P) = 0x31;
    CHECK(t.munmap(a, uint64_t(0) - a) == err(abi::kEINVAL)); // [a, 2^64)
    CHECK(t.munmap(a, ~uint64_t(0)) == err(abi::kEINVAL));
    CHECK(t.as.is_mapped(a, 2 * P));
    CHECK(t.byte(a + P) == 0x31); // its page was not given back
}

TEST_CASE("memory syscalls: mprotect changes protection, errors EINVAL and ENOMEM",
          "[syscalls][mprotect]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 3 * P, kMapFixed) == int64_t(a));
    t.byte(a + P) = 5;
    CHECK(t.mprotect(a + P, 100, R) == ok); // rounded up to the page
    CHECK_FALSE(t.allows(a + P, Access::Write));
    CHECK(t.allows(a + P, Access::Read));
    CHECK(t.allows(a, Access::Write));
    CHECK(t.allows(a + 2 * P, Access::Write));
    CHECK(t.byte(a + P) == 5);
    CHECK(t.mprotect(a, 3 * P, R | X) == ok);
    CHECK(t.allows(a + 2 * P, Access::Fetch));
    CHECK(t.mprotect(a, 0, R) == ok); // nothing to do

    CHECK(t.mprotect(a + 8, P, R) == err(abi::kEINVAL));
    CHECK(t.mprotect(a, 4 * P, R | W) == err(abi::kENOMEM));      // runs off the end
    CHECK(t.mprotect(0x50000000, P, R | W) == err(abi::kENOMEM)); // nothing there
    CHECK_FALSE(t.allows(0x50000000, Access::Read));
}

TEST_CASE("memory syscalls: mprotect of a range that wraps past 2^64 is ENOMEM",
          "[syscalls][mprotect]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, P, kMapFixed) == int64_t(a));
    t.byte(a) = 1; // backed: its page has a protection of its own
    CHECK(t.mprotect(a, uint64_t(0) - a, R) == err(abi::kENOMEM));
    CHECK(t.allows(a, Access::Write));
}

TEST_CASE("memory syscalls: madvise(MADV_DONTNEED) zeroes the pages, other advice keeps them",
          "[syscalls][madvise]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 2 * P, kMapFixed) == int64_t(a));
    t.byte(a) = 1;
    t.byte(a + P) = 2;
    CHECK(t.madvise(a, 2 * P, kMadvWillNeed) == ok);
    CHECK(t.byte(a) == 1);
    CHECK(t.madvise(a + P, P, kMadvDontNeed) == ok);
    CHECK(t.byte(a) == 1);
    CHECK(t.byte(a + P) == 0);
    CHECK(t.as.is_mapped(a, 2 * P));
    CHECK(t.madvise(a + 1, P, kMadvDontNeed) == err(abi::kEINVAL));
    CHECK(t.byte(a) == 1);
}

TEST_CASE("memory syscalls: madvise of a range that wraps past 2^64 is EINVAL and zeroes nothing",
          "[syscalls][madvise]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 2 * P, kMapFixed) == int64_t(a));
    t.byte(a + P) = 2;
    CHECK(t.madvise(a, uint64_t(0) - a, kMadvDontNeed) == err(abi::kEINVAL));
    CHECK(t.madvise(a, ~uint64_t(0), kMadvDontNeed) == err(abi::kEINVAL));
    CHECK(t.byte(a + P) == 2);
}

TEST_CASE("memory syscalls: mremap shrinks in place, grows in place, or moves with MAYMOVE",
          "[syscalls][mremap]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 4 * P, kMapFixed, R) == int64_t(a));
    t.byte(a + 5) = 0x55;
    CHECK(t.mremap(a, 4 * P, 2 * P, 0) == int64_t(a));
    CHECK(t.as.is_free(a + 2 * P, 2 * P));
    CHECK(t.mremap(a, 2 * P, 3 * P, 0) == int64_t(a)); // the room is free again
    CHECK(t.as.is_mapped(a, 3 * P));
    CHECK(t.as.mappings().at(a + 2 * P).prot == R); // the new part has the old protection

    REQUIRE(t.anon(a + 3 * P, P, kMapFixed) == int64_t(a + 3 * P)); // a wall after it
    CHECK(t.mremap(a, 3 * P, 5 * P, 0) == err(abi::kENOMEM));
    CHECK(t.as.is_mapped(a, 3 * P));
    const int64_t moved = t.mremap(a, 3 * P, 5 * P, kMremapMayMove);
    REQUIRE(moved > 0);
    const uint64_t to = uint64_t(moved);
    CHECK(to != a);
    CHECK(t.as.is_free(a, 3 * P));
    CHECK(t.as.is_mapped(to, 5 * P));
    CHECK(t.byte(to + 5) == 0x55); // the data came along
    CHECK(t.byte(to + 4 * P) == 0);
    CHECK_FALSE(t.allows(to, Access::Write));
    CHECK(t.as.mappings().at(a + 3 * P).name == "mmap"); // the wall stays
}

// Found by the syscall fuzzer: an old length of 0 is mapped vacuously, and
// below every mapping the search for the one that holds it stepped before
// the first (a crash).
TEST_CASE("memory syscalls: mremap of an old length 0 is EINVAL in a mapping, EFAULT outside",
          "[syscalls][mremap]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 2 * P, kMapFixed) == int64_t(a));
    CHECK(t.mremap(P, 0, P, kMremapMayMove) == err(abi::kEFAULT)); // below every mapping
    CHECK(t.mremap(a, 0, P, kMremapMayMove) == err(abi::kEINVAL));
    CHECK(t.mremap(a, ~uint64_t(0), P, 0) == err(abi::kEINVAL)); // pages up to 0
    CHECK(t.as.is_mapped(a, 2 * P));
}

TEST_CASE("memory syscalls: mremap with MREMAP_FIXED moves to the given address",
          "[syscalls][mremap]") {
    Process t;
    constexpr uint64_t a = 0x30000000, b = 0x38000000;
    REQUIRE(t.anon(a, 2 * P, kMapFixed) == int64_t(a));
    REQUIRE(t.anon(b, 4 * P, kMapFixed, R) == int64_t(b)); // replaced by the move
    t.byte(a + P) = 0x66;
    t.byte(b + 3 * P) = 0x77;
    CHECK(t.mremap(a, 2 * P, 3 * P, kMremapMayMove | kMremapFixed, b) == int64_t(b));
    CHECK(t.as.is_free(a, 2 * P));
    CHECK(t.as.is_mapped(b, 3 * P));
    CHECK(t.as.mappings().at(b + 3 * P).prot == R); // beyond the new length, b's mapping stays
    CHECK(t.byte(b + 3 * P) == 0x77);
    CHECK(t.byte(b + P) == 0x66);
    CHECK(t.byte(b + 2 * P) == 0);
    CHECK(t.allows(b + 2 * P, Access::Write));
}

TEST_CASE("memory syscalls: memory beyond the RAM is ENOMEM from mmap, brk, mprotect and mremap",
          "[syscalls][commit]") {
    Process t; // 64 pages of RAM, 2 of them the text
    const uint64_t ram = 64 * P;
    CHECK(t.anon(0, ram) == -abi::kENOMEM);
    CHECK(t.anon(0, 1ull << 40) == -abi::kENOMEM);
    CHECK(t.brk(kHeap + ram) == int64_t(kHeap)); // the break stays
    const int64_t reserve = t.anon(0, 4 * ram, 0, 0);
    REQUIRE(reserve > 0);
    CHECK(t.mprotect(uint64_t(reserve), ram, R | W) == -abi::kENOMEM);
    CHECK(t.mprotect(uint64_t(reserve), 8 * P, R | W) == 0);
    CHECK(t.mremap(uint64_t(reserve), 8 * P, ram, kMremapMayMove) == -abi::kENOMEM);
    const int64_t grown = t.mremap(uint64_t(reserve), 8 * P, 16 * P, kMremapMayMove);
    REQUIRE(grown > 0);
    // All but the text's 2 and these 16 pages can be had, and not one more.
    const int64_t rest = t.anon(0, ram - 18 * P);
    REQUIRE(rest > 0);
    CHECK(t.anon(0, P) == -abi::kENOMEM);
    CHECK(t.brk(kHeap + P) == int64_t(kHeap));
    CHECK(t.mprotect(uint64_t(reserve) + 16 * P, P, R) == -abi::kENOMEM);
    // Unmapping gives it back.
    CHECK(t.munmap(uint64_t(rest), ram - 18 * P) == 0);
    CHECK(t.brk(kHeap + P) == int64_t(kHeap + P));
    const int64_t again = t.anon(0, ram - 19 * P);
    REQUIRE(again > 0);
    for (uint64_t off = 0; off < ram - 19 * P; off += P) // every promised page can be touched
        CHECK(t.allows(uint64_t(again) + off, Access::Write));
    for (uint64_t off = 0; off < 16 * P; off += P)
        CHECK(t.allows(uint64_t(grown) + off, Access::Write));
    CHECK(t.allows(kHeap, Access::Write));
    CHECK_FALSE(t.as.out_of_memory());
}

TEST_CASE("memory syscalls: mremap's errors: EINVAL, EFAULT", "[syscalls][mremap]") {
    Process t;
    constexpr uint64_t a = 0x30000000;
    REQUIRE(t.anon(a, 2 * P, kMapFixed) == int64_t(a));
    CHECK(t.mremap(a + 8, P, 2 * P, kMremapMayMove) == err(abi::kEINVAL)); // unaligned
    CHECK(t.mremap(a, 2 * P, 0, kMremapMayMove) == err(abi::kEINVAL));     // to nothing
    CHECK(t.mremap(a, 2 * P, 3 * P, 8) == err(abi::kEINVAL));              // unknown flag
    CHECK(t.mremap(a, 2 * P, 3 * P, kMremapFixed, 0x38000000) == err(abi::kEINVAL));
    CHECK(t.mremap(a, 2 * P, 3 * P, kMremapFixed | kMremapMayMove, 0x38000004) ==
          err(abi::kEINVAL));
    CHECK(t.mremap(a, 3 * P, 4 * P, kMremapMayMove) == err(abi::kEFAULT)); // not all mapped
    CHECK(t.mremap(0x50000000, P, 2 * P, kMremapMayMove) == err(abi::kEFAULT));
    CHECK(t.as.is_mapped(a, 2 * P));
    CHECK(t.as.is_free(a + 2 * P, P));
}

// Found by the checkpoint fuzzer: a restored free page outside the RAM was
// zeroed through the host pointer when handed out again.
TEST_CASE("address space: a checkpoint is refused when its pages lie outside this RAM",
          "[address_space][checkpoint]") {
    Space big(32);
    big.as.map(0x100000, 16 * P, R | W, "data");
    for (uint64_t k = 0; k < 16; ++k)
        big.byte(0x100000 + k * P) = 1;      // pages 0-15 of the RAM
    big.as.discard(0x100000 + 8 * P, 8 * P); // pages 8-15 become free
    Space same(32);
    restore(same.as, saved(big.as));
    CHECK(same.pa_of(0x100000) == big.pa_of(0x100000));

    Space small(8); // the mapped pages fit, the free pages 8-15 do not
    big.as.discard(0x100000, 8 * P);
    CHECK_THROWS_WITH(restore(small.as, saved(big.as)),
                      Catch::Contains("outside the process's RAM"));
}
