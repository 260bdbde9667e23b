"""fireplane_tools.sweep_metrics and sweep_collect: metrics from statistics,
one CSV row per point, the report of unfinished points, the picture."""
import csv
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import sweep_collect, sweep_metrics, sweep_plan, sweep_points  # noqa: E402


def leaf(v):
    return {"value": v, "unit": "count", "desc": "d"}


def stats_doc(insns=(1000,), cycles=(2000,), idle=(0,), refs=(100,), misses=(10,), bus=5):
    doc = {"sim": {"sim_seconds": leaf(1e-6), "instructions": leaf(sum(insns))},
           "host": {"seconds": leaf(0.5)},
           "fireplane": {"address_busy_cycles": leaf(9),
                         "transactions": {"RTS": leaf(bus - 1), "WB": leaf(1)}},
           "ioc": {"transactions": {"RTS": leaf(1000)}}}  # not the address bus
    for i, n in enumerate(insns):
        doc[f"cpu{i}"] = {"instructions": leaf(n), "cycles": leaf(cycles[i]),
                          "idle_cycles": leaf(idle[i]),
                          "counters": {"EC_ref": leaf(refs[i]), "EC_misses": leaf(misses[i])}}
    return doc


class Metrics(unittest.TestCase):
    def test_one_cpu(self):
        m = sweep_metrics.derive(stats_doc())
        self.assertEqual(m["instructions"], 1000)
        self.assertEqual(m["cpi"], 2.0)
        self.assertEqual(m["ipc"], 0.5)
        self.assertEqual(m["ecache_miss_rate"], 0.1)
        self.assertEqual(m["ecache_mpki"], 10.0)
        self.assertEqual(m["bus_transactions"], 5)
        self.assertEqual(m["bus_transactions_per_kinst"], 5.0)
        self.assertEqual(m["sim_seconds"], 1e-6)

    def test_cpus_summed_busy_cycles_only(self):
        m = sweep_metrics.derive(stats_doc(insns=(1000, 3000), cycles=(5000, 5000),
                                           idle=(4000, 0), refs=(10, 30), misses=(1, 3)))
        self.assertEqual(m["instructions"], 4000)
        self.assertEqual(m["cycles"], 6000)
        self.assertEqual(m["cpi"], 1.5)
        self.assertEqual(m["ecache_misses"], 4)

    def test_missing_or_zero_leaves_the_metric_out(self):
        m = sweep_metrics.derive(stats_doc(refs=(0,)))
        self.assertNotIn("ecache_miss_rate", m)
        self.assertIn("ecache_mpki", m)
        self.assertEqual(sweep_metrics.derive({}), {})

    def test_known(self):
        self.assertTrue(sweep_metrics.known("cpi"))
        self.assertTrue(sweep_metrics.known("cpu0.counters.EC_misses"))
        self.assertFalse(sweep_metrics.known("speed"))


class Collect(unittest.TestCase):
    """A sweep folder made by hand: two programs, parameter a in 1, 2 and b in x, y."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = self.tmp.name
        self.points = []
        for program in ("p", "q"):
            for a in ("1", "2"):
                for b in ("x", "y"):
                    self.points.append({"key": f"{program}{a}{b}", "program": program,
                                        "params": {"a": a, "b": b}})
        sweep_points.write_json_atomically(os.path.join(self.out, sweep_plan.SWEEP_FILE), {
            "name": "t", "params": ["a", "b"], "metrics": ["cpi"], "points": self.points,
            "plots": [{"name": "plot", "x": "a", "metrics": ["cpi", "cpu0.instructions"]}]})
        for i, p in enumerate(self.points):
            d = self.dir(p["key"])
            os.makedirs(d)
            if p["key"] == "q2y":
                continue  # never ran
            if p["key"] == "q2x":
                sweep_points.record_failure(d, "exit code 3", "first\nlast words")
                continue
            sweep_points.write_json_atomically(sweep_points.paths(d)["stats"],
                                               stats_doc(cycles=(1000 * (i + 1),)))
            sweep_points.write_json_atomically(sweep_points.paths(d)["status"], {
                "state": "done", "exit_code": 0, "seconds": 1.0})

    def tearDown(self):
        self.tmp.cleanup()

    def read(self, name):
        with open(os.path.join(self.out, name)) as f:
            return f.read()

    def dir(self, key):
        return os.path.join(self.out, sweep_plan.POINTS_DIR, key)

    def test_rows_and_csv(self):
        c = sweep_collect.collect(self.out)
        self.assertEqual(c.columns[:7], ["program", "a", "b", "key", "status", "exit_code",
                                         "instructions"])
        self.assertIn("cpu0.counters.EC_misses", c.columns)
        self.assertNotIn("host.seconds", c.columns)
        self.assertEqual([r["status"] for r in c.rows], ["done"] * 6 + ["failed", "pending"])
        self.assertEqual([r["cpi"] for r in c.rows[:3]], [1.0, 2.0, 3.0])
        with open(sweep_collect.write_csv(c), newline="") as f:
            rows = list(csv.DictReader(f))
        self.assertEqual(len(rows), 8)
        self.assertEqual((rows[1]["program"], rows[1]["a"], rows[1]["b"], rows[1]["cpi"]),
                         ("p", "1", "y", "2"))
        self.assertEqual((rows[6]["status"], rows[6]["exit_code"], rows[6]["cpi"]),
                         ("failed", "", ""))
        self.assertEqual(rows[0]["cpu0.instructions"], "1000")
        first = self.read("results.csv")
        sweep_collect.write_csv(sweep_collect.collect(self.out))
        self.assertEqual(self.read("results.csv"), first)

    def test_report_lists_each_unfinished_point_with_its_log(self):
        lines = sweep_collect.report(sweep_collect.collect(self.out))
        self.assertEqual(lines[0], "sweep t: 8 points: 6 done, 1 failed, 1 not run")
        self.assertEqual(lines[1], "FAILED  q a=2 b=x (points/q2x): exit code 3")
        self.assertEqual(lines[2:4], ["    | first", "    | last words"])
        self.assertTrue(lines[4].startswith("NOT RUN q a=2 b=y (points/q2y): no status"))

    def test_not_a_sweep(self):
        with self.assertRaises(sweep_collect.CollectError):
            sweep_collect.collect(os.path.join(self.out, "points"))

    def test_plot(self):
        from fireplane_tools import plotting
        if plotting.pyplot() is None:
            self.skipTest("no matplotlib in this interpreter")
        (path,) = sweep_collect.plot(sweep_collect.collect(self.out))
        self.assertEqual(path, os.path.join(self.out, "plot.png"))
        with open(path, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


if __name__ == "__main__":
    unittest.main()
