#pragma once
// The call stack at an interrupt, as the collector records it: the address of
// each `call` still active (its return address - 8), innermost first. Frames
// come from the register windows still in the CPU (CANRESTORE of them) and,
// beyond, from the register save areas on the stack (%fp + 2047), as a
// debugger unwinds sparc64. A function that has not executed its SAVE yet
// (a leaf, or a prologue) has its caller in %o7 instead of %i7.
#include "code_reader.h"
#include "function_index.h"

#include <cstdint>
#include <vector>

namespace fireplane::profiling {

std::vector<uint64_t> walk_stack(sparc::SparcCore& core, const CodeReader& reader,
                                 const FunctionIndex& functions, unsigned max_depth = 256);

// True when the word is SAVE (op 2, op3 0x3c).
constexpr bool is_save(uint32_t word) {
    return (word >> 30) == 2 && ((word >> 19) & 0x3f) == 0x3c;
}

} // namespace fireplane::profiling
