"""Every Python script in scripts/ and checker in tests/*/ finds fireplane_tools
from its own location, with nothing installed, also when called through a
symbolic link."""
import glob
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), ".."))
from fireplane_tools import simulator  # noqa: E402

ROOT = simulator.REPO_ROOT
# The user-facing tools that take --help (argparse); setup, run, test and validate are bash.
HELP = ["bench", "c2c", "conflicts", "flamegraph_png", "fuzz", "profile_plot", "sampling_error",
        "skid_study", "transaction_mix"]
# Loads a file as a module (its top level runs, not its main) and lists what it imported.
LOAD = """
import importlib.util, sys
from importlib.machinery import SourceFileLoader
loader = SourceFileLoader("entry", sys.argv[1])
module = importlib.util.module_from_spec(importlib.util.spec_from_loader("entry", loader))
loader.exec_module(module)
print(sorted(m for m in sys.modules if m.startswith("fireplane_tools.")))
"""


def python_scripts():
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "scripts", "*"))):
        if not os.path.isfile(path):  # a __pycache__ a local run left
            continue
        with open(path) as f:
            if "python" in f.readline():
                out.append(path)
    return out


def checkers():
    return sorted(glob.glob(os.path.join(ROOT, "tests", "*", "check_*.py")))


class EntryPoints(unittest.TestCase):
    def test_there_are_scripts_and_checkers(self):
        self.assertGreaterEqual(len(python_scripts()), 9)
        self.assertGreaterEqual(len(checkers()), 13)

    def test_each_imports_the_package(self):
        # Each loaded as a module (not run) by a fresh interpreter, elsewhere, with no
        # PYTHONPATH: only its own sys.path line can find the package.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        with tempfile.TemporaryDirectory() as work:
            for path in python_scripts() + checkers():
                with self.subTest(path=os.path.relpath(path, ROOT)):
                    r = subprocess.run([sys.executable, "-c", LOAD, path], capture_output=True,
                                       text=True, cwd=work, env=env, timeout=60)
                    self.assertEqual(r.returncode, 0, r.stderr)
                    self.assertRegex(r.stdout, r"fireplane_tools\.\w+")

    def test_help_through_a_link(self):
        with tempfile.TemporaryDirectory() as work:
            for name in HELP:
                with self.subTest(script=name):
                    link = os.path.join(work, name)
                    os.symlink(os.path.join(ROOT, "scripts", name), link)
                    r = subprocess.run([link, "--help"], capture_output=True, text=True,
                                       cwd=work, timeout=60)
                    self.assertEqual(r.returncode, 0, r.stderr)
                    self.assertIn("usage:", r.stdout)


if __name__ == "__main__":
    unittest.main()
