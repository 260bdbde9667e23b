/* Every CPU reads its own agent ID from the Fireplane configuration
 * register (ASI 0x4a): the master starts each secondary through the SDK's
 * mailboxes, and each records its ID; on the V1280 all 12 are distinct. */
#include "fw.h"

#define EXPECTED_CPUS 12

static volatile uint64_t seen[FW_MAX_AGENTS];

static void record(uint64_t slot) {
    seen[slot] = fw_agent_id() + 1;
}

int main(void) {
    const unsigned me = fw_agent_id();
    seen[me] = me + 1;
    while (fw_secondaries() < EXPECTED_CPUS - 1)
        ;
    for (unsigned id = 0; id < EXPECTED_CPUS; ++id)
        if (id != me) fw_check(fw_start_cpu(id, record, id) == 0, "start a secondary", id);
    for (unsigned id = 0; id < EXPECTED_CPUS; ++id) {
        while (!seen[id])
            ;
        fw_check(seen[id] == id + 1, "the CPU in mailbox n has agent ID n", seen[id]);
    }
    fw_print("agents ");
    fw_print_dec(EXPECTED_CPUS);
    fw_putc('\n');
    fw_test_done();
}
