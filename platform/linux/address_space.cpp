#include "address_space.h"

#include <algorithm>
#include <ostream>

#include <cstring>

namespace fireplane::linux_user {

const Mapping* AddressSpace::find_mapping(uint64_t va) const {
    auto it = mappings_.upper_bound(va);
    if (it == mappings_.begin()) return nullptr;
    --it;
    return va < it->second.end ? &it->second : nullptr;
}

// Splits the mapping that straddles `va` so that a mapping starts exactly there.
void AddressSpace::split_at(uint64_t va) {
    auto it = mappings_.upper_bound(va);
    if (it == mappings_.begin()) return;
    --it;
    if (it->first < va && va < it->second.end) {
        Mapping upper = it->second;
        it->second.end = va;
        mappings_.emplace(va, upper);
    }
}

void AddressSpace::map(uint64_t va, uint64_t len, unsigned prot, const std::string& name) {
    unmap(va, len);
    mappings_.emplace(va, Mapping{va + len, prot, name});
}

void AddressSpace::unmap(uint64_t va, uint64_t len) {
    const uint64_t end = va + len;
    split_at(va);
    split_at(end);
    for (auto it = mappings_.lower_bound(va); it != mappings_.end() && it->first < end;)
        it = mappings_.erase(it);
    for (uint64_t vpn : backed_pages(va, len))
        release(vpn);
}

std::vector<uint64_t> AddressSpace::backed_pages(uint64_t va, uint64_t len) const {
    std::vector<uint64_t> vpns;
    const uint64_t first = va / kPageSize, count = page_up(len) / kPageSize;
    if (count <= pages_.size()) {
        for (uint64_t v = first; v < first + count; ++v)
            if (pages_.count(v)) vpns.push_back(v);
    } else {
        for (const auto& [vpn, page] : pages_)
            if (vpn >= first && vpn < first + count) vpns.push_back(vpn);
    }
    return vpns;
}

bool AddressSpace::protect(uint64_t va, uint64_t len, unsigned prot) {
    if (!is_mapped(va, len)) return false;
    const uint64_t end = va + len;
    split_at(va);
    split_at(end);
    for (auto it = mappings_.lower_bound(va); it != mappings_.end() && it->first < end; ++it)
        it->second.prot = prot;
    for (uint64_t vpn : backed_pages(va, len))
        pages_[vpn].prot = prot;
    return true;
}

bool AddressSpace::is_mapped(uint64_t va, uint64_t len) const {
    if (va + len < va) return false; // past 2^64: no mapping reaches there
    uint64_t a = va;
    while (a < va + len) {
        const Mapping* m = find_mapping(a);
        if (!m) return false;
        a = m->end;
    }
    return true;
}

bool AddressSpace::is_free(uint64_t va, uint64_t len) const {
    if (va + len < va) return false;
    auto it = mappings_.lower_bound(va);
    if (it != mappings_.end() && it->first < va + len) return false;
    return find_mapping(va) == nullptr;
}

uint64_t AddressSpace::find_free(uint64_t from, uint64_t len) const {
    uint64_t candidate = from;
    while (candidate + len > candidate) {
        if (const Mapping* m = find_mapping(candidate)) {
            candidate = m->end;
            continue;
        }
        auto next = mappings_.lower_bound(candidate);
        if (next == mappings_.end() || next->first >= candidate + len) return candidate;
        candidate = next->second.end;
    }
    return 0;
}

void AddressSpace::discard(uint64_t va, uint64_t len) {
    for (uint64_t vpn : backed_pages(va, len))
        if (!pages_[vpn].device) release(vpn); // device registers do not become zero pages
}

void AddressSpace::move(uint64_t from, uint64_t len, uint64_t to) {
    const Mapping* m = find_mapping(from);
    const unsigned prot = m ? m->prot : 0;
    const std::string name = m ? m->name : "mmap";
    std::unordered_map<uint64_t, Page> moved;
    for (uint64_t vpn : backed_pages(from, len)) {
        moved.emplace(vpn - from / kPageSize + to / kPageSize, pages_[vpn]);
        pages_.erase(vpn);
    }
    unmap(from, len);
    map(to, len, prot, name);
    for (auto& [vpn, page] : moved)
        pages_[vpn] = page;
}

bool AddressSpace::allocate(uint64_t& pa) {
    if (!free_pas_.empty()) {
        pa = free_pas_.back();
        free_pas_.pop_back();
        std::memset(ram_.host + (pa - ram_.base), 0, kPageSize); // recycled pages start zeroed
        return true;
    }
    if (next_free_pa_ + kPageSize > ram_.size) {
        out_of_memory_ = true;
        return false;
    }
    pa = ram_.base + next_free_pa_; // fresh RAM is zero already
    next_free_pa_ += kPageSize;
    return true;
}

void AddressSpace::map_device(uint64_t va, uint64_t len, uint64_t pa, unsigned prot) {
    map(va, len, prot, "device");
    for (uint64_t off = 0; off < len; off += kPageSize)
        pages_[(va + off) / kPageSize] = Page{pa + off, prot, true};
}

void AddressSpace::release(uint64_t vpn) {
    auto p = pages_.find(vpn);
    if (p == pages_.end()) return;
    if (!p->second.device) free_pas_.push_back(p->second.pa);
    pages_.erase(p);
}

bool AddressSpace::translate(uint64_t va, sparc::Access access, uint64_t& pa) {
    const uint64_t vpn = va / kPageSize;
    auto p = pages_.find(vpn);
    unsigned prot;
    if (p == pages_.end()) {
        const Mapping* m = find_mapping(va);
        if (!m) return false;
        uint64_t page_pa;
        if (!allocate(page_pa)) return false;
        p = pages_.emplace(vpn, Page{page_pa, m->prot}).first;
    }
    prot = p->second.prot;
    const unsigned need = access == sparc::Access::Write   ? kProtWrite
                          : access == sparc::Access::Fetch ? kProtExec
                                                           : kProtRead;
    if (!(prot & need)) return false;
    pa = p->second.pa + (va % kPageSize);
    return true;
}

uint8_t* AddressSpace::host_pointer(uint64_t va) {
    const uint64_t vpn = va / kPageSize;
    auto p = pages_.find(vpn);
    if (p == pages_.end()) {
        const Mapping* m = find_mapping(va);
        uint64_t page_pa;
        if (!m || !allocate(page_pa)) return nullptr;
        p = pages_.emplace(vpn, Page{page_pa, m->prot}).first;
    }
    if (p->second.device) return nullptr; // not RAM: only the CPU's uncached path reaches it
    return ram_.host + (p->second.pa - ram_.base) + (va % kPageSize);
}

bool AddressSpace::physical_page(uint64_t va_page, uint64_t& pa_page) const {
    auto p = pages_.find(va_page / kPageSize);
    if (p == pages_.end()) return false;
    pa_page = p->second.pa;
    return true;
}

void AddressSpace::write_page_map(std::ostream& out) const {
    std::vector<uint64_t> vpns;
    for (const auto& [vpn, page] : pages_)
        vpns.push_back(vpn);
    std::sort(vpns.begin(), vpns.end()); // the hash map's order is the host's, not ours
    out << "va_page,pa_page,segment\n";
    for (uint64_t vpn : vpns) {
        const uint64_t va = vpn * kPageSize;
        const Mapping* m = find_mapping(va);
        out << "0x" << std::hex << va << ",0x" << pages_.at(vpn).pa << std::dec << ','
            << (m ? m->name : "?") << '\n';
    }
}

} // namespace fireplane::linux_user
