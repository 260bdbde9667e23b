// The transaction-type table: 19 distinct codes that are the monitor's mask
// bits, lookups both ways, and the class and data direction of each type.
#include "models/fireplane/transaction_types.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>

using namespace fireplane;

TEST_CASE("types: 19 rows with distinct codes 0..18 in code order", "[types]") {
    const auto& table = transaction_table();
    REQUIRE(table.size() == 19);
    std::set<std::string_view> mnemonics;
    uint32_t mask = 0;
    for (unsigned i = 0; i < table.size(); ++i) {
        CHECK(table[i].code() == i);
        CHECK(table[i].mask_bit() == (uint32_t(1) << i));
        CHECK((mask & table[i].mask_bit()) == 0);
        mask |= table[i].mask_bit();
        CHECK_FALSE(table[i].description.empty());
        mnemonics.insert(table[i].mnemonic);
    }
    CHECK(mnemonics.size() == 19);
    CHECK(mask == kAllTransactionTypesMask);
    CHECK(kAllTransactionTypesMask == 0x7ffff);
}

TEST_CASE("types: lookup by code and by mnemonic round-trip for every type", "[types]") {
    for (const TransactionInfo& row : transaction_table()) {
        const TransactionInfo* by_code = find_transaction(row.code());
        REQUIRE(by_code != nullptr);
        CHECK(by_code->type == row.type);
        const TransactionInfo* by_name = find_transaction(row.mnemonic);
        REQUIRE(by_name != nullptr);
        CHECK(by_name->type == row.type);
        CHECK(&transaction_info(row.type) == &row);
        CHECK(to_string(row.type) == row.mnemonic);
    }
    CHECK(find_transaction(19u) == nullptr);
    CHECK(find_transaction("RTX") == nullptr);
    CHECK(find_transaction("") == nullptr);
    CHECK(find_transaction("RT") == nullptr); // a prefix is not a match
}

TEST_CASE("types: mnemonic lookup ignores case", "[types]") {
    REQUIRE(find_transaction("rts") != nullptr);
    CHECK(find_transaction("rts")->type == TransactionType::RTS);
    CHECK(find_transaction("r_rto")->type == TransactionType::R_RTO);
    CHECK(find_transaction("Wbio")->type == TransactionType::WBIO);
}

TEST_CASE("types: the chosen set and codes", "[types]") {
    // The order is documented in README.md; software programs the monitor's
    // mask with these bit numbers, so they must not move.
    const char* expected[] = {"RTS",    "RTSA",  "RTO",  "RS",   "WS",   "WB",   "R_RTS",
                              "R_RTSA", "R_RTO", "R_RS", "R_WS", "R_WB", "RTSR", "RTOR",
                              "RIO",    "RBIO",  "WIO",  "WBIO", "INT"};
    for (unsigned code = 0; code < 19; ++code)
        CHECK(find_transaction(code)->mnemonic == expected[code]);
}

TEST_CASE("types: classes, data direction and reads", "[types]") {
    std::map<TransactionClass, int> per_class;
    for (const TransactionInfo& row : transaction_table()) {
        ++per_class[row.klass];
        CHECK(row.carries_data());
        // A read is exactly a transaction whose data comes to the requester.
        CHECK(row.read == (row.data == DataDirection::ToRequester));
    }
    CHECK(per_class[TransactionClass::Coherent] == 6);
    CHECK(per_class[TransactionClass::RemoteSsm] == 8);
    CHECK(per_class[TransactionClass::Io] == 4);
    CHECK(per_class[TransactionClass::Interrupt] == 1);

    const auto& rts = transaction_info(TransactionType::RTS);
    CHECK(rts.klass == TransactionClass::Coherent);
    CHECK(rts.read);
    const auto& wb = transaction_info(TransactionType::WB);
    CHECK(wb.data == DataDirection::FromRequester);
    CHECK_FALSE(wb.read);
    CHECK(transaction_info(TransactionType::R_WB).klass == TransactionClass::RemoteSsm);
    CHECK(transaction_info(TransactionType::RTOR).read);
    CHECK(transaction_info(TransactionType::RBIO).klass == TransactionClass::Io);
    CHECK(transaction_info(TransactionType::WIO).data == DataDirection::FromRequester);
    CHECK(transaction_info(TransactionType::INT).klass == TransactionClass::Interrupt);
    CHECK_FALSE(transaction_info(TransactionType::INT).read);
    CHECK(to_string(TransactionClass::RemoteSsm) == "remote-SSM");
    CHECK(to_string(TransactionClass::Io) == "I/O");
}
