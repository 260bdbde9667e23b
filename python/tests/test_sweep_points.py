"""fireplane_tools.sweep_points: point keys, a point's run in its folder, and
its status written last."""
import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import sweep_points  # noqa: E402

# A stand-in for `fireplane run ... --stats FILE -- PROGRAM CODE`: writes the
# statistics (unless CODE is "nostats"), then exits with CODE.
FAKE_RUN = """\
import json, sys, time
args = sys.argv[1:]
code = args[-1]
print("running", code)
if code == "sleep":
    time.sleep(30)
if code != "nostats":
    with open(args[args.index("--stats") + 1], "w") as f:
        json.dump({"sim": {"instructions": {"value": 7}}}, f)
sys.exit(int(code) if code.isdigit() else 0)
"""


class Keys(unittest.TestCase):
    def test_key_is_stable_and_order_free(self):
        a = sweep_points.key_of({"model": "detailed", "argv": ["p", "1"]})
        self.assertEqual(a, sweep_points.key_of({"argv": ["p", "1"], "model": "detailed"}))
        self.assertRegex(a, r"^[0-9a-f]{16}$")
        self.assertNotEqual(a, sweep_points.key_of({"model": "detailed", "argv": ["p", "2"]}))

    def test_file_sha256(self):
        with tempfile.NamedTemporaryFile() as f:
            f.write(b"abc")
            f.flush()
            self.assertEqual(sweep_points.file_sha256(f.name),
                             "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")


class Running(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.fake = os.path.join(self.tmp.name, "fake.py")
        with open(self.fake, "w") as f:
            f.write(FAKE_RUN)

    def tearDown(self):
        self.tmp.cleanup()

    def point(self, code, exit_codes=(0,), timeout=60):
        d = os.path.join(self.tmp.name, f"p{code}")
        os.makedirs(d)
        stats = sweep_points.paths(d)["stats"]
        sweep_points.write_json_atomically(sweep_points.paths(d)["point"], {
            "command": [sys.executable, self.fake, "--stats", stats, "--", "prog", str(code)],
            "exit_codes": list(exit_codes), "timeout": timeout})
        return d

    def test_pending_then_done(self):
        d = self.point(0)
        self.assertEqual(sweep_points.state(d), sweep_points.PENDING)
        s = sweep_points.run(d)
        self.assertEqual((s["state"], s["exit_code"]), ("done", 0))
        self.assertNotIn("reason", s)
        self.assertEqual(sweep_points.state(d), "done")
        self.assertEqual(sweep_points.log_tail(d), ["running 0"])
        with open(sweep_points.paths(d)["stats"]) as f:
            self.assertEqual(json.load(f)["sim"]["instructions"]["value"], 7)
        self.assertEqual([n for n in os.listdir(d) if ".tmp" in n], [])

    def test_unexpected_exit_code_fails(self):
        s = sweep_points.run(self.point(3))
        self.assertEqual((s["state"], s["exit_code"], s["reason"]), ("failed", 3, "exit code 3"))

    def test_expected_exit_code_is_done(self):
        self.assertEqual(sweep_points.run(self.point(124, exit_codes=(0, 124)))["state"], "done")

    def test_no_statistics_fails(self):
        s = sweep_points.run(self.point("nostats"))
        self.assertEqual((s["state"], s["reason"]), ("failed", "no statistics written"))

    def test_timeout_fails(self):
        s = sweep_points.run(self.point("sleep", timeout=0.5))
        self.assertEqual((s["state"], s["reason"]), ("failed", "timed out after 0.5 s"))

    def test_rerun_replaces_old_results(self):
        d = self.point(0)
        sweep_points.run(d)
        with open(sweep_points.paths(d)["point"]) as f:
            point = json.load(f)
        point["command"][-1] = "nostats"
        sweep_points.write_json_atomically(sweep_points.paths(d)["point"], point)
        self.assertEqual(sweep_points.run(d)["reason"], "no statistics written")

    def test_recorded_failure_and_unreadable_status(self):
        d = self.point(0)
        sweep_points.record_failure(d, "the machine did not resolve", "bad value 'x'")
        self.assertEqual(sweep_points.state(d), "failed")
        self.assertEqual(sweep_points.log_tail(d), ["bad value 'x'"])
        with open(sweep_points.paths(d)["status"], "w") as f:
            f.write("{half")
        self.assertEqual(sweep_points.state(d), "pending")

    def test_log_tail(self):
        d = self.point(0)
        self.assertEqual(sweep_points.log_tail(d), ["(no log)"])
        with open(sweep_points.paths(d)["log"], "w") as f:
            f.write("".join(f"line {i}\n" for i in range(30)))
        self.assertEqual(sweep_points.log_tail(d, 2), ["line 28", "line 29"])


if __name__ == "__main__":
    unittest.main()
