#pragma once
// The I-MMU and D-MMU of one UltraSPARC III Cu (Cheetah+) processor: the TLBs
// (iT16 + iT128, dT16 + dT512_0 + dT512_1), translation with the MMU traps,
// the MMU registers and TLB ASIs 0x50-0x5f, TSB pointers, demap, and the VA/PA
// watchpoint registers. Plain C++: the CPU calls it on its own software TLB's
// misses and for ASI accesses; nothing here knows SystemC or the CPU.
#include "mmu_types.h"
#include "tlb_array.h"
#include "tsb_pointer.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fireplane::mmu {

// ASIs of the MMU.
enum MmuAsi : uint8_t {
    kAsiImmu = 0x50,
    kAsiImmuTsb8kPtr = 0x51,
    kAsiImmuTsb64kPtr = 0x52,
    kAsiItlbDataIn = 0x54,
    kAsiItlbDataAccess = 0x55,
    kAsiItlbTagRead = 0x56,
    kAsiImmuDemap = 0x57,
    kAsiDmmu = 0x58,
    kAsiDmmuTsb8kPtr = 0x59,
    kAsiDmmuTsb64kPtr = 0x5a,
    kAsiDmmuTsbDirectPtr = 0x5b,
    kAsiDtlbDataIn = 0x5c,
    kAsiDtlbDataAccess = 0x5d,
    kAsiDtlbTagRead = 0x5e,
    kAsiDmmuDemap = 0x5f,
};

// Register VAs in ASI 0x50 / 0x58.
enum MmuRegisterVa : uint8_t {
    kVaTagTarget = 0x00,
    kVaPrimaryContext = 0x08,
    kVaSecondaryContext = 0x10,
    kVaSfsr = 0x18,
    kVaSfar = 0x20,
    kVaTsb = 0x28,
    kVaTagAccess = 0x30,
    kVaVaWatchpoint = 0x38,
    kVaPaWatchpoint = 0x40,
    kVaTsbExtPrimary = 0x48,
    kVaTsbExtSecondary = 0x50,
    kVaTsbExtNucleus = 0x58,
    kVaTagAccessExt = 0x60,
};

// TLB numbers of the data access / tag read address, bits 17:16.
enum TlbId : uint8_t { kTlbT16 = 0, kTlbT512_0 = 2, kTlbT512_1 = 3, kTlbIT128 = 2 };

// DCU control register (ASI 0x45) bits the watchpoints use; the CPU owns the
// register and passes its value in.
namespace dcu {
constexpr uint64_t kIm = 1ull << 2;  // I-MMU enable
constexpr uint64_t kDm = 1ull << 3;  // D-MMU enable
constexpr uint64_t kVw = 1ull << 21; // VA watchpoint on stores
constexpr uint64_t kVr = 1ull << 22; // VA watchpoint on loads
constexpr uint64_t kPw = 1ull << 23; // PA watchpoint on stores
constexpr uint64_t kPr = 1ull << 24; // PA watchpoint on loads
constexpr unsigned kVmShift = 25;    // VA watchpoint byte mask <32:25>
constexpr unsigned kPmShift = 33;    // PA watchpoint byte mask <40:33>
} // namespace dcu

// Context register fields: the two dT512 page sizes per context (III Cu).
namespace ctxreg {
constexpr unsigned kPgsz0Shift = 16;    // P_pgsz0 / S_pgsz0
constexpr unsigned kPgsz1Shift = 19;    // P_pgsz1 / S_pgsz1
constexpr unsigned kNucPgsz0Shift = 61; // N_pgsz0 (primary context register)
constexpr unsigned kNucPgsz1Shift = 58; // N_pgsz1 (primary context register)
constexpr uint64_t kPrimaryWriteMask = 0xfc000000003f1fffull;
constexpr uint64_t kSecondaryWriteMask = 0x00000000003f1fffull;
} // namespace ctxreg

// The MMU registers' storage (computed ones, like tag target, have none).
struct MmuRegisters {
    uint64_t i_sfsr = 0, i_tsb = 0, i_tag_access = 0, i_tsb_ext_p = 0, i_tsb_ext_n = 0;
    uint64_t primary_context = 0, secondary_context = 0;
    uint64_t d_sfsr = 0, sfar = 0, d_tsb = 0, d_tag_access = 0;
    uint64_t va_watchpoint = 0, pa_watchpoint = 0;
    uint64_t d_tsb_ext_p = 0, d_tsb_ext_s = 0, d_tsb_ext_n = 0, tag_access_ext = 0;
};

// Counters, read by the statistics layer and tests.
struct MmuStats {
    uint64_t i_t16_hits = 0, i_t128_hits = 0, i_misses = 0;
    uint64_t d_t16_hits = 0, d_t512_0_hits = 0, d_t512_1_hits = 0, d_misses = 0;
    uint64_t protection_faults = 0, data_access_exceptions = 0, instruction_access_exceptions = 0;
    uint64_t demap_page = 0, demap_context = 0, demap_all = 0;
    uint64_t data_in_writes = 0, data_access_writes = 0, evictions = 0;
};

// One valid TLB entry, for a debugger's `monitor tlb`.
struct TlbEntryView {
    Side side;
    uint8_t tlb;    // TlbId
    unsigned index; // entry number in data access addressing
    uint64_t tag;   // VA<63:13> | context
    uint64_t data;  // TTE data as stored
    const char* tlb_name() const;
    uint64_t va() const { return tte::tag_va(tag); }
    unsigned context() const { return tte::tag_context(tag); }
    unsigned page_shift() const { return tte::page_shift(tte::size_code(data)); }
    uint64_t pa() const { return (data & tte::kPaMask) & ~tte::page_mask(tte::size_code(data)); }
};
// One line of text for an entry: TLB, index, VA, context, PA, size, flags.
std::string format_tlb_entry(const TlbEntryView& e);

class CheetahMmu {
public:
    struct Config {
        // Implemented VA bits: the III Cu translates all 64 (no VA hole);
        // fewer make VAs that are not sign-extended fault with FT = 0x20.
        unsigned va_bits = 64;
        // Direct TLB accesses (data access, tag read) to T16 entries 16-63:
        // the T16 decodes VA<6:3> only, so they alias entries 0-15 (false), or
        // they reach no entry, reading 0 and ignoring writes (true), as
        // software that walks a Spitfire's 64-entry TLBs expects.
        bool spitfire_t16_indexes = false;
    };

    CheetahMmu();
    explicit CheetahMmu(const Config& config);

    // Power-on state: every TLB entry invalid, every register 0, MMUs off.
    void reset();

    // The DCU control register's IM and DM bits, owned by the CPU. With an MMU
    // off the CPU addresses physically and does not call translate().
    void set_enabled(bool immu, bool dmmu);
    bool immu_enabled() const { return immu_on_; }
    bool dmmu_enabled() const { return dmmu_on_; }

    // Translates one access (a fetch goes to the I-MMU, the rest to the
    // D-MMU). On a fault the result names the trap and SFSR, SFAR, tag access
    // and the TSB pointers are already updated as the hardware does.
    Translation translate(const MmuRequest& request);
    // The same lookup with no side effect at all (debugger, tests): a miss
    // comes back with trap set to the miss trap and nothing recorded.
    Translation probe(uint64_t va, Side side, ContextSel context) const;

    // ASI accesses. False: the CPU raises data_access_exception (0x30); the
    // MMU has already recorded it in D-SFSR (FT = 0x08) and SFAR. Every MMU
    // ASI takes 64-bit accesses only.
    static bool is_mmu_asi(unsigned asi);
    bool load(unsigned asi, uint64_t va, uint64_t& value, unsigned size = 8);
    bool store(unsigned asi, uint64_t va, uint64_t value, unsigned size = 8);

    // Watchpoints: whether a data access of `size` bytes at va/pa hits the
    // VA (0x62) or PA (0x61) watchpoint under the DCU control register's
    // enables and byte masks; 0 for none. watch_hit() only checks;
    // watchpoint() also records the trap in D-SFSR and SFAR when it hits.
    uint16_t watch_hit(uint64_t va, uint64_t pa, unsigned size, bool is_write,
                       uint64_t dcu_control) const;
    uint16_t watchpoint(const MmuRequest& request, uint64_t pa, unsigned size,
                        uint64_t dcu_control);

    // Faults the CPU itself detects but the D-MMU records (SFSR, SFAR):
    // privileged_action, mem_address_not_aligned, watchpoints, and
    // data_access_exception for a bad ASI (fault_type ft::kIllegalAsi).
    void report_data_fault(const MmuRequest& request, uint16_t trap, uint8_t fault_type = 0);

    // Changes whenever a translation may have changed (TLB write, demap,
    // context or watchpoint register write, MMU enable): the CPU flushes its
    // own cached translations when it differs from the value it last saw.
    uint64_t generation() const { return generation_; }

    const MmuRegisters& registers() const { return regs_; }
    // The TLBs, the registers (as the register tables name them) and the
    // fault context, in a checkpoint (mmu_checkpoint.cpp); the CPU's section holds it.
    void checkpoint(StateIo& io);
    unsigned context_value(ContextSel sel) const;
    // Host-side view of every valid entry, I-MMU first, each TLB in index order.
    std::vector<TlbEntryView> valid_entries() const;
    const TlbEntry& tlb_entry(Side side, uint8_t tlb, unsigned index) const;

    MmuStats stats;

    // --- The register and ASI tables (one row per register / ASI) ---
    enum RegAccess : uint8_t { kRead = 1, kWrite = 2, kReadWrite = 3 };
    struct RegisterInfo {
        const char* name;
        uint8_t va;
        RegAccess access;
        uint64_t MmuRegisters::*field;           // storage; nullptr if computed
        uint64_t reset;                          // power-on value
        uint64_t write_mask;                     // bits a store keeps
        uint64_t (CheetahMmu::*on_read)() const; // computed value
        void (CheetahMmu::*on_write)();          // side effect after a store
        const char* description;
    };
    struct AsiInfo {
        uint8_t asi;
        const char* name;
        Side side;
        bool (CheetahMmu::*load)(Side, uint64_t va, uint64_t& value);
        bool (CheetahMmu::*store)(Side, uint64_t va, uint64_t value);
    };
    struct Table {
        const RegisterInfo* rows;
        size_t count;
    };
    static Table register_table(Side side);
    static const RegisterInfo* find_register(Side side, uint64_t va);
    static const AsiInfo* find_asi(unsigned asi);

private:
    struct Hit {
        const TlbEntry* entry = nullptr;
        uint8_t tlb = 0;
        unsigned index = 0;
    };
    struct PageSizes {
        unsigned pgsz0, pgsz1;
    };

    Hit lookup(Side side, uint64_t va, ContextSel sel) const;
    TlbEntry& entry_ref(Side side, uint8_t tlb, unsigned index);
    template <class Self> static auto& entry_of(Self& self, Side side, uint8_t tlb, unsigned index);
    PageSizes page_sizes(ContextSel sel) const;
    bool va_in_range(uint64_t va) const;
    void count_hit(Side side, uint8_t tlb);
    Translation fault(const MmuRequest& request, uint16_t trap, uint8_t fault_type,
                      const TlbEntry* entry);
    void record_fault(const MmuRequest& request, uint16_t trap, uint8_t fault_type,
                      bool side_effect_page, bool from_translation);
    void changed() { ++generation_; }

    bool illegal_asi(unsigned asi, uint64_t va, AccessKind kind); // false, fault recorded
    // ASI handlers (rows of the ASI table).
    bool load_register(Side side, uint64_t va, uint64_t& value);
    bool store_register(Side side, uint64_t va, uint64_t value);
    bool load_tsb_8k(Side side, uint64_t va, uint64_t& value);
    bool load_tsb_64k(Side side, uint64_t va, uint64_t& value);
    bool load_tsb_direct(Side side, uint64_t va, uint64_t& value);
    bool store_data_in(Side side, uint64_t va, uint64_t value);
    bool load_data_access(Side side, uint64_t va, uint64_t& value);
    bool store_data_access(Side side, uint64_t va, uint64_t value);
    bool load_tag_read(Side side, uint64_t va, uint64_t& value);
    bool store_demap(Side side, uint64_t va, uint64_t value);

    // Register hooks (rows of the register tables).
    uint64_t read_i_tag_target() const;
    uint64_t read_d_tag_target() const;
    void translation_changed() { changed(); }

    // TLB writes and demap.
    bool direct_slot(Side side, uint64_t va, uint8_t& tlb, unsigned& index) const;
    bool beyond_t16(uint64_t va) const;
    void write_entry(Side side, uint8_t tlb, unsigned index, uint64_t tag, uint64_t data);
    void demap(Side side, unsigned type, ContextSel sel, uint64_t va);
    uint64_t tsb_ptr(Side side, TsbPage page) const;
    uint64_t tsb_extension(Side side) const;

    Config config_;
    MmuRegisters regs_;
    FullyAssociativeTlb i_t16_, d_t16_;
    SetAssociativeTlb i_t128_{64}, d_t512_0_{256}, d_t512_1_{256};
    Lfsr16 i_lfsr_, d_lfsr_;
    bool immu_on_ = false, dmmu_on_ = false;
    uint64_t generation_ = 0;
    // The context selector of the last miss or fault, which picks the TSB
    // extension register, and whether the last D-MMU protection fault hit a
    // 64K page (the direct pointer's page size).
    ContextSel i_fault_context_ = ContextSel::Primary, d_fault_context_ = ContextSel::Primary;
    bool d_fault_64k_ = false;

    static const RegisterInfo kImmuRegisters[];
    static const RegisterInfo kDmmuRegisters[];
    static const AsiInfo kAsis[];
};

} // namespace fireplane::mmu
