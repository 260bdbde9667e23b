#pragma once
// The Fire Link monitor's memory-mapped registers, as one table: every
// register's name, offset, instances, writable bits and meaning. The monitor,
// its tests, the host tools and the guest driver all use these offsets.
// 64-bit registers, big-endian as the SPARC sees them; 8-byte accesses, or
// 4-byte ones to either half.
#include "transaction_record.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::firelink {

enum class Reg : uint8_t {
    Id,         // read-only: kIdValue | agent ID
    Control,    // enables: counter set 0, counter set 1, the sequence buffer
    TsbStatus,  // fill level and overrun; a write empties the buffer
    Types,      // per set: one bit per transaction type
    AddrMask,   // per set: address trits, mask ...
    AddrMatch,  // ... and match
    SrcMask,    // per set: source agent trits
    SrcMatch,   //
    TidMask,    // per set: transaction ID trits
    TidMatch,   //
    Count,      // per set: matches counted; writable (software clears it)
    TsbAddress, // per entry: the recorded transaction's address
    TsbInfo,    // per entry: type, snoop result, source, transaction ID
};

struct RegisterInfo {
    const char* name; // "set{n}." prefix for per-set registers, "tsb{n}." per entry
    Reg reg;
    uint64_t offset;   // of instance 0
    unsigned count;    // instances
    uint64_t stride;   // bytes between instances
    uint64_t writable; // bits a write changes (0: read-only)
    const char* description;
};

inline constexpr uint64_t kWindowSize = 0x1000;
inline constexpr uint64_t kIdValue = 0x46694c6bull << 32; // "FiLk"
inline constexpr unsigned kCounterSets = 2;
// CONTROL bits.
inline constexpr uint64_t kControlSet0 = 1, kControlSet1 = 2, kControlTsb = 4;
// TSB_STATUS fields.
inline constexpr uint64_t kStatusFillMask = 0xf, kStatusOverrun = 1ull << 8;
// TSB_INFO fields.
inline constexpr unsigned kInfoTypeShift = 0, kInfoSharedBit = 8, kInfoOwnedBit = 9,
                          kInfoMappedBit = 10, kInfoSourceShift = 16, kInfoTidShift = 32;

// A sequence-buffer entry's `info` register: what software reads, and back.
uint64_t encode_tsb_info(const TransactionRecord& r);
TransactionRecord decode_tsb_entry(uint64_t address, uint64_t info);

const std::vector<RegisterInfo>& monitor_registers();

// The register at `offset` and which instance, or info == nullptr.
struct DecodedRegister {
    const RegisterInfo* info = nullptr;
    unsigned index = 0;
};
DecodedRegister decode_register(uint64_t offset);

// "set1.count", "tsb3.address", "control": a register's full name.
std::string register_name(const RegisterInfo& info, unsigned index);
// The offset of a register by full name, or false.
bool find_register(const std::string& name, uint64_t& offset);

} // namespace fireplane::firelink
