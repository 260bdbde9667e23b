#pragma once
// The 19 Fireplane transaction types, from one table. The code of a type is
// its bit in the Fire Link monitor's 19-bit transaction-type mask. The monitor
// paper gives only the count, so the set is our choice; README.md documents it.
#include <array>
#include <cstdint>
#include <string_view>

namespace fireplane {

// Values are the table codes (0..18), so they can be used as mask bits.
enum class TransactionType : uint8_t {
    // local coherent
    RTS,  // read to share
    RTSA, // read to share always (instruction fetch)
    RTO,  // read to own
    RS,   // read stream (non-allocating)
    WS,   // write stream
    WB,   // writeback
    // remote (SSM)
    R_RTS,
    R_RTSA,
    R_RTO,
    R_RS,
    R_WS,
    R_WB,
    RTSR, // read to share remote
    RTOR, // read to own remote
    // I/O
    RIO,  // read I/O
    RBIO, // read block I/O
    WIO,  // write I/O
    WBIO, // write block I/O
    // interrupt
    INT,
};

inline constexpr unsigned kNumTransactionTypes = 19;
inline constexpr uint32_t kAllTransactionTypesMask = (uint32_t(1) << kNumTransactionTypes) - 1;

enum class TransactionClass : uint8_t { Coherent, RemoteSsm, Io, Interrupt };

// Which way the data phase moves, seen from the requesting agent.
enum class DataDirection : uint8_t {
    None,          // address only
    ToRequester,   // the requester receives data (from memory, a cache or a device)
    FromRequester, // the requester sends data
};

// A type's bit in a transaction-type mask (kAllTransactionTypesMask holds them all).
constexpr uint32_t type_bit(TransactionType t) {
    return uint32_t(1) << static_cast<unsigned>(t);
}

struct TransactionInfo {
    TransactionType type;
    std::string_view mnemonic;
    TransactionClass klass;
    DataDirection data;
    bool read; // the requester reads the addressed location
    std::string_view description;

    unsigned code() const { return static_cast<unsigned>(type); }
    uint32_t mask_bit() const { return type_bit(type); }
    bool carries_data() const { return data != DataDirection::None; }
};

// Every type, in code order (row i has code i).
const std::array<TransactionInfo, kNumTransactionTypes>& transaction_table();

const TransactionInfo& transaction_info(TransactionType type);
// nullptr when code >= kNumTransactionTypes.
const TransactionInfo* find_transaction(unsigned code);
// Case-insensitive ("rts" finds RTS, "r_rto" finds R_RTO); nullptr when unknown.
const TransactionInfo* find_transaction(std::string_view mnemonic);

// The I/O transaction a non-cacheable access is: RBIO/WBIO for a 64-byte
// block, RIO/WIO for anything else (1-16 bytes).
constexpr TransactionType io_transaction(bool write, unsigned length) {
    if (length == 64) return write ? TransactionType::WBIO : TransactionType::RBIO;
    return write ? TransactionType::WIO : TransactionType::RIO;
}

std::string_view to_string(TransactionType type);
std::string_view to_string(TransactionClass klass);

} // namespace fireplane
