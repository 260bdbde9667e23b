#include "fw_cfg.h"

#include "models/common/big_endian.h"
#include "models/devices/payload_bytes.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace fireplane {

namespace {

std::string hex_key(uint16_t key) {
    static const char digits[] = "0123456789abcdef";
    std::string s = "0x";
    for (int shift = 12; shift >= 0; shift -= 4)
        s += digits[(key >> shift) & 0xf];
    return s;
}

std::vector<uint8_t> little_endian(uint64_t value, unsigned n) {
    std::vector<uint8_t> bytes(n);
    for (unsigned i = 0; i < n; ++i, value >>= 8)
        bytes[i] = uint8_t(value);
    return bytes;
}

} // namespace

// The keys QEMU names (hw/nvram/fw_cfg.c key_name, hw/sparc64/sun4u.c
// fw_cfg_arch_key_name), with the widths QEMU's sun4u and fw_cfg core store
// them in (fw_cfg_add_i16/i32/i64, little-endian); 0 = bytes of any length.
// clang-format off
using F = FwCfg;
static const std::vector<F::KeyInfo> kKeys = {
//   key               name              width  description
    {F::Signature,     "signature",      4,     "\"QEMU\": OpenBIOS's entry code halts without it"},
    {F::Id,            "id",             4,     "interface version: 1 (no DMA)"},
    {F::Uuid,          "uuid",           16,    "the machine's UUID (zeros)"},
    {F::RamSize,       "ram_size",       8,     "bytes of RAM"},
    {F::Nographic,     "nographic",      2,     "1: no display, the console is ttya"},
    {F::NbCpus,        "nb_cpus",        2,     "CPUs started"},
    {F::MachineId,     "machine_id",     2,     "0: sun4u, 64: sun4v"},
    {F::KernelAddr,    "kernel_addr",    8,     "the loaded kernel's entry point (sun4u stores the entry)"},
    {F::KernelSize,    "kernel_size",    8,     "bytes of the loaded kernel; 0: none"},
    {F::KernelCmdline, "kernel_cmdline", 0,     "command line address (not set on sun4u)"},
    {F::InitrdAddr,    "initrd_addr",    8,     "physical address of the initrd"},
    {F::InitrdSize,    "initrd_size",    8,     "bytes of the initrd; 0: none"},
    {F::BootDevice,    "boot_device",    2,     "the boot order's first letter: a, c, d or n"},
    {F::Numa,          "numa",           0,     "NUMA nodes (not set on sun4u)"},
    {F::BootMenu,      "boot_menu",      2,     "1: offer a boot menu"},
    {F::MaxCpus,       "max_cpus",       2,     "most CPUs the machine may have"},
    {F::KernelEntry,   "kernel_entry",   0,     "kernel entry (not set on sun4u)"},
    {F::KernelData,    "kernel_data",    0,     "kernel bytes (not set on sun4u)"},
    {F::InitrdData,    "initrd_data",    0,     "initrd bytes (not set on sun4u)"},
    {F::CmdlineAddr,   "cmdline_addr",   0,     "command line address (not set on sun4u)"},
    {F::CmdlineSize,   "cmdline_size",   4,     "bytes of cmdline_data with its NUL; 0: no command line"},
    {F::CmdlineData,   "cmdline_data",   0,     "the kernel command line, NUL-terminated"},
    {F::SetupAddr,     "setup_addr",     0,     "x86 setup (not set on sun4u)"},
    {F::SetupSize,     "setup_size",     0,     "x86 setup (not set on sun4u)"},
    {F::SetupData,     "setup_data",     0,     "x86 setup (not set on sun4u)"},
    {F::FileDir,       "file_dir",       0,     "file directory: count, then 64-byte entries, big-endian"},
    {F::Sparc64Width,  "width",          2,     "display width in pixels"},
    {F::Sparc64Height, "height",         2,     "display height in pixels"},
    {F::Sparc64Depth,  "depth",          2,     "display depth in bits"},
};

// The port window (QEMU's fw_cfg_comb_mem_ops): offset, size, direction.
const F::AccessInfo F::kAccesses[] = {
//   name          offset size write  description                                              write hook          read hook
    {"selector",   0,     2,   true,  "16-bit little-endian: selects an item from its first byte", &F::write_selector, nullptr},
    {"data",       ~0u,   1,   false, "the selected item's next byte; 0 past its end",         nullptr,            &F::read_data},
    {"data_write", ~0u,   1,   true,  "ignored: QEMU removed fw_cfg writes in 2.4",            nullptr,            nullptr},
};
// clang-format on

const std::vector<FwCfg::KeyInfo>& FwCfg::known_keys() {
    return kKeys;
}

const FwCfg::KeyInfo* FwCfg::key_info(uint16_t key) {
    for (const KeyInfo& k : kKeys)
        if (k.key == key) return &k;
    return nullptr;
}

FwCfg::FwCfg(sc_core::sc_module_name name, const FwCfgConfig& config)
    : sc_module(name), socket("socket"), config_(config) {
    for (size_t i = 1; i < kKeys.size(); ++i)
        if (kKeys[i - 1].key >= kKeys[i].key)
            SC_REPORT_FATAL(this->name(), "key table is out of order (model bug)");
    if (config_.boot_device.size() != 1)
        throw std::invalid_argument("boot_device '" + config_.boot_device +
                                    "' must be one letter (a, c, d or n)");
    if (config_.machine_id > 0xffff)
        throw std::invalid_argument("machine_id " + std::to_string(config_.machine_id) +
                                    " does not fit 16 bits");

    // What QEMU's fw_cfg core adds (fw_cfg_common_realize, DMA disabled) ...
    set_item(Signature, {'Q', 'E', 'M', 'U'});
    set_item(Uuid, std::vector<uint8_t>(16, 0));
    set_u16(Nographic, config_.nographic ? 1 : 0);
    set_u16(BootMenu, 0);
    set_u32(Id, 1);
    // ... and what sun4u.c does (sun4uv_init), until the platform says more.
    set_cpu_count(1);
    set_ram_size(0);
    set_u16(MachineId, uint16_t(config_.machine_id));
    set_kernel(0, 0);
    set_command_line("");
    set_initrd(0, 0);
    set_u16(BootDevice, uint8_t(config_.boot_device[0]));
    set_u16(Sparc64Width, 1024); // QEMU's sparc defaults (graphic_width/height/depth)
    set_u16(Sparc64Height, 768);
    set_u16(Sparc64Depth, 8);
    update_file_dir();

    bind_register_transport(socket);
    stats_.add_counter("reads", &reads_, "data bytes read (not debug)");
    stats_.add_counter("selects", &selects_, "items selected");
}

FwCfg::~FwCfg() = default;

// ---- items ----

void FwCfg::check_width(uint16_t key, unsigned width) const {
    const KeyInfo* k = key_info(key);
    if (k && k->width != 0 && k->width != width)
        throw std::invalid_argument(std::string(name()) + ": fw_cfg item " + hex_key(key) + " (" +
                                    k->name + ") is " + std::to_string(k->width) + " bytes, not " +
                                    std::to_string(width));
}

void FwCfg::set_item(uint16_t key, std::vector<uint8_t> bytes) {
    const uint16_t entry = key & ~uint16_t(ArchLocal);
    if ((key & WriteChannel) || key == FileDir || (!(key & ArchLocal) && entry >= FileFirst))
        throw std::invalid_argument(std::string(name()) + ": fw_cfg key " + hex_key(key) +
                                    " is not an item key (files go through add_file)");
    check_width(key, unsigned(bytes.size()));
    items_[key] = std::move(bytes);
}

void FwCfg::set_u16(uint16_t key, uint16_t value) {
    set_item(key, little_endian(value, 2));
}

void FwCfg::set_u32(uint16_t key, uint32_t value) {
    set_item(key, little_endian(value, 4));
}

void FwCfg::set_u64(uint16_t key, uint64_t value) {
    set_item(key, little_endian(value, 8));
}

bool FwCfg::has_item(uint16_t key) const {
    return items_.count(item_key(key)) != 0;
}

const std::vector<uint8_t>& FwCfg::item(uint16_t key) const {
    static const std::vector<uint8_t> none;
    const auto it = items_.find(item_key(key));
    return it == items_.end() ? none : it->second;
}

void FwCfg::add_file(const std::string& file_name, std::vector<uint8_t> bytes) {
    const std::string who = std::string(name()) + ": fw_cfg file '" + file_name + "'";
    if (file_name.empty() || file_name.size() >= kFileNameSize ||
        file_name.find('\0') != std::string::npos)
        throw std::invalid_argument(who + ": a name is 1 to " + std::to_string(kFileNameSize - 1) +
                                    " characters");
    if (std::find(files_.begin(), files_.end(), file_name) != files_.end())
        throw std::invalid_argument(who + " is already there");
    if (files_.size() >= kFileSlots)
        throw std::invalid_argument(who + ": all " + std::to_string(kFileSlots) +
                                    " file slots are taken");
    // Sorted by name: the files after it move up one key, as in QEMU.
    const auto at = std::upper_bound(files_.begin(), files_.end(), file_name);
    const unsigned index = unsigned(at - files_.begin());
    for (unsigned i = unsigned(files_.size()); i > index; --i)
        items_[uint16_t(FileFirst + i)] = std::move(items_[uint16_t(FileFirst + i - 1)]);
    files_.insert(at, file_name);
    items_[uint16_t(FileFirst + index)] = std::move(bytes);
    update_file_dir();
}

// The directory as QEMU lays it out (FWCfgFiles): a big-endian count, then
// per file its size (BE32), key (BE16), a reserved BE16 and a NUL-padded name.
void FwCfg::update_file_dir() {
    std::vector<uint8_t> dir(4 + kFileEntrySize * files_.size(), 0);
    store_big_endian(dir.data(), files_.size(), 4);
    for (size_t i = 0; i < files_.size(); ++i) {
        uint8_t* e = dir.data() + 4 + kFileEntrySize * i;
        store_big_endian(e, items_[uint16_t(FileFirst + i)].size(), 4);
        store_big_endian(e + 4, FileFirst + i, 2);
        std::copy(files_[i].begin(), files_[i].end(), e + 8);
    }
    items_[FileDir] = std::move(dir);
}

// ---- FirmwareConfig: the items as QEMU's sun4u.c stores them ----

void FwCfg::set_cpu_count(unsigned cpus) {
    if (cpus == 0 || cpus > 0xffff)
        throw std::invalid_argument(std::string(name()) + ": " + std::to_string(cpus) +
                                    " CPUs do not fit fw_cfg's nb_cpus");
    set_u16(NbCpus, uint16_t(cpus));
    set_u16(MaxCpus, uint16_t(cpus));
}

void FwCfg::set_kernel(uint64_t entry, uint64_t size) {
    set_u64(KernelAddr, entry);
    set_u64(KernelSize, size);
}

void FwCfg::set_initrd(uint64_t address, uint64_t size) {
    set_u64(InitrdAddr, address);
    set_u64(InitrdSize, size);
}

// The size counts the NUL; no command line is size 0 and no data.
void FwCfg::set_command_line(const std::string& text) {
    if (text.empty()) {
        set_u32(CmdlineSize, 0);
        items_.erase(CmdlineData);
        return;
    }
    set_u32(CmdlineSize, uint32_t(text.size() + 1));
    std::vector<uint8_t> data(text.begin(), text.end());
    data.push_back(0);
    set_item(CmdlineData, std::move(data));
}

// ---- the port window ----

void FwCfg::write_selector(const uint8_t* data) {
    selector_ = uint16_t(data[0] | data[1] << 8);
    offset_ = 0;
    ++selects_;
}

uint8_t FwCfg::read_data(bool debug) {
    const auto it = items_.find(item_key(selector_));
    if (it == items_.end() || offset_ >= it->second.size()) return 0;
    const uint8_t byte = it->second[offset_];
    if (!debug) ++offset_;
    return byte;
}

const FwCfg::AccessInfo* FwCfg::decode(const tlm::tlm_generic_payload& gp) const {
    const uint64_t address = gp.get_address();
    const unsigned len = gp.get_data_length();
    if (address >= kWindowSize || gp.get_streaming_width() < len) return nullptr;
    for (const AccessInfo& a : kAccesses)
        if (a.size == len && a.is_write == gp.is_write() &&
            (a.offset == ~0u ? address + len <= kWindowSize : a.offset == address))
            return &a;
    return nullptr;
}

// An access the window does not take (a 16-bit read, a wider access, byte
// enables) gets an error response, so the guest takes a fault, not the host.
unsigned FwCfg::access(tlm::tlm_generic_payload& gp, bool debug) {
    const AccessInfo* a = decode(gp);
    if (!a || gp.get_data_ptr() == nullptr) {
        gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
        return 0;
    }
    uint8_t* data = gp.get_data_ptr();
    unsigned moved = gp.get_data_length();
    if (a->is_write) {
        if (debug)
            moved = 0; // a debugger does not move the selection
        else if (a->on_write)
            (this->*a->on_write)(data);
    } else {
        data[0] = (this->*a->on_read)(debug);
        if (!debug) ++reads_;
    }
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
    return moved;
}

} // namespace fireplane
