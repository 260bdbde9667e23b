/* Cross-calls on the 12-CPU V1280, as INT transactions on the Fireplane:
 * The master is whichever CPU claimed it first; "the next" is the agent after it.
 * 1. a CPU with interrupts off holds a first vector in its receive unit
 *    (BUSY) and refuses a second (NACK); once it turns interrupts on it
 *    takes trap 0x60, and the sender's retry goes through;
 * 2. every CPU sends a vector to every other (132 in all), retrying on
 *    NACK, and each receives 11 with the sender's ID and its own in the data. */
#include "fw.h"

#define CPUS 12
#define MAGIC 0xc0ffee0000000000ull

static volatile unsigned received[CPUS], from_mask[CPUS], bad[CPUS], done[CPUS];
static volatile unsigned nacks_total;
static unsigned next_cpu; /* phase 1's target */

static int on_vector(struct fw_trap_frame* f) {
    (void)f;
    uint64_t d[3];
    fw_receive_vector(d);
    const unsigned me = fw_agent_id();
    if ((d[0] & ~0xffull) != MAGIC || d[1] != me) bad[me]++;
    from_mask[me] |= 1u << (d[0] & 0xff);
    received[me]++;
    return FW_TRAP_RETRY;
}

static void take_interrupts(uint64_t unused) {
    (void)unused;
    fw_interrupts_on();
}

static void all_to_all(uint64_t unused) {
    (void)unused;
    const unsigned me = fw_agent_id();
    fw_interrupts_on();
    unsigned nacks = 0;
    for (unsigned k = 1; k < CPUS; ++k) {
        const unsigned target = (me + k) % CPUS;
        nacks += fw_send_vector_retry(target, MAGIC | me, target, k);
    }
    __atomic_fetch_add(&nacks_total, nacks, __ATOMIC_SEQ_CST);
    while (received[me] < (CPUS - 1) + (me == next_cpu)) /* it also had phase 1's vector */
        ;
    done[me] = 1;
}

int main(void) {
    const unsigned master = fw_agent_id();
    next_cpu = (master + 1) % CPUS;
    fw_set_trap_handler(FW_TT_INTERRUPT_VECTOR, on_vector);
    while (fw_secondaries() < CPUS - 1)
        ;
    /* Phase 1: the next CPU has interrupts off. */
    const unsigned n = next_cpu;
    fw_check(fw_send_vector(n, MAGIC | master, n, 0) == 0, "the first vector is taken", 0);
    fw_check(fw_send_vector(n, MAGIC | master, n, 0) == -1, "a second one is refused (NACK)", 0);
    fw_check(received[n] == 0, "nothing handled while interrupts are off", received[n]);
    fw_start_cpu(n, take_interrupts, 0);
    while (received[n] == 0)
        ;
    fw_check(received[n] == 1 && !bad[n], "trap 0x60 once interrupts are on", received[n]);

    /* Phase 2: everyone to everyone. */
    for (unsigned id = 0; id < CPUS; ++id)
        while (id != master && fw_start_cpu(id, all_to_all, 0) != 0) /* n may still be busy */
            ;
    all_to_all(0);
    for (unsigned id = 0; id < CPUS; ++id) {
        while (!done[id])
            ;
        const unsigned want = (CPUS - 1) + (id == n);
        fw_check(received[id] == want, "vectors received", received[id] * 100 + id);
        fw_check(!bad[id], "data words intact", id);
        fw_check(from_mask[id] == (((1u << CPUS) - 1) & ~(1u << id)), "one from every other CPU",
                 from_mask[id]);
    }
    fw_print("nacks ");
    fw_print_dec(nacks_total);
    fw_putc('\n');
    fw_test_done();
}
