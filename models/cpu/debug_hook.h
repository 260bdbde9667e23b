#pragma once
// A debugger's view of one core's execution (platform/gdb implements it).
// While a hook is attached the core runs each chain one instruction at a time
// and calls the hook between instructions. The chains themselves stay as
// without it, so instruction counts, cycles, counters and the points where
// the core stops are the same with a debugger that only watches.
#include "models/cache/cache_request.h"

namespace fireplane::sparc {

class SparcCore;

class DebugHook {
public:
    virtual ~DebugHook() = default;
    // Before the instruction at core.pc executes. The hook may block (the
    // simulation stands still meanwhile) and change the core's registers and
    // memory. false: the run ends here, the instruction not executed.
    virtual bool before_instruction(SparcCore& core) = 0;
    // After an instruction completed, with the data accesses it made if the
    // hook was attached with `watch_data`. May block, as above.
    virtual void after_instruction(SparcCore& core, const cache::CacheRequest* accesses,
                                   unsigned count) = 0;
};

} // namespace fireplane::sparc
