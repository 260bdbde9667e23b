#pragma once
// The program's instructions, from the ELF archived in the experiment: words
// for disassembly, and every direct branch and call target, which decides
// whether a backtracking candidate can be trusted.
#include "experiment.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fireplane::analyzer {

class ProgramText {
public:
    // Reads the ELF at `path`; std::invalid_argument if it cannot be read.
    // Branches are looked for inside `functions` only (read-only data shares
    // the text segment), or in all of the text when there are none.
    ProgramText(const std::string& path, const std::vector<Symbol>& functions);

    // The instruction word at `pc`, if an executable segment holds it.
    std::optional<uint32_t> word(uint64_t pc) const;

    // True when a direct branch or call in the text targets an address in
    // (after, upto]: control may have arrived there without passing `after`.
    bool branch_target_in(uint64_t after, uint64_t upto) const;

private:
    struct Text {
        uint64_t vaddr;
        std::vector<uint8_t> bytes;
    };
    std::vector<Text> texts_;
    std::vector<uint64_t> targets_; // sorted, unique
};

} // namespace fireplane::analyzer
