#!/usr/bin/env python3
"""Runs one threaded program (sw/parallel) on 1, 4 and 12 threads under
qemu-sparc64 and under fireplane on the 12-CPU machine, in each timing model
given, with the default settings, and checks that

  - fireplane's stdout and exit code match qemu-sparc64's for every count;
  - 4 and 12 threads take less simulated time than 1 thread;
  - 4 threads are at least twice as fast as 1: the program splits its work
    evenly, so 4x is what its structure implies and barriers may cost some
    of it, but a barrier that costs a quantum instead of a few hundred cycles
    loses most of it.

The simulated time is that of the program's region of interest (its
parallel part, between FIREPLANE_ROI_BEGIN and FIREPLANE_ROI_END).

usage: check_speedup.py FIREPLANE CONFIG PROGRAM MODEL...
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, simulator, stats  # noqa: E402

THREADS = (1, 4, 12)
MIN_SPEEDUP_4 = 2.0


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    fireplane, config, program = sys.argv[1:4]
    report = checks.Report()
    with tempfile.TemporaryDirectory(prefix="fireplane-parallel.") as work:
        reference = {n: simulator.qemu_run([program, str(n)], work) for n in THREADS}
        for model in sys.argv[4:]:
            for failure in check_model(fireplane, config, program, model, reference, work):
                report.fail(failure)
    sys.exit(report.status())


def check_model(fireplane, config, program, model, reference, work):
    """The failures of one timing model."""
    name = os.path.basename(program)
    failures = []
    seconds = {}
    for n in THREADS:
        f = simulator.fireplane_run(fireplane, [program, str(n)], config=config, model=model,
                                    stats=os.path.join(work, "stats.json"), cwd=work)
        q = reference[n]
        if (q.returncode, q.stdout_bytes) != (f.returncode, f.stdout_bytes):
            failures.append(f"{model}, {n} threads: output or exit code differs from "
                            f"qemu-sparc64 (exit {f.returncode} vs {q.returncode})\n--- qemu\n"
                            f"{q.stdout}--- fireplane\n{f.stdout}{f.stderr}")
            continue
        seconds[n] = stats.value(f.need_stats(), "sim.sim_seconds")
        print(f"{name} {model} {n:2d} threads: {seconds[n] * 1e3:9.3f} ms simulated")
    if len(seconds) == len(THREADS):
        for n in THREADS[1:]:
            speedup = seconds[1] / seconds[n]
            print(f"  speedup on {n} threads: {speedup:.2f}")
            if seconds[n] >= seconds[1]:
                failures.append(f"{model}: {n} threads take {seconds[n]:.6f} s, not less than 1 thread's "
                                f"{seconds[1]:.6f} s")
        if seconds[1] / seconds[4] < MIN_SPEEDUP_4:
            failures.append(f"{model}: 4 threads are only {seconds[1] / seconds[4]:.2f}x as fast as 1 "
                            f"(at least {MIN_SPEEDUP_4} expected)")
    return failures


if __name__ == "__main__":
    main()
