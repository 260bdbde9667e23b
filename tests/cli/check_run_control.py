#!/usr/bin/env python3
"""The command line's basics: --version, --max-instructions, --max-time and the
progress line.

usage: check_run_control.py FIREPLANE SOURCE_DIR CHECK [PROGRAM CONFIG...]

CHECK is one of
  version              --version names the release, the source's git revision and SystemC
  limits PROGRAM CONFIG ARGS...
                       on every timing model, --max-instructions N stops after exactly N
                       instructions and --max-time T at exactly T, with exit code 124, a
                       message, and statistics written; a limit the program does not reach
                       changes nothing
  progress PROGRAM [ARG...]
                       --progress draws the line on a pipe, --no-progress and a pipe by
                       default do not, a terminal gets it by default and redrawn in place;
                       the guest's output and the statistics are the same either way
"""
import os
import pty
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, simulator, stats  # noqa: E402

LIMIT_EXIT = 124
PROGRESS = re.compile(r"fireplane: \d+\.\d{6} s simulated, \d+ instructions, [\d.]+ MIPS, \d+ s host")
report = checks.Report()
expect = report.check


def check_version(fireplane, source):
    p = simulator.run([fireplane, "--version"], source)
    lines = p.stdout.splitlines()
    expect(p.returncode == 0 and len(lines) == 2, "--version exits 0 with two lines")
    m = re.fullmatch(r"fireplane (\d+\.\d+\.\d+) \(git ([0-9a-f]{7,}(-dirty)?|unknown)\)",
                     lines[0] if lines else "")
    expect(m is not None, f"first line names the release and revision: {lines[:1]}")
    expect(len(lines) > 1 and re.match(r"SystemC 2\.3\.\d", lines[1]) is not None,
           f"second line names SystemC: {lines[1:2]}")
    head = simulator.run(["git", "-C", source, "rev-parse", "--short=12", "HEAD"])
    if m and head.returncode == 0:
        expect(m.group(2).split("-")[0] == head.stdout.strip(),
               f"the revision is the source's HEAD ({head.stdout.strip()})")


def run(fireplane, program, work, options=(), **kwargs):
    """One run with --stats; its statistics (less the host's figures) in .stats."""
    p = simulator.fireplane_run(fireplane, program, stats=os.path.join(work, "stats.json"),
                                options=options, cwd=work, **kwargs)
    p.stats = stats.without_host(p.need_stats())
    return p


def check_limits(fireplane, program, config, args):
    program = [program] + args
    with tempfile.TemporaryDirectory(prefix="fireplane-limits.") as work:
        for model in ("functional", "fixed", "detailed"):
            def limited(*options):
                return run(fireplane, program, work, options, config=config, model=model)
            full = limited()
            doc = full.stats
            total = stats.value(doc, "sim.instructions")
            expect(full.returncode == 0, f"{model}: the program runs to its end")
            n = total // 3 + 1
            p = limited("--max-instructions", str(n))
            got = stats.value(p.stats, "sim.instructions")
            expect(p.returncode == LIMIT_EXIT and got == n,
                   f"{model}: --max-instructions {n} stops after {got}, exit {p.returncode}")
            expect(f"stopped after {n} instructions (--max-instructions)" in p.stderr,
                   f"{model}: the message names the limit")
            end_us = max(1, int(stats.value(doc, "sim.sim_seconds") * 1e6 / 2))
            p = limited("--max-time", f"{end_us}us")
            sim = stats.value(p.stats, "sim.sim_seconds")
            # The last instruction may end past the limit by its latency (a miss: < 1 us).
            expect(p.returncode == LIMIT_EXIT and 0 <= sim - end_us * 1e-6 < 1e-6,
                   f"{model}: --max-time {end_us}us stops at {sim:.9f} s, exit {p.returncode}")
            expect(f"stopped after {end_us}us of simulated time (--max-time)" in p.stderr,
                   f"{model}: the message names the time")
            p = limited("--max-instructions", str(total * 2), "--max-time", "10s")
            expect(p.returncode == full.returncode and p.stdout == full.stdout and
                   p.stats == doc, f"{model}: limits the program does not reach change nothing")


def on_terminal(cmd, cwd):
    """Runs cmd with stderr on a pseudo-terminal; returns (exit code, stdout, stderr)."""
    master, slave = pty.openpty()
    p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=slave)
    os.close(slave)
    err = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the other side closed
            break
        if not chunk:
            break
        err += chunk
    out = p.stdout.read()
    p.wait()
    os.close(master)
    return p.returncode, out.decode(), err.decode(errors="replace")


def check_progress(fireplane, program):
    """program: the command line of a run of several seconds (the line is drawn every 2 s)."""
    with tempfile.TemporaryDirectory(prefix="fireplane-progress.") as work:
        def progress(*options):
            return run(fireplane, program, work, options, quiet=False)
        quiet = progress("--no-progress")
        expect(not PROGRESS.search(quiet.stderr), "--no-progress: no progress line")
        shown = progress("--progress")
        lines = [l for l in shown.stderr.splitlines() if PROGRESS.fullmatch(l)]
        expect(len(lines) >= 1, f"--progress on a pipe: {len(lines)} progress line(s)")
        expect(shown.stdout == quiet.stdout and shown.returncode == quiet.returncode and
               shown.stats == quiet.stats, "the progress line changes nothing in the run")
        piped = progress()
        expect(not PROGRESS.search(piped.stderr), "a pipe gets no progress line by default")
        rc, out, err = on_terminal(simulator.fireplane_command(
            fireplane, program, stats=os.path.join(work, "stats.json"), quiet=False), work)
        expect(PROGRESS.search(err) is not None and "\r" in err and "\x1b[K" in err,
               "a terminal gets the line by default, redrawn in place")
        expect(rc == quiet.returncode and out == quiet.stdout, "the same run on a terminal")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    fireplane, source, check = sys.argv[1:4]
    if check == "version":
        check_version(fireplane, source)
    elif check == "limits" and len(sys.argv) >= 6:
        check_limits(fireplane, sys.argv[4], sys.argv[5], sys.argv[6:])
    elif check == "progress" and len(sys.argv) >= 5:
        check_progress(fireplane, sys.argv[4:])
    else:
        sys.exit(__doc__)
    sys.exit(report.status())


if __name__ == "__main__":
    main()
