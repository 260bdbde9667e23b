"""fireplane_tools.plotting: matplotlib on Agg, or a clear word when it is missing."""
import contextlib
import io
import os
import subprocess
import sys
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from fireplane_tools import plotting, simulator  # noqa: E402


def plotting_python():
    """The interpreter the plotting scripts name on their first line (scripts/c2c's)."""
    with open(os.path.join(simulator.REPO_ROOT, "scripts", "c2c")) as f:
        return f.readline()[2:].strip()


class Missing(unittest.TestCase):
    """matplotlib made unimportable: None in sys.modules stops an import."""

    def pyplot(self, *args, **kwargs):
        err = io.StringIO()
        with mock.patch.dict(sys.modules, {"matplotlib": None, "matplotlib.pyplot": None}), \
                contextlib.redirect_stderr(err):
            return plotting.pyplot(*args, **kwargs), err.getvalue()

    def test_optional_picture(self):
        self.assertEqual(self.pyplot("c2c"),
                         (None, "c2c: matplotlib missing (python3-matplotlib): no PNG\n"))

    def test_required_picture(self):
        self.assertEqual(self.pyplot("profile_plot", required=True),
                         (None, "profile_plot: matplotlib missing (python3-matplotlib)\n"))

    def test_silent_without_a_tool_name(self):
        self.assertEqual(self.pyplot(), (None, ""))


class Present(unittest.TestCase):
    def test_agg_in_the_scripts_interpreter(self):
        python = plotting_python()
        probe = subprocess.run([python, "-c", "import matplotlib"], capture_output=True)
        if probe.returncode != 0:
            self.skipTest(f"{python} has no matplotlib")
        code = ("import sys; sys.path.insert(0, sys.argv[1]);"
                "from fireplane_tools import plotting; plt = plotting.pyplot('t');"
                "import matplotlib; print(matplotlib.get_backend(), plt.__name__)")
        r = subprocess.run([python, "-c", code, os.path.join(HERE, "..")], capture_output=True,
                           text=True, env=dict(os.environ, MPLBACKEND="TkAgg"))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout.split(), ["agg", "matplotlib.pyplot"])


if __name__ == "__main__":
    unittest.main()
