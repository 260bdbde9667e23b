#!/usr/bin/env bash
# Profiles a firmware boot with `fireplane collect --boot` and checks that the
# profile names the kernel's functions:
#
#   check_profile.sh <fireplane> <function>... -- collect args...
#
# Passes when the run powers off with 0, the experiment has packets, and each
# <function> appears in `fireplane analyze EXP functions` (inclusive time
# counts: the stack walk through the kernel's frames found it).
set -uo pipefail
fireplane=$1
shift
functions=()
while [[ $# -gt 0 && $1 != -- ]]; do functions+=("$1"); shift; done
shift
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
timeout 1200 "$fireplane" collect -q -o "$tmp/boot.er" "$@" </dev/null >"$tmp/console" 2>"$tmp/err"
code=$?
fail() {
    echo "FAIL: $*"; echo "--- stderr:"; cat "$tmp/err"; exit 1
}
[[ $code == 0 ]] || fail "exit code $code, expected 0 (power-off)"
"$fireplane" analyze "$tmp/boot.er" limit 0 functions >"$tmp/functions" 2>&1 || fail "analyze failed"
for f in "${functions[@]}"; do
    grep -Eq " $f\$" "$tmp/functions" || { head -30 "$tmp/functions"; fail "no '$f' in the profile"; }
done
"$fireplane" analyze "$tmp/boot.er" header | grep -E "packets|program"
echo "ok: ${#functions[@]} kernel functions in the boot's profile"
