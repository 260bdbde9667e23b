#!/usr/bin/env bash
# Boots firmware with typed console input and checks what the console shows:
#
#   check_console.sh <input> <exit-code> <regex>... -- fireplane boot args...
#
# <input> goes to the console through printf (\n ends a line). Passes when
# the run exits with <exit-code> and every <regex> (grep -E) matches some
# line of stdout. A host crash (a signal) always fails.
set -uo pipefail
input=$1 want=$2
shift 2
patterns=()
while [[ $# -gt 0 && $1 != -- ]]; do patterns+=("$1"); shift; done
[[ $# -gt 1 ]] || { echo "usage: ${0##*/} input code regex... -- cmd..." >&2; exit 1; }
shift
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
printf "$input" | timeout 600 "$@" >"$out" 2>"$err"
code=${PIPESTATUS[1]}
fail() {
    echo "FAIL: $*"
    echo "--- stdout:"; tr -d '\r' <"$out"
    echo "--- stderr:"; cat "$err"
    exit 1
}
((code < 128 || code == 124)) || fail "killed by a signal (exit $code)"
[[ $code == "$want" ]] || fail "exit code $code, expected $want"
for re in "${patterns[@]}"; do
    tr -d '\r' <"$out" | grep -Eq -- "$re" || fail "no console line matches '$re'"
done
echo "ok: exit $code, ${#patterns[@]} lines found"
