#!/usr/bin/env bash
# scripts/conflicts on a planted E$ conflict: the hottest sets of the sampled
# writebacks are the sets where planted_conflict's three buffers collide
# (computed here from its printed virtual addresses and the run's vamap), the
# drill-down names the buffers' lines with their segment, and they are classified
# as conflicts; a missing or corrupt input exits 2.
set -euo pipefail
fireplane=$1 config=$2 program=$3 conflicts=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$fireplane" run -q --config "$config" --model detailed --set 'cpu0.ecache.policy=lru' \
    --trace-sample WB --trace-interval 10us --trace-out "$work/s.csv" \
    --trace-full "$work/f.csv" --vamap "$work/m.csv" -- "$program" > "$work/prog.txt"
"$conflicts" --top 5 --out "$work/out" "$work/s.csv" --full "$work/f.csv" \
    --vamap "$work/m.csv" > "$work/report.md"
[[ -s "$work/out/conflicts.md" && -s "$work/out/conflicts.png" ]]
cmp -s "$work/report.md" "$work/out/conflicts.md"

python3 - "$work" <<'PY'
import csv, re, sys
work = sys.argv[1]
prog = open(f"{work}/prog.txt").read()
report = open(f"{work}/report.md").read()
bufs = [int(v, 16) for v in re.findall(r"^buffer \d+: va (0x[0-9a-f]+)", prog, re.M)]
blocks = int(re.search(r"\((\d+) blocks of 512 bytes\)", prog).group(1))
assert len(bufs) == 3, prog
vamap = {int(r["va_page"], 16): (int(r["pa_page"], 16), r["segment"])
         for r in csv.DictReader(open(f"{work}/m.csv"))}

def pa(va):
    page, seg = vamap[va - va % 8192]
    return page + va % 8192, seg

# The planted lines: block k of every buffer; all three must share a set.
planted = {}   # set -> the buffers' line virtual addresses
for k in range(blocks):
    vas = [(b + k * 512) & ~63 for b in bufs]
    sets = {(pa(v)[0] >> 9) & 8191 for v in vas}
    assert len(sets) == 1, f"block {k}: buffers not in one set: {sets} (pages not contiguous?)"
    planted[sets.pop()] = vas

rows = re.findall(r"^\| (\d+) \| (\d+) \| (\d+) \|.*\| (\w+) \|$",
                  report.split("## Hottest sets")[1].split("\n## ")[0], re.M)
top = [int(s) for _, s, _, _ in rows]
assert set(top[:blocks]) == set(planted), f"hottest {top}, planted {sorted(planted)}"
for _, s, _, verdict in rows[:blocks]:
    assert verdict == "conflict", f"set {s}: {verdict}"
for s, vas in planted.items():
    section = report.split(f"## Set {s} ")[1].split("\n## ")[0]
    for v in vas:
        line_pa, seg = pa(v)
        assert re.search(rf"^\| 0x{line_pa:x} \| {hex(v)} \| {seg} \| \d+ \|", section, re.M), \
            f"set {s}: line 0x{line_pa:x} (va {hex(v)}, {seg}) not in the drill-down"
    assert seg == "mmap", seg
# Beside the truth: the full trace's hottest sets are the planted ones too.
full = report.split("## Sampled vs full trace")[1]
frows = re.findall(r"^\| (\d+) \| (\d+) \| \d+ \| conflict \| (\d+) \|", full, re.M)
assert {int(s) for _, s, _ in frows} == set(planted), frows
print(f"conflicts: planted sets {sorted(planted)} are the hottest, conflicts, "
      "buffers named in the drill-down")
PY

if "$conflicts" --out "$work/o2" "$work/nope.csv" 2> "$work/err.txt"; then exit 1; else rc=$?; fi
[[ $rc == 2 && $(wc -l < "$work/err.txt") == 1 ]]
printf 'sample,time_ns,address,type\n1,0,zz,WB\n' > "$work/bad.csv"
if "$conflicts" --out "$work/o2" "$work/bad.csv" 2> "$work/err.txt"; then exit 1; else rc=$?; fi
[[ $rc == 2 ]] && grep -q "corrupt address" "$work/err.txt"
echo "conflicts: missing and corrupt inputs exit 2"
