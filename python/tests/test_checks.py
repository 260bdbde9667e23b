"""fireplane_tools.checks: ranges, expectations and ok/FAIL lines."""
import contextlib
import io
import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import checks  # noqa: E402


def printed(fn, *args):
    """(what fn returned, what it printed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        result = fn(*args)
    return result, out.getvalue()


class Ranges(unittest.TestCase):
    def test_parse(self):
        r = checks.Range.parse("2048..2050")
        self.assertEqual((r.lo, r.hi), (2048, 2050))
        self.assertEqual(checks.Range.parse("5").hi, 5)
        self.assertEqual(checks.Range.parse("180..inf").hi, math.inf)
        with self.assertRaises(ValueError):
            checks.Range.parse("9..1")
        with self.assertRaises(ValueError):
            checks.Range.parse("many")

    def test_contains(self):
        r = checks.Range(18, 23)
        self.assertIn(18, r)
        self.assertIn(23, r)
        self.assertNotIn(24, r)
        self.assertNotIn(None, r)  # no result never passes
        self.assertIn(10 ** 9, checks.Range(180, math.inf))

    def test_text_as_the_paper_writes_it(self):
        self.assertEqual(checks.Range(206, 240).text, "206-240")
        self.assertEqual(checks.Range(1).text, "1")
        self.assertEqual(checks.Range(180, math.inf).text, "180+")

    def test_miss(self):
        r = checks.Range(100, 120)
        self.assertEqual(r.miss(14), "86 below")
        self.assertEqual(r.miss(123), "3 above")
        self.assertEqual(r.miss(110), "")
        self.assertEqual(r.miss(None), "")


class Expectations(unittest.TestCase):
    DOC = {"cpu0": {"counters": {"DC_rd": {"value": 1000}, "EC_ref": {"value": 2049}}}}

    def test_exact_and_range(self):
        ok, out = printed(checks.check_all, self.DOC,
                          ["cpu0.counters.DC_rd=1000", "cpu0.counters.EC_ref=2048..2050"])
        self.assertTrue(ok)
        self.assertEqual(out, "ok   cpu0.counters.DC_rd = 1000 (expected 1000)\n"
                              "ok   cpu0.counters.EC_ref = 2049 (expected 2048..2050)\n")

    def test_every_expectation_is_printed_and_one_failure_fails(self):
        ok, out = printed(checks.check_all, self.DOC,
                          ["cpu0.counters.DC_rd=999", "cpu0.counters.EC_ref=2049"])
        self.assertFalse(ok)
        self.assertEqual(out.splitlines(), ["FAIL cpu0.counters.DC_rd = 1000 (expected 999)",
                                            "ok   cpu0.counters.EC_ref = 2049 (expected 2049)"])

    def test_missing_statistic_fails(self):
        ok, out = printed(checks.check_all, self.DOC, ["cpu1.counters.DC_rd=0"])
        self.assertFalse(ok)
        self.assertEqual(out, "FAIL cpu1.counters.DC_rd = missing (expected 0)\n")

    def test_malformed(self):
        for spec in ("cpu0.counters.DC_rd", "=5", "x="):
            with self.assertRaises(ValueError):
                checks.Expectation(spec)


class Reporting(unittest.TestCase):
    def test_report(self):
        report = checks.Report()
        _, out = printed(report.check, True, "first")
        self.assertEqual(out, "ok   first\n")
        self.assertEqual(report.status(), 0)
        _, out = printed(report.check, False, "second")
        self.assertEqual(out, "FAIL second\n")
        _, out = printed(report.fail, "third")
        self.assertEqual(out, "FAIL: third\n")
        self.assertEqual(report.failures, ["second", "third"])
        self.assertEqual(report.status(), 1)

    def test_statistics(self):
        class Run:
            stats, stats_error = None, FileNotFoundError("stats.json")
        doc, out = printed(checks.statistics, Run)
        self.assertIsNone(doc)
        self.assertEqual(out, "FAIL: no statistics (stats.json)\n")
        Run.stats = {"sim": {}}
        self.assertEqual(printed(checks.statistics, Run), ({"sim": {}}, ""))

    def test_fail_now_exits_1(self):
        with self.assertRaises(SystemExit) as e:
            printed(checks.fail_now, "broken")
        self.assertEqual(e.exception.code, 1)

    def test_run_or_fail(self):
        out = checks.run_or_fail([sys.executable, "-c", "print('fine')"])
        self.assertEqual(out, "fine\n")
        with self.assertRaises(SystemExit) as e:
            checks.run_or_fail([sys.executable, "-c", "import sys; sys.exit(3)"])
        self.assertRegex(str(e.exception.code), r"^FAIL: .* exited 3\n")


if __name__ == "__main__":
    unittest.main()
