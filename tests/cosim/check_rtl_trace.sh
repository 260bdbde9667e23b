#!/usr/bin/env bash
# --rtl-trace: the VCD of the register block's pins while its driver runs.
#
#   check_rtl_trace.sh <fireplane> <machine.yaml> <driver>
#
# Passes when the waveform declares the bridge's pins, shows reset released
# after its two cycles, has one rising clock edge per RTL cycle the bridge
# counted (the clock only ticks for transfers), is the same on a second run,
# and with --rtl-trace-window holds only changes inside the window.
set -uo pipefail
fireplane=$1 machine=$2 driver=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
run() { "$fireplane" run -q -c "$machine" "$@" "$driver" >"$tmp/out" 2>"$tmp/err" || fail "exit $?: $(cat "$tmp/err")"; }

run --rtl-trace "$tmp/a.vcd" --stats "$tmp/stats.json"
run --rtl-trace "$tmp/b.vcd"
cmp -s "$tmp/a.vcd" "$tmp/b.vcd" || fail "two runs wrote different waveforms"
for scope in regs0.clock regs0.bridge; do
    grep -qx "\$scope module $scope \$end" "$tmp/a.vcd" || fail "no scope for $scope"
done
for pin in clk resetn awaddr wstrb bresp rdata rready; do
    grep -Eq "^\\\$var wire [0-9]+ [^ ]+ $pin \\\$end$" "$tmp/a.vcd" || fail "no \$var for $pin"
done
clk=$(awk '$5 == "clk" {print $4}' "$tmp/a.vcd")
resetn=$(awk '$5 == "resetn" {print $4}' "$tmp/a.vcd")
# Reset: low from time 0, released at 20 ns (two 10 ns cycles).
awk -v id="1$resetn" '/^#/ {t = substr($0, 2)} $0 == id {print t; exit}' "$tmp/a.vcd" |
    grep -qx 20000 || fail "resetn does not rise at 20 ns"
edges=$(grep -cx "1$clk" "$tmp/a.vcd")
cycles=$(python3 -c "import json,sys; print(int(json.load(open(sys.argv[1]))['regs0']['clock']['cycles']['value']))" "$tmp/stats.json")
[[ $edges == "$cycles" ]] || fail "$edges rising clock edges in the waveform, $cycles cycles counted"

run --rtl-trace "$tmp/w.vcd" --rtl-trace-window 40us,45us
times=$(grep '^#' "$tmp/w.vcd" | cut -c2-)
[[ -n $times ]] || fail "nothing in the window 40us,45us"
for t in $times; do
    ((t >= 40000000 && t < 45000000)) || fail "a change at $t ps, outside the window"
done
echo "ok: $edges clock edges for $cycles cycles, $(wc -w <<<"$times") time steps in the window"
