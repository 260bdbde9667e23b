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
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import argv, checks, machine, output, simulator, stats  # noqa: E402


def check_qemu(program, args, lines):
    proc = checks.echoed(simulator.qemu_run([program, *args]))
    ok = proc.returncode == 0
    for regex in lines:
        ok &= checks.line(output.has_line(regex, proc.stdout), f"a line matches {regex!r}")
    return 0 if ok else 1


def main():
    args = sys.argv[1:]
    if args and args[0] == "--qemu":
        args = args[1:]
        lines = argv.take(args, "--line")
        if not args:
            sys.exit(__doc__)
        return check_qemu(args[0], args[1:], lines)

    exprs = argv.take(args, "--check")
    sets = argv.take(args, "--set")
    model = argv.take_last(args, "--model", "detailed")
    if len(args) < 3 or not exprs:
        sys.exit(__doc__)
    fireplane, config_file, program, *prog_args = args

    with tempfile.TemporaryDirectory() as work:
        stats_file = os.path.join(work, "stats.json")
        proc = checks.echoed(simulator.fireplane_run(fireplane, [program, *prog_args],
                                                     config=config_file, model=model, sets=sets,
                                                     stats=stats_file))
        ok = proc.returncode == 0
        if checks.statistics(proc) is None:
            return 1
        regions = {}
        for k, name in output.regions(proc.stdout):
            try:
                regions[name] = stats.load(os.path.join(work, f"stats.dump{k}.json"))
            except (OSError, ValueError) as e:
                print(f"FAIL: region {name}: no statistics dump {k} ({e})")
                ok = False
    values = output.values(proc.stdout)
    try:
        config = machine.load(fireplane, config_file, sets)
    except RuntimeError:
        config = {}  # p() then says which parameter it could not read

    for expr in exprs:
        used = []

        def record(label, value):
            used.append(f"{label}={value:g}" if isinstance(value, (int, float)) else f"{label}={value}")
            return value

        env = {
            "s": lambda name: record(name, stats.value(proc.stats, name)),
            "r": lambda region, name: record(f"{region}:{name}",
                                             stats.value(regions[region], name)),
            "v": lambda name: record(name, values[name]),
            "p": lambda name: record(name, machine.parameter(config, name)),
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
        ok &= checks.line(passed, f"{expr}   [{', '.join(used)}]")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
