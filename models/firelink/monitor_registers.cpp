#include "monitor_registers.h"

#include "models/fireplane/transaction_types.h"

namespace fireplane::firelink {

namespace {
constexpr uint64_t kAddressBits = (1ull << 43) - 1;
constexpr uint64_t kSourceBits = (1ull << 10) - 1;
constexpr uint64_t kTidBits = (1ull << 16) - 1;
constexpr uint64_t kSet = 0x40; // bytes between the two counter sets' registers
constexpr uint64_t kAll = ~0ull;
} // namespace

uint64_t encode_tsb_info(const TransactionRecord& r) {
    return uint64_t(r.type) << kInfoTypeShift | uint64_t(r.snoop.shared) << kInfoSharedBit |
           uint64_t(r.snoop.owned) << kInfoOwnedBit | uint64_t(r.snoop.mapped) << kInfoMappedBit |
           uint64_t(r.source) << kInfoSourceShift | uint64_t(r.transaction_id) << kInfoTidShift;
}

TransactionRecord decode_tsb_entry(uint64_t address, uint64_t info) {
    TransactionRecord r;
    r.address = address;
    r.type = TransactionType(info >> kInfoTypeShift & 0x1f);
    r.snoop.shared = info >> kInfoSharedBit & 1;
    r.snoop.owned = info >> kInfoOwnedBit & 1;
    r.snoop.mapped = info >> kInfoMappedBit & 1;
    r.source = uint16_t(info >> kInfoSourceShift & 0x3ff);
    r.transaction_id = uint16_t(info >> kInfoTidShift & 0xffff);
    return r;
}

const std::vector<RegisterInfo>& monitor_registers() {
    static const std::vector<RegisterInfo> table = {
        {"id", Reg::Id, 0x000, 1, 0, 0, "\"FiLk\" in the upper word, the agent ID below"},
        {"control", Reg::Control, 0x008, 1, 0, kControlSet0 | kControlSet1 | kControlTsb,
         "bit 0: count set 0; bit 1: count set 1; bit 2: record set 1's matches in the "
         "sequence buffer"},
        {"tsb_status", Reg::TsbStatus, 0x010, 1, 0, kAll,
         "bits 3:0: entries filled; bit 8: overrun (a match was lost while full); any write "
         "empties the buffer"},
        {"types", Reg::Types, 0x100, kCounterSets, kSet, kAllTransactionTypesMask,
         "one bit per transaction type (models/fireplane/transaction_types.h)"},
        {"addr_mask", Reg::AddrMask, 0x108, kCounterSets, kSet, kAddressBits,
         "physical-address bits that must equal addr_match"},
        {"addr_match", Reg::AddrMatch, 0x110, kCounterSets, kSet, kAddressBits,
         "physical-address value to match"},
        {"src_mask", Reg::SrcMask, 0x118, kCounterSets, kSet, kSourceBits,
         "source agent-ID bits that must equal src_match"},
        {"src_match", Reg::SrcMatch, 0x120, kCounterSets, kSet, kSourceBits,
         "source agent ID to match"},
        {"tid_mask", Reg::TidMask, 0x128, kCounterSets, kSet, kTidBits,
         "transaction-ID bits that must equal tid_match"},
        {"tid_match", Reg::TidMatch, 0x130, kCounterSets, kSet, kTidBits,
         "transaction ID to match"},
        {"count", Reg::Count, 0x138, kCounterSets, kSet, kAll,
         "transactions that passed the set's filter while enabled; writable"},
        {"address", Reg::TsbAddress, 0x200, 8, 0x10, 0,
         "sequence-buffer entry (0 = oldest): physical address"},
        {"info", Reg::TsbInfo, 0x208, 8, 0x10, 0,
         "sequence-buffer entry: type in bits 4:0, snoop shared/owned/mapped in bits 8/9/10, "
         "source in bits 25:16, transaction ID in bits 47:32"},
    };
    return table;
}

DecodedRegister decode_register(uint64_t offset) {
    for (const RegisterInfo& r : monitor_registers()) {
        if (offset < r.offset) continue;
        const uint64_t delta = offset - r.offset;
        const uint64_t stride = r.stride ? r.stride : 1;
        if (delta % stride == 0 && delta / stride < r.count && (r.stride || delta == 0))
            return {&r, unsigned(delta / stride)};
    }
    return {};
}

std::string register_name(const RegisterInfo& r, unsigned index) {
    if (r.count == 1) return r.name;
    const bool per_entry = r.reg == Reg::TsbAddress || r.reg == Reg::TsbInfo;
    return (per_entry ? "tsb" : "set") + std::to_string(index) + "." + r.name;
}

bool find_register(const std::string& name, uint64_t& offset) {
    for (const RegisterInfo& r : monitor_registers())
        for (unsigned i = 0; i < r.count; ++i)
            if (register_name(r, i) == name) {
                offset = r.offset + i * r.stride;
                return true;
            }
    return false;
}

} // namespace fireplane::firelink
