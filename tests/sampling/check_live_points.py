#!/usr/bin/python3
"""Checks live points (docs/sampling.md): a sampled run of PROGRAM saves a
library (--save-live-points); measuring the library (--live-points) must
give the same units, so bit-identical estimates, as the run that made it,
and with --jobs too, each process measuring its whole run of points (its
machine parks after every unit). With --other-set P=V, the library is measured again
under that setting and compared with a sampled run made directly under it:
one library serves other timing configurations. With --cold-set P=V (a
cache geometry the library was not saved with), every unit starts cold,
whichever process measures it: --jobs 1 and --jobs N give the same estimates.
With --clear-env the program starts with an empty environment, as on every
host, rather than with the host's (whose size moves the program's stack).

  check_live_points.py FIREPLANE [--config YAML] [--max-instructions N]
      [--sample N] [--unit N] [--warmup N] [--jobs N]
      [--other-set P=V] [--max-other-error 0.005] [--cold-set P=V] [--clear-env]
      -- PROGRAM [ARGS...]
"""
import argparse
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import sampling  # noqa: E402

def run(fireplane, program, config, sets, options, stats_file):
    """A detailed run with its statistics, host seconds and stderr; exits when it fails."""
    return sampling.checked_run(fireplane, program, config, "detailed", options, stats_file,
                                sets=sets, quiet=False)


def main():
    ap = argparse.ArgumentParser()
    sampling.add_run_arguments(ap, sample=1000000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--other-set")
    ap.add_argument("--max-other-error", type=float, default=0.005)
    ap.add_argument("--cold-set")
    ap.add_argument("--clear-env", action="store_true")
    a, program = sampling.parse_with_program(ap, sys.argv[1:], "check_live_points.py")
    limit, sample = sampling.run_options(a)
    # The runs of the program itself (the library's measurings name no program).
    program_runs = (["--clear-env"] if a.clear_env else []) + limit + sample
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        library = os.path.join(tmp, "points")
        made = run(a.fireplane, program, a.config, [], program_runs +
                   ["--save-live-points", library], os.path.join(tmp, "made.json"))
        want = sampling.estimates(made.stats)
        units = sampling.units(made.stats)
        points = [d for d in os.listdir(library) if d.startswith("p")]
        print(f"{os.path.basename(program[0])}: {units} units, {len(points)} live points "
              f"saved in {made.seconds:.1f} s")
        if units < 30 or len(points) != units:
            failures.append(f"{units} units and {len(points)} points: expected one per unit, "
                            "at least 30")
        for jobs in (1, a.jobs):
            used = run(a.fireplane, [], a.config, [], ["--live-points", library, "--jobs",
                                                       str(jobs)],
                       os.path.join(tmp, f"used{jobs}.json"))
            got = sampling.estimates(used.stats)
            print(f"  measured from the points, {jobs} at once: {sampling.units(used.stats)} "
                  f"units in {used.seconds:.2f} s")
            if sampling.units(used.stats) != units:
                failures.append(f"--jobs {jobs}: {sampling.units(used.stats)} units, not {units}")
            # One CPU, no unit at the program's end: every machine parks after every
            # unit, so each process measures its whole run of points.
            processes = re.search(r"at once, (\d+) processes\)", used.stderr)
            if not processes or int(processes.group(1)) != jobs:
                why = [line for line in used.stderr.splitlines() if "could not be parked" in line]
                failures.append(f"--jobs {jobs}: measured in "
                                f"{processes.group(1) if processes else 'an unknown number of'}"
                                f" processes, not {jobs}: a machine did not park" +
                                "".join("\n  " + line for line in why))
            for name, (est, ci) in want.items():
                g_est, g_ci = got[name]
                same = (est == g_est or (est != est and g_est != g_est)) and \
                       (ci == g_ci or (ci != ci and g_ci != g_ci))
                if not same:
                    failures.append(f"--jobs {jobs}: {name} {g_est!r} ± {g_ci!r}, the run that "
                                    f"saved the points {est!r} ± {ci!r}")
        if a.other_set:
            # The same library under another setting, against a sampled run made under it.
            direct = run(a.fireplane, program, a.config, [a.other_set], program_runs,
                         os.path.join(tmp, "direct.json"))
            other = run(a.fireplane, [], a.config, [a.other_set],
                        ["--live-points", library, "--jobs", str(a.jobs)],
                        os.path.join(tmp, "other.json"))
            d_cpi = sampling.estimates(direct.stats)["cpi"][0]
            o_cpi = sampling.estimates(other.stats)["cpi"][0]
            err = (o_cpi - d_cpi) / d_cpi
            print(f"  with {a.other_set}: CPI {o_cpi:.4f} from the points, {d_cpi:.4f} sampled "
                  f"directly ({100 * err:+.3f}%); the points' own CPI {want['cpi'][0]:.4f}")
            if not abs(err) <= a.max_other_error:
                failures.append(f"with {a.other_set}: CPI {o_cpi:.4f} from the points is "
                                f"{100 * err:.2f}% from the direct sampled run's {d_cpi:.4f}")
            if o_cpi == want["cpi"][0]:
                failures.append(f"with {a.other_set}: the CPI did not change")
        if a.cold_set:
            cold = {}
            for jobs in (1, a.jobs):
                r = run(a.fireplane, [], a.config, [a.cold_set],
                        ["--live-points", library, "--jobs", str(jobs)],
                        os.path.join(tmp, f"cold{jobs}.json"))
                cold[jobs] = sampling.estimates(r.stats)["cpi"][0]
                if "it starts cold" not in r.stderr:
                    failures.append(f"with {a.cold_set}, --jobs {jobs}: no note that the caches "
                                    "start cold")
            print(f"  with {a.cold_set}: CPI {cold[1]!r} (1 job), {cold[a.jobs]!r} "
                  f"({a.jobs} jobs), cold caches; the points' own {want['cpi'][0]:.4f}")
            if cold[1] != cold[a.jobs]:
                failures.append(f"with {a.cold_set}: CPI {cold[1]!r} with 1 job, "
                                f"{cold[a.jobs]!r} with {a.jobs}: a unit did not start cold")
            if cold[1] == want["cpi"][0]:
                failures.append(f"with {a.cold_set}: the CPI did not change")
    for f in failures:
        print("FAIL: " + f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
