// One CPU's request to its caches, the same from end to end: the ISS records
// it as the instruction executes (kind, addresses, size), the detailed timing
// model refines its kind by instruction class and stamps its cycle, the CPU's
// bridge carries it over TLM (cpu_cache_socket.h), and the hierarchy answers
// it. Plain C++ with no dependencies, so the ISS library includes it alone.
#pragma once

#include <cstdint>
#include <iterator>
#include <string_view>
#include <type_traits>

namespace fireplane::cache {

// The ISS records Load, Store, Prefetch and Barrier (a MEMBAR that waits for
// the store buffer to drain: no address); the timing model makes a load of
// an FP instruction FpLoad, the accesses of an atomic one Atomic, and adds
// the instruction fetches.
enum class RequestKind : uint8_t { Fetch, Load, FpLoad, Store, Atomic, Prefetch, Barrier };

// What stalled a request; decides which stall counters its cycles go to.
enum class StallCause : uint8_t { None, StoreQueue, DcMiss, EcMiss, Raw, IcMiss };

inline constexpr std::string_view kStallCauseNames[] = {"None",   "StoreQueue", "DcMiss",
                                                        "EcMiss", "Raw",        "IcMiss"};
static_assert(std::size(kStallCauseNames) == unsigned(StallCause::IcMiss) + 1,
              "kStallCauseNames: one name per StallCause");
constexpr std::string_view to_string(StallCause cause) {
    return kStallCauseNames[unsigned(cause)];
}

struct CacheRequest {
    RequestKind kind = RequestKind::Load;
    uint8_t size = 0;
    uint8_t prefetch_fcn = 0; // PREFETCH function code
    bool io = false;          // not cacheable: a device, reached by b_transport instead
    uint64_t va = 0;
    uint64_t pa = 0;
    uint64_t cycle = 0; // when the pipeline presents it
    uintptr_t tag = 0;  // the hierarchy's client's handle, returned by completed()

    bool writes() const { return kind == RequestKind::Store || kind == RequestKind::Atomic; }
};

// Sixteen bytes, so the hierarchy's functions return it in registers (the
// detailed model's hit path goes through several).
struct CacheAnswer {
    constexpr CacheAnswer() = default;
    constexpr CacheAnswer(bool done_, uint64_t ready_, StallCause cause_ = StallCause::None,
                          uint32_t icache_epoch_ = 0)
        : ready(ready_), icache_epoch(icache_epoch_), done(done_), cause(cause_) {}

    uint64_t ready = 0; // when done: the cycle the instruction may go on
    // The I$ fill count after this access (the CPU's bridge fills it in): an
    // I$ line that hit stays present until it changes, and it changes only
    // while a fetch is answered. It wraps; only equality matters.
    uint32_t icache_epoch = 0;
    bool done = false; // false: the answer comes later
    StallCause cause = StallCause::None;
    // Warming (b_transport): when not 0, the request's line of 2^repeat_shift
    // bytes is now the most recent of its set in the cache a repeat would
    // look in (the I$ for a fetch, by PA; else the D$, by VA and PA), whose
    // set is the line number's low repeat_set_bits bits. Another fetch, or
    // load, of that line changes nothing while no other line of its set is
    // touched, until the caches revoke that with invalidate_direct_mem_ptr.
    // Two bytes, so the struct has no padding: a copy is then two 8-byte
    // moves, which the host forwards from the stores that wrote them (it
    // copies 15 bytes with overlapping moves, which it cannot).
    uint8_t repeat_shift = 0;
    uint8_t repeat_set_bits = 0;
};
static_assert(sizeof(CacheAnswer) == 16 && std::has_unique_object_representations_v<CacheAnswer>,
              "CacheAnswer: 16 bytes without padding");

} // namespace fireplane::cache
