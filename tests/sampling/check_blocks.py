#!/usr/bin/env python3
"""The timing models on compiled blocks give what they give one instruction
at a time: a run of PROGRAM with compiled blocks and with the interpreter
(simulation.compiled_blocks=false), on configs/uni.yaml or --config, gives the same exit code,
output and statistics, every one but the host's figures and the counts of
instructions run in blocks. Those must say the blocks ran: above 0 with
blocks, 0 without.

With --sample N, a sampled run: warming on blocks (models/cpu/warming_timing.h,
counted in sampling.block_instructions), and its units in the detailed model
on blocks too. Without, a full run of the detailed (or --model fixed) model,
whose blocks run ahead of its retirement (SparcCore::block_ahead, counted in
host.block_instructions).

  check_blocks.py FIREPLANE [--config FILE] [--model detailed|fixed] [--sample N]
                  [--max-instructions N] -- PROGRAM [ARGS...]
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import sampling, simulator, stats  # noqa: E402

RUNS = {"blocks": [], "interpreter": ["simulation.compiled_blocks=false"]}
WARMING = "sampling.block_instructions"
TIMED = "host.block_instructions"  # the host's figures: stripped before the comparison


def run(fireplane, sets, args, program, stats_file):
    """(exit code, stdout, statistics less the host's and the block counts,
    the count of the mode under test)."""
    options = ["--sample", str(args.sample)] if args.sample else []
    if args.max_instructions:
        options += ["--max-instructions", str(args.max_instructions)]
    r = sampling.checked_run(fireplane, program, args.config, args.model, options, stats_file,
                             sets=sets)
    flat = stats.flatten(stats.without_host(r.stats))
    warming = flat.pop(WARMING, None)
    count = warming if args.sample else stats.get(r.stats, TIMED)
    if count is None:
        sys.exit(f"FAIL: no statistic {WARMING if args.sample else TIMED}")
    return r.returncode, r.stdout, flat, count


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        sys.exit(__doc__)
    split = argv.index("--")
    ap = argparse.ArgumentParser()
    ap.add_argument("fireplane")
    ap.add_argument("--config", default=os.path.join(simulator.REPO_ROOT, "configs", "uni.yaml"))
    ap.add_argument("--model", default="detailed", choices=["detailed", "fixed"])
    ap.add_argument("--sample", type=int, default=0)
    ap.add_argument("--max-instructions", type=int, default=0)
    args = ap.parse_args(argv[:split])
    program = argv[split + 1:]
    with tempfile.TemporaryDirectory() as work:
        (rc_b, out_b, flat_b, n_b), (rc_i, out_i, flat_i, n_i) = (
            run(args.fireplane, sets, args, program, os.path.join(work, f"{name}.json"))
            for name, sets in RUNS.items())
    failures = []
    if (rc_b, out_b) != (rc_i, out_i):
        failures.append(f"exit code or output differ: {rc_b} (blocks) against {rc_i}")
    differ = [k for k in sorted(set(flat_b) | set(flat_i)) if flat_b.get(k) != flat_i.get(k)]
    if differ:
        failures.append(f"{len(differ)} statistics differ, such as:\n" + "\n".join(
            f"  {k}: {flat_b.get(k)} (blocks) against {flat_i.get(k)} (interpreter)"
            for k in differ[:10]))
    model = "warming" if args.sample else f"the {args.model} model"
    if not n_b > 0:
        failures.append(f"{model} ran no instruction in compiled blocks ({n_b})")
    if n_i != 0:
        failures.append(f"the interpreter's run counts {n_i} instructions in blocks")
    units = flat_b.get("sampling.units", 0)
    if args.sample and not units > 0:
        failures.append("no unit was measured")
    for f in failures:
        print(f"FAIL: {f}")
    if not failures:
        over = f" over {units:.0f} units" if args.sample else ""
        print(f"identical: exit code, output and {len(flat_b)} statistics{over}; "
              f"{n_b:.0f} instructions of {model} in compiled blocks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
