// read_linux_boot: the kernel's segments at their physical addresses, the
// initrd on the first 8 KiB page above them, and the initrd's place written
// into the kernel's "HdrS" header as QEMU's sun4u board writes it.
#include "platform/loader/linux_boot.h"

#include "elf_builder.h"

#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace fireplane::loader;
using loader_test::elf_file;
using loader_test::get;
using loader_test::put;

namespace {

// A big-endian SPARC V9 executable with one PT_LOAD segment of `filesz`
// bytes (memsz adds `bss`) at physical and virtual `base`, like a vmlinux:
// the ELF header sits at the segment's start, the entry 0x4000 above it.
std::vector<uint8_t> kernel_image(uint64_t base, size_t filesz, size_t bss) {
    return elf_file(base + 0x4000, {{base, base, 0, filesz, filesz + bss}}, filesz);
}

struct TempFile {
    std::string path;
    explicit TempFile(const std::vector<uint8_t>& bytes) {
        char name[] = "/tmp/fireplane_linux_boot_XXXXXX";
        const int fd = mkstemp(name);
        REQUIRE(fd >= 0);
        close(fd);
        path = name;
        std::ofstream(path, std::ios::binary)
            .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    }
    ~TempFile() { std::remove(path.c_str()); }
};

constexpr uint64_t kBase = 0x400000;

} // namespace

TEST_CASE("the initrd goes on the first page above the kernel, and HdrS says where") {
    std::vector<uint8_t> k = kernel_image(kBase, 0x9000, 0x1234);
    put(k, 0x4000 + 8, LinuxBoot::kHeaderMagic, 4); // "HdrS", as head_64.S has it
    const TempFile kernel(k), initrd(std::vector<uint8_t>(5000, 0xab));

    const LinuxBoot boot = read_linux_boot(kernel.path, initrd.path);
    CHECK(boot.entry == kBase + 0x4000);
    CHECK(boot.kernel_low == kBase);
    CHECK(boot.kernel_top == kBase + 0x9000 + 0x1234);
    CHECK(boot.kernel_size == 0x9000 + 0x1234);
    CHECK(boot.initrd_address == 0x40c000); // 0x40a234 rounded up to 8 KiB
    CHECK(boot.initrd.size() == 5000);
    REQUIRE(boot.header_found);
    // sparc_ramdisk_image: KERNBASE-relative, as sun4u_load_kernel writes it.
    CHECK(get(boot.kernel.bytes, 0x4000 + 24, 4) == 0x40c000 + kBase);
    CHECK(get(boot.kernel.bytes, 0x4000 + 28, 4) == 5000);
}

TEST_CASE("a kernel without HdrS loads, and nothing in it is patched") {
    const std::vector<uint8_t> k = kernel_image(kBase, 0x9000, 0);
    const TempFile kernel(k), initrd(std::vector<uint8_t>(100, 1));
    const LinuxBoot boot = read_linux_boot(kernel.path, initrd.path);
    CHECK_FALSE(boot.header_found);
    CHECK(boot.kernel.bytes == k);
    CHECK(boot.initrd_address == 0x40a000);
}

TEST_CASE("without an initrd nothing is placed above the kernel") {
    const TempFile kernel(kernel_image(kBase, 0x9000, 0));
    const LinuxBoot boot = read_linux_boot(kernel.path, "");
    CHECK(boot.initrd.empty());
    CHECK(boot.initrd_address == 0);
}

TEST_CASE("an empty or missing initrd, or a kernel that is not ELF, is a LoadError") {
    const TempFile kernel(kernel_image(kBase, 0x9000, 0)), empty(std::vector<uint8_t>{});
    CHECK_THROWS_AS(read_linux_boot(kernel.path, empty.path), LoadError);
    CHECK_THROWS_WITH(read_linux_boot(kernel.path, "/nonexistent/initrd"),
                      Catch::Contains("cannot open the initrd '/nonexistent/initrd'"));
    const TempFile text(std::vector<uint8_t>{'h', 'i', '\n'});
    CHECK_THROWS_AS(read_linux_boot(text.path, ""), LoadError);
}
