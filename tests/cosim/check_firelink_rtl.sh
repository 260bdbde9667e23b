#!/usr/bin/env bash
# The RTL Fire Link counters and the TLM monitor on a 12-CPU run (detailed
# model): sw/rtl/firelink_compare programs both with the same filters, four
# rounds of two counter sets, and every count must be equal and non-zero;
# and both must have been shown the same transactions (the RTL block's
# stream fed as many as the TLM monitor observed).
#
#   check_firelink_rtl.sh <fireplane> <machine.yaml> <firelink_compare>
set -uo pipefail
fireplane=$1 machine=$2 program=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$fireplane" run -q -c "$machine" --model detailed --stats "$tmp/stats.json" "$program" \
    >"$tmp/out" 2>"$tmp/err" || fail "exit $?: $(cat "$tmp/out" "$tmp/err")"
cat "$tmp/out"
grep -qx 'firelink_compare: 0 of 8 counts differ (or are 0)' "$tmp/out" || fail "the counts differ"
read -r fed observed < <(python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
print(int(s['firelink_rtl']['stream']['fed']['value']), int(s['firelink0']['observed']['value']))
" "$tmp/stats.json")
((fed > 100000)) || fail "only $fed transactions fed to the RTL block"
[[ $fed == "$observed" ]] || fail "the RTL block was fed $fed transactions, the TLM monitor observed $observed"
echo "ok: both saw $fed transactions"
