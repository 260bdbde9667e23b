#!/usr/bin/env bash
# A stand-in for the fireplane binary, used only by harness_selfcheck.sh.
# Accepts `run --quiet --config FILE -- program args...`, runs the program
# under qemu-sparc64, then perturbs the result as FAKE_FIREPLANE_MODE says:
#   faithful  nothing (the comparison must pass)
#   stdout    one extra byte on stdout
#   stderr    one extra byte on stderr
#   exit      exit code plus one
set -uo pipefail

[[ ${1-} == run ]] || { echo "fake_fireplane: expected 'run'" >&2; exit 2; }
shift
while [[ $# -gt 0 && $1 != -- ]]; do
    case $1 in
    --config) shift 2 ;;
    *) shift ;;
    esac
done
[[ ${1-} == -- ]] || { echo "fake_fireplane: expected '--' before the program" >&2; exit 2; }
shift

qemu-sparc64 "$@"
rc=$?
case ${FAKE_FIREPLANE_MODE:-faithful} in
faithful) ;;
stdout) printf 'X' ;;
stderr) printf 'X' >&2 ;;
exit) rc=$(((rc + 1) & 255)) ;;
*) echo "fake_fireplane: unknown FAKE_FIREPLANE_MODE" >&2; exit 2 ;;
esac
exit "$rc"
