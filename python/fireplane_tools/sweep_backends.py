"""Where a sweep's points run: here, as parallel processes, or on SLURM as one
array job with a collector job that waits for it.

On SLURM the points' folders must be on a filesystem every node shares, at
the same path (the job scripts name them absolutely), and so must the
simulator and the programs.
"""
import json
import os
import shlex
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor, as_completed

from . import sweep_points

SLURM_DIR = "slurm"
MAX_ARRAY_TASKS = 1000  # below SLURM's default MaxArraySize (1001); more points share tasks


class BackendError(Exception):
    """A backend that could not start the sweep: one line saying why."""


def run_local(point_dirs, jobs, report=None):
    """Runs every point, jobs at a time; report(done_count, total, dir, status)
    after each. Returns {dir: status}."""
    results = {}
    if not point_dirs:
        return results
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        futures = {pool.submit(sweep_points.run, d): d for d in point_dirs}
        for i, f in enumerate(as_completed(futures), 1):
            d = futures[f]
            results[d] = f.result()
            if report:
                report(i, len(point_dirs), d, results[d])
    return results


def write_batch(out_dir, point_dirs):
    """OUT/slurm/batch-STAMP.json: the points one submission runs, and how
    many array tasks share them (task t runs points t, t+T, t+2T...)."""
    slurm_dir = os.path.join(out_dir, SLURM_DIR)
    os.makedirs(slurm_dir, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S") + f"-{os.getpid()}"
    path = os.path.join(slurm_dir, f"batch-{stamp}.json")
    tasks = min(len(point_dirs), MAX_ARRAY_TASKS)
    sweep_points.write_json_atomically(path, {"tasks": tasks, "points": list(point_dirs)})
    return path, tasks


def batch_points(batch_path, index):
    """The point folders array task index runs (ValueError if the batch is bad)."""
    with open(batch_path) as f:
        batch = json.load(f)
    tasks, points = batch["tasks"], batch["points"]
    if not 0 <= index < tasks:
        raise ValueError(f"task {index} is not in 0..{tasks - 1}")
    return points[index::tasks]


def _job_script(path, command, shell_tail=""):
    """A job script that runs command, quoted, then shell_tail as it is."""
    with open(path, "w") as f:
        f.write("#!/bin/sh\n# Written by scripts/sweep.\nexec " + shlex.join(command) +
                shell_tail + "\n")
    os.chmod(path, 0o755)
    return path


def _sbatch(args, wait=False):
    """Job id of `sbatch --parsable ARGS` (BackendError if it fails); with wait,
    (job id, the job's exit code) once it has ended."""
    cmd = ["sbatch", "--parsable"] + (["--wait"] if wait else []) + args
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    except OSError as e:
        raise BackendError(f"sbatch: {e.strerror or e} (is slurm-client installed?)")
    job = r.stdout.strip().split("\n")[0].split(";")[0]
    if not job.isdigit():
        raise BackendError("sbatch failed: " + (r.stderr.strip().replace("\n", "; ")
                                                or f"exit code {r.returncode}"))
    return (job, r.returncode) if wait else job


def submit_slurm(out_dir, point_dirs, sweep_command, name, throttle=None, sbatch_args=(),
                 wait=False):
    """Submits the points as an array job and the collector (`SWEEP --collect
    OUT`) as a job that starts after the array has ended, however its tasks
    ended (afterany: a failed point is reported, not lost). sweep_command is
    how a node starts scripts/sweep. Returns a dict: array and collector job
    ids, the collector's log; with wait, also its exit code once it ended."""
    out_dir = os.path.abspath(out_dir)
    slurm_dir = os.path.join(out_dir, SLURM_DIR)
    os.makedirs(slurm_dir, exist_ok=True)
    extra = list(sbatch_args)
    result = {"array": None}
    dependency = []
    if point_dirs:
        batch, tasks = write_batch(out_dir, point_dirs)
        script = _job_script(os.path.join(slurm_dir, "point.sh"),
                             sweep_command + ["--run-point", batch], ' "$SLURM_ARRAY_TASK_ID"')
        array = f"0-{tasks - 1}" + (f"%{throttle}" if throttle else "")
        result["array"] = _sbatch([f"--job-name=sweep-{name}", f"--array={array}",
                                   f"--chdir={out_dir}",
                                   f"--output={slurm_dir}/point-%A_%a.log"] + extra + [script])
        dependency = [f"--dependency=afterany:{result['array']}"]
    collector = _job_script(os.path.join(slurm_dir, "collect.sh"),
                            sweep_command + ["--collect", out_dir])
    log = os.path.join(slurm_dir, "collect-%j.log")
    args = [f"--job-name=sweep-{name}-collect", f"--chdir={out_dir}", f"--output={log}"] + \
        dependency + extra + [collector]
    if wait:
        result["collector"], result["exit_code"] = _sbatch(args, wait=True)
    else:
        result["collector"] = _sbatch(args)
    result["log"] = log.replace("%j", result["collector"])
    return result
