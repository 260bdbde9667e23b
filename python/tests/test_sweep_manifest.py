"""fireplane_tools.sweep_manifest: a sweep's manifest checked, its errors one
line with FILE:LINE, its grid or list expanded into points."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from fireplane_tools import simulator, sweep_manifest  # noqa: E402
from fireplane_tools.sweep_manifest import ManifestError  # noqa: E402

try:
    import yaml  # noqa: F401
    HAVE_YAML = True
except ImportError:
    HAVE_YAML = False

SCRIPTS_PYTHON = "/usr/bin/python3"  # scripts/sweep's first line: Debian's, with python3-yaml


class Folder(unittest.TestCase):
    """A temporary folder with two 'programs' (any file will do for parsing)."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        for name in ("prog_a", "prog_b"):
            with open(os.path.join(self.dir, name), "w") as f:
                f.write("x")
        self.path = os.path.join(self.dir, "study.yaml")

    def tearDown(self):
        self.tmp.cleanup()

    def parse(self, data):
        return sweep_manifest.parse(data, self.path)

    def error(self, data):
        with self.assertRaises(ManifestError) as cm:
            self.parse(data)
        return str(cm.exception)


BASE = {"programs": [{"argv": ["prog_a", "1"]}, {"name": "b", "argv": ["prog_b"]}]}


class Parse(Folder):
    def test_grid_is_a_cartesian_product_programs_first(self):
        m = self.parse(dict(BASE, grid={"cpu*.ecache.size": ["1MiB", "4MiB"],
                                        "cpu*.ecache.ways": [1, 2, 4]}))
        self.assertEqual(m.params, ["cpu*.ecache.size", "cpu*.ecache.ways"])
        points = m.points()
        self.assertEqual(len(points), 12)
        self.assertEqual([p.program.name for p in points[:6]], ["prog_a"] * 6)
        self.assertEqual(points[0].params, {"cpu*.ecache.size": "1MiB", "cpu*.ecache.ways": "1"})
        self.assertEqual(points[1].sets(), ["cpu*.ecache.size=1MiB", "cpu*.ecache.ways=2"])
        self.assertEqual(points[-1].sets(), ["cpu*.ecache.size=4MiB", "cpu*.ecache.ways=4"])

    def test_points_list(self):
        m = self.parse(dict(BASE, points=[{"a.b": 1}, {"a.b": 2, "c.d": True}]))
        self.assertEqual(m.params, ["a.b", "c.d"])
        self.assertEqual(m.param_sets, [{"a.b": "1"}, {"a.b": "2", "c.d": "true"}])

    def test_defaults(self):
        m = self.parse(BASE)
        self.assertEqual(m.name, "study")
        self.assertEqual(m.model, "functional")
        self.assertEqual(m.config, os.path.join(simulator.REPO_ROOT, "configs", "uni.yaml"))
        self.assertEqual(m.param_sets, [{}])
        self.assertEqual(m.programs[0].exit_codes, [0])
        self.assertEqual(m.default_out(), os.path.join(self.dir, "sweeps", "study"))
        self.assertEqual(m.plots, [])
        self.assertIn("cpi", m.metrics)

    def test_paths_relative_to_the_manifest(self):
        m = self.parse(dict(BASE, config="prog_a"))
        self.assertEqual(m.config, os.path.join(self.dir, "prog_a"))
        self.assertEqual(m.programs[0].argv, [os.path.join(self.dir, "prog_a"), "1"])
        self.assertEqual(m.programs[0].name, "prog_a")

    def test_fields(self):
        m = self.parse(dict(BASE, name="s1", model="detailed", args=["--max-instructions", 1000],
                            set={"simulation.quantum": "1us"}, exit_codes=[0, 124],
                            timeout=30, metrics=["cpi", "cpu0.instructions"],
                            grid={"x.y": [1, 2]},
                            plot={"x": "x.y", "metrics": ["cpi"]}))
        self.assertEqual((m.name, m.model, m.timeout), ("s1", "detailed", 30))
        self.assertEqual(m.args, ["--max-instructions", "1000"])
        self.assertEqual(m.sets, ["simulation.quantum=1us"])
        self.assertEqual(m.programs[1].exit_codes, [0, 124])
        self.assertEqual(m.metrics, ["cpi", "cpu0.instructions"])
        self.assertEqual([(p.name, p.x, p.metrics) for p in m.plots], [("plot", "x.y", ["cpi"])])

    def test_program_exit_codes_and_plot_default_metrics(self):
        programs = [{"argv": ["prog_a"], "exit_codes": 42}]
        m = self.parse({"programs": programs, "metrics": ["ipc"], "grid": {"a": [1]},
                        "plot": [{"x": "a"}, {"x": "a", "name": "other"}]})
        self.assertEqual(m.programs[0].exit_codes, [42])
        self.assertEqual([(p.name, p.metrics) for p in m.plots],
                         [("plot1", ["ipc"]), ("other", ["ipc"])])


class Errors(Folder):
    def test_each_error_names_what_is_wrong(self):
        cases = [
            ([], "the manifest must be a mapping"),
            ({}, "no programs"),
            (dict(BASE, colour=1), "unknown key 'colour' in the manifest"),
            (dict(BASE, model="fast"), "model 'fast' is none of functional, fixed, detailed"),
            (dict(BASE, name="a b"), "name 'a b' is not a valid name"),
            (dict(BASE, config="missing.yaml"), "config: no file"),
            ({"programs": [{"argv": ["nothere"]}]}, "no program"),
            ({"programs": [{"name": "x"}]}, "a program needs argv"),
            ({"programs": [{"argv": []}]}, "argv is empty"),
            ({"programs": [{"argv": ["prog_a"]}, {"argv": ["prog_a"]}]}, "used twice"),
            (dict(BASE, grid={"a": [1], "b": 2}), "grid 'b' must be a list"),
            (dict(BASE, grid={"a": [1, 1]}), "repeats a value"),
            (dict(BASE, grid={}), "grid is empty"),
            (dict(BASE, grid={"a": [1]}, points=[{"a": 1}]), "give grid or points, not both"),
            (dict(BASE, points=[{"a": 1}, {"a": 1}]), "the same point twice"),
            (dict(BASE, grid={"a=b": [1]}), "is not a valid name"),
            (dict(BASE, grid={"a": [[1]]}), "a value must be a plain value"),
            (dict(BASE, exit_codes=[0, 300]), "exit_codes must be"),
            (dict(BASE, timeout=0), "timeout must be a positive number"),
            (dict(BASE, metrics=["speed"]), "unknown metric 'speed'"),
            (dict(BASE, grid={"a": [1]}, plot={"x": "b"}), "x 'b' is not a parameter"),
            (dict(BASE, grid={"a": [1]}, plot={}), "a plot needs x"),
        ]
        for data, message in cases:
            with self.subTest(message=message):
                text = self.error(data)
                self.assertIn(message, text)
                self.assertTrue(text.startswith(self.path + ":"), text)
                self.assertNotIn("\n", text)

    def test_line_from_the_nearest_known_place(self):
        lines = {(): 1, ("model",): 3}
        with self.assertRaises(ManifestError) as cm:
            sweep_manifest.parse(dict(BASE, model="fast"), self.path, lines)
        self.assertTrue(str(cm.exception).startswith(f"{self.path}:3: model"))


@unittest.skipUnless(HAVE_YAML, "no python3-yaml in this interpreter (InScriptsPython runs these)")
class Yaml(Folder):
    def write(self, text):
        with open(self.path, "w") as f:
            f.write(textwrap.dedent(text))

    def load_error(self):
        with self.assertRaises(ManifestError) as cm:
            sweep_manifest.load(self.path)
        return str(cm.exception)

    def test_load(self):
        self.write("""\
            name: t
            programs:
              - {name: a, argv: [prog_a]}
            grid:
              'cpu*.ecache.size': [1MiB, 4MiB]
            """)
        m = sweep_manifest.load(self.path)
        self.assertEqual([p.sets() for p in m.points()],
                         [["cpu*.ecache.size=1MiB"], ["cpu*.ecache.size=4MiB"]])

    def test_errors_name_the_line(self):
        self.write("""\
            programs:
              - argv: [prog_a]
            grid:
              a: [1, 2]
              b: 3
            """)
        self.assertEqual(self.load_error(), f"{self.path}:5: grid 'b' must be a list")
        self.write("programs:\n  - argv: [prog_a]\n    exit_codes: [x]\n")
        self.assertIn(f"{self.path}:3: exit_codes must be", self.load_error())

    def test_not_yaml_repeated_keys_empty_missing(self):
        self.write("programs: [\n  {argv: [prog_a]\n")
        self.assertRegex(self.load_error(), rf"^{self.path}:\d+: not YAML: ")
        self.write("programs: []\nprograms: []\n")
        self.assertEqual(self.load_error(), f"{self.path}:2: 'programs' given twice")
        self.write("")
        self.assertEqual(self.load_error(), f"{self.path}:1: empty manifest")
        os.remove(self.path)
        self.assertEqual(self.load_error(), f"{self.path}: No such file or directory")


class InScriptsPython(unittest.TestCase):
    """Runs the YAML tests under scripts/sweep's interpreter when this one lacks PyYAML."""

    @unittest.skipIf(HAVE_YAML, "run above in this interpreter")
    def test_yaml_tests(self):
        probe = subprocess.run([SCRIPTS_PYTHON, "-c", "import yaml"], capture_output=True)
        if probe.returncode != 0:
            self.skipTest(f"{SCRIPTS_PYTHON} has no yaml either (scripts/setup installs it)")
        r = subprocess.run([SCRIPTS_PYTHON, "-m", "unittest", "test_sweep_manifest.Yaml"],
                           cwd=HERE, capture_output=True, text=True, timeout=120)
        self.assertEqual(r.returncode, 0, r.stderr)


if __name__ == "__main__":
    unittest.main()
