"""A sweep's results in one place: OUT/results.csv (a row per point), the
pictures the manifest asks for, and the report of the points that failed or
never ran, each with the end of its log.

It reads only OUT/sweep.json and the points' folders, so it runs as well on a
SLURM node after the array job as here after the local processes.
"""
import csv
import io
import os

from . import plotting, stats, sweep_metrics, sweep_plan, sweep_points

RESULTS = "results.csv"
FIXED_COLUMNS = ["program"]  # then the parameters, then STATUS_COLUMNS
STATUS_COLUMNS = ["key", "status", "exit_code"]


class CollectError(Exception):
    """A folder that is not a sweep's: one line."""


class Collection:
    def __init__(self, sweep, out_dir, rows, columns):
        self.sweep, self.out_dir, self.rows, self.columns = sweep, out_dir, rows, columns

    def unfinished(self):
        """The rows of points that failed or never ran."""
        return [r for r in self.rows if r["status"] != sweep_points.DONE]


def load_sweep(out_dir):
    doc = sweep_points.read_json(os.path.join(out_dir, sweep_plan.SWEEP_FILE))
    if not isinstance(doc, dict) or "points" not in doc:
        raise CollectError(f"{out_dir}: not a sweep's folder (no readable "
                           f"{sweep_plan.SWEEP_FILE})")
    return doc


def _cell(value):
    """A CSV cell: floats to 6 significant digits, nothing for no value."""
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.6g}"
    return value


def collect(out_dir):
    """The Collection of the sweep in out_dir: one row per manifest point with
    its parameters, status, derived metrics and every statistic but the host's."""
    sweep = load_sweep(out_dir)
    rows, stat_names = [], set()
    for entry in sweep["points"]:
        point_dir = os.path.join(out_dir, sweep_plan.POINTS_DIR, entry["key"])
        status = sweep_points.status(point_dir) or {"state": sweep_points.PENDING}
        row = {"program": entry["program"], **entry["params"], "key": entry["key"],
               "status": status["state"], "exit_code": status.get("exit_code"),
               "_dir": point_dir, "_reason": status.get("reason")}
        doc = sweep_points.read_json(sweep_points.paths(point_dir)["stats"]) \
            if status["state"] == sweep_points.DONE else None
        if isinstance(doc, dict):
            row.update(sweep_metrics.derive(doc))
            flat = {k: v for k, v in stats.flatten(stats.without_host(doc)).items()
                    if isinstance(v, (int, float)) and not isinstance(v, bool)}
            stat_names.update(flat)
            row.update(flat)
        rows.append(row)
    columns = FIXED_COLUMNS + sweep["params"] + STATUS_COLUMNS + sweep_metrics.names() + \
        sorted(stat_names - set(sweep_metrics.names()))
    return Collection(sweep, out_dir, rows, columns)


def write_csv(collection):
    """OUT/results.csv, written whole or not at all; returns its path."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(collection.columns)
    for row in collection.rows:
        w.writerow([_cell(row.get(c)) for c in collection.columns])
    path = os.path.join(collection.out_dir, RESULTS)
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(buf.getvalue())
    os.replace(tmp, path)
    return path


def _label(row, params):
    return " ".join(f"{p}={row[p]}" for p in params if p in row) or "(base)"


def report(collection):
    """Lines for the person who ran the sweep: the counts, then each failed
    or missing point with the reason and the end of its log."""
    rows = collection.rows
    params = collection.sweep["params"]
    counts = {s: sum(r["status"] == s for r in rows)
              for s in (sweep_points.DONE, sweep_points.FAILED, sweep_points.PENDING)}
    lines = [f"sweep {collection.sweep['name']}: {len(rows)} points: "
             f"{counts['done']} done, {counts['failed']} failed, {counts['pending']} not run"]
    for r in collection.unfinished():
        where = os.path.relpath(r["_dir"], collection.out_dir)
        if r["status"] == sweep_points.FAILED:
            lines.append(f"FAILED  {r['program']} {_label(r, params)} ({where}): {r['_reason']}")
            lines += ["    | " + line for line in sweep_points.log_tail(r["_dir"])]
        else:
            lines.append(f"NOT RUN {r['program']} {_label(r, params)} ({where}): no status "
                         "(not started, still running, or killed: see its log.txt and slurm/)")
    return lines


def _number(row, metric):
    v = row.get(metric)
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def plot(collection, tool="sweep"):
    """One PNG per manifest plot, OUT/NAME.png: a panel per metric (rows) and
    program (columns), the metric against the plot's x, a line per combination
    of the other parameters. Returns the paths written (none without matplotlib)."""
    specs = collection.sweep.get("plots", [])
    if not specs:
        return []
    plt = plotting.pyplot(tool)
    if plt is None:
        return []
    params = collection.sweep["params"]
    programs = list(dict.fromkeys(r["program"] for r in collection.rows))
    written = []
    for spec in specs:
        x, metrics = spec["x"], spec["metrics"]
        others = [p for p in params if p != x]
        x_values = list(dict.fromkeys(r[x] for r in collection.rows if x in r))
        fig, axes = plt.subplots(len(metrics), len(programs), squeeze=False,
                                 figsize=(3.6 * len(programs) + 0.8, 2.8 * len(metrics) + 0.6))
        for col, program in enumerate(programs):
            mine = [r for r in collection.rows if r["program"] == program and x in r]
            lines = list(dict.fromkeys(_label(r, others) for r in mine))
            for row_i, metric in enumerate(metrics):
                ax = axes[row_i][col]
                for line in lines:
                    points = [(x_values.index(r[x]), _number(r, metric)) for r in mine
                              if _label(r, others) == line]
                    points = sorted((i, y) for i, y in points if y is not None)
                    if points:
                        ax.plot([i for i, _ in points], [y for _, y in points], marker="o",
                                label=line if others else None)
                ax.set_xticks(range(len(x_values)))
                ax.set_xticklabels(x_values, fontsize=8)
                ax.tick_params(axis="y", labelsize=8)
                ax.grid(True, alpha=0.3)
                if row_i == 0:
                    ax.set_title(program, fontsize=10)
                if row_i == len(metrics) - 1:
                    ax.set_xlabel(x, fontsize=9)
                if col == 0:
                    ax.set_ylabel(metric, fontsize=9)
        if others:
            handles, labels = axes[0][0].get_legend_handles_labels()
            fig.legend(handles, labels, loc="upper center", ncol=min(len(labels), 4),
                       fontsize=8, frameon=False)
        fig.suptitle(collection.sweep["name"], fontsize=11, y=0.995, x=0.01, ha="left")
        fig.tight_layout(rect=(0, 0, 1, 0.93 if others else 0.97))
        path = os.path.join(collection.out_dir, spec["name"] + ".png")
        fig.savefig(path, dpi=100, metadata={"Software": None})
        plt.close(fig)
        written.append(path)
    return written
