"""A manifest's points laid out in the sweep's folder: each point's key and
point.json, and OUT/sweep.json, which is all the collector needs.

A point's key hashes the resolved machine (what `fireplane dump-config`
prints for the base config with the point's --set values), the timing model,
the extra run flags, the program's argv and the sha256 of its binary, and
the exit codes that count as done (they decide the point's status). Two
manifests that spell one machine differently share points; a changed binary
or parameter gets a new point. The simulator's own build is not in the key:
point.json records its version, and --force reruns everything.
"""
import os
from concurrent.futures import ThreadPoolExecutor

from . import machine, simulator, sweep_points

SWEEP_FILE = "sweep.json"
POINTS_DIR = "points"


class Planned:
    """A manifest point with its key and folder."""

    def __init__(self, point, key, point_dir, resolved=True):
        self.point, self.key, self.dir = point, key, point_dir
        self.resolved = resolved  # False: its machine is wrong, and it cannot run

    def label(self):
        return " ".join([self.point.program.name] + self.point.sets())


def resolve_machine(fireplane, config, sets):
    """(True, the machine) or (False, why it did not resolve: dump-config's
    stderr). The machine is dump-config's values without its comments, which
    say where each value came from (a --set, the defaults) and not what it is."""
    try:
        r = simulator.dump_config(fireplane, config, sets, timeout=120)
    except simulator.RunError as e:
        return False, f"{fireplane} dump-config: {e}"
    if r.returncode != 0:
        return False, (r.stderr.strip() or f"dump-config exit code {r.returncode}")
    try:
        return True, machine.parse(r.stdout)
    except ValueError:  # a layout machine.py cannot read: the text is still the machine
        return True, r.stdout


def fireplane_version(fireplane):
    try:
        r = simulator.run([fireplane, "--version"], timeout=60)
    except simulator.RunError as e:
        return f"unknown ({e})"
    return r.stdout.strip() or r.stderr.strip()


def identity(manifest, point, machine, program_sha):
    """What decides a point's result. machine is resolve_machine's, or None
    when the machine did not resolve (then the inputs stand for it)."""
    doc = {"model": manifest.model, "args": manifest.args, "argv": point.program.argv,
           "program_sha256": program_sha, "exit_codes": point.program.exit_codes}
    if machine is not None:
        doc["machine"] = machine
    else:
        doc["unresolved"] = {"config": manifest.config,
                             "config_sha256": sweep_points.file_sha256(manifest.config),
                             "sets": manifest.sets + point.sets()}
    return doc


def command(fireplane, manifest, point, stats_path):
    return simulator.fireplane_command(fireplane, point.program.argv, config=manifest.config,
                                       model=manifest.model,
                                       sets=manifest.sets + point.sets(), stats=stats_path,
                                       options=manifest.args)


def plan(manifest, fireplane, out_dir, jobs=1):
    """Writes point.json of every point and OUT/sweep.json; a point whose
    machine does not resolve is marked failed with dump-config's message.
    Returns the Planned points in the manifest's order."""
    fireplane, out_dir = os.path.abspath(fireplane), os.path.abspath(out_dir)
    shas = {p.name: sweep_points.file_sha256(p.argv[0]) for p in manifest.programs}
    # One dump-config per parameter set: the machine is the same for every program.
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        machines = list(pool.map(lambda s: resolve_machine(fireplane, manifest.config,
                                                           manifest.sets + [f"{k}={v}" for k, v
                                                                            in s.items()]),
                                 manifest.param_sets))
    version = fireplane_version(fireplane)
    planned = []
    for point in manifest.points():
        ok, resolved = machines[manifest.param_sets.index(point.params)]
        key = sweep_points.key_of(identity(manifest, point, resolved if ok else None,
                                           shas[point.program.name]))
        point_dir = os.path.join(out_dir, POINTS_DIR, key)
        os.makedirs(point_dir, exist_ok=True)
        files = sweep_points.paths(point_dir)
        sweep_points.write_json_atomically(files["point"], {
            "key": key, "program": point.program.name, "params": point.params,
            "command": command(fireplane, manifest, point, files["stats"]),
            "exit_codes": point.program.exit_codes, "timeout": manifest.timeout,
            "program_sha256": shas[point.program.name], "fireplane_version": version})
        if not ok:
            sweep_points.record_failure(point_dir, "the machine did not resolve", resolved)
        planned.append(Planned(point, key, point_dir, ok))
    sweep_points.write_json_atomically(os.path.join(out_dir, SWEEP_FILE), {
        "name": manifest.name, "manifest": manifest.path, "params": manifest.params,
        "metrics": manifest.metrics,
        "plots": [{"name": p.name, "x": p.x, "metrics": p.metrics} for p in manifest.plots],
        "points": [{"key": p.key, "program": p.point.program.name, "params": p.point.params}
                   for p in planned]})
    return planned


def to_run(planned, force=False):
    """The folders of the points that need a run, each once (two points that
    spell one machine differently share a folder): those not done, or all
    with force; never those whose machine did not resolve."""
    out = []
    for p in planned:
        if p.resolved and p.dir not in out and \
                (force or sweep_points.state(p.dir) != sweep_points.DONE):
            out.append(p.dir)
    return out
