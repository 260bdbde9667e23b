#!/usr/bin/env bash
# examples/rtl_block against the installed package, as a verification
# engineer would build it: install this build into a fresh prefix, build the
# example (its own Verilog block through the package's fireplane_add_rtl),
# and run its sc_main with the block bound into the 12-CPU V1280, and into
# one CPU in the detailed model with a waveform.
#   check_rtl_block.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 source=$2 work=$3
rm -rf "$work"
prefix=$work/prefix example=$work/example
cmake --install "$build" --prefix "$prefix" > "$work.install.log"
cmake -S "$source/examples/rtl_block" -B "$example" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
    > "$work.configure.log" || { cat "$work.configure.log"; exit 1; }
cmake --build "$example" -j 2 > "$work.build.log" || { cat "$work.build.log"; exit 1; }

fail() { echo "FAIL: $*"; exit 1; }
run() { # expected-cpus args...
    local cpus=$1; shift
    local out code=0
    out=$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$example/rtl_block_demo" "$@" 2>&1) || code=$?
    echo "$out"
    [ "$code" = 0 ] || fail "rtl_block_demo $* exited with $code"
    grep -q "^gcd_client: 200 pairs, 0 wrong, [1-9][0-9]* subtraction steps in the engine$" <<< "$out" \
        || fail "the engine's results differ from Euclid's"
    grep -q "^rtl_block_demo: protocol violations: 0$" <<< "$out" || fail "protocol violations"
    grep -q "^rtl_block_demo: gcd.clock.cycles = [1-9]" <<< "$out" || fail "no RTL cycles counted"
    grep -q " on $cpus CPUs$" <<< "$out" || fail "not $cpus CPUs"
}
run 12 "$example/sw/gcd_client"
run 1 --config "$prefix/share/fireplane/configs/uni.yaml" --set simulation.model=detailed \
    --vcd "$work/gcd.vcd" "$example/sw/gcd_client"
grep -q '^\$scope module gcd.bridge \$end$' "$work/gcd.vcd" || fail "no waveform of the block's pins"
echo "PASS"
