"""The metrics a sweep derives from each point's statistics (--stats JSON),
from one table: totals over the machine first, then ratios of totals.

Totals sum over every CPU (cpu0, cpu1...: the components with an
`instructions` statistic), so a metric means the same on one CPU or twelve.
Cycles are a CPU's busy cycles (its cycles less idle_cycles, as the run
summary's IPC counts them). Bus transactions are those the Fireplane address
bus broadcast: the `transactions` of the component with `address_busy_cycles`.
"""
import re

from . import stats

_CPU = re.compile(r"cpu\d+")
# Per-CPU statistics, summed over the CPUs: total name -> statistic below cpuN.
CPU_TOTALS = {
    "instructions": "instructions",
    "cycles": "cycles",
    "idle_cycles": "idle_cycles",
    "ecache_refs": "counters.EC_ref",
    "ecache_misses": "counters.EC_misses",
}
BUS_MARK = "address_busy_cycles"  # the statistic only the address bus has


class Metric:
    """numerator / denominator * scale, of totals (no denominator: the total)."""

    def __init__(self, name, description, numerator, denominator=None, scale=1):
        self.name, self.description = name, description
        self.numerator, self.denominator, self.scale = numerator, denominator, scale

    def of(self, totals):
        num = totals.get(self.numerator)
        if self.denominator is None:
            return num
        den = totals.get(self.denominator)
        if num is None or not den:
            return None
        return num / den * self.scale


DERIVED = [
    Metric("instructions", "instructions retired, all CPUs", "instructions"),
    Metric("cycles", "busy CPU cycles, summed over the CPUs", "busy_cycles"),
    Metric("cpi", "busy cycles per instruction", "busy_cycles", "instructions"),
    Metric("ipc", "instructions per busy cycle", "instructions", "busy_cycles"),
    Metric("ecache_refs", "E$ references (counter EC_ref), all CPUs", "ecache_refs"),
    Metric("ecache_misses", "E$ misses (counter EC_misses), all CPUs", "ecache_misses"),
    Metric("ecache_miss_rate", "E$ misses per E$ reference", "ecache_misses", "ecache_refs"),
    Metric("ecache_mpki", "E$ misses per 1000 instructions", "ecache_misses", "instructions",
           1000),
    Metric("bus_transactions", "transactions the address bus broadcast", "bus_transactions"),
    Metric("bus_transactions_per_kinst", "bus transactions per 1000 instructions",
           "bus_transactions", "instructions", 1000),
    Metric("sim_seconds", "simulated time", "sim_seconds"),
]
_BY_NAME = {m.name: m for m in DERIVED}


def names():
    return [m.name for m in DERIVED]


def known(name):
    """A derived metric, or anything that looks like a dotted statistic name."""
    return name in _BY_NAME or bool(re.fullmatch(r"\w+(\.\w+)+", name))


def totals(doc):
    """The machine totals of a statistics document (absent ones left out)."""
    out = {}
    cpus = [c for c in doc if _CPU.fullmatch(c) and stats.number(doc, c + ".instructions")
            is not None]
    for total, name in CPU_TOTALS.items():
        values = [stats.number(doc, f"{c}.{name}") for c in cpus]
        if values and all(v is not None for v in values):
            out[total] = sum(values)
    if "cycles" in out:
        out["busy_cycles"] = out["cycles"] - out.get("idle_cycles", 0)
    buses = [c for c in doc if stats.number(doc, f"{c}.{BUS_MARK}") is not None]
    if buses:
        out["bus_transactions"] = sum(
            v for bus in buses for v in stats.flatten(doc[bus].get("transactions", {})).values()
            if isinstance(v, (int, float)) and not isinstance(v, bool))
    seconds = stats.number(doc, "sim.sim_seconds")
    if seconds is not None:
        out["sim_seconds"] = seconds
    return out


def derive(doc):
    """{metric: value} of every derived metric the document allows."""
    t = totals(doc)
    out = {}
    for m in DERIVED:
        v = m.of(t)
        if v is not None:
            out[m.name] = v
    return out

