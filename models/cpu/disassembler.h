#pragma once
// SPARC V9 disassembler for traces and error reports, driven by the same
// instruction table as the decoder.
#include <cstdint>
#include <string>

namespace fireplane::sparc {

std::string disassemble(uint32_t word, uint64_t pc);
std::string int_reg_name(unsigned reg); // "%g0" ... "%i7", with %sp and %fp

} // namespace fireplane::sparc
