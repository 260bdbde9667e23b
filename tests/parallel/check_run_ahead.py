#!/usr/bin/env python3
"""Checks how far CPUs run ahead of SystemC time (models/cpu/run_ahead.h),
with the default settings of CONFIG, from the CPUs' `syncs` statistics over a
program's region of interest:

  - one thread on the machine: nothing else is due, so its CPU runs on to
    the lookahead and synchronises about once per lookahead, not once per
    quantum;
  - every CPU busy: each synchronises about once per quantum of its clock.

usage: check_run_ahead.py FIREPLANE CONFIG MODEL PROGRAM   (PROGRAM takes the thread count)
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, machine, simulator, stats, units  # noqa: E402


def run(fireplane, config, model, program, threads, work):
    result = simulator.fireplane_run(fireplane, [program, str(threads)], config=config,
                                     model=model, stats=os.path.join(work, "stats.json"),
                                     cwd=work)
    if result.returncode != 0:
        checks.fail_now(f"{threads} threads: exit code {result.returncode}: "
                        f"{result.last_error_line()}")
    doc = checks.statistics(result)
    if doc is None:
        sys.exit(1)
    return stats.value(doc, "sim.sim_seconds"), stats.by_component(doc, "syncs", prefix="cpu")


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    fireplane, config, model, program = sys.argv[1:]
    resolved = machine.load(fireplane, config)
    quantum = units.seconds(machine.parameter(
        resolved, "simulation.quantum" if model == "functional" else "simulation.timed_quantum"))
    lookahead = units.seconds(machine.parameter(resolved, "simulation.lookahead"))
    report = checks.Report()
    with tempfile.TemporaryDirectory(prefix="fireplane-run-ahead.") as work:
        sim, syncs = run(fireplane, config, model, program, 1, work)
        alone = sim / lookahead
        print(f"1 thread: {sim * 1e3:.3f} ms simulated, cpu0 synchronised {syncs['cpu0']} times"
              f" (lookahead periods {alone:.1f}, quanta {sim / quantum:.0f})")
        if syncs["cpu0"] > 2 * alone + 10:
            report.fail("a lone CPU synchronises more often than its lookahead implies")
        threads = len(syncs)
        sim, syncs = run(fireplane, config, model, program, threads, work)
        quanta = sim / quantum
        print(f"{threads} threads: {sim * 1e3:.3f} ms simulated, {quanta:.0f} quanta; syncs per"
              f" CPU {min(syncs.values())} to {max(syncs.values())}")
        if min(syncs.values()) < quanta / 2:
            report.fail("a busy CPU ran more than a quantum ahead of the others")
    sys.exit(report.status())


if __name__ == "__main__":
    main()
