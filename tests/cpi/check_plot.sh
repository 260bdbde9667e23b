#!/usr/bin/env bash
# scripts/cpi_stack on two runs of a program (functional and detailed): the
# table's CPI row, 1.000 for the functional run, and the picture.
#   check_plot.sh <fireplane> <source dir> <program>
set -uo pipefail
fireplane=$1 source=$2 program=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
for model in functional detailed; do
    "$fireplane" run -q -c "$source/configs/uni.yaml" --model $model --stats "$tmp/$model.json" \
        "$program" >/dev/null 2>&1 || fail "$model run failed"
done
"$source/scripts/cpi_stack" "$tmp/stack.png" "$tmp/functional.json" "$tmp/detailed.json" \
    --labels functional,detailed >"$tmp/table" || fail "cpi_stack exit $?"
cat "$tmp/table"
grep -Eq '^CPI +1\.000 +[0-9]+\.[0-9]{3}$' "$tmp/table" || fail "no CPI row with 1.000 for the functional run"
grep -Eq '^base +1\.000 ' "$tmp/table" || fail "the functional run is not all base"
[[ -s $tmp/stack.png ]] || fail "no picture"
"$source/scripts/cpi_stack" "$tmp/x.png" /nonexistent.json 2>/dev/null
[[ $? == 2 ]] || fail "a missing statistics file does not exit 2"
echo PASS
