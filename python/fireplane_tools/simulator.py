"""Locating and running fireplane and qemu-sparc64.

Every run has stdin closed (a guest never waits for a terminal), its output
captured and a time limit: TIMEOUT_S by default, the longest one run of any
checker takes with room to spare; ctest's own TIMEOUT per test is the
tighter bound there.
"""
import os
import shutil
import subprocess
import sys
import time

from . import stats as stats_

REPO_ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
QEMU = "qemu-sparc64"
TIMEOUT_S = 600


class RunError(RuntimeError):
    """A command that could not start (the message is the system's reason) or did
    not end within its time limit (a Timeout)."""


class Timeout(RunError):
    """A command killed at its time limit."""


class Result:
    """One finished command: its exit code, output and wall-clock time; for
    fireplane_run() with a stats file, the statistics it wrote."""

    def __init__(self, cmd, returncode, stdout_bytes, stderr_bytes, seconds):
        self.cmd, self.returncode, self.seconds = cmd, returncode, seconds
        self.stdout_bytes, self.stderr_bytes = stdout_bytes, stderr_bytes
        self.stats = None  # the --stats document, when one was asked for and written
        self.stats_error = None  # why it could not be read, otherwise

    @property
    def stdout(self):
        return self.stdout_bytes.decode(errors="replace")

    @property
    def stderr(self):
        return self.stderr_bytes.decode(errors="replace")

    def last_error_line(self):
        """The last line of stderr (where fireplane says what went wrong), or ''."""
        return (self.stderr.strip().splitlines() or [""])[-1].strip()

    def echo(self):
        """Passes the command's output on, so a failing test's log shows it."""
        sys.stdout.write(self.stdout)
        sys.stderr.write(self.stderr)

    def need_stats(self):
        """The statistics, or the OSError/ValueError that kept them from being read."""
        if self.stats is None:
            raise self.stats_error or ValueError("no --stats file was asked for")
        return self.stats


def default_build_dir():
    return os.path.join(REPO_ROOT, "build")


def fireplane_path(build_dir=None):
    """BUILD_DIR/bin/fireplane (default: the repository's build/), absolute."""
    return os.path.abspath(os.path.join(build_dir or default_build_dir(), "bin", "fireplane"))


def find_qemu():
    """qemu-sparc64's path, or None when qemu-user is not installed."""
    return shutil.which(QEMU)


def run(cmd, cwd=None, timeout=TIMEOUT_S, stdin=None):
    """Runs cmd to its end, its stdin the file `stdin` (default: none); a
    Result, or RunError when it cannot start or times out."""
    t0 = time.perf_counter()
    try:
        with open(stdin or os.devnull, "rb") as source:
            p = subprocess.run(cmd, cwd=cwd, stdin=source, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise Timeout(f"timed out after {timeout} s") from None
    except OSError as e:
        raise RunError(f"{cmd[0]}: {e.strerror or e}") from None
    return Result(list(cmd), p.returncode, p.stdout, p.stderr, time.perf_counter() - t0)


def fireplane_command(fireplane, program, config=None, model=None, sets=(), stats=None,
                      options=(), quiet=True, subcommand="run"):
    """`fireplane run [-q] [--config C] [--model M] [--set P=V]... [--stats F] OPTIONS
    -- PROGRAM ARGS...`; program is the list of the program and its arguments
    (with subcommand "boot": the firmware image)."""
    cmd = [fireplane, subcommand] + (["-q"] if quiet else [])
    if config:
        cmd += ["--config", config]
    if model:
        cmd += ["--model", model]
    for setting in sets:
        cmd += ["--set", setting]
    if stats:
        cmd += ["--stats", stats]
    return cmd + list(options) + ["--"] + list(program)


def fireplane_run(fireplane, program, config=None, model=None, sets=(), stats=None, options=(),
                  quiet=True, cwd=None, timeout=TIMEOUT_S, stdin=None, subcommand="run"):
    """Runs fireplane_command(...). With stats (a file path) the Result carries
    the statistics that run wrote; an older file there is removed first, so a
    run that writes none never passes off another's."""
    if stats and os.path.exists(stats):
        os.remove(stats)
    result = run(fireplane_command(fireplane, program, config, model, sets, stats, options,
                                   quiet, subcommand), cwd, timeout, stdin)
    if stats:
        try:
            result.stats = stats_.load(stats)
        except (OSError, ValueError) as e:
            result.stats_error = e
    return result


def qemu_run(program, cwd=None, timeout=TIMEOUT_S, qemu=QEMU):
    """Runs a SPARC program (a list: the program and its arguments) under qemu-sparc64."""
    return run([qemu] + list(program), cwd, timeout)


def dump_config(fireplane, config, sets=(), timeout=TIMEOUT_S):
    """`fireplane dump-config --config CONFIG [--set P=V]...` (machine.py reads it)."""
    cmd = [fireplane, "dump-config", "--config", config]
    for setting in sets:
        cmd += ["--set", setting]
    return run(cmd, timeout=timeout)
