#pragma once
// The NVRAM image QEMU's sun4u board gives OpenBIOS (hw/sparc64/sun4u.c
// sun4u_NVRAM_set_params, hw/nvram/chrp_nvram.c): in the M48T59's first
// 0x1ff0 bytes,
// - from 0: CHRP partitions up to 0x1fd0 (OpenBIOS's NVRAM_OB_SIZE; it
//   rejects a chain that does not end there): the "system" partition
//   (signature 0x70) holding the Open Firmware variables as "name=value\0"
//   strings ended by an empty one, padded to 16 bytes, then a "free"
//   partition (0x7f) over the rest. A partition header is 16 bytes:
//   signature, checksum, length/16 (big-endian 16-bit), a NUL-padded name.
// - at 0x1fd8: the Sun IDPROM (format 1, machine type 0x80, the Ethernet
//   address, a date of zeros, the host ID's last three bytes = the MAC's,
//   and an XOR checksum), OpenBIOS's /idprom property.
// OpenBIOS (packages/nvram.c nvconf_init, forth/admin/nvram.fs
// nvram-load-configs) sets each variable it finds with $setenv, so a value
// may be several lines (an nvramrc script).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fireplane {

using MacAddress = std::array<uint8_t, 6>;

struct NvramVariable {
    std::string name;
    std::string value;
    bool operator==(const NvramVariable& o) const { return name == o.name && value == o.value; }
};

namespace sun4u_nvram {

constexpr size_t kImageSize = 0x1ff0;     // bytes QEMU writes (below the clock registers)
constexpr size_t kPartitionsEnd = 0x1fd0; // the partitions span [0, kPartitionsEnd)
constexpr size_t kIdpromOffset = 0x1fd8;
constexpr size_t kIdpromSize = 16;         // the checksummed header; OpenBIOS reads 32 bytes
constexpr size_t kHeaderSize = 16;         // a CHRP partition header
constexpr uint8_t kSystemSignature = 0x70; // OPENBIOS_PART_SYSTEM / CHRP_NVPART_SYSTEM
constexpr uint8_t kFreeSignature = 0x7f;
constexpr uint8_t kIdpromFormat = 1;
constexpr uint8_t kSun4uMachineType = 0x80;
// The most bytes of "name=value\0" strings the system partition can hold:
// its header, the end marker and a free partition's header must fit too.
constexpr size_t kMaxVariableBytes = kPartitionsEnd - 2 * kHeaderSize - 1;

// "52:54:00:12:34:56" (hex, either case). Throws std::invalid_argument.
MacAddress parse_mac(const std::string& text);

// A machine file's `env`: one `name=value` per line; a line that starts with
// a space or tab continues the value above on a new line (its text kept as
// written), so a Forth script can follow `nvramrc=`. Blank lines and lines
// starting with '#' are skipped. Throws std::invalid_argument naming the line
// for a line without '=', an empty name, or a name given twice.
std::vector<NvramVariable> parse_env(const std::string& text);

// Bytes the variables take in the system partition ("name=value\0" each).
size_t variable_bytes(const std::vector<NvramVariable>& env);

// The CHRP header checksum: byte 0 plus bytes 2-15, the carry added back in.
uint8_t partition_checksum(const uint8_t* header);
// The IDPROM checksum: the XOR of its first 15 bytes.
uint8_t idprom_checksum(const uint8_t* idprom);

// The kImageSize bytes. Throws std::invalid_argument when the variables do
// not fit (more than kMaxVariableBytes) or a name holds '=' or a NUL.
std::vector<uint8_t> build_image(const MacAddress& mac, const std::vector<NvramVariable>& env);

// The system partition's variables as OpenBIOS reads them (the first 0x70
// partition, strings up to the empty one); throws std::invalid_argument
// when the chain of partitions is broken (a checksum, a length, the end).
std::vector<NvramVariable> read_variables(const std::vector<uint8_t>& image);

} // namespace sun4u_nvram
} // namespace fireplane
