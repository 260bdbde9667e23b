#!/usr/bin/env bash
# examples/embed against the installed package, as a user would build it:
# install this build into a fresh prefix, configure and build the example as
# a project of its own, then run its sc_main on the V1280 and on one CPU in
# the detailed model. The guest checks the engine's CRC against its own.
#   check_embed.sh BUILD_DIR SOURCE_DIR WORK_DIR
set -euo pipefail
build=$1 source=$2 work=$3
rm -rf "$work"
prefix=$work/prefix example=$work/example
cmake --install "$build" --prefix "$prefix" > "$work.install.log"
cmake -S "$source/examples/embed" -B "$example" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
    > "$work.configure.log"
cmake --build "$example" -j 2 > "$work.build.log" || { cat "$work.build.log"; exit 1; }

fail() { echo "FAIL: $*"; exit 1; }
run() { # expected-bytes expected-cpus args...
    local bytes=$1 cpus=$2; shift 2
    local out code=0
    out=$(SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1 "$example/embed_demo" "$@" 2>&1) || code=$?
    echo "$out"
    [ "$code" = 0 ] || fail "embed_demo $* exited with $code"
    grep -q "^crc_client: $bytes bytes, engine counted $bytes: engine \([0-9a-f]*\), software \1: match$" <<< "$out" \
        || fail "the engine's CRC differs from the software's"
    grep -q "^embed_demo: crc.bytes = $bytes$" <<< "$out" || fail "crc.bytes is not $bytes"
    grep -q " on $cpus CPUs$" <<< "$out" || fail "not $cpus CPUs"
}
run 4099 12 "$example/sw/crc_client"
run 100 1 --config "$prefix/share/fireplane/configs/uni.yaml" --set simulation.model=detailed \
    "$example/sw/crc_client" 0x1fff2000000 100
# A device that overlaps the console is refused, naming both.
out=$("$example/embed_demo" --set console.base=0x1fff2000000 "$example/sw/crc_client" 2>&1) && fail "overlap accepted"
grep -q "crc.*console\|console.*crc" <<< "$out" || fail "the overlap error does not name both: $out"
# The installed program finds the installed machine files by itself.
# (Captured first: under pipefail, grep -q leaving early would SIGPIPE the help.)
help=$("$prefix/bin/fireplane" run --help) || fail "the installed fireplane run --help failed"
grep -q -- "--config TEXT=$prefix/share/fireplane/configs/uni.yaml" <<< "$help" \
    || fail "the installed fireplane does not default to the installed uni.yaml"
"$prefix/bin/fireplane" dump-config > /dev/null || fail "the installed fireplane cannot read its machine file"
echo "PASS"
