#pragma once
// A static SPARC V9 ELF executable, read and checked with libelf. Every
// problem with the file is a LoadError whose message says what was found.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace fireplane::loader {

class LoadError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ElfSegment {
    uint64_t vaddr;
    uint64_t memsz;
    uint64_t filesz;
    uint64_t offset;
    bool readable, writable, executable;
    uint64_t paddr = 0; // p_paddr: where firmware places it (programs use vaddr)
};

struct ElfSymbol {
    std::string name;
    uint64_t value;
    uint64_t size;
    bool is_function;
};

struct ElfImage {
    std::string path;
    uint64_t entry = 0;
    uint64_t phdr_vaddr = 0; // where the program headers are in memory (AT_PHDR)
    unsigned phnum = 0;
    unsigned phentsize = 0;
    std::vector<ElfSegment> segments; // PT_LOAD, in file order
    std::vector<uint8_t> bytes;       // the whole file
    std::vector<ElfSymbol> symbols;   // from .symtab, sorted by address
    uint64_t end_of_data() const;     // highest segment end (the initial brk)
};

// Reads and validates `path`: a 64-bit big-endian SPARC V9 static executable.
ElfImage read_elf(const std::string& path);
// The same checks on a file's bytes; `path` names it in messages.
ElfImage parse_elf(std::vector<uint8_t> bytes, const std::string& path);

// The whole of a file that is not an ELF image (a raw firmware image, an
// initrd); `what` names it in the LoadError for a file that cannot be read or
// is empty ("the initrd").
std::vector<uint8_t> read_bytes(const std::string& path, const std::string& what);

} // namespace fireplane::loader
