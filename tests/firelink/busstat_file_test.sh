#!/usr/bin/env bash
# `fireplane busstat FILE --every N` over saved samples: the merged windows add
# up to the same counts per event, and the totals equal the run's own.
set -euo pipefail
fireplane=$1 config=$2 program=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$fireplane" run -q --config "$config" --busstat sfi_hstgrm_all_trans,sfi_hstgrm_cohrnt,sfi_hstgrm_io \
    --interval 20us --busstat-out "$work/b.txt" -- "$program" 12 > /dev/null
"$fireplane" busstat "$work/b.txt" --every 3 > "$work/merged.txt"
sums() { # event -> sum of its samples, from a file in busstat's layout
    awk '$1 ~ /^[0-9.]+$/ { if ($3 != "-") s[$3] += $4; if ($5 != "" && $5 != "-") s[$5] += $6 }
         END { for (e in s) print e, s[e] }' "$1" | sort
}
diff <(sums "$work/b.txt") <(sums "$work/merged.txt")
diff <(grep '^  sfi_' "$work/b.txt") <(grep '^  sfi_' "$work/merged.txt")
(( $(grep -c '^[0-9]' "$work/merged.txt") < $(grep -c '^[0-9]' "$work/b.txt") ))
echo "busstat FILE: merged windows keep every count and the totals"
