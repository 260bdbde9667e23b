#!/usr/bin/env bash
# Runs fireplane with --stats and checks the CPI stack's sum on every CPU.
#
#   run_and_check.sh <min-cpus> <fireplane> <run|boot> [fireplane args...]
#
# The run must exit 0; then tests/cpi/check_cpi_sum.py must pass with at
# least <min-cpus> CPUs that ran.
set -uo pipefail
min=$1 fireplane=$2 command=$3
shift 3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$fireplane" "$command" -q --stats "$tmp/stats.json" "$@" >"$tmp/out" 2>&1 ||
    { echo "FAIL: exit $?"; tail -20 "$tmp/out"; exit 1; }
python3 "$(dirname "$0")/check_cpi_sum.py" "$tmp/stats.json" --min-cpus "$min"
