"""fireplane_tools.simulator: running fireplane (here a stand-in) and other programs."""
import json
import os
import stat
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import simulator  # noqa: E402

# A stand-in for fireplane: prints its arguments, writes --stats (unless the
# program is "nostats"), and exits with the program's first argument.
FAKE = textwrap.dedent("""\
    #!{python}
    import json, sys
    args = sys.argv[1:]
    print(" ".join(args))
    print("to stderr", file=sys.stderr)
    program = args[args.index("--") + 1:]
    if "--stats" in args and program[0] != "nostats":
        with open(args[args.index("--stats") + 1], "w") as f:
            json.dump({{"sim": {{"instructions": {{"value": 42}}}}}}, f)
    sys.exit(int(program[1]) if len(program) > 1 else 0)
    """)


class Commands(unittest.TestCase):
    def test_fireplane_command(self):
        cmd = simulator.fireplane_command("fp", ["prog", "1"], config="c.yaml", model="detailed",
                                          sets=["a.b=1", "c.d=2"], stats="s.json",
                                          options=["--busstat", "RTS"])
        self.assertEqual(cmd, ["fp", "run", "-q", "--config", "c.yaml", "--model", "detailed",
                               "--set", "a.b=1", "--set", "c.d=2", "--stats", "s.json",
                               "--busstat", "RTS", "--", "prog", "1"])
        self.assertEqual(simulator.fireplane_command("fp", ["p"], quiet=False),
                         ["fp", "run", "--", "p"])

    def test_paths(self):
        self.assertTrue(os.path.isfile(os.path.join(simulator.REPO_ROOT, "scripts", "bench")))
        self.assertEqual(simulator.fireplane_path("/b"), "/b/bin/fireplane")
        self.assertEqual(simulator.fireplane_path(),
                         os.path.join(simulator.REPO_ROOT, "build", "bin", "fireplane"))


class Running(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.work = self.tmp.name
        self.fake = os.path.join(self.work, "fireplane")
        with open(self.fake, "w") as f:
            f.write(FAKE.format(python=sys.executable))
        os.chmod(self.fake, os.stat(self.fake).st_mode | stat.S_IXUSR)
        self.stats = os.path.join(self.work, "stats.json")

    def tearDown(self):
        self.tmp.cleanup()

    def test_run_captures_and_times(self):
        r = simulator.run([sys.executable, "-c", "import sys; print('out'); sys.exit(3)"])
        self.assertEqual((r.returncode, r.stdout, r.stderr), (3, "out\n", ""))
        self.assertGreater(r.seconds, 0)

    def test_stdin_is_closed(self):
        r = simulator.run([sys.executable, "-c", "import sys; print(repr(sys.stdin.read()))"])
        self.assertEqual(r.stdout, "''\n")

    def test_timeout_and_missing_program(self):
        with self.assertRaisesRegex(simulator.Timeout, "timed out after 0.5 s"):
            simulator.run([sys.executable, "-c", "import time; time.sleep(30)"], timeout=0.5)
        with self.assertRaisesRegex(simulator.RunError, "no-such-program: No such file"):
            simulator.run(["no-such-program"])

    def test_fireplane_run_reads_the_statistics(self):
        r = simulator.fireplane_run(self.fake, ["prog", "0"], config="c.yaml", stats=self.stats)
        self.assertEqual(r.stdout.split("\n")[0],
                         f"run -q --config c.yaml --stats {self.stats} -- prog 0")
        self.assertEqual(r.last_error_line(), "to stderr")
        self.assertEqual(r.need_stats(), {"sim": {"instructions": {"value": 42}}})

    def test_an_old_statistics_file_is_never_read(self):
        with open(self.stats, "w") as f:
            json.dump({"old": {}}, f)
        r = simulator.fireplane_run(self.fake, ["nostats", "4"], stats=self.stats)
        self.assertEqual(r.returncode, 4)
        self.assertIsNone(r.stats)
        with self.assertRaises(OSError):
            r.need_stats()

    def test_without_stats(self):
        r = simulator.fireplane_run(self.fake, ["prog"])
        with self.assertRaisesRegex(ValueError, "no --stats file"):
            r.need_stats()


if __name__ == "__main__":
    unittest.main()
