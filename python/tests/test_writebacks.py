"""fireplane_tools.writebacks: trace writebacks in E$ sets."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import tables, writebacks  # noqa: E402


class Geometry(unittest.TestCase):
    def test_the_parts_e_cache(self):
        geo = writebacks.Geometry(*writebacks.DEFAULT_GEOMETRY)
        self.assertEqual(geo.sets, 8192)
        self.assertEqual(geo.set_of(0x200), 1)
        self.assertEqual(geo.set_of(0x400000 + 0x200), 1)  # 4 MiB apart: the same set
        self.assertEqual(geo.set_of(0x3ff), 1)

    def test_bad_geometry(self):
        with self.assertRaisesRegex(tables.InputError, "bad E\\$ geometry"):
            writebacks.Geometry(8 << 20, 2, 100)

    def test_ranking(self):
        self.assertEqual(writebacks.ranking({7: 3, 2: 5, 1: 3}), [(2, 5), (1, 3), (7, 3)])


class Files(unittest.TestCase):
    def test_read_writebacks_and_vamap(self):
        with tempfile.TemporaryDirectory() as work:
            trace = os.path.join(work, "s.csv")
            with open(trace, "w") as f:
                f.write("sample,address,type,source\n1,0x1000,WB,0\n1,0x2000,RTS,0\n"
                        "2,0x3040,WB,1\n")
            self.assertEqual(writebacks.read_writebacks(trace, None, "samples"), [0x1000, 0x3040])
            self.assertEqual(writebacks.read_writebacks(trace, 1, "samples"), [0x3040])
            with self.assertRaisesRegex(tables.InputError, "no writebacks from source 5"):
                writebacks.read_writebacks(trace, 5, "samples")
            with open(trace, "a") as f:
                f.write("3,zz,WB,0\n")
            with self.assertRaisesRegex(tables.InputError, r"s\.csv:5: corrupt address 'zz'"):
                writebacks.read_writebacks(trace, None, "samples")
            vamap = os.path.join(work, "m.csv")
            with open(vamap, "w") as f:
                f.write("va_page,pa_page,segment\n0x10000,0x4000,heap\n")
            self.assertEqual(writebacks.read_vamap(vamap), {0x4000: (0x10000, "heap")})


if __name__ == "__main__":
    unittest.main()
