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

// ---- the two tables, and what they commit ----

uint64_t AddressSpace::charge(uint64_t start, const Mapping& m) const {
    if (m.prot == 0) return 0;
    auto p = pages_.find(start / kPageSize); // a device mapping's pages are all there, and device
    return p != pages_.end() && p->second.device ? 0 : m.end - start;
}

void AddressSpace::insert_mapping(uint64_t start, const Mapping& m) {
    charged_bytes_ += charge(mappings_.emplace(start, m).first->first, m);
}

std::map<uint64_t, Mapping>::iterator
AddressSpace::erase_mapping(std::map<uint64_t, Mapping>::iterator it) {
    charged_bytes_ -= charge(it->first, it->second);
    return mappings_.erase(it);
}

void AddressSpace::set_mapping_prot(uint64_t start, Mapping& m, unsigned prot) {
    charged_bytes_ -= charge(start, m);
    m.prot = prot;
    charged_bytes_ += charge(start, m);
}

AddressSpace::Page& AddressSpace::insert_page(uint64_t vpn, const Page& page) {
    Page& p = pages_[vpn] = page;
    inaccessible_pages_ += inaccessible(p);
    return p;
}

void AddressSpace::set_page_prot(Page& page, unsigned prot) {
    inaccessible_pages_ -= inaccessible(page);
    page.prot = prot;
    inaccessible_pages_ += inaccessible(page);
}

void AddressSpace::recount() {
    charged_bytes_ = inaccessible_pages_ = 0;
    for (const auto& [start, m] : mappings_)
        charged_bytes_ += charge(start, m);
    for (const auto& [vpn, page] : pages_)
        inaccessible_pages_ += inaccessible(page);
}

bool AddressSpace::fits(uint64_t va, uint64_t len, unsigned prot) const {
    if (prot == 0) return true; // commits nothing new
    uint64_t charged_there = 0; // what the range commits now, which it would replace
    const uint64_t end = va + len;
    auto it = mappings_.upper_bound(va);
    if (it != mappings_.begin()) --it;
    for (; it != mappings_.end() && it->first < end; ++it)
        if (it->second.end > va && charge(it->first, it->second))
            charged_there += std::min(end, it->second.end) - std::max(va, it->first);
    const uint64_t rest = committed() - charged_there;
    return len <= ram_.size && rest <= ram_.size - len;
}

// ---- mappings ----

void AddressSpace::map(uint64_t va, uint64_t len, unsigned prot, const std::string& name) {
    unmap(va, len);
    insert_mapping(va, Mapping{va + len, prot, name});
}

void AddressSpace::unmap(uint64_t va, uint64_t len) {
    const uint64_t end = va + len;
    split_at(va);
    split_at(end);
    // Mappings go before their pages: a mapping's charge looks at its first page.
    for (auto it = mappings_.lower_bound(va); it != mappings_.end() && it->first < end;)
        it = erase_mapping(it);
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
        set_mapping_prot(it->first, it->second, prot);
    for (uint64_t vpn : backed_pages(va, len))
        set_page_prot(pages_[vpn], prot);
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
        const Page& page =
            moved.emplace(vpn - from / kPageSize + to / kPageSize, pages_[vpn]).first->second;
        inaccessible_pages_ -= inaccessible(page);
        pages_.erase(vpn);
    }
    unmap(from, len);
    map(to, len, prot, name);
    for (auto& [vpn, page] : moved)
        insert_page(vpn, page);
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
    unmap(va, len);
    for (uint64_t off = 0; off < len; off += kPageSize) // before the mapping: it takes no RAM
        insert_page((va + off) / kPageSize, Page{pa + off, prot, true});
    insert_mapping(va, Mapping{va + len, prot, "device"});
}

void AddressSpace::release(uint64_t vpn) {
    auto p = pages_.find(vpn);
    if (p == pages_.end()) return;
    if (!p->second.device) free_pas_.push_back(p->second.pa);
    inaccessible_pages_ -= inaccessible(p->second);
    pages_.erase(p);
}

bool AddressSpace::translate(uint64_t va, sparc::Access access, uint64_t& pa) {
    const unsigned need = access == sparc::Access::Write   ? kProtWrite
                          : access == sparc::Access::Fetch ? kProtExec
                                                           : kProtRead;
    const uint64_t vpn = va / kPageSize;
    auto p = pages_.find(vpn);
    const Page* page = p == pages_.end() ? nullptr : &p->second;
    if (!page) {
        const Mapping* m = find_mapping(va);
        uint64_t page_pa;
        if (!m || !(m->prot & need) || !allocate(page_pa)) return false; // a fault takes no page
        page = &insert_page(vpn, Page{page_pa, m->prot});
    }
    if (!(page->prot & need)) return false;
    pa = page->pa + (va % kPageSize);
    return true;
}

uint8_t* AddressSpace::host_pointer(uint64_t va) {
    const uint64_t vpn = va / kPageSize;
    auto p = pages_.find(vpn);
    const Page* page = p == pages_.end() ? nullptr : &p->second;
    if (!page) {
        const Mapping* m = find_mapping(va);
        uint64_t page_pa;
        if (!m || !allocate(page_pa)) return nullptr;
        page = &insert_page(vpn, Page{page_pa, m->prot});
    }
    if (page->device) return nullptr; // not RAM: only the CPU's uncached path reaches it
    return ram_.host + (page->pa - ram_.base) + (va % kPageSize);
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
