#include "stack_walk.h"

namespace fireplane::profiling {

namespace {

constexpr uint64_t kStackBias = 2047;
constexpr uint64_t kSavedFp = 14 * 8, kSavedI7 = 15 * 8; // in a window's save area
constexpr unsigned kO7 = 15, kFp = 30, kI7 = 31;         // in SparcCore::r

// Has the function containing `pc` executed its SAVE? Scans from its start.
bool has_frame(const CodeReader& reader, const FunctionIndex& functions, uint64_t pc) {
    const loader::ElfSymbol* f = functions.find(pc);
    if (!f) return true; // unknown code: assume an ordinary frame
    for (uint64_t a = f->value; a < pc; a += 4) {
        uint32_t word = 0;
        if (!reader.word(a, word)) return true;
        if (is_save(word)) return true;
    }
    return false;
}

} // namespace

std::vector<uint64_t> walk_stack(sparc::SparcCore& core, const CodeReader& reader,
                                 const FunctionIndex& functions, unsigned max_depth) {
    std::vector<uint64_t> calls;
    auto plausible = [&](uint64_t call) {
        uint32_t word = 0;
        return call != 0 && (call & 3) == 0 && reader.word(call, word);
    };
    if (!has_frame(reader, functions, core.pc)) {
        if (!plausible(core.r[kO7])) return calls;
        calls.push_back(core.r[kO7]);
    }
    core.store_working_window();
    uint64_t call = core.r[kI7];
    uint64_t fp = core.r[kFp];
    for (unsigned k = 1; calls.size() < max_depth; ++k) {
        if (!plausible(call)) break;
        calls.push_back(call);
        if (fp == 0) break;
        // The caller's window: still in the CPU, or saved at its stack pointer.
        if (k <= core.canrestore) {
            const uint64_t* w =
                core.windows[(core.cwp + sparc::kNumWindows - k) % sparc::kNumWindows];
            call = w[15]; // %i7 (windows hold locals 0-7 then ins 8-15)
            fp = w[14];   // %i6
        } else if (!reader.doubleword(fp + kStackBias + kSavedI7, call) ||
                   !reader.doubleword(fp + kStackBias + kSavedFp, fp)) {
            break;
        }
    }
    return calls;
}

} // namespace fireplane::profiling
