#pragma once
// FwCfg: QEMU's firmware configuration device as QEMU's sun4u board has it,
// the port interface only (no DMA, version 1), at ebus ports 0x510-0x511.
// A 16-bit write of the window selects an item (little-endian: the low byte
// at the lower address, as OpenBIOS's `stha` with ASI 0x1d stores it); each
// byte read then returns the item's next byte, 0 past its end. Byte writes
// are ignored (QEMU dropped write support in 2.4). Items are QEMU's: the
// well-known keys of include/standard-headers/linux/qemu_fw_cfg.h, the
// sun4u's arch-local ones from 0x8000, and named files from 0x20 listed in
// the file directory (key 0x19). The platform fills in the machine's items
// through the FirmwareConfig role.
#include "models/common/roles.h"
#include "models/devices/payload_bytes.h"

#include "core/stats/stats.h"

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace fireplane {

struct FwCfgConfig {
    uint64_t base = 0;             // where the builder maps it (the ebus's port 0x510)
    unsigned machine_id = 0;       // FW_CFG_MACHINE_ID: 0 = sun4u, 64 = sun4v
    bool nographic = true;         // FW_CFG_NOGRAPHIC: OpenBIOS then uses ttya
    std::string boot_device = "c"; // FW_CFG_BOOT_DEVICE: one letter (a, c, d, n)
};

class FwCfg : public sc_core::sc_module,
              public BusTarget,
              public FirmwareConfig,
              public RegisterTransport<FwCfg> {
public:
    tlm_utils::simple_target_socket<FwCfg> socket;

    static constexpr uint64_t kWindowSize = 2; // selector at +0 (16-bit), data at +1

    // QEMU's keys (include/standard-headers/linux/qemu_fw_cfg.h).
    enum Key : uint16_t {
        Signature = 0x00,
        Id = 0x01,
        Uuid = 0x02,
        RamSize = 0x03,
        Nographic = 0x04,
        NbCpus = 0x05,
        MachineId = 0x06,
        KernelAddr = 0x07,
        KernelSize = 0x08,
        KernelCmdline = 0x09,
        InitrdAddr = 0x0a,
        InitrdSize = 0x0b,
        BootDevice = 0x0c,
        Numa = 0x0d,
        BootMenu = 0x0e,
        MaxCpus = 0x0f,
        KernelEntry = 0x10,
        KernelData = 0x11,
        InitrdData = 0x12,
        CmdlineAddr = 0x13,
        CmdlineSize = 0x14,
        CmdlineData = 0x15,
        SetupAddr = 0x16,
        SetupSize = 0x17,
        SetupData = 0x18,
        FileDir = 0x19,
        FileFirst = 0x20,      // the first file's key
        WriteChannel = 0x4000, // selector bit: a write access (ignored here)
        ArchLocal = 0x8000,    // selector bit: the architecture's own keys
        Sparc64Width = 0x8000,
        Sparc64Height = 0x8001,
        Sparc64Depth = 0x8002,
    };
    static constexpr unsigned kFileSlots = 0x20;   // QEMU's default file slots
    static constexpr unsigned kFileNameSize = 56;  // with its NUL
    static constexpr unsigned kFileEntrySize = 64; // size BE32, select BE16, reserved, name

    struct KeyInfo {
        uint16_t key;
        const char* name; // QEMU's name for it
        unsigned width;   // bytes of a number item (little-endian); 0: bytes of any length
        const char* description;
    };
    // The known keys, in key order; nullptr when `key` is not one.
    static const KeyInfo* key_info(uint16_t key);
    static const std::vector<KeyInfo>& known_keys();

    // Throws std::invalid_argument for a boot device that is not one letter.
    FwCfg(sc_core::sc_module_name name, const FwCfgConfig& config);
    ~FwCfg() override;

    // BusTarget
    TargetPort& bus_target() override { return socket; }
    AddressRange bus_range() const override { return {config_.base, kWindowSize}; }
    const FwCfgConfig& config() const { return config_; }

    // Items. A key with a width in the table must get that many bytes, and the
    // file directory and file keys are add_file's: both throw std::invalid_argument.
    void set_item(uint16_t key, std::vector<uint8_t> bytes);
    void set_u16(uint16_t key, uint16_t value); // little-endian, as fw_cfg_add_i16
    void set_u32(uint16_t key, uint32_t value);
    void set_u64(uint16_t key, uint64_t value);
    // Adds a named file at the next key from 0x20 in name order (QEMU's
    // non-legacy order: later names move up a key), listed in the directory.
    // Throws std::invalid_argument for an empty, too long or duplicate name,
    // or more than kFileSlots files.
    void add_file(const std::string& name, std::vector<uint8_t> bytes);
    bool has_item(uint16_t key) const;
    const std::vector<uint8_t>& item(uint16_t key) const; // empty when absent

    // FirmwareConfig
    void set_boot_item(uint16_t key, std::vector<uint8_t> bytes) override {
        set_item(key, std::move(bytes));
    }
    void set_ram_size(uint64_t bytes) override { set_u64(RamSize, bytes); }
    void set_cpu_count(unsigned cpus) override;
    void set_kernel(uint64_t entry, uint64_t size) override;
    void set_initrd(uint64_t address, uint64_t size) override;
    void set_command_line(const std::string& text) override;

    uint16_t selector() const { return selector_; }
    uint32_t offset() const { return offset_; } // the next byte a data read returns

    uint64_t reads() const { return reads_; }
    uint64_t selects() const { return selects_; }

private:
    friend class RegisterTransport<FwCfg>;
    using WriteHook = void (FwCfg::*)(const uint8_t* data);
    using ReadHook = uint8_t (FwCfg::*)(bool debug);
    struct AccessInfo {
        const char* name;
        unsigned offset; // in the window; ~0u: either byte
        unsigned size;
        bool is_write;
        const char* description;
        WriteHook on_write; // for writes; nullptr: ignored
        ReadHook on_read;   // for reads
    };
    static const AccessInfo kAccesses[];

    unsigned access(tlm::tlm_generic_payload& gp, bool debug);
    const AccessInfo* decode(const tlm::tlm_generic_payload& gp) const;

    void write_selector(const uint8_t* data);
    uint8_t read_data(bool debug);

    static uint16_t item_key(uint16_t selector) { return selector & ~uint16_t(WriteChannel); }
    void check_width(uint16_t key, unsigned width) const;
    void update_file_dir();

    FwCfgConfig config_;
    std::map<uint16_t, std::vector<uint8_t>> items_;
    std::vector<std::string> files_; // in key order from FileFirst
    uint16_t selector_ = Signature;  // QEMU's reset selects the signature
    uint32_t offset_ = 0;
    uint64_t reads_ = 0, selects_ = 0;
    StatsGroup stats_{this->name()}; // last: its statistics go first
};

} // namespace fireplane
