// Tag and state array of one cache: which blocks are present, the coherence
// state of each sub-block, optional per-byte valid bits (W$), and victim choice.
// No data is stored; the timing model asks this array what hits, what is
// evicted and what must be written back. All state lives in flat vectors
// indexed by (set, way), and nothing hands out pointers into them, so the array
// can be copied, compared and checkpointed as plain data.
#pragma once

#include "cache_geometry.h"
#include "core/checkpoint/state_io.h"
#include "models/fireplane/moesi.h"
#include "replacement.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace fireplane::cache {

struct CacheArrayConfig {
    CacheGeometry geometry;
    ReplacementPolicy policy = ReplacementPolicy::Lru;
    uint64_t seed = 1;       // LFSR seed; ignored by LRU
    bool byte_valid = false; // per-byte valid mask per line (W$); lines <= 64 bytes
};

struct LookupResult {
    bool hit = false;           // block present and this sub-block's state is valid
    bool block_present = false; // tag matched; the sub-block itself may still be I
    uint64_t set = 0;
    unsigned way = 0; // meaningful when block_present
    unsigned sub_block = 0;
    MoesiState state = MoesiState::I; // of the addressed sub-block
};

// Snapshot of one way: returned for victims, invalidated blocks and iteration.
struct BlockInfo {
    bool valid = false; // the way held a tag (block present)
    uint64_t set = 0;
    unsigned way = 0;
    uint64_t tag = 0;
    uint64_t base = 0; // address of the block's first byte
    unsigned sub_blocks = 0;
    std::array<MoesiState, kMaxSubBlocks> states{}; // entries [0, sub_blocks)
    uint64_t byte_mask = 0;                         // byte-valid caches only

    // Bit i set when sub-block i is valid / must be written back (M, O, Os).
    uint64_t valid_mask() const;
    uint64_t dirty_mask() const;
    bool needs_writeback() const { return dirty_mask() != 0; }
};

class CacheArray {
public:
    // Throws std::invalid_argument when the geometry does not validate, or when
    // byte_valid is asked for with lines longer than 64 bytes.
    explicit CacheArray(const CacheArrayConfig& config);

    const CacheArrayConfig& config() const { return config_; }
    const CacheGeometry& geometry() const { return config_.geometry; }

    // Pure query: does not update replacement state (snoops and checkers use it).
    LookupResult lookup(uint64_t pa) const;
    MoesiState state(uint64_t pa) const { return lookup(pa).state; }

    // Marks (set, way) most recently used; the timing model calls it on the
    // accesses that count as uses (normally hits and fills, not snoops).
    void touch(uint64_t set, unsigned way);
    // A use: whether the addressed sub-block is valid; if so it becomes MRU.
    bool hit_and_touch(uint64_t pa);
    // For caches with no coherence states of their own (I$, D$, P$): makes
    // the line present and valid (S in every sub-block), and MRU.
    void fill(uint64_t pa);

    // Installs the block holding `pa` with every sub-block I (and an empty byte
    // mask) in the way chosen by the policy, marks it most recently used, and
    // returns what that way held before; its set/way are where the new block
    // now lives. Invalid (tag-less) ways are used first. The block must not be
    // present already (std::logic_error).
    BlockInfo allocate(uint64_t pa);

    // Sets the state of the sub-block holding `pa` and returns the old one. The
    // block must be present (std::logic_error). Setting I is invalidate(pa).
    MoesiState set_state(uint64_t pa, MoesiState s);

    // Sets the sub-block holding `pa` to `s` (not I) when the block is
    // present; returns whether it was.
    bool set_state_if_present(uint64_t pa, MoesiState s);

    // Makes the sub-block holding `pa` I and returns its old state (I when the
    // block is absent). When that leaves no valid sub-block in a block that had
    // one, the tag is dropped too, so the way becomes a preferred victim. A block
    // that was allocated but never filled keeps its tag.
    MoesiState invalidate(uint64_t pa);

    // Drops the whole block holding `pa`, tag and every sub-block; false when
    // it was absent.
    bool invalidate_block(uint64_t pa);

    // Empties every way and resets nothing else (replacement state persists).
    void invalidate_all();

    // --- per-byte valid bits (byte_valid caches only; std::logic_error otherwise) ---

    // Marks bytes [pa, pa + size) valid and returns the line's new mask. The
    // range must lie inside one line (std::invalid_argument) and the block must
    // be present (std::logic_error). Bit i of a mask is byte i of the line.
    uint64_t write_bytes(uint64_t pa, unsigned size);
    // A store into the cache, with one look-up: the block holding `pa` becomes
    // the most recent, or is allocated with its sub-block in `state`; then
    // bytes [pa, pa + size) become valid. Returns whether the allocation
    // evicted a block (a way that held a tag).
    bool write(uint64_t pa, unsigned size, MoesiState state);
    uint64_t byte_mask(uint64_t pa) const; // 0 when the block is absent
    bool has_bytes(uint64_t pa, unsigned size) const;
    bool full(uint64_t pa) const; // every byte of the line valid

    // --- inspection ---

    BlockInfo block(uint64_t set, unsigned way) const;
    uint64_t valid_block_count() const;
    // Calls fn(const BlockInfo&) for every way that holds a tag, in set-major,
    // way-minor order (including allocated blocks whose sub-blocks are all I).
    template <class Fn> void for_each_valid_block(Fn&& fn) const {
        for (uint64_t s = 0; s < sets_; ++s)
            for (unsigned w = 0; w < ways_; ++w)
                if (lines_[s * ways_ + w].valid()) fn(block(s, w));
    }

    const Replacement& replacement() const { return replacement_; }
    Replacement& replacement() { return replacement_; }

    // Checkpoints (cache_checkpoint.cpp): tags, states, byte masks and the
    // replacement state, for a cache of the same geometry.
    void checkpoint(StateIo& io);

private:
    // A tag and its valid bit in one word (tag << 1 | 1; 0: invalid): half
    // the host memory of two fields, and one compare per way in find().
    struct Line {
        uint64_t key = 0;
        static uint64_t key_of(uint64_t tag) { return tag << 1 | 1; }
        bool valid() const { return key & 1; }
        uint64_t tag() const { return key >> 1; }
        void checkpoint(StateIo& io) { // as a tag and a flag
            uint64_t t = tag();
            bool v = valid();
            io(t, v);
            key = v ? key_of(t) : 0;
        }
    };

    uint64_t line_index(uint64_t set, unsigned way) const { return set * ways_ + way; }
    void reset_line(uint64_t line); // to the state the cache was built with (checkpoints)
    // The geometry's address split, with shifts and masks computed once: the
    // detailed model looks up several caches per instruction.
    uint64_t set_of(uint64_t pa) const { return (pa >> offset_bits_) & set_mask_; }
    uint64_t tag_of(uint64_t pa) const { return pa >> tag_shift_; }
    unsigned sub_block_of(uint64_t pa) const {
        return static_cast<unsigned>((pa & line_mask_) >> sub_block_bits_);
    }
    MoesiState* states_of(uint64_t line) { return &states_[line * sub_blocks_]; }
    const MoesiState* states_of(uint64_t line) const { return &states_[line * sub_blocks_]; }
    // Line index of the block holding `pa`, or -1 when absent.
    int64_t find(uint64_t pa) const;
    uint64_t find_present(uint64_t pa, const char* what) const;
    void require_byte_valid(const char* what) const;
    static uint64_t low_bits(unsigned n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }
    uint64_t range_mask(uint64_t pa, unsigned size) const {
        const uint64_t off = pa & line_mask_;
        if (size == 0 || off + size > line_mask_ + 1) bad_range(pa, size);
        return low_bits(size) << off;
    }
    [[noreturn]] void bad_range(uint64_t pa, unsigned size) const;
    void drop(uint64_t line);

    CacheArrayConfig config_;
    uint64_t sets_;
    unsigned ways_;
    unsigned sub_blocks_;
    std::vector<Line> lines_;          // sets * ways
    std::vector<MoesiState> states_;   // sets * ways * sub_blocks
    std::vector<uint64_t> byte_masks_; // sets * ways when byte_valid, else empty
    Replacement replacement_;
    unsigned offset_bits_;
    uint64_t set_mask_;
    unsigned tag_shift_;
    uint64_t line_mask_;
    unsigned sub_block_bits_; // log2 of the sub-block size
};

// Inline: the detailed model looks up several caches per instruction.
inline int64_t CacheArray::find(uint64_t pa) const {
    const uint64_t set = set_of(pa);
    const uint64_t tag = tag_of(pa);
    const uint64_t key = Line::key_of(tag);
    for (unsigned w = 0; w < ways_; ++w)
        if (lines_[line_index(set, w)].key == key) return static_cast<int64_t>(line_index(set, w));
    return -1;
}

inline LookupResult CacheArray::lookup(uint64_t pa) const {
    LookupResult r;
    r.set = set_of(pa);
    r.sub_block = sub_block_of(pa);
    const int64_t i = find(pa);
    if (i < 0) return r;
    r.block_present = true;
    r.way = static_cast<unsigned>(static_cast<uint64_t>(i) - r.set * ways_);
    r.state = states_of(static_cast<uint64_t>(i))[r.sub_block];
    r.hit = is_valid(r.state);
    return r;
}

inline void CacheArray::touch(uint64_t set, unsigned way) {
    if (set >= sets_) throw std::out_of_range("cache: set " + std::to_string(set));
    replacement_.touch(set, way);
}

inline bool CacheArray::hit_and_touch(uint64_t pa) {
    const LookupResult l = lookup(pa);
    if (l.hit) touch(l.set, l.way);
    return l.hit;
}

} // namespace fireplane::cache
