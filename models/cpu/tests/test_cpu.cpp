#include "test_cpu.h"

#include "sparc_asm.h"

#include <cstring>

namespace cpu_test {

using fireplane::sparc::kPageMask;
using fireplane::sparc::kPageSize;

void TestMemory::map(uint64_t va, uint64_t size) {
    for (uint64_t page = va & ~kPageMask; page < va + size; page += kPageSize)
        if (!pages_.count(page)) pages_[page] = std::make_unique<Page>(Page{});
}

uint8_t* TestMemory::host(uint64_t va) {
    auto it = pages_.find(va & ~kPageMask);
    return it == pages_.end() ? nullptr : it->second->data() + (va & kPageMask);
}

void TestMemory::put32(uint64_t va, uint32_t v) {
    v = __builtin_bswap32(v);
    std::memcpy(host(va), &v, 4);
}

void TestMemory::put64(uint64_t va, uint64_t v) {
    v = __builtin_bswap64(v);
    std::memcpy(host(va), &v, 8);
}

uint32_t TestMemory::get32(uint64_t va) {
    uint32_t v;
    std::memcpy(&v, host(va), 4);
    return __builtin_bswap32(v);
}

uint64_t TestMemory::get64(uint64_t va) {
    uint64_t v;
    std::memcpy(&v, host(va), 8);
    return __builtin_bswap64(v);
}

bool TestMemory::map_page(uint64_t va, fireplane::sparc::Access,
                          fireplane::sparc::PageMapping& out) {
    uint8_t* page = host(va & ~kPageMask);
    if (!page) return false;
    out.host = page;
    out.pa = va & ~kPageMask;
    return true;
}

TestCpu::TestCpu(const std::vector<uint32_t>& program) : core(memory, this) {
    memory.map(kCode, 2 * kPageSize);
    memory.map(kData, 2 * kPageSize);
    memory.map(kStack - kPageSize, kPageSize);
    for (size_t k = 0; k < program.size(); ++k)
        memory.put32(at(unsigned(k)), program[k]);
    memory.put32(at(unsigned(program.size())), as::ta(kStopTrap - 0x100));
    core.pc = kCode;
    core.npc = kCode + 4;
    core.r[as::sp] = kStack - 256;
}

unsigned TestCpu::run(uint64_t max_instructions) {
    stop_tt_ = 0;
    core.run(max_instructions);
    return core.halted() ? stop_tt_ : 0;
}

void TestCpu::handle_trap(SparcCore& c, unsigned tt) {
    traps.push_back({tt, c.trap_stack[c.tl].tpc});
    if (on_trap && on_trap(c, tt)) return;
    stop_tt_ = tt;
    c.halt(0);
}

uint64_t bits_of(double d) {
    uint64_t b;
    std::memcpy(&b, &d, 8);
    return b;
}

double double_of(uint64_t bits) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
}

} // namespace cpu_test
