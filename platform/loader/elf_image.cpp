#include "elf_image.h"

#include <gelf.h>
#include <libelf.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <sys/stat.h>
#include <utility>

namespace fireplane::loader {

namespace {

constexpr unsigned kEmSparcV9 = 43;

struct ElfCloser {
    void operator()(Elf* e) const { elf_end(e); }
};

std::string quoted(const std::string& path) {
    return "'" + path + "'";
}

std::string describe_start(const std::vector<uint8_t>& bytes) {
    if (bytes.empty()) return "it is empty";
    std::string hex, text;
    for (size_t i = 0; i < std::min<size_t>(4, bytes.size()); ++i) {
        char buf[8];
        std::snprintf(buf, sizeof buf, "%s%02x", i ? " " : "", bytes[i]);
        hex += buf;
        text += (bytes[i] >= 32 && bytes[i] < 127) ? char(bytes[i]) : '.';
    }
    return "it starts with bytes " + hex + " (\"" + text + "\")";
}

std::string machine_name(unsigned m) {
    struct Name {
        unsigned id;
        const char* name;
    };
    static const Name kNames[] = {
        {2, "SPARC (32-bit)"}, {3, "x86"},  {8, "MIPS"},    {18, "SPARC32PLUS"}, {20, "PowerPC"},
        {21, "PowerPC64"},     {40, "ARM"}, {62, "x86-64"}, {183, "AArch64"},    {243, "RISC-V"}};
    for (const Name& n : kNames)
        if (n.id == m) return n.name;
    return "machine " + std::to_string(m);
}

// "an ELF file for x86-64 (64-bit, little-endian)": read from the identification
// bytes and e_machine, which sit at the same places in every ELF class.
std::string describe_elf(const std::vector<uint8_t>& b) {
    const bool big = b[EI_DATA] == ELFDATA2MSB;
    const unsigned machine = big ? (unsigned(b[18]) << 8 | b[19]) : (unsigned(b[19]) << 8 | b[18]);
    return "an ELF file for " + machine_name(machine) + " (" +
           (b[EI_CLASS] == ELFCLASS64 ? "64" : "32") + "-bit, " + (big ? "big" : "little") +
           "-endian)";
}

} // namespace

uint64_t ElfImage::end_of_data() const {
    uint64_t end = 0;
    for (const auto& s : segments)
        end = std::max(end, s.vaddr + s.memsz);
    return end;
}

std::vector<uint8_t> read_bytes(const std::string& path, const std::string& what) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw LoadError("cannot open " + what + " " + quoted(path) + ": " + std::strerror(errno));
    std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                               std::istreambuf_iterator<char>());
    if (bytes.empty()) throw LoadError(what + " " + quoted(path) + " is empty");
    return bytes;
}

ElfImage read_elf(const std::string& path) {
    struct stat st;
    if (::stat(path.c_str(), &st) != 0)
        throw LoadError("cannot open " + quoted(path) + ": " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) throw LoadError(quoted(path) + " is not a regular file");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw LoadError("cannot open " + quoted(path) + ": " + std::strerror(errno));
    return parse_elf({std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()}, path);
}

ElfImage parse_elf(std::vector<uint8_t> bytes, const std::string& path) {
    ElfImage image;
    image.path = path;
    image.bytes = std::move(bytes);
    const auto& b = image.bytes;

    if (b.size() < 4 || std::memcmp(b.data(), ELFMAG, SELFMAG) != 0)
        throw LoadError(quoted(path) + " is not an ELF file: " + describe_start(b));
    if (b.size() < 20)
        throw LoadError(quoted(path) + " is truncated: the ELF header is incomplete (" +
                        std::to_string(b.size()) + " bytes)");
    const bool sparc_v9 = b[EI_DATA] == ELFDATA2MSB && b[18] == 0 && b[19] == kEmSparcV9;
    if (!sparc_v9 || b[EI_CLASS] != ELFCLASS64)
        throw LoadError(quoted(path) + " is " + describe_elf(b) +
                        "; fireplane runs 64-bit big-endian SPARC V9 (sparc64) programs");

    elf_version(EV_CURRENT);
    std::unique_ptr<Elf, ElfCloser> elf(
        elf_memory(reinterpret_cast<char*>(image.bytes.data()), image.bytes.size()));
    GElf_Ehdr eh;
    if (!elf || !gelf_getehdr(elf.get(), &eh))
        throw LoadError(quoted(path) + " is truncated: the ELF header is incomplete (" +
                        std::to_string(b.size()) + " bytes)");
    if (eh.e_type != ET_EXEC && eh.e_type != ET_DYN)
        throw LoadError(quoted(path) + " is not an executable (ELF type " +
                        std::to_string(eh.e_type) + ")");
    // Each sum is checked as a difference: a crafted offset near 2^64 wraps.
    const uint64_t headers = uint64_t(eh.e_phnum) * eh.e_phentsize;
    if (eh.e_phoff > b.size() || headers > b.size() - eh.e_phoff)
        throw LoadError(quoted(path) + " is truncated: its program headers (" +
                        std::to_string(headers) + " bytes at byte " + std::to_string(eh.e_phoff) +
                        ") do not fit in its " + std::to_string(b.size()) + " bytes");

    image.entry = eh.e_entry;
    image.phnum = eh.e_phnum;
    image.phentsize = eh.e_phentsize;
    for (unsigned i = 0; i < eh.e_phnum; ++i) {
        GElf_Phdr ph;
        if (!gelf_getphdr(elf.get(), int(i), &ph))
            throw LoadError(quoted(path) + " is truncated: program header " + std::to_string(i) +
                            " is unreadable");
        if (ph.p_type == PT_INTERP)
            throw LoadError(
                quoted(path) +
                " is dynamically linked; fireplane runs static programs (link with -static)");
        if (ph.p_type == PT_DYNAMIC && eh.e_type == ET_DYN)
            throw LoadError(quoted(path) + " is position-independent; fireplane runs static "
                                           "non-PIE programs (link with -static)");
        if (ph.p_type != PT_LOAD) continue;
        if (ph.p_offset > b.size() || ph.p_filesz > b.size() - ph.p_offset)
            throw LoadError(quoted(path) + " is truncated: segment " + std::to_string(i) +
                            " needs " + std::to_string(ph.p_filesz) + " bytes from byte " +
                            std::to_string(ph.p_offset) + " but the file has " +
                            std::to_string(b.size()));
        if (ph.p_vaddr + ph.p_memsz < ph.p_vaddr || ph.p_paddr + ph.p_memsz < ph.p_paddr)
            throw LoadError(quoted(path) + " is malformed: segment " + std::to_string(i) +
                            " wraps around the end of the address space");
        if (ph.p_filesz > ph.p_memsz)
            throw LoadError(quoted(path) + " is malformed: segment " + std::to_string(i) +
                            " is larger in the file than in memory");
        image.segments.push_back(ElfSegment{ph.p_vaddr, ph.p_memsz, ph.p_filesz, ph.p_offset,
                                            (ph.p_flags & PF_R) != 0, (ph.p_flags & PF_W) != 0,
                                            (ph.p_flags & PF_X) != 0, ph.p_paddr});
        if (eh.e_phoff >= ph.p_offset && eh.e_phoff < ph.p_offset + ph.p_filesz)
            image.phdr_vaddr = ph.p_vaddr + (eh.e_phoff - ph.p_offset);
    }
    if (image.segments.empty()) throw LoadError(quoted(path) + " has no loadable segments");
    // Segments may share a page, never an address.
    for (size_t i = 0; i < image.segments.size(); ++i)
        for (size_t j = 0; j < i; ++j) {
            const ElfSegment &a = image.segments[i], &c = image.segments[j];
            if (a.memsz && c.memsz && a.vaddr < c.vaddr + c.memsz && c.vaddr < a.vaddr + a.memsz)
                throw LoadError(quoted(path) + " is malformed: loadable segments " +
                                std::to_string(j) + " and " + std::to_string(i) + " overlap");
        }

    // The symbol table is optional (stripped programs run too).
    Elf_Scn* scn = nullptr;
    while ((scn = elf_nextscn(elf.get(), scn)) != nullptr) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB) continue;
        Elf_Data* data = elf_getdata(scn, nullptr);
        if (!data || sh.sh_entsize == 0) continue;
        const size_t count = sh.sh_size / sh.sh_entsize;
        for (size_t k = 0; k < count; ++k) {
            GElf_Sym sym;
            if (!gelf_getsym(data, int(k), &sym)) break;
            const unsigned type = GELF_ST_TYPE(sym.st_info);
            if ((type != STT_FUNC && type != STT_OBJECT) || sym.st_value == 0) continue;
            const char* name = elf_strptr(elf.get(), sh.sh_link, sym.st_name);
            if (name && *name)
                image.symbols.push_back({name, sym.st_value, sym.st_size, type == STT_FUNC});
        }
    }
    std::sort(image.symbols.begin(), image.symbols.end(),
              [](const ElfSymbol& a, const ElfSymbol& b) {
                  return a.value < b.value || (a.value == b.value && a.name < b.name);
              });
    return image;
}

} // namespace fireplane::loader
