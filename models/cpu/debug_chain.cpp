// A chain run under a debugger (debug_hook.h). Without one, a chain is a
// tail-call sequence of handlers, each ending with retire(), which goes on to
// the next instruction until the chain's budget is spent or the PC leaves the
// page (sparc_core.cpp, run_loop). Here retire() is made to return after
// every instruction (the page looks foreign to it), and the chain goes on
// where retire() would have gone on, with the hook called in between. So the
// chain ends where it would without a debugger: stop requests, counter wraps
// and instruction counts fall on the same instructions.
#include "sparc_core.h"

namespace fireplane::sparc {

namespace {
constexpr uint64_t kNoPage = ~uint64_t(0); // as flush_code() leaves it; no PC is on it
} // namespace

bool SparcCore::exec_debug_chain(DebugHook& hook, const Insn* insn) {
    for (;;) {
        // Without a timing model or an observer nobody else reads the
        // accesses: each instruction's start afresh.
        if (!timing_ && !observer_) access_count_ = 0;
        const unsigned first = access_count_;
        const uint64_t page = current_page_va_;
        current_page_va_ = kNoPage;
        const bool completed = insn->exec(*this, *insn);
        if (current_page_) current_page_va_ = page; // unless flush_code() dropped the pages
        if (!completed) return false;               // a trap: run_loop takes it
        hook.after_instruction(*this, accesses_ + first, access_count_ - first);
        // Where retire() would have ended the chain.
        if (chain_budget_ == 0 || (pc & ~kPageMask) != current_page_va_) return true;
        if (!hook.before_instruction(*this)) {
            request_stop();
            return true;
        }
        if ((pc & ~kPageMask) != current_page_va_) return true; // the debugger moved the PC
        insn = &current_page_->insns[(pc & kPageMask) >> 2];
    }
}

} // namespace fireplane::sparc
