#!/usr/bin/env python3
"""A run checkpointed part way and restored must give what the whole run gives.

usage: check_restore.py FIREPLANE CONFIG PROGRAM [ARGS...] [--model M] [--at WHERE]
           [--restore-model M] [--restore-set P=V]... [--stdin FILE] [--compare LEVEL]
           [--continue] [--boot]

Runs the program whole (statistics on), then again with a checkpoint at
WHERE: a FRACTION of its instructions (default 0.5), `magic` (the program's
FIREPLANE_CHECKPOINT()) or a simulated time (`2ms`); then `run --restore` of
that checkpoint, and checks:
  - the two parts' stdout and stderr, one after the other, equal the whole run's;
  - the restored run exits as the whole run did;
  - statistics, by LEVEL:
      exact          every statistic equal (host-side caches aside, HOST_SIDE);
      architectural  what the program's instructions fix whatever the timing:
                     instructions, Instr_cnt, loads and stores, the OS layer's counts;
      output         none (threads whose spinning depends on timing).
The restored run may use another model or --set (cache sizes): the
checkpoint holds no timing state, so timing statistics then differ.
With --boot, PROGRAM is a firmware image run by `fireplane boot`.
With --continue the checkpointed run goes on (--checkpoint-continue) and
must itself equal the whole run, statistics exactly; nothing is restored.
"""
import fnmatch
import re
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import argv, checks, simulator, stats  # noqa: E402

# Counts of the simulator's own caches of decoded code: host work, not machine state.
# The simulator's own bookkeeping, not the machine's: its decoded-code cache,
# and how often a CPU synchronised with SystemC time (a restored CPU starts
# with one, when the time advance to the checkpoint wakes it).
HOST_SIDE = ["*.decoded_pages", "*.syncs"]
COLD_NOTE = re.compile(r"^fireplane: checkpoint: .*(saved cold|starts cold)\n", re.M)
# Statistics a program's instructions fix, whatever the timing model.
ARCHITECTURAL = ["sim.instructions", "cpu*.instructions", "cpu*.counters.Instr_cnt",
                 "cpu*.counters.DC_rd", "cpu*.counters.DC_wr", "cpu*.counters.SW_count",
                 "cpu*.traps", "os.*"]


def matches(name, patterns):
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def compared(doc, level):
    flat = stats.flatten(stats.without_host(doc))
    if level == "exact":
        return {k: v for k, v in flat.items() if not matches(k, HOST_SIDE)}
    if level == "architectural":
        return {k: v for k, v in flat.items() if matches(k, ARCHITECTURAL)}
    return {}


def main():
    args = sys.argv[1:]
    model = argv.take_last(args, "--model")
    restore_model = argv.take_last(args, "--restore-model", model)
    restore_sets = argv.take(args, "--restore-set")
    stdin = argv.take_last(args, "--stdin")
    at = argv.take_last(args, "--at", "0.5")
    go_on = argv.take_flag(args, "--continue")
    subcommand = "boot" if argv.take_flag(args, "--boot") else "run"
    level = argv.take_last(args, "--compare", "exact")
    cold = argv.take(args, "--cold")
    fireplane, config, *program = [os.path.abspath(a) if os.path.exists(a) else a for a in args]
    stdin = stdin and os.path.abspath(stdin)
    report = checks.Report()
    with tempfile.TemporaryDirectory() as work:
        # The whole run and the two parts each see a folder of their own
        # (programs list and change their working directory).
        for cwd in ("whole", "parts"):
            os.mkdir(os.path.join(work, cwd))

        def run(name, prog, options=(), use_model=model, sets=(), cwd="parts"):
            return simulator.fireplane_run(fireplane, prog, config=config, model=use_model,
                                           sets=sets, stats=os.path.join(work, name + ".json"),
                                           options=options, cwd=os.path.join(work, cwd),
                                           stdin=stdin, subcommand=subcommand)

        whole = run("whole", program, cwd="whole")
        doc = checks.statistics(whole)
        if doc is None:
            whole.echo()
            return 1
        total = int(stats.number(doc, "sim.instructions"))
        try:  # a fraction of the whole run's instructions, else magic or a time
            point = str(max(1, int(total * float(at))))
        except ValueError:
            point = at
        folder = os.path.join(work, "checkpoint")
        options = ["--checkpoint", folder, "--checkpoint-at", point]
        first = run("first", program, options + (["--checkpoint-continue"] if go_on else []))
        written = os.path.exists(os.path.join(folder, "checkpoint.yaml"))
        if not report.check(first.returncode == (whole.returncode if go_on else 0) and written,
                            f"checkpoint at {point} (of {total} instructions) written"):
            first.echo()
            return 1
        if go_on:
            report.check(first.stdout == whole.stdout and first.stderr == whole.stderr,
                         "a run that goes on after its checkpoint prints what the whole run does")
            a, b = compared(doc, "exact"), compared(checks.statistics(first) or {}, "exact")
            report.check(a == b, f"... and its {len(a)} statistics are the whole run's")
            return report.status()
        second = run("second", [], ["--restore", folder], restore_model, restore_sets)
        report.check(second.returncode == whole.returncode,
                     f"restored run exits {second.returncode}, whole run {whole.returncode}")
        report.check(first.stdout + second.stdout == whole.stdout,
                     "stdout of the two parts is the whole run's")
        # The simulator's notes of timing state saved or restored cold are not the guest's.
        notes = [m.group(0) for m in COLD_NOTE.finditer(second.stderr)]
        guest_stderr = COLD_NOTE.sub("", first.stderr) + COLD_NOTE.sub("", second.stderr)
        report.check(guest_stderr == whole.stderr, "stderr of the two parts is the whole run's")
        for section in cold:
            report.check(any(f"'{section}' was" in n for n in notes),
                         f"'{section}' starts cold (another shape)")
        if second.returncode != whole.returncode or guest_stderr != whole.stderr:
            second.echo()
        restored = checks.statistics(second)
        if level != "output" and restored is not None:
            a, b = compared(doc, level), compared(restored, level)
            differ = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
            for k in differ[:20]:
                print(f"  {k}: whole {a.get(k)}, restored {b.get(k)}")
            report.check(not differ and a, f"{len(a)} statistics ({level}) equal")
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
