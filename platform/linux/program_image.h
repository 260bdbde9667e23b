#pragma once
// A static program's segments in a fresh address space, as the kernel's ELF
// loader leaves them: mapped page by page with their protections, the file's
// bytes copied in, the rest zero.
#include "address_space.h"
#include "platform/loader/elf_image.h"

#include <cstdint>

namespace fireplane::linux_user {

// Maps `image`'s segments into `memory` and copies their file bytes. Throws
// LoadError for a segment outside [one page, limit), or for one the guest's
// RAM cannot hold.
void map_program(AddressSpace& memory, const loader::ElfImage& image, uint64_t limit);

} // namespace fireplane::linux_user
