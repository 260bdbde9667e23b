#!/usr/bin/env bash
# Proves that qemu_compare.sh can fail: runs it against fake_fireplane.sh,
# which is qemu-sparc64 in disguise, once faithful (must pass) and once per
# kind of corruption (must fail and name the differing stream), then with a
# missing simulator and without qemu-sparc64 in PATH (must fail loudly).
#
#   harness_selfcheck.sh <qemu_compare.sh> <fake_fireplane.sh> <config> <program>
set -uo pipefail

[[ $# -eq 4 ]] || { echo "usage: $0 <qemu_compare.sh> <fake_fireplane.sh> <config> <program>" >&2; exit 2; }
compare=$1 fake=$2 config=$3 program=$4
failures=0

# expect <wanted-exit> <regex> <description> <command...>
expect() {
    local want=$1 pattern=$2 what=$3
    shift 3
    local out rc
    out=$("$@" 2>&1)
    rc=$?
    if [[ $rc -eq $want ]] && grep -qE -- "$pattern" <<<"$out"; then
        echo "ok: $what (exit $rc)"
    else
        echo "NOT OK: $what: wanted exit $want and /$pattern/, got exit $rc; output:"
        sed 's/^/    /' <<<"$out"
        failures=$((failures + 1))
    fi
}

expect 0 '^PASS' "faithful run passes" \
    env FAKE_FIREPLANE_MODE=faithful bash "$compare" "$fake" "$config" "$program" -- a "b c"
expect 1 '=== stdout differs' "extra stdout byte is caught" \
    env FAKE_FIREPLANE_MODE=stdout bash "$compare" "$fake" "$config" "$program"
expect 1 '^\+X' "the diff shows the extra byte" \
    env FAKE_FIREPLANE_MODE=stdout bash "$compare" "$fake" "$config" "$program"
expect 1 '=== stderr differs' "extra stderr byte is caught" \
    env FAKE_FIREPLANE_MODE=stderr bash "$compare" "$fake" "$config" "$program"
expect 1 'exit code: qemu-sparc64 [0-9]+, fireplane [0-9]+' "exit code mismatch is caught" \
    env FAKE_FIREPLANE_MODE=exit bash "$compare" "$fake" "$config" "$program"
expect 1 'does not exist or is not executable' "missing simulator fails loudly" \
    bash "$compare" /nonexistent/fireplane "$config" "$program"
expect 1 'qemu-sparc64 not found' "missing qemu-sparc64 fails loudly" \
    env PATH=/nonexistent "$BASH" "$compare" "$fake" "$config" "$program"

if ((failures)); then
    echo "$failures self-checks FAILED"
    exit 1
fi
echo "harness self-check passed"
