"""Experiment folders that `fireplane collect` writes (docs/experiment-format.md):
experiment.json, packets.tsv and, with --exact, exact.tsv."""
import collections
import json
import os

from . import tables


def info(folder):
    """experiment.json: the program, clock, skid, counters and packet count."""
    with open(os.path.join(folder, "experiment.json")) as f:
        return json.load(f)


def packets(folder):
    """packets.tsv as dicts (counter, cpu, tid, cycle, pc, cand_pc, cand_ea, true_pc,
    true_ea, stack), every cell a string as written."""
    return tables.read_tsv(os.path.join(folder, "packets.tsv"))


def exact(folder):
    """{counter index: {pc: count}} from exact.tsv; empty without --exact."""
    out = collections.defaultdict(dict)
    path = os.path.join(folder, "exact.tsv")
    if os.path.exists(path):
        for r in tables.read_tsv(path):
            out[int(r["counter"])][int(r["pc"], 16)] = int(r["count"])
    return out


def load(folder):
    """(info, packets, exact) of an experiment folder."""
    return info(folder), packets(folder), exact(folder)
