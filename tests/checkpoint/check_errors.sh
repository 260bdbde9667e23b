#!/usr/bin/env bash
# Bad checkpoints and bad checkpoint options are one-line errors with exit
# code 2, never a crash (tests/errors/expect_failure.sh checks each):
#
#   check_errors.sh FIREPLANE UNI.yaml V1280.yaml PROGRAM FIRMWARE.yaml FIRMWARE RTL.yaml
set -uo pipefail
fireplane=$1 uni=$2 v1280=$3 program=$4 uni_firmware=$5 firmware=$6 rtl=$7
expect=$(dirname "$0")/../errors/expect_failure.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/checkpoint_errors.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
failed=0
# check [--cli] <what> <stderr regex> -- command...: one line of error; with
# --cli, the command-line parser's (the error and a pointer to --help).
check() {
    local lines=1
    if [[ $1 == --cli ]]; then lines=2; shift; fi
    local what=$1 regex=$2
    shift 3
    if bash "$expect" --stderr-lines $lines 2 "$regex" -- "$@" >"$work/out" 2>&1; then
        echo "ok   $what"
    else
        echo "FAIL $what"
        cat "$work/out"
        failed=1
    fi
}
fresh() { # a good checkpoint of PROGRAM in $work/$1
    rm -rf "${work:?}/$1"
    "$fireplane" run -q -c "$uni" --checkpoint "$work/$1" --checkpoint-at 100000 -- "$program" \
        >/dev/null || { echo "FAIL: could not make a checkpoint"; exit 1; }
}

fresh good
check "restoring a folder that is no checkpoint" "is not a checkpoint" \
    -- "$fireplane" run -q -c "$uni" --restore "$work/nothing"
check "restoring on another machine" "made on another machine" \
    -- "$fireplane" run -q -c "$v1280" --restore "$work/good"

# damaged <what> <stderr regex> <shell command on $d, a fresh checkpoint>:
# the restore of the checkpoint so damaged fails with that message.
damaged() {
    local what=$1 regex=$2 d=$work/damaged
    fresh damaged
    (cd "$d" && eval "$3")
    check "$what" "$regex" -- "$fireplane" run -q -c "$uni" --restore "$d"
}
damaged "a corrupt section" "section 'cpu0' is corrupt" \
    "printf '\\x00\\x01\\x02\\x03' | dd of=cpu0.zst bs=1 seek=12 conv=notrunc status=none"
damaged "a missing section file" "section 'os.threads'.*missing" "rm os.threads.zst"
damaged "a section the manifest lacks" "has no section 'os.timers'" \
    "sed -i '/name: os.timers/d' checkpoint.yaml"
damaged "a newer checkpoint format" "newer Fireplane" \
    "sed -i 's/^version: [0-9]*\$/version: 7/' checkpoint.yaml"
damaged "a section newer than its model" "version 9, newer than" \
    "sed -i 's/{name: cpu0, version: 1,/{name: cpu0, version: 9,/' checkpoint.yaml"
damaged "a damaged manifest" "damaged manifest" "echo 'sections: [' >>checkpoint.yaml"

check "--checkpoint without --checkpoint-at" "needs --checkpoint-at" \
    -- "$fireplane" run -q -c "$uni" --checkpoint "$work/x" -- "$program"
check --cli "--checkpoint-at with a bad value" "checkpoint-at" \
    -- "$fireplane" run -q -c "$uni" --checkpoint "$work/x" --checkpoint-at soon -- "$program"
check "a checkpoint point the run never reaches" "none written" \
    -- "$fireplane" run -q -c "$uni" --checkpoint "$work/x" --checkpoint-at 999999999999 \
    -- "$program"
check --cli "--restore with a program too" "excludes|program" \
    -- "$fireplane" run -q -c "$uni" --restore "$work/good" -- "$program"
rm -rf "$work/fw"
"$fireplane" boot -q -c "$uni_firmware" --checkpoint "$work/fw" --checkpoint-at 1000 "$firmware" \
    >/dev/null || { echo "FAIL: could not make a firmware checkpoint"; exit 1; }
check "a firmware checkpoint restored by run" "use fireplane boot --restore" \
    -- "$fireplane" run -q -c "$uni_firmware" --restore "$work/fw"
check "a program's checkpoint restored by boot" "use fireplane run --restore" \
    -- "$fireplane" boot -q -c "$uni" --restore "$work/good"
check "a machine with a model that has no section (an RTL block)" \
    "rtl_axil_regs\) cannot be saved in a checkpoint yet" \
    -- "$fireplane" run -q -c "$rtl" --checkpoint "$work/x" --checkpoint-at 1000 -- "$program"
exit $failed
