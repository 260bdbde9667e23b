#include "cpi_stack.h"

namespace fireplane::sparc {

namespace {

using C = CpiCause;

// Row order follows the enum (checked below).
constexpr std::array<CpiCauseInfo, kCpiCauses> kCauses{{
    {C::Base, "base", "cycles dispatch groups issue in (one per group)"},
    {C::IntDependency, "int_dependency", "waiting for an integer result (ALU, multiply)"},
    {C::LoadUse, "load_use", "waiting for a load's result (the D$ hit latency)"},
    {C::FpDependency, "fp_dependency", "waiting for an FP add or multiply result"},
    {C::DivideSqrt, "divide_sqrt",
     "waiting for an integer or FP divide or square root: its result, or its unit"},
    {C::Serializing, "serializing", "a serializing instruction waiting for everything in flight"},
    {C::Mispredict, "mispredict",
     "waiting for the right path after a mispredicted branch or an unpredicted jump"},
    {C::TakenBranch, "taken_branch", "the fetch bubble after a taken control transfer"},
    {C::FetchGroup, "fetch_group",
     "the instruction queue ran dry: fetch brings 4 instructions a cycle, from one I$ line, "
     "with one control transfer"},
    {C::IcMiss, "ic_miss", "instruction fetch missed the I$"},
    {C::DcMiss, "dc_miss", "a data access missed the D$ and was served by the E$"},
    {C::EcMiss, "ec_miss", "a data access missed the E$ (the bus, memory or another cache)"},
    {C::RawHazard, "raw_hazard", "a load waited for an older store to the same bytes"},
    {C::StoreQueueFull, "store_queue_full", "a store found the store queue full"},
    {C::MembarAtomic, "membar_atomic", "MEMBAR draining the store queue; atomics' memory time"},
    {C::MemoryFixed, "memory_fixed", "the fixed model's load, store and atomic cycles past one"},
    {C::Device, "device", "uncached accesses waiting for their device"},
    {C::InterruptDispatch, "interrupt_dispatch", "interrupt vectors waiting for their answer"},
    {C::Idle, "idle", "nothing to run"},
}};

constexpr bool table_follows_enum() {
    for (unsigned i = 0; i < kCpiCauses; ++i)
        if (unsigned(kCauses[i].cause) != i) return false;
    return true;
}
static_assert(table_follows_enum(), "kCauses rows must follow the CpiCause order");

} // namespace

const std::array<CpiCauseInfo, kCpiCauses>& cpi_causes() {
    return kCauses;
}

} // namespace fireplane::sparc
