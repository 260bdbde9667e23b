"""fireplane_tools.argv: a checker's options taken out of its argument list."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import argv  # noqa: E402


class Take(unittest.TestCase):
    def test_every_occurrence_in_order_and_the_rest_left(self):
        args = ["fp", "--expect", "a=1", "cfg", "--expect", "b=2", "prog", "x"]
        self.assertEqual(argv.take(args, "--expect"), ["a=1", "b=2"])
        self.assertEqual(args, ["fp", "cfg", "prog", "x"])

    def test_arity(self):
        args = ["--scaled", "RTS", "5", "prog", "--scaled", "WB", "10"]
        self.assertEqual(argv.take(args, "--scaled", 2), [("RTS", "5"), ("WB", "10")])
        self.assertEqual(args, ["prog"])

    def test_missing_value_ends_the_checker(self):
        with self.assertRaises(SystemExit) as e:
            argv.take(["prog", "--range", "1"], "--range", 2)
        self.assertIn("--range needs 2 argument(s)", str(e.exception.code))

    def test_last_and_default(self):
        args = ["--model", "fixed", "p", "--model", "detailed"]
        self.assertEqual(argv.take_last(args, "--model", "functional"), "detailed")
        self.assertEqual(args, ["p"])
        self.assertEqual(argv.take_last(args, "--model", "functional"), "functional")

    def test_flag(self):
        args = ["p", "--complete", "1"]
        self.assertTrue(argv.take_flag(args, "--complete"))
        self.assertEqual(args, ["p", "1"])
        self.assertFalse(argv.take_flag(args, "--complete"))


if __name__ == "__main__":
    unittest.main()
