"""One point of a sweep on disk: its folder OUT/points/KEY/ and the run in it.

  point.json   what to run (the fireplane command, its folder, the exit codes that
               count as done, the time limit) and what it is (program, parameters)
  log.txt      the run's stdout and stderr
  stats.json   the statistics the run wrote (--stats)
  status.json  written last, atomically: done or failed, the exit code, host seconds

KEY is a hash of everything that decides the result, so a point keeps its
folder from one run of the sweep to the next, and a rerun can skip it.
"""
import hashlib
import json
import os
import socket
import subprocess
import time

DONE, FAILED, PENDING = "done", "failed", "pending"
KEY_CHARS = 16  # of the sha256's hex: 64 bits, no collision in any sweep of sane size
LOG_TAIL_LINES = 12


def key_of(identity):
    """The point key: a truncated sha256 of the identity (a JSON-able dict),
    the same for the same content whatever the order of its keys."""
    text = json.dumps(identity, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:KEY_CHARS]


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def write_json_atomically(path, doc):
    """Writes doc to path through a temporary file and a rename, so a reader
    sees the old file or the whole new one, never a part."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def read_json(path):
    """The JSON document at path, or None when it is missing or unreadable."""
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def paths(point_dir):
    return {name: os.path.join(point_dir, name + ext) for name, ext in
            (("point", ".json"), ("log", ".txt"), ("stats", ".json"), ("status", ".json"))}


def status(point_dir):
    """The status.json document, or None when the point has not finished."""
    doc = read_json(paths(point_dir)["status"])
    return doc if isinstance(doc, dict) and doc.get("state") in (DONE, FAILED) else None


def state(point_dir):
    """done, failed or pending (never finished, or its status unreadable)."""
    s = status(point_dir)
    return s["state"] if s else PENDING


def record_failure(point_dir, reason, log_text):
    """Marks a point failed before it could run (a bad --set, say): the log
    says why."""
    p = paths(point_dir)
    with open(p["log"], "w") as f:
        f.write(log_text if log_text.endswith("\n") or not log_text else log_text + "\n")
    write_json_atomically(p["status"], {"state": FAILED, "reason": reason, "exit_code": None,
                                        "seconds": 0.0, "host": socket.gethostname()})


def run(point_dir):
    """Runs the point in point_dir (its point.json), writing log.txt,
    stats.json and, last, status.json; returns the status document."""
    p = paths(point_dir)
    point = read_json(p["point"])
    if not isinstance(point, dict) or "command" not in point:
        raise ValueError(f"{p['point']}: missing or not a point description")
    for stale in (p["status"], p["stats"]):
        if os.path.exists(stale):
            os.remove(stale)
    t0 = time.monotonic()
    exit_code, reason = None, None
    with open(p["log"], "wb") as log:
        try:
            proc = subprocess.run(point["command"], cwd=point_dir, stdin=subprocess.DEVNULL,
                                  stdout=log, stderr=subprocess.STDOUT,
                                  timeout=point.get("timeout"))
            exit_code = proc.returncode
        except subprocess.TimeoutExpired:
            reason = f"timed out after {point.get('timeout')} s"
        except OSError as e:
            reason = f"could not start {point['command'][0]}: {e.strerror or e}"
    seconds = round(time.monotonic() - t0, 3)
    if reason is None and exit_code not in point.get("exit_codes", [0]):
        reason = f"exit code {exit_code}" + (f" (signal {-exit_code})" if exit_code < 0 else "")
    if reason is None and read_json(p["stats"]) is None:
        reason = "no statistics written"
    doc = {"state": FAILED if reason else DONE, "exit_code": exit_code, "seconds": seconds,
           "host": socket.gethostname()}
    if reason:
        doc["reason"] = reason
    write_json_atomically(p["status"], doc)
    return doc


def log_tail(point_dir, lines=LOG_TAIL_LINES):
    """The last lines of the point's log, or a word that there is none."""
    try:
        with open(paths(point_dir)["log"], errors="replace") as f:
            text = f.read().rstrip("\n")
    except OSError:
        return ["(no log)"]
    return text.split("\n")[-lines:] if text else ["(empty log)"]
