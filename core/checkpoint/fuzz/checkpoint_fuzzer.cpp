// libFuzzer target: damaged checkpoints. The first byte picks what reads the
// rest:
//   0-3  a section's bytes, read by a real model's restore (a CPU core, an
//        MMU, the detailed timing model, a process's address space), which
//        must refuse them with a CheckpointError or leave a model that works:
//        the core runs, the MMU translates and shows its TLBs, the timing
//        model times instructions, the address space translates;
//   4    a manifest (checkpoint.yaml), read by CheckpointReader.
// Section files are compressed and checked by a CRC, so a damaged file is
// refused before any model reads it; this target feeds the models what a
// CRC cannot catch: a file from a model whose format drifted.
//
// With FIREPLANE_FUZZ_SEEDS=DIR set, the target writes its seeds there (each
// model's state as it saves it, and a real manifest) and exits: scripts/fuzz
// starts from them.
#include "core/checkpoint/checkpoint_error.h"
#include "core/checkpoint/checkpoint_file.h"
#include "core/checkpoint/state_io.h"
#include "core/tests/support/temp_dir.h"
#include "models/cpu/detailed_timing.h"
#include "models/cpu/sparc_core.h"
#include "models/mmu/cheetah_mmu.h"
#include "platform/linux/address_space.h"

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

using namespace fireplane;

namespace {

struct NoMemory final : sparc::MemoryBackend {
    bool map_page(uint64_t, sparc::Access, sparc::PageMapping&) override { return false; }
    bool io_access(uint64_t, sparc::Access, uint8_t*, unsigned) override { return false; }
};

struct HitPort final : sparc::CachePort {
    HitPort() { set_next_request(next); }
    cache::CacheAnswer send() override { return {true, next.cycle + 1}; }
    uint64_t warm() override { return 0; }
    cache::CacheRequest next;
};

StateIo reader(const uint8_t* data, size_t size) {
    return StateIo::reader("fuzzed", data, size, 1);
}

void restore_core(const uint8_t* data, size_t size) {
    NoMemory memory;
    sparc::SparcCore c(memory, nullptr);
    StateIo io = reader(data, size);
    c.checkpoint(io);
    c.run(64); // every fetch faults: traps to RED_state and error_state
}

void restore_mmu(const uint8_t* data, size_t size) {
    mmu::CheetahMmu m;
    StateIo io = reader(data, size);
    m.checkpoint(io);
    m.set_enabled(true, true);
    for (uint64_t va : {uint64_t(0), uint64_t(0x2000), uint64_t(0xfffff80000000000)})
        for (mmu::Side side : {mmu::Side::Instruction, mmu::Side::Data})
            m.probe(va, side, mmu::ContextSel::Primary);
    uint64_t value;
    for (unsigned asi : {0x55u, 0x56u, 0x5du, 0x5eu}) // data access and tag read of every TLB
        for (uint64_t tlb = 0; tlb < 4; ++tlb)
            for (uint64_t entry = 0; entry < 512; entry += 37)
                m.load(asi, tlb << 16 | entry << 3, value);
}

void restore_detailed(const uint8_t* data, size_t size) {
    HitPort port;
    sparc::DetailedTiming timing(sparc::PipelineConfig{}, 32, port);
    StateIo io = reader(data, size);
    timing.checkpoint(io);
    NoMemory memory;
    sparc::SparcCore c(memory, nullptr);
    c.set_timing_model(&timing);
    c.run(64);
}

void restore_address_space(const uint8_t* data, size_t size) {
    static std::vector<uint8_t> ram(64 * 8192);
    linux_user::AddressSpace as(linux_user::PhysicalMemory{ram.data(), 0x100000, ram.size()});
    StateIo io = reader(data, size);
    as.checkpoint(io);
    uint64_t pa;
    // A page that translates is RAM, written here, or device registers mapped
    // through /dev/mem, which have no host pointer (only the CPU's uncached
    // path reaches them).
    for (const auto& [start, m] : as.mappings())
        for (uint64_t va : {start, m.end - 1})
            if (as.translate(va, sparc::Access::Read, pa))
                if (uint8_t* host = as.host_pointer(va)) *host = 1;
}

void read_manifest(const uint8_t* data, size_t size) {
    static const test::TempDir dir("fireplane-fuzz-ck"); // removed when the process ends
    std::ofstream(dir.file("checkpoint.yaml"), std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(data), std::streamsize(size));
    CheckpointReader r(dir.path());
    CheckpointRegistry registry;
    std::ostringstream notes;
    r.restore(registry, notes);
}

// A model's state as a checkpoint saves it, behind its reader's number.
template <typename Model> void save_seed(const std::string& path, uint8_t reader, Model& model) {
    std::vector<uint8_t> bytes;
    StateIo io = StateIo::writer("seed", bytes, 1);
    model.checkpoint(io);
    bytes.insert(bytes.begin(), reader);
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// A checkpoint of one plain model, for its manifest.
struct CoreSection final : Checkpointable {
    NoMemory memory;
    sparc::SparcCore core{memory, nullptr};
    void checkpoint(StateIo& io) override { core.checkpoint(io); }
};

void write_seeds(const std::string& dir) {
    NoMemory memory;
    sparc::SparcCore c(memory, nullptr);
    save_seed(dir + "/core", 0, c);
    mmu::CheetahMmu m;
    save_seed(dir + "/mmu", 1, m);
    HitPort port;
    sparc::DetailedTiming timing(sparc::PipelineConfig{}, 32, port);
    save_seed(dir + "/detailed", 2, timing);
    std::vector<uint8_t> ram(4 * 8192);
    linux_user::AddressSpace as(linux_user::PhysicalMemory{ram.data(), 0x100000, ram.size()});
    as.map(0x10000, 0x4000, linux_user::kProtRead | linux_user::kProtWrite, "data");
    as.host_pointer(0x10000);
    save_seed(dir + "/address_space", 3, as);

    CheckpointRegistry registry;
    CoreSection section;
    registry.add("cpu0.core", 1, section);
    CheckpointInfo info;
    info.mode = "user";
    info.argv = {"prog"};
    write_checkpoint(dir + "/ck", info, registry);
    std::ifstream in(dir + "/ck/checkpoint.yaml", std::ios::binary);
    std::ofstream out(dir + "/manifest", std::ios::binary);
    out << char(4) << in.rdbuf();
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    if (const char* dir = std::getenv("FIREPLANE_FUZZ_SEEDS")) {
        write_seeds(dir);
        std::exit(0);
    }
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return -1;
    using Reader = void (*)(const uint8_t*, size_t);
    static constexpr Reader kReaders[] = {restore_core, restore_mmu, restore_detailed,
                                          restore_address_space, read_manifest};
    try {
        kReaders[data[0] % std::size(kReaders)](data + 1, size - 1);
    } catch (const CheckpointError&) {
    }
    return 0;
}
