"""What the bundled SPARC programs print for the checks to read:
`value NAME N` (a measured number), `region K NAME` (statistics dump K
covers region NAME), and the microbenchmarks' report (`row ID NAME`,
`raw N empty N`, `cycles N`; the pipeline rows add `instructions N`)."""
import re

_VALUE = re.compile(r"^value (\S+) (-?\d+)$", re.M)
_REGION = re.compile(r"^region (\d+) (\S+)$", re.M)
_ROW = re.compile(r"^row (\S+)(?: (.+))?$", re.M)
_RAW = re.compile(r"^raw (\d+) empty (\d+)$", re.M)
_CYCLES = re.compile(r"^cycles (-?\d+)$", re.M)
_INSTRUCTIONS = re.compile(r"^instructions (\d+)$", re.M)


def has_line(regex, text):
    """True when a line of text matches regex (re.search, multiline)."""
    return re.search(regex, text, re.M) is not None


def values(stdout):
    """{NAME: N} of every `value NAME N` line."""
    return {name: int(n) for name, n in _VALUE.findall(stdout)}


def regions(stdout):
    """[(K, NAME)] of every `region K NAME` line, in order."""
    return [(int(k), name) for k, name in _REGION.findall(stdout)]


class MicrobenchReport:
    """A microbenchmark's report; a field is None (has_raw False) where its line is
    missing or malformed."""

    def __init__(self, stdout):
        row = _ROW.search(stdout)
        self.row_id = row.group(1) if row else None
        # `row ID NAME` as one string, the program's own words for what it timed.
        self.row = f"{row.group(1)} {row.group(2)}" if row and row.group(2) else None
        self.has_raw = _RAW.search(stdout) is not None
        cycles = _CYCLES.search(stdout)
        self.cycles = int(cycles.group(1)) if cycles else None
        # Only the pipeline rows print it: the instructions their cycles cover,
        # which the functional model (one cycle each) reports as the cycles.
        instructions = _INSTRUCTIONS.search(stdout)
        self.instructions = int(instructions.group(1)) if instructions else None

    @property
    def complete(self):
        return self.row is not None and self.has_raw and self.cycles is not None
