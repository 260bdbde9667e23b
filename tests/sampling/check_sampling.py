#!/usr/bin/python3
"""Checks sampled simulation against the full run it estimates: runs PROGRAM
in the timed model from start to end (or to --max-instructions), then the
same run sampled (--sample), and compares each sampled metric with the full
run's value, computed here from the full run's statistics with the same
definitions (docs/sampling.md). Passes when the sampled CPI is within
--max-error of the full CPI and the full CPI lies inside the sampled
estimate's 99.7% confidence interval; with --all-inside, every metric's full
value must lie inside its interval too; with --contention, the sampled run
must have run contention stretches (sampling.stretches).

  check_sampling.py FIREPLANE [--config YAML] [--model detailed]
      [--max-instructions N] [--sample N] [--unit N] [--warmup N] [--warming N]
      [--max-error 0.02] [--all-inside] [--contention] -- PROGRAM [ARGS...]

Live points are checked by check_live_points.py.
"""
import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import sampling, stats  # noqa: E402


def run(fireplane, program, config, model, options, stats_file):
    """A run with its statistics and host seconds; exits when it fails. The program's
    environment is empty (--clear-env), so that the runs compared start from the same
    stack on any host (docs/sampling.md)."""
    r = sampling.checked_run(fireplane, program, config, model, ["--clear-env"] + options,
                             stats_file)
    return r.stats, r.seconds


def main():
    ap = argparse.ArgumentParser()
    sampling.add_run_arguments(ap)
    ap.add_argument("--model", default="detailed")
    ap.add_argument("--warming", type=int)
    ap.add_argument("--max-error", type=float, default=0.02)
    ap.add_argument("--all-inside", action="store_true")
    ap.add_argument("--contention", action="store_true")
    a, program = sampling.parse_with_program(ap, sys.argv[1:], "check_sampling.py")
    limit, sample_options = sampling.run_options(a)
    if a.warming:
        sample_options += ["--sample-warming", str(a.warming)]
    with tempfile.TemporaryDirectory() as tmp:
        full, full_s = run(a.fireplane, program, a.config, a.model, limit,
                           os.path.join(tmp, "full.json"))
        sampled, sampled_s = run(a.fireplane, program, a.config, a.model,
                                 limit + sample_options, os.path.join(tmp, "sampled.json"))
        failures = check(a, full, sampled, f"{os.path.basename(program[0])}: sampled",
                         full_s, sampled_s)
    for f in failures:
        print("FAIL: " + f)
    sys.exit(1 if failures else 0)


def check(a, full, sampled, title, full_s, sampled_s):
    """The sampled run's estimates against the full run's values: the failures."""
    truth = sampling.full_metrics(full)
    estimates = sampling.estimates(sampled)
    units = sampling.units(sampled)
    print(f"{title}: {units} units; full run {full_s:.1f} s, "
          f"sampled {sampled_s:.1f} s ({full_s / sampled_s:.1f}x)")
    print(f"  {'metric':24} {'full':>10} {'sampled':>10} {'±99.7%':>10} {'error':>8}")
    failures = []
    for name, value in truth.items():
        est, ci = estimates[name]
        err = (est - value) / value if value else float("nan")
        inside = abs(est - value) <= ci
        print(f"  {name:24} {value:10.5g} {est:10.5g} {ci:10.3g} {100 * err:7.2f}%"
              f"{'' if inside else '  outside the interval'}")
        if a.all_inside and name != "cpi" and not inside:
            failures.append(f"the full run's {name} {value:.5g} is outside the sampled "
                            f"{est:.5g} ± {ci:.3g}")
        if name == "cpi":
            if not abs(err) <= a.max_error:
                failures.append(f"sampled CPI {est:.4f} is {100 * err:.2f}% from the full "
                                f"run's {value:.4f} (at most {100 * a.max_error:.1f}%)")
            if not inside:
                failures.append(f"the full run's CPI {value:.4f} is outside the sampled "
                                f"{est:.4f} ± {ci:.4f}")
    stretches = stats.number(sampled, "sampling.stretches")
    if stretches:
        instructions = sum(stats.by_component(sampled, "instructions", "cpu").values())
        share = stats.number(sampled, "sampling.stretch_instructions") / max(1, instructions)
        print(f"  contention: {stretches:.0f} stretches, {100 * share:.1f}% of the instructions")
    if a.contention and not stretches:
        failures.append("the sampled run ran no contention stretch")
    if units < 30:
        failures.append(f"only {units} units: too few for an interval")
    return failures


if __name__ == "__main__":
    main()
