"""The resolved machine `fireplane dump-config` prints, read without a YAML
library: the simulator writes block mappings of `key: scalar  # comment`,
two spaces an indent level, which is all this reader understands."""
import json
import re

from . import dotted, simulator

_KEY = re.compile(r"^( *)([^\s:#][^:]*):(?: +(.*))?$")
_INT = re.compile(r"[-+]?[0-9]+")
_HEX = re.compile(r"[-+]?0x[0-9a-fA-F]+")  # addresses (base: 0x1fff0000000)
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")
_WORDS = {"true": True, "false": False, "null": None, "~": None}


def scalar(text):
    """A plain scalar as YAML reads it: int (decimal or hex), float, bool, None, else
    the string."""
    if text.lower() in _WORDS:
        return _WORDS[text.lower()]
    if _INT.fullmatch(text):
        return int(text)
    if _HEX.fullmatch(text):
        return int(text, 16)
    if _FLOAT.fullmatch(text):
        return float(text)
    return text


def _value(text, where):
    """The value after `key: `, its comment dropped; quoted strings stay strings."""
    if text.startswith('"'):
        s, end = json.JSONDecoder().raw_decode(text)  # YAML's double quotes escape as JSON's
        rest = text[end:]
    elif text.startswith("'"):
        m = re.match(r"'((?:[^']|'')*)'", text)
        if not m:
            raise ValueError(f"{where}: unterminated quote")
        s, rest = m.group(1).replace("''", "'"), text[m.end():]
    else:
        return scalar(re.split(r"\s+#", text, maxsplit=1)[0].strip())
    if rest.strip() and not rest.strip().startswith("#"):
        raise ValueError(f"{where}: text after a quoted value")
    return s


def parse(text):
    """The nested dict of dump-config's text; ValueError naming a line it cannot read."""
    root = {}
    stack = [(-1, root)]  # (indent, mapping) of the open mappings
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _KEY.match(line.rstrip())
        if not m:
            raise ValueError(f"line {n}: not 'key: value': {line!r}")
        indent, key, rest = len(m.group(1)), m.group(2), m.group(3)
        while indent <= stack[-1][0]:
            stack.pop()
        parent = stack[-1][1]
        if rest is None or rest.startswith("#"):
            parent[key] = {}
            stack.append((indent, parent[key]))
        else:
            parent[key] = _value(rest, f"line {n}")
    return root


def parameter(doc, name):
    """A dotted parameter: a component's (cpu0.latency.wcache_move, looked up
    under components:) or a top-level section's (simulation.quantum)."""
    components = doc.get("components", {})
    return dotted.walk(components if name.split(".")[0] in components else doc, name,
                       "parameter")


def load(fireplane, config, sets=()):
    """The machine of CONFIG with --set overrides, as fireplane resolves it;
    RuntimeError with fireplane's message when it refuses them."""
    result = simulator.dump_config(fireplane, config, sets)
    if result.returncode != 0:
        raise RuntimeError(result.last_error_line() or f"dump-config exit code {result.returncode}")
    return parse(result.stdout)
