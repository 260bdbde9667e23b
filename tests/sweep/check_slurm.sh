#!/usr/bin/env bash
# scripts/sweep on SLURM: starts slurmctld and slurmd on this machine (a
# throwaway configuration on the loopback, slurm_cluster.sh), submits a small
# sweep as an array job with its collector, waits for the collector, and
# checks the merged table: every point there, the good ones done, the failing
# one reported with its log (the collector ran although a task failed).
# Exits 77 (skipped) unless root with slurm-wlm installed. The daemons are
# stopped and the folder removed however the test ends.
#
# usage: check_slurm.sh FIREPLANE SW_DIR
set -uo pipefail
fireplane=$(realpath "$1")
sw=$(realpath "$2")
here=$(dirname "$(realpath "$0")")
sweep=$(realpath "$here/../../scripts/sweep")

if [ "$(id -u)" -ne 0 ]; then echo "skipped: not root (slurmd runs jobs as root here)"; exit 77; fi
for tool in slurmctld slurmd sbatch sinfo; do
  if ! command -v "$tool" >/dev/null; then echo "skipped: no $tool (slurm-wlm)"; exit 77; fi
done

work=$(mktemp -d /tmp/sweep-slurm-XXXXXX)
source "$here/slurm_cluster.sh"
cleanup() {
  slurm_cluster_stop
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' TERM INT # ctest's time-out: still stop the daemons

failures=0
check() { # check WHAT COMMAND...: ok or FAIL, as the command succeeds
  local what=$1
  shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; failures=$((failures + 1)); fi
}

if ! slurm_cluster_start "$work/cluster"; then
  echo "FAIL: the SLURM cluster did not start"
  exit 1
fi
echo "ok   slurmctld and slurmd up, node idle"

cat >"$work/manifest.yaml" <<EOF
name: slurm-test
model: functional
programs:
  - {name: int_arith, argv: [$sw/tests/int_arith]}
  - {name: return42, argv: [$sw/tests/return42]}
points:
  - {'cpu*.ecache.size': 1MiB}
  - {'cpu*.ecache.size': 4MiB}
plot: {x: 'cpu*.ecache.size', metrics: [instructions]}
EOF

out=$work/out
start=$(date +%s)
timeout 120 "$sweep" "$work/manifest.yaml" --out "$out" --backend slurm --wait \
  --fireplane "$fireplane" --jobs 2 >"$work/sweep.txt" 2>&1
status=$?
cat "$work/sweep.txt"
echo "($(($(date +%s) - start)) s)"

check "the sweep exits 1: a point failed" test "$status" -eq 1
check "one array job of 4 points" grep -q '^array job [0-9]*: 4 points$' "$work/sweep.txt"
check "the collector ran after the array, failed tasks and all" \
  grep -q '^sweep slurm-test: 4 points: 2 done, 2 failed, 0 not run$' "$work/sweep.txt"
check "the failed point is reported" \
  grep -q '^FAILED  return42 cpu\*.ecache.size=1MiB (points/[0-9a-f]*): exit code 42$' \
  "$work/sweep.txt"
table=$out/results.csv
check "results.csv written" test -f "$table"
rows=$(awk -F, 'NR > 1 { print $1 "," $2 "," $4 }' "$table" | sort | tr '\n' ' ')
expected="int_arith,1MiB,done int_arith,4MiB,done return42,1MiB,failed return42,4MiB,failed "
check "results.csv: every point, with its status ($rows)" test "$rows" = "$expected"
insns=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "instructions") c = i }
                 NR > 1 && $1 == "int_arith" { print $c }' "$table" | sort -u | wc -l)
check "int_arith: the same instructions at both points" test "$insns" -eq 1
check "the plot drawn on the node" test -s "$out/plot.png"
check "no half-written status" test -z "$(ls "$out"/points/*/status.json.tmp* 2>/dev/null)"

if [ "$failures" -ne 0 ]; then
  echo "--- slurmctld.log"; tail -n 30 "$work/cluster/slurmctld.log"
  echo "--- slurm job logs"; tail -n 20 "$out"/slurm/*.log
  exit 1
fi
