// FireplaneExtension: clone and copy_from carry every field, and the helper
// attaches one extension per payload.
#include "models/fireplane/fireplane_extension.h"

#include <catch2/catch.hpp>

#include <memory>

using namespace fireplane;

namespace {

FireplaneExtension sample() {
    FireplaneExtension e;
    e.type = TransactionType::R_RTO;
    e.source = 27;
    e.transaction_id = 0x1a5;
    e.snoop = SnoopResult{true, true, true};
    e.outcome = MoesiState::Os;
    e.needs_data = true;
    e.cancelled = true;
    e.supplier = 5;
    return e;
}

void check_same(const FireplaneExtension& a, const FireplaneExtension& b) {
    CHECK(a.type == b.type);
    CHECK(a.source == b.source);
    CHECK(a.transaction_id == b.transaction_id);
    CHECK(a.snoop == b.snoop);
    CHECK(a.outcome == b.outcome);
    CHECK(a.needs_data == b.needs_data);
    CHECK(a.cancelled == b.cancelled);
    CHECK(a.supplier == b.supplier);
}

} // namespace

TEST_CASE("extension: defaults are an RTS from agent 0 with nothing snooped", "[extension]") {
    const FireplaneExtension e;
    CHECK(e.type == TransactionType::RTS);
    CHECK(e.source == 0);
    CHECK(e.transaction_id == 0);
    CHECK(e.snoop == SnoopResult{});
    CHECK(e.outcome == MoesiState::I);
    CHECK_FALSE(e.needs_data);
    CHECK_FALSE(e.cancelled);
    CHECK(e.supplier == -1);
    CHECK(e.info().mnemonic == "RTS");
}

TEST_CASE("extension: clone is an independent copy of every field", "[extension]") {
    const FireplaneExtension original = sample();
    // Extensions are released with free(): their destructor is protected.
    auto release = [](tlm::tlm_extension_base* e) { e->free(); };
    std::unique_ptr<tlm::tlm_extension_base, decltype(release)> base(original.clone(), release);
    auto* copy = dynamic_cast<FireplaneExtension*>(base.get());
    REQUIRE(copy != nullptr);
    REQUIRE(copy != &original);
    check_same(*copy, original);
    copy->source = 3;
    CHECK(original.source == 27);
}

TEST_CASE("extension: copy_from overwrites every field", "[extension]") {
    const FireplaneExtension from = sample();
    FireplaneExtension to;
    to.copy_from(from);
    check_same(to, from);
}

TEST_CASE("extension: the payload helper attaches one extension and keeps it", "[extension]") {
    tlm::tlm_generic_payload gp;
    CHECK(find_fireplane_extension(gp) == nullptr);
    FireplaneExtension& e = fireplane_extension(gp);
    CHECK(find_fireplane_extension(gp) == &e);
    e.type = TransactionType::WB;
    e.source = 5;
    FireplaneExtension& again = fireplane_extension(gp);
    CHECK(&again == &e);
    CHECK(again.type == TransactionType::WB);
    CHECK(again.source == 5);
}

TEST_CASE("extension: deep_copy_from of a payload copies the extension", "[extension]") {
    // Bridges that copy payloads (tlm_generic_payload::deep_copy_from) rely on
    // clone/copy_from.
    tlm::tlm_generic_payload a, b;
    fireplane_extension(a) = sample();
    b.deep_copy_from(a);
    FireplaneExtension* copied = find_fireplane_extension(b);
    REQUIRE(copied != nullptr);
    CHECK(copied != find_fireplane_extension(a));
    check_same(*copied, *find_fireplane_extension(a));
}

TEST_CASE("extension: Safari agent IDs below 24 are CPUs", "[extension]") {
    CHECK(is_cpu_agent(0));
    CHECK(is_cpu_agent(23));
    CHECK_FALSE(is_cpu_agent(24));
    CHECK_FALSE(is_cpu_agent(kFirstIoAgentId + 5));
}
