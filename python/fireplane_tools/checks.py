"""What a checker expects and how it says whether it got it.

Lines a checker prints:
  `ok   WHAT` / `FAIL WHAT`   one check and its outcome (line(), Report.check)
  `FAIL: WHY`                 a failure that is not one named check (Report.fail, fail_now)
Expectations: a Range is an exact number or LO..HI ("inf" allowed, for a
target such as "180+"); an Expectation is NAME=RANGE over a run's statistics.
"""
import math
import sys

from . import simulator, stats


def number(text):
    """'18' -> 18, '2.5' -> 2.5, 'inf' -> inf; ValueError otherwise."""
    try:
        return int(text)
    except ValueError:
        return float(text)


class Range:
    """A closed range LO..HI of numbers (HI may be inf); a single value is LO == HI."""

    def __init__(self, lo, hi=None):
        self.lo, self.hi = lo, lo if hi is None else hi
        if self.hi < self.lo:
            raise ValueError(f"range {lo}..{hi}: the upper end is below the lower")

    @classmethod
    def parse(cls, text):
        """'5' or '2048..2050' or '180..inf'."""
        lo, sep, hi = text.partition("..")
        return cls(number(lo), number(hi) if sep else None)

    def __contains__(self, value):
        return value is not None and self.lo <= value <= self.hi

    def __repr__(self):
        return f"Range({self.lo!r}, {self.hi!r})"

    @property
    def text(self):
        """As the paper writes a target: 206-240, 1, 180+."""
        if self.hi == math.inf:
            return f"{self.lo:.0f}+"
        return f"{self.lo:.0f}" if self.lo == self.hi else f"{self.lo:.0f}-{self.hi:.0f}"

    def miss(self, value):
        """How far value lies outside: '86 below', '3 above', or '' (inside, or no value)."""
        if value is None or value in self:
            return ""
        return f"{self.lo - value} below" if value < self.lo else f"{value - self.hi} above"


class Expectation:
    """NAME=VALUE: the dotted statistic NAME lies in Range VALUE."""

    def __init__(self, spec):
        self.spec = spec
        self.name, sep, self.expected = spec.partition("=")
        if not sep or not self.name or not self.expected:
            raise ValueError(f"expected NAME=VALUE or NAME=LO..HI, not {spec!r}")
        self.range = Range.parse(self.expected)

    def check(self, doc):
        """Prints `ok   NAME = GOT (expected VALUE)` or its FAIL; True when it holds."""
        got = stats.get(doc, self.name)
        shown = "missing" if got is None else f"{got:.0f}"
        return line(got in self.range, f"{self.name} = {shown} (expected {self.expected})")


def check_all(doc, specs):
    """Checks every NAME=VALUE of specs against a statistics document; True when all hold."""
    results = [Expectation(spec).check(doc) for spec in specs]
    return all(results)


def line(ok, what):
    """Prints `ok   WHAT` or `FAIL WHAT`; returns ok."""
    print(("ok   " if ok else "FAIL ") + what)
    return ok


def statistics(result):
    """A run's statistics, or None after printing `FAIL: no statistics (WHY)`."""
    if result.stats is None:
        print(f"FAIL: no statistics ({result.stats_error})")
    return result.stats


def fail_now(why):
    """Prints `FAIL: WHY` and ends the checker with exit status 1."""
    print("FAIL:", why)
    sys.exit(1)


def echoed(result):
    """Passes a run's output on (so the test's log shows it) and prints
    `FAIL: exit code N from CMD` unless it exited 0; returns the result."""
    result.echo()
    if result.returncode != 0:
        print(f"FAIL: exit code {result.returncode} from {' '.join(result.cmd)}")
    return result


def run_or_fail(cmd, cwd=None):
    """Runs a step the check needs (collect, analyze); its stdout, or the end of the
    checker with the command, its exit code and its stderr."""
    r = simulator.run(cmd, cwd)
    if r.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {r.returncode}\n{r.stderr}")
    return r.stdout


class Report:
    """A checker's outcome: every check and failure printed as it comes,
    exit status 1 when any failed."""

    def __init__(self):
        self.failures = []

    def check(self, ok, what):
        """One named check (`ok   WHAT` / `FAIL WHAT`); returns ok."""
        if not line(ok, what):
            self.failures.append(what)
        return ok

    def fail(self, why):
        """A failure outside a named check (`FAIL: WHY`)."""
        print("FAIL:", why)
        self.failures.append(why)

    @property
    def ok(self):
        return not self.failures

    def status(self):
        return 0 if self.ok else 1
