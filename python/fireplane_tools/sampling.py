"""Sampled simulation (docs/sampling.md): the metrics a sampled run estimates,
computed over a whole run's statistics with the same definitions as
Sampler::metric_table() in platform/session/sampler.cpp, and the estimates a
sampled run wrote (sampling.<metric>.estimate and .ci99_7)."""
import re
import sys

from . import simulator, stats

BUS_TYPES = ["RTS", "RTSA", "RTO", "RS", "WB", "WS"]
METRICS = ["cpi", "dcache_read_miss_rate", "ecache_miss_rate", "ecache_mpki",
           "branch_mispredict_rate", "bus_per_instruction"]


def _ratio(num, den, scale=1.0):
    return scale * num / den if den else float("nan")


def full_metrics(doc):
    """{metric: value} over every CPU's counters of a whole run."""
    flat = stats.flatten(doc)
    cpus = sorted({k.split(".")[0] for k in flat if re.fullmatch(r"cpu\d+\.instructions", k)})

    def total(name):
        return sum(flat.get(f"{c}.{name}", 0) for c in cpus)

    ins = total("instructions")
    return {
        "cpi": _ratio(total("cycles") - total("idle_cycles"), ins),
        "dcache_read_miss_rate": _ratio(total("counters.DC_rd_miss"), total("counters.DC_rd")),
        "ecache_miss_rate": _ratio(total("counters.EC_misses"), total("counters.EC_ref")),
        "ecache_mpki": _ratio(total("counters.EC_misses"), ins, 1000),
        "branch_mispredict_rate": _ratio(
            total("counters.IU_Stat_Br_miss_taken") + total("counters.IU_Stat_Br_miss_untaken"),
            total("counters.IU_Stat_Br_count_taken") + total("counters.IU_Stat_Br_count_untaken")),
        "bus_per_instruction": _ratio(sum(total(f"caches.bus.{t}") for t in BUS_TYPES), ins),
    }


def estimates(doc):
    """{metric: (estimate, half width of its 99.7% interval)} of a sampled run;
    NaN where the run had none (JSON writes NaN as null)."""
    def num(name):
        v = stats.number(doc, name)
        return float("nan") if v is None else float(v)

    return {m: (num(f"sampling.{m}.estimate"), num(f"sampling.{m}.ci99_7")) for m in METRICS}


def units(doc):
    return int(stats.number(doc, "sampling.units") or 0)


# ---- what the sampling checkers (tests/sampling) share ----

LIMIT_EXIT_CODE = 124  # --max-instructions ended the run: its statistics stand


def add_run_arguments(ap, sample=100000):
    """The machine, the run's length and the sampling parameters."""
    ap.add_argument("fireplane")
    ap.add_argument("--config")
    ap.add_argument("--max-instructions", type=int)
    ap.add_argument("--sample", type=int, default=sample)
    ap.add_argument("--unit", type=int, default=1000)
    ap.add_argument("--warmup", type=int, default=2000)
    ap.add_argument("--by", choices=["instructions", "work"], default="instructions")


def parse_with_program(ap, argv, name):
    """(options, program): the options before `--`, the program and its arguments after."""
    if "--" not in argv:
        sys.exit(f"usage: {name} FIREPLANE [OPTIONS] -- PROGRAM [ARGS...]")
    split = argv.index("--")
    return ap.parse_args(argv[:split]), argv[split + 1:]


def run_options(a):
    """(the run's limit, the sampling options) as fireplane options, from add_run_arguments'."""
    limit = ["--max-instructions", str(a.max_instructions)] if a.max_instructions else []
    sample = ["--sample", str(a.sample), "--sample-unit", str(a.unit),
              "--sample-warmup", str(a.warmup), "--sample-by", a.by]
    return limit, sample


def checked_run(fireplane, program, config, model, options, stats_file, sets=(),
                codes=(0, LIMIT_EXIT_CODE), quiet=True):
    """A run that must exit with one of codes and write statistics; exits the checker otherwise."""
    r = simulator.fireplane_run(fireplane, program, config=config, model=model, sets=sets,
                                stats=stats_file, options=options, quiet=quiet)
    if r.returncode not in codes or r.stats is None:
        r.echo()
        sys.exit(f"FAIL: {' '.join(r.cmd)} exited {r.returncode}")
    return r
