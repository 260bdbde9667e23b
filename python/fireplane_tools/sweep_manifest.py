"""A sweep's manifest (scripts/sweep, docs/sweeps.md): the base machine, the
programs and the parameter grid or list, read from YAML and checked, then
expanded into the points to run.

Reading is two steps so that most of it needs no YAML library: yaml_tree()
turns the file into plain data and a table of line numbers by path, and
parse() checks that data and builds a Manifest. Every problem is a
ManifestError whose message is one line, `FILE:LINE: what is wrong`.
"""
import itertools
import os
import re

from . import simulator, sweep_metrics

MODELS = ("functional", "fixed", "detailed")
DEFAULT_TIMEOUT_S = 3600
KEYS = {"name", "config", "model", "args", "set", "programs", "grid", "points", "metrics",
        "plot", "exit_codes", "timeout"}
PROGRAM_KEYS = {"name", "argv", "exit_codes"}
PLOT_KEYS = {"x", "metrics", "name"}
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_PARAMETER = re.compile(r"[A-Za-z0-9_*?\[\]][A-Za-z0-9_.*?\[\]-]*")


class ManifestError(Exception):
    """One line: FILE:LINE: what is wrong."""


class Program:
    def __init__(self, name, argv, exit_codes):
        self.name, self.argv, self.exit_codes = name, argv, exit_codes


class Plot:
    """One picture per metric: the metric against parameter x, one line per
    combination of the other parameters, one panel per program."""

    def __init__(self, x, metrics, name):
        self.x, self.metrics, self.name = x, metrics, name


class Point:
    """One run: a program on the base machine with these parameter values."""

    def __init__(self, program, params):
        self.program, self.params = program, params

    def sets(self):
        """The point's own --set values, in the manifest's order."""
        return [f"{k}={v}" for k, v in self.params.items()]


class Manifest:
    def __init__(self, path, name, config, model, args, sets, programs, params, param_sets,
                 metrics, plots, timeout):
        self.path, self.name, self.config, self.model = path, name, config, model
        self.args, self.sets, self.programs = args, sets, programs
        self.params = params  # parameter names, in the manifest's order
        self.param_sets = param_sets  # list of {name: value text}, one per point of a program
        self.metrics, self.plots, self.timeout = metrics, plots, timeout

    def points(self):
        """Every point: each program with each parameter set, programs first."""
        return [Point(p, dict(s)) for p in self.programs for s in self.param_sets]

    def default_out(self):
        return os.path.join(os.path.dirname(self.path), "sweeps", self.name)


def yaml_tree(path):
    """(data, lines) of a YAML file: data as plain dicts, lists and scalars;
    lines maps a path in it (a tuple of keys and indexes) to its 1-based line.
    ManifestError when the file cannot be read, is not YAML or repeats a key."""
    try:
        import yaml
    except ImportError:
        raise ManifestError(f"{path}: python3-yaml is missing (scripts/setup installs it)")
    try:
        with open(path) as f:
            root = yaml.compose(f, Loader=yaml.SafeLoader)
    except OSError as e:
        raise ManifestError(f"{path}: {e.strerror}")
    except UnicodeDecodeError as e:
        raise ManifestError(f"{path}: not text ({e.reason})")
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else path
        raise ManifestError(f"{where}: not YAML: {getattr(e, 'problem', None) or e}")
    if root is None:
        raise ManifestError(f"{path}:1: empty manifest")
    constructor = yaml.constructor.SafeConstructor()
    lines = {}

    def convert(node, at):
        lines[at] = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            out = {}
            for key_node, value_node in node.value:
                key = convert(key_node, at + ("<key>",))
                if not isinstance(key, (str, int, float, bool)):
                    raise ManifestError(f"{path}:{key_node.start_mark.line + 1}: "
                                        "a key must be a plain value")
                if key in out:
                    raise ManifestError(f"{path}:{key_node.start_mark.line + 1}: "
                                        f"{key!r} given twice")
                out[key] = convert(value_node, at + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [convert(item, at + (i,)) for i, item in enumerate(node.value)]
        try:
            return constructor.construct_object(node, deep=True)
        except yaml.YAMLError as e:
            raise ManifestError(f"{path}:{lines[at]}: {getattr(e, 'problem', None) or e}")

    return convert(root, ()), lines


def load(path):
    """The Manifest in the YAML file at path (ManifestError when it is wrong)."""
    path = os.path.abspath(path)
    data, lines = yaml_tree(path)
    return parse(data, path, lines)


class _Checker:
    """Says where a value is: FILE:LINE of the nearest path with a known line."""

    def __init__(self, path, lines):
        self.path, self.lines = path, lines

    def error(self, at, message):
        at = tuple(at)
        while at and at not in self.lines:
            at = at[:-1]
        line = self.lines.get(at)
        return ManifestError(f"{self.path}:{line}: {message}" if line else
                             f"{self.path}: {message}")

    def mapping(self, value, at, what, keys=None):
        if not isinstance(value, dict):
            raise self.error(at, f"{what} must be a mapping")
        for k in value:
            if keys is not None and k not in keys:
                raise self.error(list(at) + [k], f"unknown key {k!r} in {what} "
                                 f"(known: {', '.join(sorted(keys))})")
        return value

    def sequence(self, value, at, what, empty=False):
        if not isinstance(value, list):
            raise self.error(at, f"{what} must be a list")
        if not value and not empty:
            raise self.error(at, f"{what} is empty")
        return value

    def text(self, value, at, what, pattern=None):
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise self.error(at, f"{what} must be a plain value")
        value = str(value)
        if pattern and not pattern.fullmatch(value):
            raise self.error(at, f"{what} {value!r} is not a valid name")
        return value

    def scalar(self, value, at, what):
        """A parameter value as --set takes it: true/false for booleans."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return self.text(value, at, what)

    def exit_codes(self, value, at):
        codes = value if isinstance(value, list) else [value]
        if not codes or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= 255
                            for c in codes):
            raise self.error(at, "exit_codes must be an exit code (0-255) or a list of them")
        return sorted(set(codes))


def _resolve(base_dir, path):
    return os.path.normpath(os.path.join(base_dir, os.path.expanduser(path)))


def parse(data, path, lines=None):
    """The Manifest of already-read data (yaml_tree's), its relative paths
    taken from path's folder. ManifestError when something is wrong."""
    c = _Checker(path, lines or {})
    base = os.path.dirname(path)
    c.mapping(data, (), "the manifest", KEYS)
    default_name = os.path.splitext(os.path.basename(path))[0]
    name = c.text(data.get("name", default_name), ("name",), "name", _NAME)
    config = data.get("config")
    if config is not None:
        config = _resolve(base, c.text(config, ("config",), "config"))
    else:
        config = os.path.join(simulator.REPO_ROOT, "configs", "uni.yaml")
    if not os.path.isfile(config):
        raise c.error(("config",), f"config: no file {config}")
    model = c.text(data.get("model", "functional"), ("model",), "model")
    if model not in MODELS:
        raise c.error(("model",), f"model {model!r} is none of {', '.join(MODELS)}")
    args = [c.text(a, ("args", i), "an argument")
            for i, a in enumerate(c.sequence(data.get("args", []), ("args",), "args", True))]
    sets = [f"{c.text(k, ('set', k), 'a parameter name', _PARAMETER)}="
            f"{c.scalar(v, ('set', k), 'a value')}"
            for k, v in c.mapping(data.get("set", {}), ("set",), "set").items()]
    timeout = data.get("timeout", DEFAULT_TIMEOUT_S)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or timeout <= 0:
        raise c.error(("timeout",), "timeout must be a positive number of seconds")
    codes = c.exit_codes(data.get("exit_codes", 0), ("exit_codes",))
    programs = _programs(c, data, base, codes)
    params, param_sets = _parameter_sets(c, data)
    metrics = _metrics(c, data.get("metrics"), ("metrics",))
    plots = _plots(c, data, params, metrics)
    return Manifest(path, name, config, model, args, sets, programs, params, param_sets,
                    metrics, plots, timeout)


def _programs(c, data, base, default_codes):
    if "programs" not in data:
        raise c.error((), "no programs")
    out, names = [], set()
    for i, p in enumerate(c.sequence(data["programs"], ("programs",), "programs")):
        at = ("programs", i)
        c.mapping(p, at, "a program", PROGRAM_KEYS)
        if "argv" not in p:
            raise c.error(at, "a program needs argv (the program and its arguments)")
        argv = [c.text(a, at + ("argv", j), "an argument")
                for j, a in enumerate(c.sequence(p["argv"], at + ("argv",), "argv"))]
        argv[0] = _resolve(base, argv[0])
        if not os.path.isfile(argv[0]):
            raise c.error(at + ("argv", 0), f"no program {argv[0]}")
        name = c.text(p.get("name", os.path.basename(argv[0])), at + ("name",), "name", _NAME)
        if name in names:
            raise c.error(at, f"program name {name!r} used twice (give each a name)")
        names.add(name)
        codes = c.exit_codes(p["exit_codes"], at + ("exit_codes",)) if "exit_codes" in p \
            else default_codes
        out.append(Program(name, argv, codes))
    return out


def _parameter_sets(c, data):
    """(names, sets): the grid's cartesian product or the points' list; one
    empty set when there is neither."""
    if "grid" in data and "points" in data:
        raise c.error(("points",), "give grid or points, not both")
    if "grid" in data:
        grid = c.mapping(data["grid"], ("grid",), "grid")
        if not grid:
            raise c.error(("grid",), "grid is empty")
        names, values = [], []
        for k, vs in grid.items():
            names.append(c.text(k, ("grid", k), "a parameter name", _PARAMETER))
            vs = [c.scalar(v, ("grid", k, j), "a value")
                  for j, v in enumerate(c.sequence(vs, ("grid", k), f"grid {k!r}"))]
            if len(set(vs)) != len(vs):
                raise c.error(("grid", k), f"grid {k!r} repeats a value")
            values.append(vs)
        return names, [dict(zip(names, combo)) for combo in itertools.product(*values)]
    if "points" in data:
        names, sets = [], []
        for i, p in enumerate(c.sequence(data["points"], ("points",), "points")):
            c.mapping(p, ("points", i), "a point")
            s = {c.text(k, ("points", i, k), "a parameter name", _PARAMETER):
                 c.scalar(v, ("points", i, k), "a value") for k, v in p.items()}
            if s in sets:
                raise c.error(("points", i), "the same point twice")
            names += [k for k in s if k not in names]
            sets.append(s)
        return names, sets
    return [], [{}]


def _metrics(c, value, at, default=None):
    """Metric names: derived ones (sweep_metrics.DERIVED) or dotted statistics."""
    if value is None:
        return list(default or sweep_metrics.names())
    out = []
    for i, m in enumerate(c.sequence(value, at, "metrics")):
        m = c.text(m, at + (i,), "a metric")
        if not sweep_metrics.known(m):
            raise c.error(at + (i,), f"unknown metric {m!r} (derived: "
                          f"{', '.join(sweep_metrics.names())}; or a statistic, cpu0.instructions)")
        out.append(m)
    return out


def _plots(c, data, params, metrics):
    if "plot" not in data:
        return []
    value = data["plot"]
    specs = value if isinstance(value, list) else [value]
    out, names = [], set()
    for i, spec in enumerate(specs):
        at = ("plot", i) if isinstance(value, list) else ("plot",)
        c.mapping(spec, at, "a plot", PLOT_KEYS)
        if "x" not in spec:
            raise c.error(at, "a plot needs x (a parameter)")
        x = c.text(spec["x"], at + ("x",), "x")
        if x not in params:
            raise c.error(at + ("x",), f"x {x!r} is not a parameter of the grid or points")
        plot_metrics = _metrics(c, spec.get("metrics"), at + ("metrics",), metrics)
        name = c.text(spec.get("name", "plot" if len(specs) == 1 else f"plot{i + 1}"),
                      at + ("name",), "name", _NAME)
        if name in names:
            raise c.error(at + ("name",), f"plot name {name!r} used twice")
        names.add(name)
        out.append(Plot(x, plot_metrics, name))
    return out
