#!/usr/bin/env python3
"""Runs scripts/validate and checks what it did: its exit status, lines of its
output, the files it wrote and values in its JSON.

usage: check_validate.py [--exit N] [--stdout REGEX]... [--stderr REGEX]...
                         [--file PATH]... [--json FILE PATH OP VALUE]... -- COMMAND...

--exit N         the exit status COMMAND must return (default 0)
--stdout REGEX   a line of its stdout must match (re.search, multiline), repeatable
--stderr REGEX   the same for stderr
--file PATH      PATH must exist and not be empty after the run (removed before it)
--json FILE PATH OP VALUE
                 in the JSON FILE, the value at PATH compared with VALUE. PATH is
                 a '/'-separated walk: a dict key, a list index, or the id of a list
                 element ({"id": ...}): sweeps/0/rows/T2.2/moves. OP is ==, !=, <
                 or >; VALUE is JSON (true, 23, "pass").
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import argv, checks, output, simulator  # noqa: E402


def walk(doc, path):
    node = doc
    for part in path.split("/"):
        if isinstance(node, list):
            if part.isdigit():
                node = node[int(part)]
            else:
                matches = [x for x in node if isinstance(x, dict) and x.get("id") == part]
                if not matches:
                    raise KeyError(part)
                node = matches[0]
        elif isinstance(node, dict):
            node = node[part]
        else:
            raise KeyError(part)
    return node


def main(args):
    if "--" not in args:
        sys.exit(__doc__)
    split = args.index("--")
    opts, cmd = args[:split], args[split + 1:]
    if not cmd:
        sys.exit(__doc__)
    want_exit = int(argv.take_last(opts, "--exit", "0"))
    out_res, err_res = argv.take(opts, "--stdout"), argv.take(opts, "--stderr")
    files, jsons = argv.take(opts, "--file"), argv.take(opts, "--json", 4)
    if opts:
        sys.exit(f"check_validate.py: unknown option {opts[0]}\n{__doc__}")

    for f in files:
        if os.path.exists(f):
            os.remove(f)
    proc = simulator.run(cmd)
    sys.stdout.write(proc.stdout)
    sys.stdout.write(proc.stderr)
    problems = []
    if proc.returncode != want_exit:
        problems.append(f"exit status {proc.returncode}, expected {want_exit}")
    for stream, text, regexes in (("stdout", proc.stdout, out_res), ("stderr", proc.stderr, err_res)):
        for regex in regexes:
            if not output.has_line(regex, text):
                problems.append(f"no line of {stream} matches /{regex}/")
    for f in files:
        if not os.path.isfile(f) or os.path.getsize(f) == 0:
            problems.append(f"no file {f}")
    for file, path, op, value in jsons:
        try:
            with open(file) as fh:
                got = walk(json.load(fh), path)
        except (OSError, ValueError, KeyError, IndexError) as e:
            problems.append(f"{file}: no {path} ({e.__class__.__name__}: {e})")
            continue
        want = json.loads(value)
        ok = {"==": lambda: got == want, "!=": lambda: got != want,
              "<": lambda: got is not None and got < want, ">": lambda: got is not None and got > want}[op]()
        if not checks.line(ok, f"{os.path.basename(file)}: {path} = {json.dumps(got)} ({op} {value})"):
            problems.append(f"{file}: {path} = {json.dumps(got)}, expected {op} {value}")
    for p in problems:
        print(f"FAIL: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
