#include "transaction_types.h"

#include <cctype>

namespace fireplane {

namespace {

using T = TransactionType;
using C = TransactionClass;
using D = DataDirection;

// The one table. Row order follows the enum (checked below), so a row's index
// is its code and its bit in the monitor's type mask.
constexpr std::array<TransactionInfo, kNumTransactionTypes> kTable{{
    // {type, mnemonic, class, data direction, read, description}
    {T::RTS, "RTS", C::Coherent, D::ToRequester, true,
     "read to share: a data load miss; the line may end shared"},
    {T::RTSA, "RTSA", C::Coherent, D::ToRequester, true,
     "read to share always: an instruction fetch; the line is never taken exclusive"},
    {T::RTO, "RTO", C::Coherent, D::ToRequester, true,
     "read to own: a store miss or upgrade; every other copy is invalidated"},
    {T::RS, "RS", C::Coherent, D::ToRequester, true,
     "read stream: a coherent read that does not allocate in the requester's cache"},
    {T::WS, "WS", C::Coherent, D::FromRequester, false,
     "write stream: a full-line write to memory that invalidates every cached copy"},
    {T::WB, "WB", C::Coherent, D::FromRequester, false,
     "writeback: a dirty line evicted from the requester's E-cache to memory"},
    {T::R_RTS, "R_RTS", C::RemoteSsm, D::ToRequester, true,
     "remote read to share: RTS to a line whose home is another SSM node"},
    {T::R_RTSA, "R_RTSA", C::RemoteSsm, D::ToRequester, true,
     "remote read to share always: RTSA to a line whose home is another SSM node"},
    {T::R_RTO, "R_RTO", C::RemoteSsm, D::ToRequester, true,
     "remote read to own: RTO to a line whose home is another SSM node"},
    {T::R_RS, "R_RS", C::RemoteSsm, D::ToRequester, true,
     "remote read stream: RS to a line whose home is another SSM node"},
    {T::R_WS, "R_WS", C::RemoteSsm, D::FromRequester, false,
     "remote write stream: WS to a line whose home is another SSM node"},
    {T::R_WB, "R_WB", C::RemoteSsm, D::FromRequester, false,
     "remote writeback: WB of a line whose home is another SSM node"},
    {T::RTSR, "RTSR", C::RemoteSsm, D::ToRequester, true,
     "read to share remote: the SSM agent reads a local line to share on behalf of a remote "
     "node"},
    {T::RTOR, "RTOR", C::RemoteSsm, D::ToRequester, true,
     "read to own remote: the SSM agent reads a local line to own on behalf of a remote node"},
    {T::RIO, "RIO", C::Io, D::ToRequester, true,
     "read I/O: a non-cacheable read of 1 to 16 bytes from a device"},
    {T::RBIO, "RBIO", C::Io, D::ToRequester, true,
     "read block I/O: a non-cacheable 64-byte read from a device"},
    {T::WIO, "WIO", C::Io, D::FromRequester, false,
     "write I/O: a non-cacheable write of 1 to 16 bytes to a device"},
    {T::WBIO, "WBIO", C::Io, D::FromRequester, false,
     "write block I/O: a non-cacheable 64-byte write (block store, DMA) to a device"},
    {T::INT, "INT", C::Interrupt, D::FromRequester, false,
     "interrupt: an interrupt vector sent to a target agent"},
}};

constexpr bool table_follows_enum() {
    for (unsigned i = 0; i < kNumTransactionTypes; ++i)
        if (static_cast<unsigned>(kTable[i].type) != i) return false;
    return true;
}
static_assert(table_follows_enum(), "kTable rows must follow the TransactionType order");
static_assert(static_cast<unsigned>(T::INT) + 1 == kNumTransactionTypes,
              "kNumTransactionTypes is out of date");

bool equal_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::toupper(static_cast<unsigned char>(a[i])) !=
            std::toupper(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace

const std::array<TransactionInfo, kNumTransactionTypes>& transaction_table() {
    return kTable;
}

const TransactionInfo& transaction_info(TransactionType type) {
    return kTable[static_cast<unsigned>(type)];
}

const TransactionInfo* find_transaction(unsigned code) {
    return code < kNumTransactionTypes ? &kTable[code] : nullptr;
}

const TransactionInfo* find_transaction(std::string_view mnemonic) {
    for (const TransactionInfo& row : kTable)
        if (equal_ignoring_case(row.mnemonic, mnemonic)) return &row;
    return nullptr;
}

std::string_view to_string(TransactionType type) {
    return transaction_info(type).mnemonic;
}

std::string_view to_string(TransactionClass klass) {
    switch (klass) {
    case TransactionClass::Coherent: return "coherent";
    case TransactionClass::RemoteSsm: return "remote-SSM";
    case TransactionClass::Io: return "I/O";
    case TransactionClass::Interrupt: return "interrupt";
    }
    return "?";
}

} // namespace fireplane
