"""fireplane_tools.sweep_plan and sweep_backends: points laid out by key,
which need a run, run here, and the job scripts SLURM gets (a stand-in
sbatch)."""
import json
import os
import stat
import sys
import tempfile
import textwrap
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import sweep_backends, sweep_manifest, sweep_plan, sweep_points  # noqa: E402

# A stand-in fireplane: dump-config prints the --set values it got as a
# machine (sorted, as a resolved machine is whatever their order), each with
# a comment that says how it was spelt, and refuses any with "bad";
# run writes statistics and exits with the program's first argument.
FAKE = textwrap.dedent("""\
    #!{python}
    import json, sys
    args = sys.argv[1:]
    if args == ["--version"]:
        print("fake 1.0"); sys.exit(0)
    sets = [args[i + 1] for i, a in enumerate(args) if a == "--set"]
    if args[0] == "dump-config":
        if any("bad" in s for s in sets):
            print("config.yaml:1:1: bad value", file=sys.stderr); sys.exit(2)
        for s in sorted(sets, key=lambda s: s.replace("cpu*", "cpu0")):
            k, v = s.split("=")
            print(f"{{k.replace('cpu*', 'cpu0')}}: {{v}}  # (--set {{s}})")
        sys.exit(0)
    program = args[args.index("--") + 1:]
    with open(args[args.index("--stats") + 1], "w") as f:
        json.dump({{"sim": {{"instructions": {{"value": len(sets)}}}}}}, f)
    sys.exit(int(program[1]) if len(program) > 1 else 0)
    """)

# A stand-in sbatch: records its arguments, one line a call, and answers a job id.
FAKE_SBATCH = textwrap.dedent("""\
    #!/bin/sh
    echo "$*" >> "$(dirname "$0")/calls"
    n=$(wc -l < "$(dirname "$0")/calls")
    echo "10$n;cluster"
    """)


class Sweep(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.fireplane = self.executable("fireplane", FAKE.format(python=sys.executable))
        for name in ("config.yaml", "prog"):
            with open(os.path.join(self.dir, name), "w") as f:
                f.write(name)
        self.out = os.path.join(self.dir, "out")

    def tearDown(self):
        self.tmp.cleanup()

    def executable(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
        return path

    def manifest(self, **fields):
        data = {"config": "config.yaml", "programs": [{"argv": ["prog", "0"]}]}
        data.update(fields)
        return sweep_manifest.parse(data, os.path.join(self.dir, "m.yaml"))

    def plan(self, **fields):
        return sweep_plan.plan(self.manifest(**fields), self.fireplane, self.out, jobs=2)


class Plan(Sweep):
    def test_points_and_sweep_file(self):
        planned = self.plan(grid={"cpu*.a": [1, 2]}, set={"b": 3})
        self.assertEqual(len(planned), 2)
        self.assertNotEqual(planned[0].key, planned[1].key)
        with open(os.path.join(planned[0].dir, "point.json")) as f:
            point = json.load(f)
        self.assertEqual(point["params"], {"cpu*.a": "1"})
        self.assertEqual(point["fireplane_version"], "fake 1.0")
        self.assertEqual(point["command"][:2], [os.path.abspath(self.fireplane), "run"])
        self.assertIn("b=3", point["command"])
        self.assertEqual(point["command"][-2:], [os.path.join(self.dir, "prog"), "0"])
        with open(os.path.join(self.out, "sweep.json")) as f:
            sweep = json.load(f)
        self.assertEqual(sweep["params"], ["cpu*.a"])
        self.assertEqual([p["key"] for p in sweep["points"]], [p.key for p in planned])

    def test_key_follows_the_resolved_machine(self):
        first = self.plan(grid={"cpu*.a": [1]})[0].key
        self.assertEqual(self.plan(grid={"cpu0.a": [1]})[0].key, first)  # same machine
        self.assertNotEqual(self.plan(grid={"cpu0.a": [2]})[0].key, first)
        self.assertNotEqual(self.plan(grid={"cpu0.a": [1]}, model="detailed")[0].key, first)
        self.assertNotEqual(self.plan(grid={"cpu0.a": [1]}, args=["-x"])[0].key, first)
        self.assertNotEqual(self.plan(grid={"cpu0.a": [1]}, exit_codes=[0, 1])[0].key, first)
        with open(os.path.join(self.dir, "prog"), "w") as f:
            f.write("another binary")
        self.assertNotEqual(self.plan(grid={"cpu0.a": [1]})[0].key, first)

    def test_a_machine_that_does_not_resolve_fails_at_once(self):
        planned = self.plan(points=[{"a": 1}, {"a": "bad"}])
        self.assertEqual([p.resolved for p in planned], [True, False])
        self.assertEqual(sweep_points.status(planned[1].dir)["reason"],
                         "the machine did not resolve")
        self.assertEqual(sweep_points.log_tail(planned[1].dir), ["config.yaml:1:1: bad value"])
        self.assertEqual(sweep_plan.to_run(planned), [planned[0].dir])

    def test_to_run_skips_done_and_shared_folders(self):
        planned = self.plan(points=[{"cpu*.a": 1}, {"cpu0.a": 1}, {"cpu0.a": 2}])
        self.assertEqual(planned[0].dir, planned[1].dir)
        todo = sweep_plan.to_run(planned)
        self.assertEqual(todo, [planned[0].dir, planned[2].dir])
        sweep_points.run(todo[0])
        self.assertEqual(sweep_plan.to_run(planned), [planned[2].dir])
        self.assertEqual(len(sweep_plan.to_run(planned, force=True)), 2)


class Local(Sweep):
    def test_runs_every_point_and_reports_each(self):
        planned = self.plan(programs=[{"name": "ok", "argv": ["prog", "0"]},
                                      {"name": "bad", "argv": ["prog", "5"]}],
                            grid={"a": [1, 2]})
        seen = []
        results = sweep_backends.run_local(sweep_plan.to_run(planned), 2,
                                           lambda i, n, d, s: seen.append((i, n)))
        self.assertEqual(sorted(seen), [(1, 4), (2, 4), (3, 4), (4, 4)])
        states = [results[p.dir]["state"] for p in planned]
        self.assertEqual(states, ["done", "done", "failed", "failed"])
        self.assertEqual(sweep_plan.to_run(planned), [p.dir for p in planned[2:]])


class Slurm(Sweep):
    def setUp(self):
        super().setUp()
        self.bin = os.path.join(self.dir, "bin")
        os.makedirs(self.bin)
        self.executable(os.path.join("bin", "sbatch"), FAKE_SBATCH)
        path = self.bin + os.pathsep + os.environ.get("PATH", "")
        patcher = mock.patch.dict(os.environ, {"PATH": path})
        patcher.start()
        self.addCleanup(patcher.stop)

    def calls(self):
        with open(os.path.join(self.bin, "calls")) as f:
            return [line.split() for line in f.read().splitlines()]

    def test_array_then_collector_after_any(self):
        planned = self.plan(grid={"a": [1, 2, 3]})
        jobs = sweep_backends.submit_slurm(self.out, sweep_plan.to_run(planned), ["/s/sweep"],
                                           "t", throttle=2, sbatch_args=["--partition=p"])
        self.assertEqual((jobs["array"], jobs["collector"]), ("101", "102"))
        array, collector = self.calls()
        self.assertIn("--array=0-2%2", array)
        self.assertIn("--partition=p", array)
        self.assertIn("--dependency=afterany:101", collector)
        self.assertIn("--partition=p", collector)
        self.assertEqual(jobs["log"], os.path.join(self.out, "slurm", "collect-102.log"))
        with open(array[-1]) as f:
            script = f.read()
        self.assertRegex(script, r'exec /s/sweep --run-point \S+batch-\S+\.json '
                                 r'"\$SLURM_ARRAY_TASK_ID"\n')
        with open(collector[-1]) as f:
            self.assertIn(f"exec /s/sweep --collect {self.out}\n", f.read())

    def test_tasks_share_points_beyond_the_array_limit(self):
        dirs = [f"/p/{i}" for i in range(7)]
        with mock.patch.object(sweep_backends, "MAX_ARRAY_TASKS", 3):
            batch, tasks = sweep_backends.write_batch(self.out, dirs)
        self.assertEqual(tasks, 3)
        self.assertEqual(sweep_backends.batch_points(batch, 0), ["/p/0", "/p/3", "/p/6"])
        self.assertEqual(sweep_backends.batch_points(batch, 2), ["/p/2", "/p/5"])
        with self.assertRaises(ValueError):
            sweep_backends.batch_points(batch, 3)

    def test_nothing_to_run_submits_only_the_collector(self):
        jobs = sweep_backends.submit_slurm(self.out, [], ["/s/sweep"], "t")
        self.assertIsNone(jobs["array"])
        (collector,) = self.calls()
        self.assertFalse(any(a.startswith("--dependency") for a in collector))

    def test_sbatch_failure_is_one_line(self):
        self.executable(os.path.join("bin", "sbatch"),
                        "#!/bin/sh\necho 'sbatch: error: invalid partition' >&2\nexit 1\n")
        with self.assertRaises(sweep_backends.BackendError) as cm:
            sweep_backends.submit_slurm(self.out, ["/p/0"], ["/s/sweep"], "t")
        self.assertEqual(str(cm.exception), "sbatch failed: sbatch: error: invalid partition")


if __name__ == "__main__":
    unittest.main()
