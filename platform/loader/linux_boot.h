#pragma once
// What `fireplane boot --kernel FILE --initrd FILE` puts in RAM before the
// firmware starts, placed as QEMU's sun4u board places it, so that OpenBIOS
// (told through fw_cfg) boots it as it boots QEMU's: the kernel's segments
// at their physical addresses, the initrd on the first page above the
// kernel, and the initrd's place written into the kernel's "HdrS" header,
// where Linux looks for it.
#include "elf_image.h"

#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::loader {

struct LinuxBoot {
    static constexpr uint64_t kPageSize = 8192;          // sun4u's base page (TARGET_PAGE_SIZE)
    static constexpr unsigned kHeaderPages = 64;         // pages searched for the header
    static constexpr uint32_t kHeaderMagic = 0x48647253; // "HdrS", 8 bytes into its page
    static constexpr uint64_t kKernelBase =
        0x400000; // KERNBASE: the header's addresses are linked there

    ElfImage kernel;             // the header's initrd fields patched in kernel.bytes
    std::vector<uint8_t> initrd; // empty: none
    uint64_t entry = 0;          // what fw_cfg's kernel address says: the ELF entry
    uint64_t kernel_size = 0;    // the bytes the segments occupy in memory
    uint64_t kernel_low = 0;     // the lowest segment's physical address
    uint64_t kernel_top = 0;     // one past the highest
    uint64_t initrd_address = 0; // physical; 0 without an initrd
    bool header_found = false;   // whether a header took the initrd's place
};

// Reads both files (initrd "" for none). A kernel that is not a SPARC V9
// executable, or an initrd that is empty, is a LoadError.
LinuxBoot read_linux_boot(const std::string& kernel, const std::string& initrd);

} // namespace fireplane::loader
