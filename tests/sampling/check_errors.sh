#!/bin/bash
# Sampling options that cannot work are one-line errors with exit code 2.
#   check_errors.sh FIREPLANE PROGRAM
fireplane=$1 program=$2
failures=0
runs() { # runs PATTERN ARGS...: `fireplane run -q ARGS` exits 2 with PATTERN on stderr
    local pattern=$1
    shift
    local err code
    err=$("$fireplane" run -q "$@" 2>&1 >/dev/null)
    code=$?
    if [[ $code -ne 2 || ! $err =~ $pattern ]]; then
        echo "FAIL: $* -> exit $code: $err"
        failures=$((failures + 1))
    else
        echo "ok: $* -> $err"
    fi
}
expect() { runs "$@" -- "$program"; } # the same, running the program
expect "choose --model detailed" --sample 100000
expect "must be longer than the warming, the warm-up and the unit" --model detailed --sample 2000
expect "must be longer than" --model detailed --sample 100000 --sample-warming 99000
expect "no --fast-forward" --model detailed --fast-forward 1000 --sample 100000
expect "cannot take a checkpoint" --model detailed --sample 100000 --checkpoint /tmp/none \
    --checkpoint-at 1000
expect "sample-unit" --model detailed --sample 100000 --sample-unit 0
expect "needs --sample|requires --sample|--sample" --model detailed --sample-unit 10
expect "needs --sample|requires --sample|--sample" --model detailed --sample-stretch 1000
expect "sample-by" --model detailed --sample 100000 --sample-by cycles
expect "no bounded warming" --model detailed --sample 100000 --sample-by work \
    --sample-warming 20000
# On 12 CPUs the unit and warm-up default to 1000 and 2000 a CPU: 36,000 in all.
expect "must be longer than .* \\(36000\\)" --model detailed \
    --config "$(dirname "$0")/../../configs/v1280.yaml" --sample 30000
# Live points: saved only by a sampled run; a library that is missing, or a
# live point given as a checkpoint.
expect "needs --sample|requires --sample|--sample" --model detailed --save-live-points /tmp/none
lib=$(mktemp -d)
trap 'rm -rf "$lib"' EXIT
"$fireplane" run -q --model detailed --sample 100000 --save-live-points "$lib/points" \
    --max-instructions 400000 -- "$program" >/dev/null 2>&1
runs "holds no live points" --model detailed --live-points "$lib"
runs "is a live point" --model detailed --restore "$lib/points/p000001"
runs "choose --model detailed" --live-points "$lib/points"
cp -r "$lib/points" "$lib/damaged"
printf 'garbage' >"$lib/damaged/p000002/cpu0.zst"
runs "live point 'p000002'.*cpu0" --model detailed --live-points "$lib/damaged"
# An index that names a placement or streams this version does not know.
cp -r "$lib/points" "$lib/placed"
sed -i 's/^interval:/by: cycles\ninterval:/' "$lib/placed/live-points.yaml"
runs "placed by 'cycles'" --model detailed --live-points "$lib/placed"
cp -r "$lib/points" "$lib/streams"
sed -i 's/^streams: .*/streams: [char, pipe]/' "$lib/streams/live-points.yaml"
runs "names 2 streams, not 3" --model detailed --live-points "$lib/streams"
runs "another machine" --model detailed --config "$(dirname "$0")/../../configs/v1280.yaml" \
    --live-points "$lib/points"
exit $((failures > 0))
