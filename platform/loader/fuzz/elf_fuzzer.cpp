// libFuzzer target: random files through the ELF loader, then the user-mode
// loader's mapping of their segments into a small guest memory. A file is
// either refused with a LoadError or loaded; loaded bytes must read back as
// the file has them.
#include "platform/linux/linux_process.h"
#include "platform/linux/program_image.h"
#include "platform/loader/elf_image.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace fireplane;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static std::vector<uint8_t> ram(4u << 20); // 4 MiB: big programs must fail cleanly
    try {
        const loader::ElfImage image = loader::parse_elf({data, data + size}, "input");
        linux_user::AddressSpace memory(linux_user::PhysicalMemory{ram.data(), 0, ram.size()});
        linux_user::map_program(memory, image, linux_user::LinuxProcess::kStackTop - (8u << 20));
        for (const loader::ElfSegment& s : image.segments)
            for (uint64_t k = 0; k < std::min<uint64_t>(s.filesz, 64); ++k)
                if (*memory.host_pointer(s.vaddr + k) != image.bytes[s.offset + k]) {
                    std::fprintf(stderr, "elf_fuzzer: a segment's byte %llu differs\n",
                                 static_cast<unsigned long long>(k));
                    std::abort();
                }
    } catch (const loader::LoadError&) {
    }
    return 0;
}
