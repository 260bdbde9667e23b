#include "cache_array.h"

#include "core/text/hex_text.h"

#include <cstdio>
#include <stdexcept>
#include <string>

namespace fireplane::cache {

namespace {

// Checked before any member is built, so a bad geometry reports its own reason.
const CacheArrayConfig& validated(const CacheArrayConfig& c) {
    if (const auto problem = c.geometry.validate())
        throw std::invalid_argument("cache geometry: " + problem->message);
    if (c.byte_valid && c.geometry.line_size > 64)
        throw std::invalid_argument("cache geometry: per-byte valid bits need lines of at most "
                                    "64 bytes, not " +
                                    std::to_string(c.geometry.line_size) + ".");
    return c;
}

} // namespace

uint64_t BlockInfo::valid_mask() const {
    uint64_t m = 0;
    for (unsigned i = 0; i < sub_blocks; ++i)
        if (is_valid(states[i])) m |= uint64_t{1} << i;
    return m;
}

uint64_t BlockInfo::dirty_mask() const {
    uint64_t m = 0;
    for (unsigned i = 0; i < sub_blocks; ++i)
        if (is_dirty(states[i])) m |= uint64_t{1} << i;
    return m;
}

CacheArray::CacheArray(const CacheArrayConfig& config)
    : config_(validated(config)), sets_(config_.geometry.sets()), ways_(config_.geometry.ways),
      sub_blocks_(config_.geometry.sub_blocks), lines_(sets_ * ways_),
      states_(sets_ * ways_ * sub_blocks_, MoesiState::I),
      byte_masks_(config_.byte_valid ? sets_ * ways_ : 0, 0),
      replacement_(sets_, ways_, config_.policy, config_.seed),
      offset_bits_(config_.geometry.offset_bits()), set_mask_(sets_ - 1),
      tag_shift_(config_.geometry.offset_bits() + config_.geometry.index_bits()),
      line_mask_(config_.geometry.line_size - 1),
      sub_block_bits_(CacheGeometry::log2_of(config_.geometry.sub_block_size())) {}

uint64_t CacheArray::find_present(uint64_t pa, const char* what) const {
    const int64_t i = find(pa);
    if (i < 0)
        throw std::logic_error(std::string("cache: ") + what + " of absent block " + hex(pa));
    return static_cast<uint64_t>(i);
}

void CacheArray::fill(uint64_t pa) {
    int64_t found = find(pa);
    if (found >= 0 && is_valid(states_of(uint64_t(found))[sub_block_of(pa)])) {
        const uint64_t set = set_of(pa);
        return touch(set, static_cast<unsigned>(uint64_t(found) - set * ways_));
    }
    if (found < 0) {
        const BlockInfo victim = allocate(pa);
        found = static_cast<int64_t>(line_index(victim.set, victim.way));
    }
    MoesiState* st = states_of(uint64_t(found));
    for (unsigned k = 0; k < sub_blocks_; ++k)
        st[k] = MoesiState::S;
}

BlockInfo CacheArray::allocate(uint64_t pa) {
    if (find(pa) >= 0) throw std::logic_error("cache: allocate of present block " + hex(pa));
    const uint64_t set = set_of(pa);
    uint64_t valid_ways = 0;
    for (unsigned w = 0; w < ways_; ++w)
        if (lines_[line_index(set, w)].valid()) valid_ways |= uint64_t{1} << w;
    const unsigned way = replacement_.victim(set, valid_ways);
    BlockInfo victim = block(set, way);
    const uint64_t i = line_index(set, way);
    drop(i);
    lines_[i].key = Line::key_of(tag_of(pa));
    replacement_.touch(set, way);
    return victim;
}

MoesiState CacheArray::set_state(uint64_t pa, MoesiState s) {
    if (s == MoesiState::I) return invalidate(pa);
    const uint64_t i = find_present(pa, "set_state");
    MoesiState& slot = states_of(i)[sub_block_of(pa)];
    const MoesiState old = slot;
    slot = s;
    return old;
}

MoesiState CacheArray::invalidate(uint64_t pa) {
    const int64_t found = find(pa);
    if (found < 0) return MoesiState::I;
    const uint64_t i = static_cast<uint64_t>(found);
    const CacheGeometry& g = config_.geometry;
    MoesiState* st = states_of(i);
    const unsigned sb = sub_block_of(pa);
    const MoesiState old = st[sb];
    if (!is_valid(old)) return old; // keeps the tag of a block still being filled
    st[sb] = MoesiState::I;
    if (config_.byte_valid)
        byte_masks_[i] &= ~(low_bits(g.sub_block_size()) << (sb * g.sub_block_size()));
    bool any = false;
    for (unsigned k = 0; k < sub_blocks_; ++k)
        any = any || is_valid(st[k]);
    if (!any) drop(i);
    return old;
}

bool CacheArray::invalidate_block(uint64_t pa) {
    const int64_t found = find(pa);
    if (found < 0) return false;
    drop(static_cast<uint64_t>(found));
    return true;
}

void CacheArray::invalidate_all() {
    for (uint64_t i = 0; i < lines_.size(); ++i)
        drop(i);
}

void CacheArray::drop(uint64_t line) {
    lines_[line] = Line{};
    MoesiState* st = states_of(line);
    for (unsigned k = 0; k < sub_blocks_; ++k)
        st[k] = MoesiState::I;
    if (config_.byte_valid) byte_masks_[line] = 0;
}

void CacheArray::require_byte_valid(const char* what) const {
    if (!config_.byte_valid)
        throw std::logic_error(std::string("cache: ") + what +
                               " needs a cache built with byte_valid");
}

void CacheArray::bad_range(uint64_t pa, unsigned size) const {
    throw std::invalid_argument(
        "cache: byte range of " + std::to_string(size) + " bytes at line offset " +
        std::to_string(config_.geometry.offset(pa)) + " does not fit in one line");
}

uint64_t CacheArray::write_bytes(uint64_t pa, unsigned size) {
    require_byte_valid("write_bytes");
    const uint64_t m = range_mask(pa, size);
    const uint64_t i = find_present(pa, "write_bytes");
    return byte_masks_[i] |= m;
}

bool CacheArray::write(uint64_t pa, unsigned size, MoesiState state) {
    if (!config_.byte_valid) require_byte_valid("write"); // throws
    const uint64_t mask = range_mask(pa, size);
    const int64_t found = find(pa);
    if (found >= 0) { // the usual case: no victim to describe
        const uint64_t i = static_cast<uint64_t>(found);
        const uint64_t set = set_of(pa);
        replacement_.touch(set, static_cast<unsigned>(i - set * ways_));
        byte_masks_[i] |= mask;
        return false;
    }
    const BlockInfo victim = allocate(pa);
    const uint64_t i = line_index(victim.set, victim.way);
    states_of(i)[sub_block_of(pa)] = state;
    byte_masks_[i] |= mask;
    return victim.valid;
}

bool CacheArray::set_state_if_present(uint64_t pa, MoesiState s) {
    if (s == MoesiState::I) throw std::logic_error("cache: set_state_if_present to I");
    const int64_t found = find(pa);
    if (found < 0) return false;
    states_of(static_cast<uint64_t>(found))[sub_block_of(pa)] = s;
    return true;
}

uint64_t CacheArray::byte_mask(uint64_t pa) const {
    require_byte_valid("byte_mask");
    const int64_t i = find(pa);
    return i < 0 ? 0 : byte_masks_[static_cast<uint64_t>(i)];
}

bool CacheArray::has_bytes(uint64_t pa, unsigned size) const {
    require_byte_valid("has_bytes");
    const uint64_t m = range_mask(pa, size);
    return (byte_mask(pa) & m) == m;
}

bool CacheArray::full(uint64_t pa) const {
    return byte_mask(pa) == low_bits(config_.geometry.line_size);
}

BlockInfo CacheArray::block(uint64_t set, unsigned way) const {
    if (set >= sets_ || way >= ways_)
        throw std::out_of_range("cache: no way " + std::to_string(way) + " in set " +
                                std::to_string(set));
    const uint64_t i = line_index(set, way);
    BlockInfo b;
    b.set = set;
    b.way = way;
    b.sub_blocks = sub_blocks_;
    b.valid = lines_[i].valid();
    if (!b.valid) return b;
    b.tag = lines_[i].tag();
    b.base = config_.geometry.base_address(b.tag, set);
    const MoesiState* st = states_of(i);
    for (unsigned k = 0; k < sub_blocks_; ++k)
        b.states[k] = st[k];
    if (config_.byte_valid) b.byte_mask = byte_masks_[i];
    return b;
}

uint64_t CacheArray::valid_block_count() const {
    uint64_t n = 0;
    for (const Line& l : lines_)
        n += l.valid() ? 1 : 0;
    return n;
}

} // namespace fireplane::cache
