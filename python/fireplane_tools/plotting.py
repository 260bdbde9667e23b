"""matplotlib for the tools' pictures, and what to say when it is missing.

The tools write PNG files and never open a window, so matplotlib runs on its
Agg backend (which also works with no display). Debian's python3-matplotlib
is what scripts/setup installs, for /usr/bin/python3: a python3 elsewhere
on PATH (pyenv's, say) may lack it, which is why the plotting scripts name
/usr/bin/python3 on their first line.
"""
import sys

HINT = "matplotlib missing (python3-matplotlib)"


def pyplot(tool=None, required=False):
    """matplotlib.pyplot on the Agg backend, or None when matplotlib is missing.

    When it is missing and tool is named, says so on stderr as
    `TOOL: matplotlib missing (python3-matplotlib)`, with `: no PNG` added
    when the picture is optional (the tool goes on without it)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        if tool:
            print(f"{tool}: {HINT}" + ("" if required else ": no PNG"), file=sys.stderr)
        return None
    return plt
