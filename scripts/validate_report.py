#!/usr/bin/env python3
"""The engine behind scripts/validate: runs the microbenchmark rows of
sw/microbench/rows.tsv (the paper's Tables 2 and 3 and the pipeline rows) on
the detailed model, compares each row's cycles with its target, and writes the
reports (Markdown, JSON, PNG).

scripts/validate parses the command line, builds, then calls this module with
normalised arguments (absolute paths). Run it directly only the same way:

  validate_report.py --root DIR --build-dir DIR --config FILE --out DIR [--jobs N]
                     [--rows ID,ID...]... [--set PARAM=V]... [--sweep PARAM=V1,V2...]...
                     [--check-only]

--check-only checks the arguments that need no build (row ids, --sweep and
--set syntax) and exits. Exit status: 0 when every row (every cell of a
sweep) passes, 1 when any fails or could not run, 2 for a usage error.

Every file written is deterministic: no dates, no host paths (paths are
relative to the repository root), rows in rows.tsv order whatever --jobs.
"""
import argparse
import concurrent.futures
import json
import math
import os
import re
import shutil
import sys
import tempfile
import textwrap
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "python"))
from fireplane_tools import checks, output, plotting, simulator, tables  # noqa: E402

ROWS_FILE = "sw/microbench/rows.tsv"
MODEL = "detailed"
TIMEOUT_S = 300  # per row; the slowest rows take about 2 s
TABLES = {"T2": "Table 2: latencies", "T3": "Table 3: store-buffer latencies",
          "P": "Pipeline: the UltraSPARC IIICu dispatch rules (cycles of 32 units)"}
SCOPE = "the paper's Tables 2 and 3 and the pipeline rows"


class UsageError(Exception):
    pass


# ---------------------------------------------------------------- rows and targets

class Row:
    def __init__(self, rid, program, lo, hi, name):
        self.id, self.program, self.lo, self.hi, self.name = rid, program, lo, hi, name
        self.range = checks.Range(lo, hi)

    @property
    def target(self):
        """The target as the paper writes it: 206-240, 1, 180+."""
        return self.range.text

    def passes(self, cycles):
        return cycles in self.range

    def miss(self, cycles):
        """How far cycles lies from the target: '86 below', '3 above', or ''."""
        return self.range.miss(cycles)


def read_rows(path):
    """rows.tsv: id, program, lo, hi ('inf' allowed), name; tab-separated, '#' comments."""
    rows = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            fields = line.split("\t")
            where = f"{ROWS_FILE}:{n}"
            if len(fields) != 5:
                raise RuntimeError(f"{where}: expected 5 tab-separated fields, found {len(fields)}")
            rid, program, lo, hi, name = (x.strip() for x in fields)
            try:
                lo = int(lo)
                hi = math.inf if hi == "inf" else int(hi)
            except ValueError:
                raise RuntimeError(f"{where}: lo and hi must be integers (hi may be 'inf')")
            if hi < lo:
                raise RuntimeError(f"{where}: hi {hi} below lo {lo}")
            if any(r.id == rid for r in rows):
                raise RuntimeError(f"{where}: row {rid} listed twice")
            rows.append(Row(rid, program, lo, hi, name))
    if not rows:
        raise RuntimeError(f"{ROWS_FILE}: no rows")
    return rows


def select_rows(rows, specs):
    """The rows named by --rows (comma lists, repeatable), in rows.tsv order."""
    if not specs:
        return rows
    wanted = []
    for spec in specs:
        for rid in spec.split(","):
            rid = rid.strip()
            if not rid:
                raise UsageError(f"--rows '{spec}': empty row id")
            if not any(r.id == rid for r in rows):
                known = ", ".join(r.id for r in rows)
                raise UsageError(f"--rows: no row '{rid}' in {ROWS_FILE} (rows: {known})")
            wanted.append(rid)
    return [r for r in rows if r.id in wanted]


PARAM_RE = re.compile(r"^[A-Za-z0-9_*?\[\]\-.]+$")


def parse_set(spec, option="--set"):
    param, sep, value = spec.partition("=")
    if not sep or not param or not value:
        raise UsageError(f"{option} '{spec}': expected PARAM=VALUE, e.g. 'fireplane.copyback=230ns'")
    if not PARAM_RE.match(param) or "." not in param:
        raise UsageError(f"{option} '{spec}': PARAM must be COMPONENT.PARAMETER, e.g. 'cpu*.latency.ecache_hit'")
    return param, value


def parse_sweep(spec):
    """--sweep PARAM=V1,V2,...: (param, [values])."""
    form = "expected PARAM=V1,V2,..., e.g. 'fireplane.copyback=200ns,230ns,260ns'"
    param, sep, values = spec.partition("=")
    if not sep or not param or not values:
        raise UsageError(f"--sweep '{spec}': {form}")
    if not PARAM_RE.match(param) or "." not in param:
        raise UsageError(f"--sweep '{spec}': PARAM must be COMPONENT.PARAMETER, e.g. 'cpu*.latency.ecache_hit'")
    values = [v.strip() for v in values.split(",")]
    if any(not v for v in values):
        raise UsageError(f"--sweep '{spec}': empty value; {form}")
    if len(set(values)) != len(values):
        raise UsageError(f"--sweep '{spec}': a value is listed twice")
    return param, values


# ---------------------------------------------------------------- running

class Runner:
    def __init__(self, root, build_dir, config, jobs):
        self.root, self.build_dir, self.config, self.jobs = root, build_dir, config, jobs
        self.fireplane = os.path.join(build_dir, "bin", "fireplane")
        self.binary = self.fireplane  # the private copy once snapshot() made it
        self.tmp = None

    def snapshot(self):
        """Runs every row on a private copy of the simulator, so a rebuild in the
        build dir while the suite runs (someone else's ninja) cannot mix two
        builds in one report. Checks the copy and the config with `dump-config`:
        a UsageError for a bad config, a RuntimeError if no working copy can be
        made (the binary half-written by a link: retried)."""
        self.tmp = tempfile.mkdtemp(prefix="fireplane-validate.")
        copy = os.path.join(self.tmp, "fireplane")
        why = ""
        for attempt in range(10):
            if attempt:
                time.sleep(2)
            try:
                shutil.copy2(self.fireplane, copy)
                proc = simulator.dump_config(copy, self.config, timeout=60)
            except OSError as e:
                why = e.strerror or str(e)
                continue
            except simulator.RunError as e:
                why = str(e)
                continue
            if proc.returncode == 0:
                self.binary = copy
                return
            msg = proc.last_error_line() or f"exit code {proc.returncode}"
            if proc.returncode > 0 and "error" in msg:
                raise UsageError(f"config {self.rel(self.config)}: {self.scrub(msg)}")
            why = f"exit code {proc.returncode}: {msg}"
        raise RuntimeError(f"{self.rel(self.fireplane)} does not run ({why})")

    def close(self):
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def rel(self, path):
        """path relative to the repository; under a build dir outside it, '<build-dir>/...'."""
        inside = lambda base: os.path.commonpath([base, path]) == base
        if not inside(self.root) and inside(self.build_dir):
            return os.path.normpath(os.path.join("<build-dir>", os.path.relpath(path, self.build_dir)))
        return os.path.relpath(path, self.root)

    def scrub(self, text):
        """A message with the repository's and the build dir's absolute paths made relative."""
        for base in sorted({self.build_dir, self.root}, key=len, reverse=True):
            text = text.replace(base + os.sep, "" if base == self.root else self.rel(base) + os.sep)
        return text

    def check_sets(self, sets):
        """Checks each --set PARAM=V against the machine with `fireplane dump-config`
        (unknown component or parameter, bad value): a UsageError if it fails."""
        for param, value in sets:
            proc = simulator.dump_config(self.binary, self.config, [f"{param}={value}"])
            if proc.returncode != 0:
                msg = proc.last_error_line() or f"exit {proc.returncode}"
                raise UsageError(f"'{param}={value}' on {self.rel(self.config)}: {self.scrub(msg)}")

    def run_row(self, row, sets):
        """Runs one row: {'simulated': cycles or None, 'pass': bool, 'note': str}."""
        program = os.path.join(self.build_dir, "sw", "microbench", row.program)
        result = {"simulated": None, "pass": False, "note": ""}
        if not os.access(program, os.X_OK):
            result["note"] = f"no program {self.rel(program)} (build target sw_microbench_{row.program})"
            return result
        try:
            proc = simulator.fireplane_run(self.binary, [program], config=self.config, model=MODEL,
                                           sets=[f"{p}={v}" for p, v in sets], cwd=self.build_dir,
                                           timeout=TIMEOUT_S)
        except simulator.Timeout as e:
            result["note"] = str(e)
            return result
        except simulator.RunError as e:
            result["note"] = f"could not run fireplane: {e}"
            return result
        report = output.MicrobenchReport(proc.stdout)
        result["simulated"] = report.cycles
        notes = []
        if proc.returncode != 0:
            how = f"killed by signal {-proc.returncode}" if proc.returncode < 0 else f"exit code {proc.returncode}"
            last = proc.last_error_line()
            notes.append(f"{how}" + (f": {self.scrub(last)[:120]}" if last else ""))
        if report.cycles is None:
            notes.append("no 'cycles' line in the output")
        elif report.row_id is not None and report.row_id != row.id:
            notes.append(f"the program reports row {report.row_id}")
        if notes:
            result["note"] = "; ".join(notes)
        else:
            result["pass"] = row.passes(result["simulated"])
            result["note"] = row.miss(result["simulated"])
        return result

    def run_all(self, tasks):
        """tasks: list of (row, sets); the results in the same order, run --jobs at a time."""
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as pool:
            return list(pool.map(lambda t: self.run_row(*t), tasks))


# ---------------------------------------------------------------- text output

def md_escape(text):
    return str(text).replace("|", "\\|")


def sets_text(sets):
    return ", ".join(f"`{p}={v}`" for p, v in sets) if sets else "none"


def reference(cells):
    """A sweep row's reference: the first cell's cycles (the first with a result)."""
    return next((c["simulated"] for c in cells if c["simulated"] is not None), None)


# ---------------------------------------------------------------- plots

def tex_safe(text):
    """Row names contain '$' (D$, E$), which matplotlib would read as mathtext."""
    return text.replace("$", r"\$")


def table_groups(rows):
    """[(title, [indices])] grouping rows by table (T2, T3, P, ...), in order."""
    groups = []
    for i, row in enumerate(rows):
        key = row.id.split(".")[0]
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(i)
    return [(TABLES.get(k, f"Table {k.lstrip('T')}"), idx) for k, idx in groups]


PASS_COLOUR, FAIL_COLOUR, TARGET_COLOUR = "#2e7d32", "#c62828", "#90a4ae"
XMIN, XMAX = 0.75, 400
TICKS = [1, 2, 5, 10, 20, 50, 100, 200, 300, 500, 1000, 2000, 5000]


def x_max(rows):
    """The plot's right end: XMAX, or room past the largest finite target (the
    pipeline rows' divides reach 2304)."""
    top = max((row.hi for row in rows if row.hi != math.inf), default=0)
    return max(XMAX, 1.4 * top)


def plot_validation(path, rows, results, title):
    plt = plotting.pyplot()  # without it, the PNG is skipped and a note says so
    if plt is None:
        return False
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    from matplotlib.ticker import FixedLocator, NullFormatter, NullLocator

    groups = table_groups(rows)
    xmax = x_max(rows)
    heights = [len(idx) + 0.3 for _, idx in groups]
    fig, axes = plt.subplots(len(groups), 1, figsize=(13, 1.2 + 0.34 * len(rows) + 0.75 * len(groups)), sharex=True,
                             gridspec_kw={"height_ratios": heights}, squeeze=False)
    axes = axes[:, 0]
    ticks = [t for t in TICKS if t < xmax]
    for ax, (group_title, idx) in zip(axes, groups):
        n = len(idx)
        ax.set_xscale("log")
        ax.set_xlim(XMIN, xmax)
        ax.set_ylim(n - 0.4, -0.6)
        ax.xaxis.set_major_locator(FixedLocator(ticks))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.xaxis.set_minor_formatter(NullFormatter())
        ax.set_xticklabels([str(t) for t in ticks])
        ax.tick_params(axis="x", labelbottom=True)
        ax.grid(axis="x", color="#e0e0e0", linewidth=0.8)
        ax.set_axisbelow(True)
        for y in range(n):
            if y % 2 == 0:
                ax.axhspan(y - 0.5, y + 0.5, color="#f5f5f5", zorder=0, linewidth=0)
        ax.set_yticks(range(n))
        ax.set_yticklabels([tex_safe(f"{rows[i].id}  {rows[i].name}") for i in idx], fontsize=9)
        ax.set_title(group_title, loc="left", fontsize=10, fontweight="bold")
        for y, i in enumerate(idx):
            row, res = rows[i], results[i]
            # The target: a band from lo to hi; a single value gets a narrow band around it.
            lo, hi = row.lo, row.hi
            if hi != math.inf and hi / lo < 1.14:  # too narrow to see: widen it around its middle
                mid = math.sqrt(lo * hi)
                lo, hi = mid / 1.07, mid * 1.07
            right = xmax if hi == math.inf else hi
            ax.barh(y, right - lo, left=lo, height=0.6, color=TARGET_COLOUR, alpha=0.55, zorder=1,
                    linewidth=0)
            if row.hi == math.inf:
                ax.annotate("", xy=(xmax, y), xytext=(xmax / 1.25, y), zorder=2,
                            arrowprops={"arrowstyle": "->", "color": "#546e7a", "lw": 1.2})
            colour = PASS_COLOUR if res["pass"] else FAIL_COLOUR
            sim = res["simulated"]
            # Right margin, a small table: simulated, target, result.
            for dx, text, colour_, weight in ((34, tables.cell(sim), colour, "bold"), (92, row.target, "#37474f", "normal"),
                                              (102, "pass" if res["pass"] else "FAIL", colour, "bold")):
                ax.annotate(text, xy=(1, y), xycoords=("axes fraction", "data"), xytext=(dx, 0),
                            textcoords="offset points", va="center", ha="right" if dx < 100 else "left",
                            fontsize=9, color=colour_, fontweight=weight, annotation_clip=False)
            if sim is None:
                ax.text(XMIN * 1.08, y, tex_safe(f"no result: {res['note']}"[:100]), va="center", ha="left",
                        fontsize=8, color=FAIL_COLOUR, style="italic", zorder=6,
                        bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.9, "pad": 1})
                continue
            x = min(max(sim, XMIN * 1.05), xmax / 1.05)
            if not res["pass"]:
                edge = row.lo if sim < row.lo else row.hi
                ax.plot([x, edge], [y, y], color=FAIL_COLOUR, linewidth=1.2, linestyle=(0, (3, 2)), zorder=3)
                gap = sim - edge
                mid = math.sqrt(x * edge)
                ax.text(mid, y - 0.3, f"{gap:+d}", ha="center", va="bottom", fontsize=8, color=FAIL_COLOUR,
                        zorder=4)
            marker = "<" if sim < XMIN * 1.05 else ">" if sim > xmax / 1.05 else ("o" if res["pass"] else "X")
            ax.plot([x], [y], marker=marker, markersize=8 if res["pass"] else 10, color=colour,
                    markeredgecolor="white", markeredgewidth=0.8, linestyle="none", zorder=5)
        for dx, text in ((34, "sim"), (92, "target")):
            ax.annotate(text, xy=(1, 1), xycoords="axes fraction", xytext=(dx, 3), textcoords="offset points",
                        va="bottom", ha="right", fontsize=8, color="#616161", annotation_clip=False)
    axes[-1].set_xlabel("CPU cycles (log scale)")
    handles = [Patch(color=TARGET_COLOUR, alpha=0.55, label="target"),
               Line2D([], [], marker="o", color=PASS_COLOUR, linestyle="none", markersize=8, label="simulated, pass"),
               Line2D([], [], marker="X", color=FAIL_COLOUR, linestyle="none", markersize=9,
                      label="simulated, fail (dashed: distance to the target)")]
    fig.legend(handles=handles, loc="lower center", ncol=3, frameon=False, fontsize=9)
    fig.suptitle(tex_safe(textwrap.fill(title, 120)), fontsize=12, fontweight="bold", x=0.02, ha="left")
    height = fig.get_figheight()
    fig.tight_layout(rect=(0, 0.4 / height, 1, 1 - 0.35 / height))
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)
    return True


def plot_sweeps(path, rows, sweeps, title):
    """One heatmap per sweep: rows x values, the cell showing the cycles; green
    pass, red fail; saturated where the row moves with the parameter, pale where
    it does not."""
    plt = plotting.pyplot()  # without it, the PNG is skipped and a note says so
    if plt is None:
        return False
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    # 0 pass steady, 1 pass moving, 2 fail steady, 3 fail moving, 4 no result
    cmap = ListedColormap(["#e8f5e9", "#66bb6a", "#ffebee", "#ef5350", "#bdbdbd"])
    n = len(rows)
    widths = [max(2.2, 0.95 * len(s["values"])) for s in sweeps]
    fig_width = max(9.0, 5.2 + sum(widths))
    fig, axes = plt.subplots(1, len(sweeps), figsize=(fig_width, 2.3 + 0.32 * n), squeeze=False,
                             gridspec_kw={"width_ratios": widths})
    axes = axes[0]
    for k, (ax, sweep) in enumerate(zip(axes, sweeps)):
        values = sweep["values"]
        grid = []
        for i, cells in enumerate(sweep["cells"]):
            moves = sweep["moves"][i]
            line = []
            for cell in cells:
                if cell["simulated"] is None:
                    line.append(4)
                else:
                    line.append((0 if cell["pass"] else 2) + (1 if moves else 0))
            grid.append(line)
        ax.imshow(grid, cmap=cmap, vmin=-0.5, vmax=4.5, aspect="auto", interpolation="nearest")
        for i, cells in enumerate(sweep["cells"]):
            first = reference(cells)
            for j, cell in enumerate(cells):
                sim = cell["simulated"]
                changed = sim is not None and sim != first
                ax.text(j, i, tables.cell(sim), ha="center", va="center", fontsize=8.5,
                        fontweight="bold" if changed else "normal",
                        color="#212121" if sweep["moves"][i] else "#757575")
        ax.set_xticks(range(len(values)))
        ax.set_xticklabels(values, fontsize=9)
        ax.xaxis.set_ticks_position("top")
        ax.set_xticks([x - 0.5 for x in range(1, len(values))], minor=True)
        ax.set_yticks([y - 0.5 for y in range(1, n)], minor=True)
        ax.grid(which="minor", color="white", linewidth=1.5)
        ax.tick_params(which="minor", length=0)
        ax.set_yticks(range(n))
        if k == 0:
            labels = []
            for i, row in enumerate(rows):
                labels.append(tex_safe(f"{row.id}  {row.name}  [{row.target}]"))
            ax.set_yticklabels(labels, fontsize=8.5)
            for i, lab in enumerate(ax.get_yticklabels()):
                if any(s["moves"][i] for s in sweeps):
                    lab.set_fontweight("bold")
        else:
            ax.set_yticklabels([])
        ax.tick_params(axis="both", which="major", length=0)
        ax.set_title(tex_safe(sweep["param"]), fontsize=10, fontweight="bold")
        ax.set_xlabel(f"{sum(sweep['moves'])} of {n} rows move", fontsize=9)
        for spine in ax.spines.values():
            spine.set_visible(False)
    handles = [Patch(color=cmap(1), label="pass, row moves"), Patch(color=cmap(0), label="pass, row steady"),
               Patch(color=cmap(3), label="fail, row moves"), Patch(color=cmap(2), label="fail, row steady"),
               Patch(color=cmap(4), label="no result")]
    fig.legend(handles=handles, loc="lower center", ncol=5, frameon=False, fontsize=8.5)
    fig.suptitle(tex_safe(textwrap.fill(title, int(fig_width * 9))), fontsize=11, fontweight="bold", x=0.02,
                 ha="left")
    height = fig.get_figheight()
    fig.tight_layout(rect=(0, 0.4 / height, 0.99, 1 - 0.35 / height))
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)
    return True


# ---------------------------------------------------------------- the two modes

def validate(runner, rows, sets, out):
    t0 = time.perf_counter()
    results = runner.run_all([(row, sets) for row in rows])
    elapsed = time.perf_counter() - t0
    passed = sum(r["pass"] for r in results)
    failed = len(rows) - passed
    config = runner.rel(runner.config)

    lines = [[row.id, row.name, tables.cell(res["simulated"]), row.target, "pass" if res["pass"] else "FAIL",
              res["note"]] for row, res in zip(rows, results)]
    print(f"Fireplane validation: {config}, {MODEL} model, overrides: {sets_text(sets).replace('`', '')}")
    for text in tables.aligned(["id", "row", "simulated", "target", "result", "note"], lines, right=(2, 3)):
        print(text)

    os.makedirs(out, exist_ok=True)
    md = [f"# Fireplane validation: {SCOPE}", "",
          f"Config `{config}`, {MODEL} model, overrides: {sets_text(sets)}. Rows and targets: `{ROWS_FILE}` "
          "(the memory-modelling paper's Tables 2 and 3, and the pipeline rows, whose targets follow from the "
          "dispatch rules; `docs/validation.md`), in CPU cycles. Written by `scripts/validate`.",
          "", "| id | row | simulated | target | result | note |", "| --- | --- | ---: | ---: | --- | --- |"]
    for line in lines:
        md.append("| " + " | ".join(md_escape(c) for c in line) + " |")
    md += ["", f"{passed} passed, {failed} failed", ""]
    with open(os.path.join(out, "validation.md"), "w") as f:
        f.write("\n".join(md))
    doc = {"config": config, "model": MODEL, "set": [f"{p}={v}" for p, v in sets], "rows_file": ROWS_FILE,
           "rows": [{"id": row.id, "name": row.name, "program": row.program, "simulated": res["simulated"],
                     "lo": row.lo, "hi": None if row.hi == math.inf else row.hi, "target": row.target,
                     "pass": res["pass"], "note": res["note"]} for row, res in zip(rows, results)],
           "passed": passed, "failed": failed}
    with open(os.path.join(out, "validation.json"), "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    title = f"Fireplane validation: {passed} of {len(rows)} rows pass  ({config}, {MODEL} model" + \
            (f", {', '.join(f'{p}={v}' for p, v in sets)})" if sets else ")")
    png = plot_validation(os.path.join(out, "validation.png"), rows, results, title)

    written = ["validation.md", "validation.json"] + (["validation.png"] if png else [])
    print()
    print(f"{len(rows)} rows in {elapsed:.1f} s ({runner.jobs} jobs); wrote {', '.join(written)} "
          f"in {os.path.relpath(out)}")
    if not png:
        print("note: no validation.png: matplotlib is missing (scripts/setup installs python3-matplotlib)")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def sweep(runner, rows, sets, sweeps, out):
    t0 = time.perf_counter()
    tasks = []
    for param, values in sweeps:
        for value in values:
            extra = [(p, v) for p, v in sets if p != param] + [(param, value)]
            tasks += [(row, extra) for row in rows]
    flat = runner.run_all(tasks)
    elapsed = time.perf_counter() - t0
    config = runner.rel(runner.config)

    docs, k = [], 0
    for param, values in sweeps:
        columns = []
        for _ in values:
            columns.append(flat[k:k + len(rows)])
            k += len(rows)
        cells = [[columns[j][i] for j in range(len(values))] for i in range(len(rows))]
        # A row moves when its cells (those with a result) differ.
        moves = [len({c["simulated"] for c in cs if c["simulated"] is not None}) > 1 for cs in cells]
        totals = [{"value": v, "passed": sum(c["pass"] for c in col), "failed": sum(not c["pass"] for c in col)}
                  for v, col in zip(values, columns)]
        docs.append({"param": param, "values": values, "cells": cells, "moves": moves, "totals": totals})

    os.makedirs(out, exist_ok=True)
    md = [f"# Fireplane parameter sweep over {SCOPE}", "",
          f"Config `{config}`, {MODEL} model, fixed overrides: {sets_text(sets)}. Rows and targets: "
          f"`{ROWS_FILE}`, in CPU cycles. Written by `scripts/validate --sweep`. Each cell: simulated cycles, "
          "pass or FAIL; `*` marks a value that differs from the first column's. A row *moves* when its "
          "cells do not all show the same cycles.", ""]
    passed = failed = 0
    for d in docs:
        values = d["values"]
        moving = sum(d["moves"])
        head = f"sweep {d['param']}: {len(values)} values, {moving} of {len(rows)} rows move"
        print(f"{head} ({config}, {MODEL} model; * = differs from {values[0]})")
        lines = []
        for row, cs, mv in zip(rows, d["cells"], d["moves"]):
            line = [row.id, row.name, row.target, "moves" if mv else ""]
            first = reference(cs)
            for c in cs:
                star = "*" if c["simulated"] is not None and c["simulated"] != first else ""
                line.append((tables.cell(c["simulated"]), star, "pass" if c["pass"] else "FAIL"))
            lines.append(line)
        # Terminal cells "217* pass", the numbers right-aligned within each column.
        text_lines = [line[:4] for line in lines]
        for j in range(len(values)):
            w = max(len(line[4 + j][0]) for line in lines)
            for line, text_line in zip(lines, text_lines):
                num, star, verdict = line[4 + j]
                text_line.append(f"{num:>{w}}{star or ' '} {verdict}")
        totals = ["", "passed / failed", "", ""] + [f"{t['passed']} / {t['failed']}" for t in d["totals"]]
        for text in tables.aligned(["id", "row", "target", ""] + values, text_lines + [totals], right=(2,)):
            print(text)
        notes = [(row, v, c["note"]) for row, cs in zip(rows, d["cells"]) for v, c in zip(values, cs)
                 if c["simulated"] is None]
        for row, v, note in notes:
            print(f"note: {row.id} at {d['param']}={v}: {note}")
        print()
        md += [f"## `{d['param']}`", "", f"{moving} of {len(rows)} rows move.", "",
               "| id | row | target | moves | " + " | ".join(f"`{md_escape(v)}`" for v in values) + " |",
               "| --- | --- | ---: | --- | " + " | ".join("---:" for _ in values) + " |"]
        for line in lines:
            cells = [md_escape(c) for c in line[:4]]
            cells += [num + ("\\*" if star else "") + " " + verdict for num, star, verdict in line[4:]]
            md.append("| " + " | ".join(cells) + " |")
        md.append("| | passed / failed | | | " + " | ".join(totals[4:]) + " |")
        for row, v, note in notes:
            md.append(f"\n{row.id} at `{d['param']}={v}`: {md_escape(note)}")
        md.append("")
        passed += sum(t["passed"] for t in d["totals"])
        failed += sum(t["failed"] for t in d["totals"])
    md += [f"{passed} passed, {failed} failed (cells)", ""]
    with open(os.path.join(out, "sweep.md"), "w") as f:
        f.write("\n".join(md))
    json_doc = {"config": config, "model": MODEL, "set": [f"{p}={v}" for p, v in sets], "rows_file": ROWS_FILE,
                "sweeps": [{"param": d["param"], "values": d["values"], "totals": d["totals"],
                            "rows": [{"id": row.id, "name": row.name, "program": row.program, "lo": row.lo,
                                      "hi": None if row.hi == math.inf else row.hi, "target": row.target,
                                      "moves": mv,
                                      "cells": [{"value": v, **c} for v, c in zip(d["values"], cs)]}
                                     for row, cs, mv in zip(rows, d["cells"], d["moves"])]}
                           for d in docs],
                "passed": passed, "failed": failed}
    with open(os.path.join(out, "sweep.json"), "w") as f:
        json.dump(json_doc, f, indent=2)
        f.write("\n")
    title = f"Fireplane parameter sweep ({config}, {MODEL} model" + \
            (f", {', '.join(f'{p}={v}' for p, v in sets)})" if sets else ")") + \
            ": simulated cycles per row and value"
    png = plot_sweeps(os.path.join(out, "sweep.png"), rows, docs, title)
    written = ["sweep.md", "sweep.json"] + (["sweep.png"] if png else [])
    print(f"{len(tasks)} runs in {elapsed:.1f} s ({runner.jobs} jobs); wrote {', '.join(written)} "
          f"in {os.path.relpath(out)}")
    if not png:
        print("note: no sweep.png: matplotlib is missing (scripts/setup installs python3-matplotlib)")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def main(argv):
    ap = argparse.ArgumentParser(prog="validate_report.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--build-dir", required=True)
    ap.add_argument("--config", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--rows", action="append", default=[])
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--sweep", action="append", default=[])
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args(argv)
    root = os.path.realpath(args.root)
    runner = None
    try:
        try:
            all_rows = read_rows(os.path.join(root, ROWS_FILE))
        except (OSError, RuntimeError) as e:
            print(f"validate: {e}", file=sys.stderr)
            return 1
        if args.jobs < 1:
            raise UsageError("--jobs needs a positive integer")
        rows = select_rows(all_rows, args.rows)
        sets = [parse_set(s) for s in args.set]
        sweeps = [parse_sweep(s) for s in args.sweep]
        params = [p for p, _ in sweeps]
        if len(set(params)) != len(params):
            raise UsageError("--sweep: a parameter is swept twice")
        if args.check_only:
            return 0
        runner = Runner(root, os.path.realpath(args.build_dir), os.path.realpath(args.config), args.jobs)
        if not os.access(runner.fireplane, os.X_OK):
            print(f"validate: no simulator at {os.path.relpath(runner.fireplane)} (build it, or drop --no-build)",
                  file=sys.stderr)
            return 1
        try:
            runner.snapshot()
            runner.check_sets(sets + [(p, v) for p, vs in sweeps for v in vs])
        except RuntimeError as e:
            print(f"validate: {e}", file=sys.stderr)
            return 1
        out = os.path.realpath(args.out)
        if sweeps:
            return sweep(runner, rows, sets, sweeps, out)
        return validate(runner, rows, sets, out)
    except UsageError as e:
        print(f"validate: {e}", file=sys.stderr)
        return 2
    finally:
        if runner is not None:
            runner.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
