"""Statistics as `fireplane run --stats FILE` writes them: JSON nested by
component, each statistic a leaf {"value": N, "unit": ..., "desc": ...},
named with dots (cpu0.counters.DC_rd_miss, sim.instructions)."""
import json

from . import dotted

HOST = "host"  # the host's own figures (wall-clock seconds, MIPS): never the same twice


def load(path):
    """The statistics document of a --stats file (OSError, ValueError if unreadable)."""
    with open(path) as f:
        return json.load(f)


def _leaf(node):
    return isinstance(node, dict) and "value" in node and not isinstance(node["value"], dict)


def value(doc, name):
    """The value of the dotted statistic name; KeyError('no statistic NAME') if absent."""
    node = dotted.walk(doc, name, "statistic")
    if not _leaf(node):
        raise KeyError(f"no statistic {name}")
    return node["value"]


def get(doc, name, default=None):
    """value(), or default when the statistic is absent."""
    try:
        return value(doc, name)
    except KeyError:
        return default


def number(doc, name):
    """value() when it is a number (not a bool), else None: for figures that may be missing."""
    v = get(doc, name)
    return v if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def flatten(doc, prefix=""):
    """{"a": {"b": {"value": 1}}} -> {"a.b": 1}, every statistic by its dotted name."""
    if _leaf(doc):
        return {prefix: doc["value"]}
    if not isinstance(doc, dict):
        return {prefix: doc}
    out = {}
    for k, v in doc.items():
        out.update(flatten(v, f"{prefix}.{k}" if prefix else k))
    return out


def without_host(doc):
    """The document less the host's figures, so two runs of one simulation compare equal."""
    return {k: v for k, v in doc.items() if k != HOST}


def by_component(doc, name, prefix=""):
    """{component: value of component.name} over the top-level components whose
    name starts with prefix and that have the statistic (cpu0.syncs, cpu1.syncs...)."""
    out = {}
    for component in doc:
        if component.startswith(prefix):
            v = get(doc, f"{component}.{name}")
            if v is not None:
                out[component] = v
    return out
