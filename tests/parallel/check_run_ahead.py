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
import json
import os
import subprocess
import sys
import tempfile

UNITS = {"ps": 1e-12, "ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def seconds(text):
    for unit in sorted(UNITS, key=len, reverse=True):
        if text.endswith(unit):
            return float(text[: -len(unit)]) * UNITS[unit]
    raise ValueError(text)


def parameter(fireplane, config, name):
    """A simulation parameter as `fireplane dump-config` resolves it."""
    out = subprocess.run([fireplane, "dump-config", "--config", config], check=True,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        if line.strip().startswith(name + ":"):
            return seconds(line.split(":", 1)[1].split("#")[0].strip())
    raise KeyError(name)


def run(fireplane, config, model, program, threads, work):
    stats = os.path.join(work, "stats.json")
    subprocess.run([fireplane, "run", "-q", "--config", config, "--model", model, "--stats",
                    stats, "--", program, str(threads)], check=True, cwd=work,
                   stdout=subprocess.DEVNULL, timeout=600)
    with open(stats) as f:
        doc = json.load(f)
    cpus = {k: v for k, v in doc.items() if k.startswith("cpu") and "syncs" in v}
    return doc["sim"]["sim_seconds"]["value"], {k: v["syncs"]["value"] for k, v in cpus.items()}


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    fireplane, config, model, program = sys.argv[1:]
    quantum = parameter(fireplane, config, "quantum" if model == "functional" else "timed_quantum")
    lookahead = parameter(fireplane, config, "lookahead")
    failures = []
    with tempfile.TemporaryDirectory(prefix="fireplane-run-ahead.") as work:
        sim, syncs = run(fireplane, config, model, program, 1, work)
        alone = sim / lookahead
        print(f"1 thread: {sim * 1e3:.3f} ms simulated, cpu0 synchronised {syncs['cpu0']} times"
              f" (lookahead periods {alone:.1f}, quanta {sim / quantum:.0f})")
        if syncs["cpu0"] > 2 * alone + 10:
            failures.append("a lone CPU synchronises more often than its lookahead implies")
        threads = len(syncs)
        sim, syncs = run(fireplane, config, model, program, threads, work)
        quanta = sim / quantum
        print(f"{threads} threads: {sim * 1e3:.3f} ms simulated, {quanta:.0f} quanta; syncs per"
              f" CPU {min(syncs.values())} to {max(syncs.values())}")
        if min(syncs.values()) < quanta / 2:
            failures.append("a busy CPU ran more than a quantum ahead of the others")
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
