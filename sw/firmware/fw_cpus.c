/* Secondary CPUs: after reset every CPU but the master waits here for work
 * posted by fw_start_cpu(), runs it, and waits again. */
#include "fw.h"

extern volatile uint64_t fw_bss_ready;

struct mailbox {
    void (*volatile fn)(uint64_t);
    volatile uint64_t arg;
};
static struct mailbox mailboxes[FW_MAX_AGENTS];
static volatile unsigned arrived;

__attribute__((noreturn)) void fw_secondary_loop(unsigned agent) {
    while (!fw_bss_ready) /* the master clears bss first */
        ;
    __atomic_fetch_add(&arrived, 1, __ATOMIC_SEQ_CST);
    struct mailbox* m = &mailboxes[agent % FW_MAX_AGENTS];
    for (;;) {
        void (*fn)(uint64_t) = m->fn;
        if (!fn) continue;
        fn(m->arg);
        m->fn = 0;
    }
}

int fw_start_cpu(unsigned agent, void (*fn)(uint64_t), uint64_t arg) {
    if (agent >= FW_MAX_AGENTS || agent == fw_agent_id() || mailboxes[agent].fn) return -1;
    mailboxes[agent].arg = arg;
    __atomic_store_n(&mailboxes[agent].fn, fn, __ATOMIC_SEQ_CST);
    return 0;
}

unsigned fw_secondaries(void) {
    return arrived;
}
