"""fireplane_tools.units: times and sizes as the simulator writes them."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import units  # noqa: E402


class Seconds(unittest.TestCase):
    def test_every_unit(self):
        for text, want in (("1us", 1e-6), ("300ns", 3e-7), ("1ms", 1e-3), ("2s", 2.0),
                           ("5ps", 5e-12), ("1.5ms", 1.5e-3)):
            self.assertAlmostEqual(units.seconds(text), want, msg=text)

    def test_ms_is_not_read_as_seconds(self):
        # "ms" ends in "s": the longer unit must win.
        self.assertEqual(units.seconds("10ms"), 0.01)

    def test_not_a_time(self):
        for text in ("10", "fast", "us", "10 parsecs"):
            with self.assertRaisesRegex(ValueError, "not a time"):
                units.seconds(text)


class SizeBytes(unittest.TestCase):
    def test_binary_multiples(self):
        self.assertEqual(units.size_bytes("8MiB"), 8 << 20)
        self.assertEqual(units.size_bytes("512"), 512)
        self.assertEqual(units.size_bytes("4k"), 4096)
        self.assertEqual(units.size_bytes("1G"), 1 << 30)
        self.assertEqual(units.size_bytes("64B"), 64)

    def test_not_a_size(self):
        with self.assertRaisesRegex(ValueError, "not a size: 'big'"):
            units.size_bytes("big")


if __name__ == "__main__":
    unittest.main()
