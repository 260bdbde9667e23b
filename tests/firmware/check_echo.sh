#!/usr/bin/env bash
# Console input end to end (the console UART's `input: stdin`):
#
#   check_echo.sh <fireplane> <machine.yaml> <echo image> [fireplane boot options...]
#
# The echo firmware upper-cases what it reads until a Ctrl-D and exits with
# the count. The same input from a file and from a pipe that delivers it in
# bursts, late, must give the same run: output, exit code and every
# simulated statistic. Input that ends without the Ctrl-D leaves the firmware
# polling: the run ends at the time limit, it does not hang.
set -uo pipefail
[[ $# -ge 3 ]] || { echo "usage: ${0##*/} fireplane machine.yaml echo-image [options...]" >&2; exit 1; }
fireplane=$1 machine=$2 image=$3
shift 3
options=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

boot() { # boot <tag> [fireplane options...] < input
    local tag=$1
    shift
    timeout 120 "$fireplane" boot -q --no-progress --stats "$work/$tag.json" -c "$machine" \
        "${options[@]}" "$@" \
        "$image" >"$work/$tag.out" 2>"$work/$tag.err"
    echo $? >"$work/$tag.code"
}
# The statistics without the host's own figures (host time, MIPS).
simulated() {
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d.pop("host", None); print(json.dumps(d, sort_keys=True))' "$1"
}

printf 'hello, world\n\004' >"$work/input"
boot file <"$work/input"
{ printf 'hel'; sleep 0.3; printf 'lo, world'; sleep 0.2; printf '\n\004'; } | boot pipe

expected=$'echo: ready\nHELLO, WORLD\necho: 0x000000000000000d bytes'
for tag in file pipe; do
    code=$(cat "$work/$tag.code")
    [[ $code == 13 ]] || { cat "$work/$tag.err"; fail "$tag: exit code $code, expected 13 (bytes read)"; }
    [[ $(cat "$work/$tag.out") == "$expected" ]] || fail "$tag: stdout was: $(cat "$work/$tag.out")"
done
[[ $(simulated "$work/file.json") == "$(simulated "$work/pipe.json")" ]] ||
    fail "the pipe's run differs from the file's: $(diff <(simulated "$work/file.json") <(simulated "$work/pipe.json"))"
rx=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["console"]["rx_bytes"]["value"])' "$work/file.json")
[[ $rx == 14 ]] || fail "console.rx_bytes is $rx, expected 14 (13 bytes and the Ctrl-D)"

# No Ctrl-D: the input ends, nothing more arrives, the time limit ends the run.
printf 'ab' | boot eof --max-time 20ms
code=$(cat "$work/eof.code")
[[ $code == 124 ]] || fail "input without Ctrl-D: exit code $code, expected 124"
[[ $(cat "$work/eof.out") == $'echo: ready\nAB' ]] || fail "input without Ctrl-D: stdout was: $(cat "$work/eof.out")"
echo "ok: file and pipe runs identical, $(cat "$work/file.code") bytes echoed"
