"""Nested dicts by dotted name: a statistic (cpu0.counters.DC_rd) or a machine
parameter (cpu0.latency.wcache_move) is a walk down its JSON or YAML document."""


def walk(doc, name, what):
    """doc["a"]["b"]["c"] for the name 'a.b.c'; KeyError('no WHAT NAME') where
    the walk ends early."""
    node = doc
    for part in name.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"no {what} {name}")
        node = node[part]
    return node
