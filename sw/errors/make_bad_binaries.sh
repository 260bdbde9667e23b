#!/usr/bin/env bash
# Writes malformed and foreign binaries for tests/errors into OUTDIR:
#
#   make_bad_binaries.sh <sparc-program> <outdir>
#
#   truncated_3000   the first 3000 bytes of <sparc-program>: header intact, segments cut
#   truncated_40     the first 40 bytes: the 64-byte ELF header itself is cut
#   ppc64_header     a valid 64-bit big-endian ELF header for PowerPC64 (e_machine 21)
#   i386_header      a valid 32-bit little-endian ELF header for x86 (e_machine 3)
#   no_segments      a valid sparc64 ELF header with no program headers at all
#   huge_segment     <sparc-program> with its last PT_LOAD's p_memsz set to 2^64 - 2^56
set -euo pipefail
[[ $# -eq 2 ]] || { echo "usage: ${0##*/} <sparc-program> <outdir>" >&2; exit 1; }
program=$1 out=$2
mkdir -p "$out"

head -c 3000 "$program" >"$out/truncated_3000"
head -c 40 "$program" >"$out/truncated_40"

# ELF64 header, big-endian: e_ident (class 2, data 2), e_type EXEC, e_machine 21,
# e_version 1, entry/phoff/shoff 0, flags 0, ehsize 64, phentsize 56, phnum 0,
# shentsize 64, shnum 0, shstrndx 0.
{
    printf '\177ELF\002\002\001\000\000\000\000\000\000\000\000\000'
    printf '\000\002\000\025\000\000\000\001'
    printf '\000\000\000\000\000\000\000\000%.0s' 1 2 3
    printf '\000\000\000\000\000\100\000\070\000\000\000\100\000\000\000\000'
} >"$out/ppc64_header"

# ELF32 header, little-endian: e_type EXEC, e_machine 3, e_version 1,
# entry/phoff/shoff 0, flags 0, ehsize 52, phentsize 32, phnum 0, shentsize 40.
{
    printf '\177ELF\001\001\001\000\000\000\000\000\000\000\000\000'
    printf '\002\000\003\000\001\000\000\000'
    printf '\000\000\000\000%.0s' 1 2 3 4
    printf '\064\000\040\000\000\000\050\000\000\000\000\000'
} >"$out/i386_header"

# The PowerPC64 header again with e_machine 43 (SPARC V9): nothing to load.
{ head -c 18 "$out/ppc64_header"; printf '\000\053'; tail -c +21 "$out/ppc64_header"; } >"$out/no_segments"

# A PT_LOAD whose size wraps the address space: e_phoff and e_phnum come from
# the header (big-endian), p_memsz sits at offset 40 of a 56-byte entry.
be() { od -An -v -tu1 -j "$2" -N "$3" "$1" | awk '{for (i = 1; i <= NF; i++) v = v * 256 + $i} END {print v}'; }
phoff=$(be "$program" 32 8) phnum=$(be "$program" 56 2)
last_load=''
for ((i = 0; i < phnum; i++)); do
    [[ $(be "$program" $((phoff + 56 * i)) 4) == 1 ]] && last_load=$i
done
[[ -n $last_load ]] || { echo "${0##*/}: no PT_LOAD in $program" >&2; exit 1; }
cp "$program" "$out/huge_segment"
printf '\377\000\000\000\000\000\000\000' |
    dd of="$out/huge_segment" bs=1 seek=$((phoff + 56 * last_load + 40)) conv=notrunc status=none
