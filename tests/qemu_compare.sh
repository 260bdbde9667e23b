#!/usr/bin/env bash
# Runs one SPARC program under qemu-sparc64 and under fireplane and passes
# only if stdout, stderr and the exit code are all identical, and the run's
# CPI stack sums to its cycles (tests/cpi/check_cpi_sum.py).
#
#   qemu_compare.sh <fireplane-binary> <config.yaml> <program> [--stdin FILE] [-- args...]
#
# Each run gets a fresh, empty working directory, the same absolute program
# path (so argv[0] matches), stdin from FILE or /dev/null, and 120 s. On a
# mismatch it prints a unified diff of each differing stream (at most 60
# lines) and both exit codes, and exits 1. Usage errors also exit 1.
set -uo pipefail

readonly TIMEOUT_S=120
readonly DIFF_LINES=60
me=${0##*/}

die() {
    echo "$me: error: $*" >&2
    exit 1
}

usage() {
    echo "usage: $me <fireplane-binary> <config.yaml> <program> [--stdin FILE] [-- args...]" >&2
    exit 1
}

# Checked first, before anything else can go wrong, so a missing emulator is
# never mistaken for a simulator bug.
command -v qemu-sparc64 >/dev/null 2>&1 ||
    die "qemu-sparc64 not found in PATH; install Debian package qemu-user (scripts/setup does)"

[[ $# -ge 3 ]] || usage
fireplane=$1 config=$2 program=$3
shift 3
stdin_file=/dev/null
while [[ $# -gt 0 ]]; do
    case $1 in
    --stdin)
        [[ $# -ge 2 ]] || usage
        stdin_file=$2
        shift 2
        ;;
    --)
        shift
        break
        ;;
    *) usage ;;
    esac
done
args=("$@")

# Absolute paths, since both runs happen in another directory.
abspath() { [[ $1 == /* ]] && echo "$1" || echo "$PWD/$1"; }
[[ -x $fireplane && ! -d $fireplane ]] ||
    die "fireplane binary '$fireplane' does not exist or is not executable (build the 'fireplane' target)"
[[ -f $config ]] || die "config file '$config' not found"
[[ -f $program ]] || die "program '$program' not found (build the 'sparc_programs' target)"
[[ -r $stdin_file ]] || die "stdin file '$stdin_file' not readable"
fireplane=$(abspath "$fireplane")
config=$(abspath "$config")
program=$(abspath "$program")
stdin_file=$(abspath "$stdin_file")

tmp=$(mktemp -d "${TMPDIR:-/tmp}/qemu_compare.XXXXXX") || die "mktemp failed"
# shellcheck disable=SC2317 # called from the EXIT trap
cleanup() {
    chmod -R u+rwx "$tmp" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# run <name> <command...>: runs in $tmp/<name>/work, captures into $tmp/<name>/.
run() {
    local name=$1
    shift
    mkdir -p "$tmp/$name/work"
    (cd "$tmp/$name/work" &&
        exec timeout --kill-after=5 "$TIMEOUT_S" "$@" \
            <"$stdin_file" >"$tmp/$name/stdout" 2>"$tmp/$name/stderr")
}

run qemu qemu-sparc64 "$program" "${args[@]}"
qemu_rc=$?
run fireplane "$fireplane" run --quiet --config "$config" --stats "$tmp/stats.json" -- \
    "$program" "${args[@]}"
fp_rc=$?

describe_rc() {
    case $1 in
    124) echo "124 (timed out after ${TIMEOUT_S} s)" ;;
    137) echo "137 (killed; SIGKILL or timeout)" ;;
    *) echo "$1" ;;
    esac
}

label="${program##*/}${args[*]:+ ${args[*]}}"
failed=0
for stream in stdout stderr; do
    if ! cmp -s "$tmp/qemu/$stream" "$tmp/fireplane/$stream"; then
        failed=1
        echo "=== $stream differs (qemu-sparc64: $(wc -c <"$tmp/qemu/$stream") bytes," \
            "fireplane: $(wc -c <"$tmp/fireplane/$stream") bytes) ==="
        diff -u --text --label "qemu-sparc64 $stream" --label "fireplane $stream" \
            "$tmp/qemu/$stream" "$tmp/fireplane/$stream" >"$tmp/$stream.diff"
        head -n "$DIFF_LINES" "$tmp/$stream.diff"
        total=$(wc -l <"$tmp/$stream.diff")
        if ((total > DIFF_LINES)); then
            echo "... ($((total - DIFF_LINES)) more diff lines not shown)"
        fi
    fi
done
if [[ $qemu_rc -ne $fp_rc ]]; then
    failed=1
    echo "=== exit code differs ==="
fi
if [[ -f $tmp/stats.json ]] &&
    ! python3 "$(dirname "$0")/cpi/check_cpi_sum.py" "$tmp/stats.json" >"$tmp/cpi"; then
    failed=1
    echo "=== the CPI stack ===" && cat "$tmp/cpi"
fi

if ((failed)); then
    echo "exit code: qemu-sparc64 $(describe_rc "$qemu_rc"), fireplane $(describe_rc "$fp_rc")"
    echo "FAIL: $label"
    exit 1
fi
echo "PASS: $label (stdout $(wc -c <"$tmp/qemu/stdout") bytes, stderr" \
    "$(wc -c <"$tmp/qemu/stderr") bytes, exit code $(describe_rc "$qemu_rc"))"
exit 0
