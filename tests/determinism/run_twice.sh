#!/usr/bin/env bash
# Runs a program twice on the same machine and requires bit-identical guest
# output, statistics (less the host.* figures) and instruction traces. With
# --against, the second run is on another machine file, one that must not
# change any result (the interpreter against compiled blocks, say).
# usage: run_twice.sh FIREPLANE CONFIG [--against CONFIG2] PROGRAM [ARGS...]
#
# The statistics and trace runs send the guest's output to /dev/null: glibc
# fstat()s stdout, and a file or pipe there has a different inode every run,
# which is an input from the host, not simulator nondeterminism. Statistics
# come from an untraced run: tracing takes each instruction on its own.
set -euo pipefail
fireplane=$1 config=$2
shift 2
configs=("$config" "$config")
if [ "${1:-}" = --against ]; then
  configs[1]=$2
  shift 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for n in 1 2; do
  mkdir -p "$work/$n"
  c=${configs[$((n - 1))]}
  (cd "$work/$n" && "$fireplane" run -q --config "$c" --stats stats.json -- "$@" > /dev/null 2>&1) \
      || true
  (cd "$work/$n" && "$fireplane" run -q --config "$c" --trace trace.txt -- "$@" > /dev/null 2>&1) \
      || true
  (cd "$work/$n" && "$fireplane" run -q --config "$c" -- "$@" > stdout.txt 2> stderr.txt) \
      || echo "exit $?" >> "$work/$n/stdout.txt"
  python3 - "$work/$n/stats.json" > "$work/$n/stats.model.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc.pop("host", None)
json.dump(doc, sys.stdout, indent=1, sort_keys=True)
PY
done

status=0
for f in stdout.txt stderr.txt stats.model.json trace.txt; do
  if ! cmp -s "$work/1/$f" "$work/2/$f"; then
    echo "FAIL: $f differs between the runs (${configs[0]}, ${configs[1]})"
    diff "$work/1/$f" "$work/2/$f" | head -20
    status=1
  fi
done
[ -s "$work/1/trace.txt" ] || { echo "FAIL: empty trace"; status=1; }
[ -s "$work/1/stdout.txt" ] || { echo "FAIL: the program printed nothing"; status=1; }
grep -q '"instructions"' "$work/1/stats.model.json" || { echo "FAIL: no instruction count in the statistics"; status=1; }
[ $status -eq 0 ] && echo "identical: stdout, stderr, statistics and $(wc -l < "$work/1/trace.txt") trace lines"
exit $status
