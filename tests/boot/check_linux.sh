#!/usr/bin/env bash
# Boots Linux through OpenBIOS on the sun4u board and checks what /init
# (sw/linux/init.c) printed on the console:
#
#   check_linux.sh [--stderr REGEX]... <list> <programs-dir> <regex>... -- fireplane boot args...
#
# Passes when the machine powers off with exit code 0, every <regex> (grep -E)
# matches a console line, every --stderr REGEX a line of the run's stderr (the
# summary, busstat), and each program <list> names (sw/linux/tests.list)
# printed exactly what it prints under qemu-sparc64, with the same exit code.
# /init frames each program's output with "@@fireplane-init run PATH" and
# "@@fireplane-init exit PATH CODE" lines.
set -uo pipefail
stderr_patterns=()
while [[ ${1:-} == --stderr ]]; do stderr_patterns+=("$2"); shift 2; done
list=$1 programs=$2
shift 2
patterns=()
while [[ $# -gt 0 && $1 != -- ]]; do patterns+=("$1"); shift; done
[[ $# -gt 1 ]] || { echo "usage: ${0##*/} list programs regex... -- cmd..." >&2; exit 1; }
shift
command -v qemu-sparc64 >/dev/null || { echo "FAIL: qemu-sparc64 is missing (scripts/setup)"; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
timeout 1200 "$@" </dev/null >"$tmp/raw" 2>"$tmp/err"
code=$?
tr -d '\r' <"$tmp/raw" >"$tmp/console" # the tty's ONLCR
fail() {
    echo "FAIL: $*"
    echo "--- console (last 60 lines):"; tail -60 "$tmp/console"
    echo "--- stderr:"; cat "$tmp/err"
    exit 1
}
((code < 128 || code == 124)) || fail "killed by a signal (exit $code)"
[[ $code == 0 ]] || fail "exit code $code, expected 0 (power-off)"
for re in "${patterns[@]}"; do
    grep -Eq -- "$re" "$tmp/console" || fail "no console line matches '$re'"
done
for re in "${stderr_patterns[@]}"; do
    grep -Eq -- "$re" "$tmp/err" || fail "no stderr line matches '$re'"
done

checked=0
while read -r name args; do
    [[ -z $name || $name == \#* ]] && continue
    path=/tests/$name
    # What the program printed inside Linux: the lines between its markers.
    awk -v run="@@fireplane-init run $path" -v stop="@@fireplane-init exit $path " '
        $0 == run { inside = 1; next }
        inside && index($0, stop) == 1 { print substr($0, length(stop) + 1) > "/dev/stderr"; exit }
        inside { print }' "$tmp/console" >"$tmp/linux.out" 2>"$tmp/linux.code"
    [[ -s $tmp/linux.code ]] || fail "$name: no '@@fireplane-init exit $path' line"
    # shellcheck disable=SC2086 # the list's arguments split as /init splits them
    (cd "$tmp" && qemu-sparc64 "$programs/$name" $args) >"$tmp/qemu.out" 2>&1 </dev/null
    qemu_code=$?
    if ! cmp -s "$tmp/linux.out" "$tmp/qemu.out"; then
        diff -u "$tmp/qemu.out" "$tmp/linux.out" | head -40
        fail "$name: output differs from qemu-sparc64's (above: qemu, then Linux on fireplane)"
    fi
    [[ $(cat "$tmp/linux.code") == "$qemu_code" ]] ||
        fail "$name: exit code $(cat "$tmp/linux.code") under Linux, $qemu_code under qemu-sparc64"
    checked=$((checked + 1))
done <"$list"
((checked > 0)) || fail "no programs in $list"
echo "ok: powered off with 0, $((${#patterns[@]} + ${#stderr_patterns[@]})) lines found, $checked programs match qemu-sparc64"
grep -E '^(instructions|host time|speed|mark [0-9]) ' "$tmp/err"
exit 0
