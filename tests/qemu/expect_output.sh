#!/usr/bin/env bash
# Runs one SPARC program under fireplane and passes only if its stdout equals
# an expected file, its stderr is empty and it exits 0: for behaviour of the
# sparc64 kernel that qemu-sparc64 does not reproduce, so qemu_compare.sh
# cannot check it.
#
#   expect_output.sh <fireplane-binary> <config.yaml> <program> <expected-stdout>
set -uo pipefail

[[ $# -eq 4 ]] || {
    echo "usage: ${0##*/} <fireplane-binary> <config.yaml> <program> <expected-stdout>" >&2
    exit 1
}
fireplane=$1 config=$2 program=$3 expected=$4
for f in "$fireplane" "$config" "$program" "$expected"; do
    [[ -e $f ]] || {
        echo "${0##*/}: error: '$f' not found" >&2
        exit 1
    }
done

abspath() { [[ $1 == /* ]] && echo "$1" || echo "$PWD/$1"; }
fireplane=$(abspath "$fireplane") config=$(abspath "$config") program=$(abspath "$program")
expected=$(abspath "$expected")

tmp=$(mktemp -d "${TMPDIR:-/tmp}/expect_output.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && exec timeout --kill-after=5 120 "$fireplane" run --quiet --config "$config" \
    -- "$program" </dev/null >"$tmp/stdout" 2>"$tmp/stderr")
rc=$?

failed=0
if ! cmp -s "$expected" "$tmp/stdout"; then
    echo "=== stdout differs from ${expected##*/} ==="
    diff -u --label expected --label fireplane "$expected" "$tmp/stdout" | head -n 60
    failed=1
fi
if [[ -s $tmp/stderr ]]; then
    echo "=== stderr is not empty ==="
    head -n 20 "$tmp/stderr"
    failed=1
fi
if [[ $rc -ne 0 ]]; then
    echo "=== exit code $rc, expected 0 ==="
    failed=1
fi
((failed)) && echo "FAIL: ${program##*/}" && exit 1
echo "PASS: ${program##*/}"
