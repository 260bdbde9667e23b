#include "guest_thread.h"

#include <cstring>

namespace fireplane::linux_user {

void ThreadContext::save(sparc::SparcCore& c) {
    c.store_working_window();
    std::memcpy(globals, c.r, sizeof globals);
    std::memcpy(windows, c.windows, sizeof windows);
    pc = c.pc, npc = c.npc, y = c.y;
    fsr = c.read_fsr(), gsr = c.gsr;
    std::memcpy(f, c.f, sizeof f);
    ccr = c.ccr, asi = c.asi, fprs = c.fprs;
    cwp = c.cwp, cansave = c.cansave, canrestore = c.canrestore;
    otherwin = c.otherwin, cleanwin = c.cleanwin, wstate = c.wstate;
}

void ThreadContext::restore(sparc::SparcCore& c) const {
    std::memcpy(c.r, globals, sizeof globals);
    std::memcpy(c.windows, windows, sizeof windows);
    c.pc = pc, c.npc = npc, c.y = y;
    std::memcpy(c.f, f, sizeof f);
    c.ccr = ccr, c.asi = asi, c.fprs = fprs;
    c.cwp = cwp, c.cansave = cansave, c.canrestore = canrestore;
    c.otherwin = otherwin, c.cleanwin = cleanwin, c.wstate = wstate;
    c.load_working_window();
    c.write_gsr(gsr);
    c.write_fsr(fsr);
}

} // namespace fireplane::linux_user
