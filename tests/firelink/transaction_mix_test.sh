#!/usr/bin/env bash
# scripts/transaction_mix on a real busstat run: a table with the types asked
# for, an .md and a .png; a samples file without totals exits 2.
set -euo pipefail
fireplane=$1 config=$2 program=$3 mix=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$fireplane" run -q --config "$config" --busstat RTS,RTO,WB,WBIO --interval 20us \
    --busstat-out "$work/b.txt" -- "$program" 12 > /dev/null
"$mix" --out "$work/out" queue="$work/b.txt" > "$work/table.md"
grep -q '^| workload | RTS | RTO | WB | WBIO | total |$' "$work/table.md"
grep -Eq '^\| queue \| [1-9][0-9]* \(' "$work/table.md" # RTS counted
[[ -s "$work/out/transaction_mix.md" && -s "$work/out/transaction_mix.png" ]]
head -1 "$work/b.txt" > "$work/cut.txt"
if "$mix" --out "$work/out2" cut="$work/cut.txt" 2> "$work/err.txt"; then exit 1; fi
grep -q "no 'busstat totals' section" "$work/err.txt"
echo "transaction_mix: table, md and png written; a cut file refused"
