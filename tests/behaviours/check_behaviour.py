#!/usr/bin/env python3
"""Runs one behaviour program (sw/behaviours) on fireplane and checks relations
between its statistics, the numbers it prints and the machine's parameters.

usage: check_behaviour.py FIREPLANE CONFIG PROGRAM [ARGS...] [--model MODEL] [--set NAME=VALUE ...]
                          --check EXPR [--check EXPR ...]
       check_behaviour.py --qemu PROGRAM [ARGS...] [--line REGEX ...]

The first form runs `FIREPLANE run -q --config CONFIG --model MODEL --set ... --stats FILE
-- PROGRAM ARGS` (MODEL defaults to detailed) and passes when the program exits 0 and
every EXPR, a Python expression, is true. In an EXPR:
  s("cpu0.counters.Rstall_storeQ")  a statistic of the run: of its region of interest
                                     when the program marks one (fireplane_magic.h)
  r("cas_S", "cpu1.counters.EC_snoop_inv")
                                     a statistic of a named region: the program prints
                                     `region K NAME` for the K-th statistics dump it asks
                                     for (FIREPLANE_STATS_DUMP), which covers that region
  v("cycles")                        the number the program printed as `value cycles N`
  p("cpu0.latency.wcache_move")      a parameter of the machine, as `fireplane dump-config`
                                     resolves it with the same CONFIG and --set
  abs, min, max                      as in Python
Each check prints `ok`/`FAIL`, the expression and every value it read.

The second form runs PROGRAM under qemu-sparc64 and passes when it exits 0 and
every REGEX matches a line of its output: cycle counts mean nothing there.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

TIMEOUT_S = 120


def take(args, flag, arity=1):
    """Removes every `flag V...` from args; returns the list of values (tuples if arity > 1)."""
    found = []
    while flag in args:
        i = args.index(flag)
        vals = args[i + 1:i + 1 + arity]
        if len(vals) < arity:
            sys.exit(f"{flag} needs {arity} argument(s)")
        found.append(vals[0] if arity == 1 else tuple(vals))
        del args[i:i + 1 + arity]
    return found


def run(cmd):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT_S)
    sys.stdout.write(proc.stdout)
    sys.stderr.write(proc.stderr)
    if proc.returncode != 0:
        print(f"FAIL: exit code {proc.returncode} from {' '.join(cmd)}")
    return proc


def check_qemu(program, args, lines):
    proc = run(["qemu-sparc64", program, *args])
    ok = proc.returncode == 0
    for regex in lines:
        found = re.search(regex, proc.stdout, re.M) is not None
        print(f"{'ok  ' if found else 'FAIL'} a line matches {regex!r}")
        ok &= found
    return 0 if ok else 1


def stat_value(stats, name):
    node = stats
    for part in name.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"no statistic {name}")
        node = node[part]
    if not isinstance(node, dict) or "value" not in node:
        raise KeyError(f"no statistic {name}")
    return node["value"]


def param_value(config, name):
    node = config["components"] if name.split(".")[0] in config.get("components", {}) else config
    for part in name.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(f"no parameter {name}")
        node = node[part]
    return node


def main():
    args = sys.argv[1:]
    if args and args[0] == "--qemu":
        args = args[1:]
        lines = take(args, "--line")
        if not args:
            sys.exit(__doc__)
        return check_qemu(args[0], args[1:], lines)

    checks = take(args, "--check")
    sets = take(args, "--set")
    models = take(args, "--model")
    model = models[-1] if models else "detailed"
    if len(args) < 3 or not checks:
        sys.exit(__doc__)
    fireplane, config_file, program, *prog_args = args
    set_args = [a for s in sets for a in ("--set", s)]

    with tempfile.TemporaryDirectory() as work:
        stats_file = os.path.join(work, "stats.json")
        proc = run([fireplane, "run", "-q", "--config", config_file, "--model", model, *set_args, "--stats",
                    stats_file, "--", program, *prog_args])
        ok = proc.returncode == 0
        try:
            with open(stats_file) as f:
                stats = json.load(f)
        except (OSError, ValueError) as e:
            print(f"FAIL: no statistics ({e})")
            return 1
        regions = {}
        for k, name in re.findall(r"^region (\d+) (\S+)$", proc.stdout, re.M):
            dump = os.path.join(work, f"stats.dump{k}.json")
            try:
                with open(dump) as f:
                    regions[name] = json.load(f)
            except (OSError, ValueError) as e:
                print(f"FAIL: region {name}: no statistics dump {k} ({e})")
                ok = False
    values = {m.group(1): int(m.group(2)) for m in re.finditer(r"^value (\S+) (-?\d+)$", proc.stdout, re.M)}
    dump = subprocess.run([fireplane, "dump-config", "--config", config_file, *set_args], capture_output=True,
                          text=True, timeout=TIMEOUT_S)
    config = yaml.safe_load(dump.stdout) if dump.returncode == 0 else {}

    for expr in checks:
        used = []

        def record(label, value):
            used.append(f"{label}={value:g}" if isinstance(value, (int, float)) else f"{label}={value}")
            return value

        env = {
            "s": lambda name: record(name, stat_value(stats, name)),
            "r": lambda region, name: record(f"{region}:{name}", stat_value(regions[region], name)),
            "v": lambda name: record(name, values[name]),
            "p": lambda name: record(name, param_value(config, name)),
            "abs": abs,
            "min": min,
            "max": max,
        }
        try:
            passed = bool(eval(expr, {"__builtins__": {}}, env))
        except Exception as e:  # a missing statistic, value or region is a failure, said plainly
            print(f"FAIL {expr}: cannot evaluate ({type(e).__name__}: {e})")
            ok = False
            continue
        print(f"{'ok  ' if passed else 'FAIL'} {expr}   [{', '.join(used)}]")
        ok &= passed
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
