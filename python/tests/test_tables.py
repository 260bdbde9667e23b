"""fireplane_tools.tables (CSV/TSV in, aligned text and Markdown out) and
fireplane_tools.experiments (collect's experiment folders)."""
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import experiments, tables  # noqa: E402


class Files(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.work = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        path = os.path.join(self.work, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_read_csv(self):
        path = self.write("t.csv", "type,owned,source\nRTS,1,3\nRTO,0,4\n")
        rows = tables.read_csv(path, ["type", "owned"], "Fire Link trace")
        self.assertEqual(rows, [{"type": "RTS", "owned": "1", "source": "3"},
                                {"type": "RTO", "owned": "0", "source": "4"}])

    def test_read_csv_says_what_is_wrong(self):
        path = self.write("bad.csv", "type,address\n")
        with self.assertRaisesRegex(tables.InputError,
                                    r"bad\.csv: not a Fire Link trace \(no column owned, source\)"):
            tables.read_csv(path, ["type", "owned", "source"], "Fire Link trace")
        with self.assertRaisesRegex(tables.InputError, "nope.csv: No such file"):
            tables.read_csv(os.path.join(self.work, "nope.csv"))

    def test_experiment_folder(self):
        folder = os.path.join(self.work, "e.er")
        os.makedirs(folder)
        with open(os.path.join(folder, "experiment.json"), "w") as f:
            json.dump({"cpus": 2, "counters": [{"name": "cycles"}]}, f)
        self.write("e.er/packets.tsv", "counter\tpc\tstack\n0\t0x100\t\n1\t0x104\t0x1,0x2\n")
        self.write("e.er/exact.tsv", "counter\tpc\tcount\n0\t0x100\t7\n1\t0x104\t3\n")
        info, packets, exact = experiments.load(folder)
        self.assertEqual(info["cpus"], 2)
        self.assertEqual(packets, [{"counter": "0", "pc": "0x100", "stack": ""},
                                   {"counter": "1", "pc": "0x104", "stack": "0x1,0x2"}])
        self.assertEqual(exact, {0: {0x100: 7}, 1: {0x104: 3}})
        os.remove(os.path.join(folder, "exact.tsv"))
        self.assertEqual(experiments.exact(folder), {})

    def test_write_text_makes_the_folder(self):
        path = tables.write_text(os.path.join(self.work, "a", "b"), "r.md", "# r\n")
        with open(path) as f:
            self.assertEqual(f.read(), "# r\n")


class Text(unittest.TestCase):
    ANALYZER = "e.cycles\tname\n54\t<Total>\n24\tleaf\n\ncand\tname\n1\tleaf\n"

    def test_parse_tsv_keeps_the_blank_line(self):
        head, rows = tables.parse_tsv(self.ANALYZER)
        self.assertEqual(head, ["e.cycles", "name"])
        self.assertEqual(rows[2], [""])
        self.assertEqual(len(rows), 5)

    def test_records_of_the_first_table(self):
        self.assertEqual(tables.records(self.ANALYZER),
                         [{"e.cycles": "54", "name": "<Total>"},
                          {"e.cycles": "24", "name": "leaf"}])

    def test_aligned(self):
        lines = tables.aligned(["id", "cycles", "note"], [["T2.1", "3", ""], ["T2.10", "206", "x"]],
                               right=(1,))
        self.assertEqual(lines, ["id     cycles  note", "T2.1        3", "T2.10     206  x"])

    def test_aligned_without_rows(self):
        self.assertEqual(tables.aligned(["a", "bb"], []), ["a  bb"])

    def test_cell(self):
        self.assertEqual(tables.cell(None, ".3f"), "n/a")
        self.assertEqual(tables.cell(1234567, ","), "1,234,567")
        self.assertEqual(tables.cell(17), "17")


if __name__ == "__main__":
    unittest.main()
