#include "linux_boot.h"

#include "models/common/big_endian.h"

#include <algorithm>

namespace fireplane::loader {

namespace {

// The file bytes behind physical [paddr, paddr + size), or nullptr when no
// segment holds all of them in its file part.
uint8_t* file_bytes_at(ElfImage& image, uint64_t paddr, uint64_t size) {
    for (const ElfSegment& s : image.segments)
        if (paddr >= s.paddr && size <= s.filesz && paddr - s.paddr <= s.filesz - size)
            return image.bytes.data() + s.offset + (paddr - s.paddr);
    return nullptr;
}

} // namespace

LinuxBoot read_linux_boot(const std::string& kernel, const std::string& initrd) {
    LinuxBoot boot;
    boot.kernel = read_elf(kernel);
    boot.entry = boot.kernel.entry;
    boot.kernel_low = UINT64_MAX;
    for (const ElfSegment& s : boot.kernel.segments) {
        if (s.memsz == 0) continue;
        boot.kernel_size += s.memsz;
        boot.kernel_low = std::min(boot.kernel_low, s.paddr);
        boot.kernel_top = std::max(boot.kernel_top, s.paddr + s.memsz);
    }
    if (boot.kernel_size == 0) throw LoadError("the kernel '" + kernel + "' loads nothing");
    if (initrd.empty()) return boot;

    boot.initrd = read_bytes(initrd, "the initrd");
    const uint64_t page = LinuxBoot::kPageSize;
    boot.initrd_address = (boot.kernel_top + page - 1) & ~(page - 1);
    // The header holds 32-bit addresses relative to KERNBASE's page, as
    // sun4u_load_kernel writes them; Linux takes KERNBASE back off.
    for (unsigned i = 0; i < LinuxBoot::kHeaderPages; ++i) {
        uint8_t* header = file_bytes_at(boot.kernel, boot.kernel_low + i * page, 32);
        if (!header || load_big_endian(header + 8, 4) != LinuxBoot::kHeaderMagic) continue;
        store_big_endian(header + 24, uint32_t(boot.initrd_address + boot.kernel_low), 4);
        store_big_endian(header + 28, boot.initrd.size(), 4);
        boot.header_found = true;
        break;
    }
    return boot;
}

} // namespace fireplane::loader
