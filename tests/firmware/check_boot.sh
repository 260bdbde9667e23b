#!/usr/bin/env bash
# Boots one firmware image and checks how it ends:
#
#   check_boot.sh <exit-code> <stdout-regex> <stderr-regex> -- fireplane boot args...
#
# Passes when the command exits with <exit-code>, some stdout line matches
# <stdout-regex> and some stderr line matches <stderr-regex> (grep -E; "-" for
# no check). A host crash (a signal) always fails. FW_INPUT, when set, is the
# console's input (through printf); else stdin is /dev/null.
set -uo pipefail
[[ $# -ge 4 && $4 == -- ]] || { echo "usage: ${0##*/} code stdout-re stderr-re -- cmd..." >&2; exit 1; }
want=$1 out_re=$2 err_re=$3
shift 4
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
if [[ -n ${FW_INPUT-} ]]; then # the console's input (printf's escapes: \004 is Ctrl-D)
    printf "$FW_INPUT" | timeout 120 "$@" >"$out" 2>"$err"
    code=${PIPESTATUS[1]}
else
    timeout 120 "$@" >"$out" 2>"$err" </dev/null
    code=$?
fi
fail() {
    echo "FAIL: $*"
    echo "--- command: $*"
    echo "--- stdout:"; cat "$out"
    echo "--- stderr:"; cat "$err"
    exit 1
}
((code < 128 || code == 124)) || fail "killed by a signal (exit $code)"
[[ $code == "$want" ]] || fail "exit code $code, expected $want"
[[ $out_re == - ]] || grep -Eq -- "$out_re" "$out" || fail "no stdout line matches '$out_re'"
[[ $err_re == - ]] || grep -Eq -- "$err_re" "$err" || fail "no stderr line matches '$err_re'"
echo "ok: exit $code"
