"""fireplane_tools.fuzz_seeds: the random-MMIO seeds are records the driver
(tests/fuzz/mmio_driver.h) decodes as meant."""
import os
import struct
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import fuzz_seeds  # noqa: E402

# Windows in each target's table: its source file's order.
MMIO_KINDS = {"device-mmio": 7, "firelink-mmio": 4, "sabre-mmio": 12, "fw-cfg-ports": 1}


class MmioRecords(unittest.TestCase):
    def test_whole_records_for_windows_the_target_has(self):
        for kind, windows in MMIO_KINDS.items():
            seeds = list(fuzz_seeds.KINDS[kind](None, None))
            self.assertTrue(seeds, kind)
            for name, data in seeds:
                self.assertEqual(len(data) % 16, 0, f"{kind}/{name}")
                self.assertLessEqual(len(data), 4096, f"{kind}/{name}")  # scripts/fuzz's -max_len
                for at in range(0, len(data), 16):
                    self.assertLess(data[at], windows, f"{kind}/{name} record {at // 16}")

    def test_a_record_as_the_driver_reads_it(self):
        r = fuzz_seeds.wr(3, 0x1ff8, b"\x80", time=fuzz_seeds.T_1S)
        window, op, length, raw = struct.unpack_from("<BBBI", r)
        self.assertEqual((window, op & 3, op >> 5, length & 15), (3, fuzz_seeds.WRITE, 7, 0))
        self.assertEqual(raw - 16, 0x1ff8)  # the driver's address: base - 16 + raw
        self.assertEqual(r[7:15], b"\x80" + bytes(7))
        self.assertEqual(fuzz_seeds.rd(0, -16, 8, debug=True)[1:7], b"\x04\x03" + bytes(4))




class SyscallRecords(unittest.TestCase):
    """platform/linux/fuzz/syscall_fuzzer.cpp reads a data-page prefix, then
    calls: a selector (0xf0: a number follows) and six kind-tagged arguments."""
    SIZES = {0: 1, 1: 2, 2: 2, 3: 8, 4: 1, 5: 0, 6: 0, 7: 4}

    def test_each_seed_is_a_prefix_and_whole_calls(self):
        for name, data in fuzz_seeds.KINDS["syscalls"](None, None):
            at = 1 + data[0] * 16
            calls = 0
            while at < len(data):
                self.assertEqual(data[at], 0xF0, f"{name} call {calls}")
                number = struct.unpack_from(">H", data, at + 1)[0]
                self.assertLess(number, 400, f"{name} call {calls}")
                at += 3
                for _ in range(6):
                    at += 1 + self.SIZES[data[at] % 8]
                calls += 1
            self.assertEqual(at, len(data), name)
            self.assertGreater(calls, 2, name)


if __name__ == "__main__":
    unittest.main()
