#pragma once
// The program's functions by address, from its ELF symbol table: which
// function a PC is in, and where it starts.
#include "platform/loader/elf_image.h"

#include <cstdint>
#include <vector>

namespace fireplane::profiling {

class FunctionIndex {
public:
    explicit FunctionIndex(const std::vector<loader::ElfSymbol>& symbols);
    // The function containing `pc`, or null.
    const loader::ElfSymbol* find(uint64_t pc) const;

private:
    std::vector<const loader::ElfSymbol*> functions_; // sorted by address
};

} // namespace fireplane::profiling
