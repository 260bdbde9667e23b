"""Quantities as the simulator writes them: times (10us, 1.5ms) and sizes (8MiB)."""
import re

TIME_UNITS = {"ps": 1e-12, "ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
SIZE_UNITS = {"B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}

_TIME = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(ps|ns|us|ms|s)\s*")
_SIZE = re.compile(r"\s*(\d+)\s*([KMG]i?B?|B)?\s*", re.I)


def seconds(text):
    """'300ns' -> 3e-07; a ValueError naming the text when it is not a time."""
    m = _TIME.fullmatch(str(text))
    if not m:
        raise ValueError(f"not a time: {text!r} (expected a number and ps, ns, us, ms or s)")
    return float(m.group(1)) * TIME_UNITS[m.group(2)]


def size_bytes(text):
    """'8MiB', '512', '4k' -> bytes (binary multiples); a ValueError when it is not a size."""
    m = _SIZE.fullmatch(str(text))
    if not m:
        raise ValueError(f"not a size: {text!r}")
    return int(m.group(1)) * SIZE_UNITS[(m.group(2) or "B").upper()[:1]]
