#pragma once
#include "insn.h"

#include <cstdint>

namespace fireplane::sparc {

// Decodes one instruction word found at `pc` (branch targets become absolute).
// Unknown encodings decode to a handler that raises illegal_instruction.
Insn decode(uint32_t word, uint64_t pc);

// The handler for encodings no row matches.
bool exec_illegal(SparcCore& core, const Insn& insn);

} // namespace fireplane::sparc
