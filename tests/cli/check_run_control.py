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
  progress PROGRAM     --progress draws the line on a pipe, --no-progress and a pipe by
                       default do not, a terminal gets it by default and redrawn in place;
                       the guest's output and the statistics are the same either way
"""
import json
import os
import pty
import re
import subprocess
import sys
import tempfile

LIMIT_EXIT = 124
PROGRESS = re.compile(r"fireplane: \d+\.\d{6} s simulated, \d+ instructions, [\d.]+ MIPS, \d+ s host")
failures = []


def expect(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=600)


def check_version(fireplane, source):
    p = run([fireplane, "--version"], source)
    lines = p.stdout.splitlines()
    expect(p.returncode == 0 and len(lines) == 2, "--version exits 0 with two lines")
    m = re.fullmatch(r"fireplane (\d+\.\d+\.\d+) \(git ([0-9a-f]{7,}(-dirty)?|unknown)\)",
                     lines[0] if lines else "")
    expect(m is not None, f"first line names the release and revision: {lines[:1]}")
    expect(len(lines) > 1 and re.match(r"SystemC 2\.3\.\d", lines[1]) is not None,
           f"second line names SystemC: {lines[1:2]}")
    head = subprocess.run(["git", "-C", source, "rev-parse", "--short=12", "HEAD"],
                          capture_output=True, text=True)
    if m and head.returncode == 0:
        expect(m.group(2).split("-")[0] == head.stdout.strip(),
               f"the revision is the source's HEAD ({head.stdout.strip()})")


def stats_of(path):
    with open(path) as f:
        doc = json.load(f)
    doc.pop("host", None)
    return doc


def check_limits(fireplane, program, config, args):
    with tempfile.TemporaryDirectory(prefix="fireplane-limits.") as work:
        stats = os.path.join(work, "stats.json")
        base = [fireplane, "run", "-q", "--config", config, "--stats", stats]
        for model in ("functional", "fixed", "detailed"):
            full = run(base + ["--model", model, "--", program] + args, work)
            doc = stats_of(stats)
            total = doc["sim"]["instructions"]["value"]
            expect(full.returncode == 0, f"{model}: the program runs to its end")
            n = total // 3 + 1
            p = run(base + ["--model", model, "--max-instructions", str(n), "--", program] + args,
                    work)
            got = stats_of(stats)["sim"]["instructions"]["value"]
            expect(p.returncode == LIMIT_EXIT and got == n,
                   f"{model}: --max-instructions {n} stops after {got}, exit {p.returncode}")
            expect(f"stopped after {n} instructions (--max-instructions)" in p.stderr,
                   f"{model}: the message names the limit")
            end_us = max(1, int(doc["sim"]["sim_seconds"]["value"] * 1e6 / 2))
            p = run(base + ["--model", model, "--max-time", f"{end_us}us", "--", program] + args,
                    work)
            sim = stats_of(stats)["sim"]["sim_seconds"]["value"]
            # The last instruction may end past the limit by its latency (a miss: < 1 us).
            expect(p.returncode == LIMIT_EXIT and 0 <= sim - end_us * 1e-6 < 1e-6,
                   f"{model}: --max-time {end_us}us stops at {sim:.9f} s, exit {p.returncode}")
            expect(f"stopped after {end_us}us of simulated time (--max-time)" in p.stderr,
                   f"{model}: the message names the time")
            p = run(base + ["--model", model, "--max-instructions", str(total * 2), "--max-time",
                            "10s", "--", program] + args, work)
            expect(p.returncode == full.returncode and p.stdout == full.stdout and
                   stats_of(stats) == doc, f"{model}: limits the program does not reach change "
                   "nothing")


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
    with tempfile.TemporaryDirectory(prefix="fireplane-progress.") as work:
        stats = os.path.join(work, "stats.json")
        base = [fireplane, "run", "--stats", stats]
        quiet = run(base + ["--no-progress", "--", program], work)
        quiet_stats = stats_of(stats)
        expect(not PROGRESS.search(quiet.stderr), "--no-progress: no progress line")
        shown = run(base + ["--progress", "--", program], work)
        lines = [l for l in shown.stderr.splitlines() if PROGRESS.fullmatch(l)]
        expect(len(lines) >= 1, f"--progress on a pipe: {len(lines)} progress line(s)")
        expect(shown.stdout == quiet.stdout and shown.returncode == quiet.returncode and
               stats_of(stats) == quiet_stats, "the progress line changes nothing in the run")
        piped = run(base + ["--", program], work)
        expect(not PROGRESS.search(piped.stderr), "a pipe gets no progress line by default")
        rc, out, err = on_terminal(base + ["--", program], work)
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
    elif check == "progress" and len(sys.argv) == 5:
        check_progress(fireplane, sys.argv[4])
    else:
        sys.exit(__doc__)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
