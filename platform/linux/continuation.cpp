#include "continuation.h"

#include "continuation_steps.h"
#include "guest_abi.h"

#include <systemc>

#include <cstddef>

namespace fireplane::linux_user {

namespace {

struct Step {
    Continuation::Kind kind;
    int64_t (*finish)(LinuxProcess&, const Continuation&, int64_t); // null: the result as it is
    int64_t (*restart)(LinuxProcess&, const Continuation&);         // null: none (EINTR)
};

const Step kSteps[] = {
    {Continuation::Kind::None, nullptr, nullptr},
    {Continuation::Kind::FutexWait, futex_wait_finish, futex_wait_restart},
    {Continuation::Kind::Sleep, sleep_finish, sleep_restart},
    {Continuation::Kind::SigTimedWait, sigtimedwait_finish, nullptr},
    {Continuation::Kind::Poll, poll_finish, poll_restart},
    {Continuation::Kind::PPoll, ppoll_finish, nullptr},
};

const Step& step(const Continuation& c) {
    const size_t i = size_t(c.kind);
    if (i >= std::size(kSteps) || kSteps[i].kind != c.kind)
        SC_REPORT_FATAL("os", "a continuation of no known kind");
    return kSteps[i];
}

} // namespace

int64_t finish_wait(LinuxProcess& p, const Continuation& c, int64_t result) {
    const Step& s = step(c);
    return s.finish ? s.finish(p, c, result) : result;
}

int64_t restart_call(LinuxProcess& p, const Continuation& c) {
    const Step& s = step(c);
    return s.restart ? s.restart(p, c) : -abi::kEINTR;
}

} // namespace fireplane::linux_user
