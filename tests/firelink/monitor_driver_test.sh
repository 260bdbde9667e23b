#!/usr/bin/env bash
# The guest-side driver programs the monitor through /dev/mem: its histogram
# shows the kernel's read-to-share and writeback traffic, the per-type counts
# add up to the all-types count, and the sequence buffer holds a full segment.
set -euo pipefail
fireplane=$1 config=$2 driver=$3
out=$("$fireplane" run -q --config "$config" --model detailed -- "$driver")
echo "$out"
count() { echo "$out" | awk -v t="$1" '$1 == t { print $2; exit }'; }
(( $(count RTS) > 20000 )) && (( $(count WB) > 20000 ))
# The write that stops counting is itself an I/O transaction the monitor sees.
(( $(count WIO) == 1 ))
sum=$(echo "$out" | sed -n 's/^types add up to \([0-9]*\);.*/\1/p')
all=$(echo "$out" | sed -n 's/.*all types counted together: \([0-9]*\) per run.*/\1/p')
# One run per type: the runs differ a little (the first one warms the caches).
(( sum > all * 8 / 10 && sum < all * 12 / 10 ))
grep -q '^sequence buffer: 8 entries, overrun$' <<< "$out"
(( $(echo "$out" | grep -cE '^  (RTS|WB) +pa 0x') == 8 ))
echo "monitor_driver: histogram, totals and a trace segment from the guest"
