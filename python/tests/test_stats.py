"""fireplane_tools.stats: statistics documents by dotted name."""
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import stats  # noqa: E402

DOC = {
    "sim": {"instructions": {"value": 4002, "unit": "count", "desc": "..."},
            "sim_seconds": {"value": 0.5, "unit": "s", "desc": "..."}},
    "cpu0": {"syncs": {"value": 7}, "counters": {"DC_rd": {"value": 1000}},
             "flag": {"value": True}},
    "cpu1": {"syncs": {"value": 9}},
    "cpuset": {"other": {"value": 1}},
    "host": {"mips": {"value": 123.4}, "seconds": {"value": 0.1}},
}


class Lookup(unittest.TestCase):
    def test_value(self):
        self.assertEqual(stats.value(DOC, "sim.instructions"), 4002)
        self.assertEqual(stats.value(DOC, "cpu0.counters.DC_rd"), 1000)

    def test_absent_or_not_a_statistic(self):
        for name in ("sim.nope", "nope", "cpu0.counters", "sim.instructions.unit"):
            with self.assertRaisesRegex(KeyError, f"no statistic {name}"):
                stats.value(DOC, name)
        self.assertIsNone(stats.get(DOC, "sim.nope"))
        self.assertEqual(stats.get(DOC, "sim.nope", 0), 0)

    def test_number_only_for_numbers(self):
        self.assertEqual(stats.number(DOC, "host.mips"), 123.4)
        self.assertIsNone(stats.number(DOC, "cpu0.flag"))  # a bool is not a figure
        self.assertIsNone(stats.number(DOC, "host.nope"))


class Shapes(unittest.TestCase):
    def test_flatten(self):
        flat = stats.flatten(DOC)
        self.assertEqual(flat["cpu0.counters.DC_rd"], 1000)
        self.assertEqual(flat["host.mips"], 123.4)
        self.assertEqual(len(flat), 9)

    def test_without_host(self):
        self.assertNotIn("host", stats.without_host(DOC))
        self.assertIn("host", DOC)  # the document itself is left alone
        self.assertEqual(stats.without_host(DOC)["sim"], DOC["sim"])

    def test_by_component(self):
        self.assertEqual(stats.by_component(DOC, "syncs", prefix="cpu"), {"cpu0": 7, "cpu1": 9})

    def test_load(self):
        with tempfile.TemporaryDirectory() as work:
            path = os.path.join(work, "s.json")
            with open(path, "w") as f:
                json.dump(DOC, f)
            self.assertEqual(stats.load(path), DOC)
            with open(path, "w") as f:
                f.write("{cut")
            with self.assertRaises(ValueError):
                stats.load(path)


if __name__ == "__main__":
    unittest.main()
