#!/usr/bin/env bash
# scripts/c2c against the bus's own count: every RTS the full trace shows as
# owned was a cache-to-cache transfer, and the bus's other copybacks answered
# RTOs. Also writes its .md/.png, and refuses a file that is not a trace.
set -euo pipefail
fireplane=$1 config=$2 program=$3 c2c=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$fireplane" run -q --config "$config" --trace-sample RTS --trace-interval 5us \
    --trace-out s.csv --trace-full f.csv --stats stats.json -- "$program" 12 > /dev/null
"$c2c" --out out s.csv --full f.csv > table.md
[[ -s out/c2c.md && -s out/c2c.png ]]
/usr/bin/python3 - <<'PY'
import csv, json
full = list(csv.DictReader(open("f.csv")))
owned_rts = sum(1 for r in full if r["type"] == "RTS" and r["owned"] == "1")
bus = json.load(open("stats.json"))["fireplane"]
c2c = bus["c2c_transfers"]["value"]
rto = bus["transactions"]["RTO"]["value"]
print(f"owned RTS in the full trace {owned_rts}; bus copybacks {c2c}; bus RTOs {rto}")
assert owned_rts > 0, "no cache-to-cache RTS at all"
assert owned_rts <= c2c <= owned_rts + rto, "copybacks do not add up"
PY
grep -q '^| RTS | [0-9]' table.md
echo "type,address" > bad.csv
if "$c2c" bad.csv 2> err.txt; then exit 1; fi
grep -q "not a Fire Link trace" err.txt
echo "c2c: agrees with the bus; bad input refused"
