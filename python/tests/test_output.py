"""fireplane_tools.output: what the bundled programs print."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import output  # noqa: E402

BEHAVIOUR = """atomic_upgrade: two CPUs
value st_upgrade 212
value cas_M -3
region 1 st_upgrade
region 5 cas_foreign_M
not a value 7
"""
MICROBENCH = "row T2.2 ld, E$ hit\nraw 40 empty 22\ncycles 18\n"
PIPELINE = "row P.4 three adds\nraw 101 empty 53\ncycles 48\ninstructions 96\n"


class Output(unittest.TestCase):
    def test_values(self):
        self.assertEqual(output.values(BEHAVIOUR), {"st_upgrade": 212, "cas_M": -3})

    def test_regions(self):
        self.assertEqual(output.regions(BEHAVIOUR), [(1, "st_upgrade"), (5, "cas_foreign_M")])

    def test_has_line(self):
        self.assertTrue(output.has_line(r"^region 5 cas_foreign_M$", BEHAVIOUR))
        self.assertFalse(output.has_line(r"^region 6", BEHAVIOUR))

    def test_microbench_report(self):
        r = output.MicrobenchReport(MICROBENCH)
        self.assertEqual((r.row_id, r.row, r.has_raw, r.cycles),
                         ("T2.2", "T2.2 ld, E$ hit", True, 18))
        self.assertTrue(r.complete)
        self.assertIsNone(r.instructions)  # only the pipeline rows print it

    def test_pipeline_report(self):
        r = output.MicrobenchReport(PIPELINE)
        self.assertEqual((r.row_id, r.cycles, r.instructions), ("P.4", 48, 96))
        self.assertTrue(r.complete)

    def test_incomplete_report(self):
        r = output.MicrobenchReport("row T2.2 ld\ncycles x\n")
        self.assertIsNone(r.cycles)
        self.assertFalse(r.has_raw)
        self.assertFalse(r.complete)
        self.assertIsNone(output.MicrobenchReport("cycles 5\n").row_id)


if __name__ == "__main__":
    unittest.main()
