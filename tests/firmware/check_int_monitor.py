#!/usr/bin/env python3
"""Boots the cross-call test on the V1280 and checks that the Fire Link
monitor counted every INT transaction the CPUs dispatched: the monitor's
sfi_hstgrm_int total (--busstat) equals the bus's INT count and the sum of
the CPUs' dispatched vectors (NACKed ones included, since each is a
transaction on the bus).

usage: check_int_monitor.py FIREPLANE CONFIG IMAGE [--model MODEL]
"""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, simulator, stats  # noqa: E402


def main():
    fireplane, config, image, *rest = sys.argv[1:]
    model = rest[1] if rest[:1] == ["--model"] else "functional"
    with tempfile.TemporaryDirectory() as tmp:
        stats_file, samples = os.path.join(tmp, "stats.json"), os.path.join(tmp, "busstat.txt")
        result = checks.echoed(simulator.run(
            [fireplane, "boot", "-q", "-c", config, "--model", model, "--stats", stats_file,
             "--busstat", "sfi_hstgrm_int", "--busstat-out", samples, image]))
        report = checks.Report()
        report.check(result.returncode == 0, "the cross-call test passes")
        doc = stats.load(stats_file)
        with open(samples) as f:
            totals = [int(m.group(1)) for m in
                      re.finditer(r"^\s+sfi_hstgrm_int\s+(\d+)", f.read(), re.M)]
    monitor = totals[-1] if totals else -1
    bus = stats.value(doc, "fireplane.transactions.INT")
    sent = sum(stats.value(doc, f"cpu{i}.interrupts.sent") for i in range(12))
    print(f"monitor {monitor}, bus {bus}, dispatched {sent}")
    report.check(sent >= 12 * 11 + 2, "at least every vector of the test was dispatched")
    report.check(monitor == bus == sent, "the monitor counts every INT transaction")
    return report.status()


if __name__ == "__main__":
    sys.exit(main())
