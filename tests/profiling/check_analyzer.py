#!/usr/bin/python3
"""Tests of `fireplane analyze` over hand-written experiment folders.

  check_analyzer.py --fireplane BIN --cc SPARC_GCC --fixtures DIR CASE

Each CASE compiles fixtures/prof.c and scan.S into a small SPARC ELF (never run), writes an
experiment whose packets point into it, runs the analyzer and checks every number against
values worked out by hand below. `check_analyzer.py --list` prints the cases.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import simulator, tables  # noqa: E402

# The counters: cycles shown as time (6,000,000 cycles at 1.2 GHz = 5 ms per
# packet), dcrm as events with backtracking.
CLOCK_HZ = 1_200_000_000
CYCLES_OVERFLOW = 6_000_000
DCRM_OVERFLOW = 100
HEAP = (0x300000, 0x310000)
STACK = (0x7FF00000, 0x7FF10000)


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def equal(actual, expected, what):
    if actual != expected:
        raise Failure(f"{what}:\n  expected {expected!r}\n  got      {actual!r}")


class Program:
    """The fixture ELF: symbols (readelf), call sites and words (objdump)."""

    def __init__(self, work, cc, fixtures, debug=True):
        self.path = os.path.join(work, "prof")
        flags = ["-static", "-nostdlib", "-fno-pic", "-no-pie", "-fno-inline", "-O1"]
        if debug:
            flags.append("-g")
        subprocess.run([cc, *flags, "-o", self.path, os.path.join(fixtures, "prof.c"),
                        os.path.join(fixtures, "scan.S")], check=True)
        prefix = cc[:-len("gcc")]
        self.objdump, self.addr2line = prefix + "objdump", prefix + "addr2line"
        self.symbols = []  # (start, size, FUNC|OBJECT, name)
        out = subprocess.run(["readelf", "-sW", self.path], check=True, capture_output=True,
                             text=True).stdout
        for line in out.splitlines():
            f = line.split()
            if len(f) >= 8 and f[3] in ("FUNC", "OBJECT") and int(f[1], 16) != 0:
                self.symbols.append((int(f[1], 16), int(f[2], 0), f[3], f[7]))
        self.symbols.sort()
        self.func = {name: start for start, _, kind, name in self.symbols}
        # Call sites: "  100164:\t7f ff ff f8 \tcall  100144 <leaf>" inside <middle>.
        self.calls = {}  # (caller, callee) -> [addresses]
        self.insn = {}   # address -> objdump's text
        caller = None
        dump = subprocess.run([self.objdump, "-d", self.path], check=True, capture_output=True,
                              text=True).stdout
        for line in dump.splitlines():
            m = re.match(r"^[0-9a-f]+ <(\w+)>:", line)
            if m:
                caller = m.group(1)
                continue
            m = re.match(r"^\s+([0-9a-f]+):\s+(?:[0-9a-f]{2} ){4}\s*(.*)$", line)
            if m:
                self.insn[int(m.group(1), 16)] = m.group(2).strip()
                c = re.match(r"call\s+[0-9a-f]+ <(\w+)>", m.group(2))
                if c:
                    self.calls.setdefault((caller, c.group(1)), []).append(int(m.group(1), 16))

    def at(self, name, offset=0):
        return self.func[name] + offset

    def call(self, caller, callee, i=0):
        return self.calls[(caller, callee)][i]


def hexa(v):
    return "-" if v is None else f"0x{v:x}"


def packet(counter, cpu, tid, pc, stack=(), cand_pc=None, cand_ea=None, true_pc=None,
           true_ea=None, cycle=1000):
    return [str(counter), str(cpu), str(tid), str(cycle), hexa(pc), hexa(cand_pc), hexa(cand_ea),
            hexa(true_pc), hexa(true_ea), ",".join(hexa(s) for s in stack)]


def base_packets(p):
    """17 packets: 9 of cycles, 8 of dcrm (see the module's worked numbers)."""
    leaf_ldx = p.at("leaf", 0x10)
    m1, m2 = p.call("middle", "leaf", 0), p.call("middle", "leaf", 1)
    s1, s2 = p.call("_start", "middle"), p.call("_start", "scan")
    table, scalar = p.func["table"], p.func["scalar"]
    scan0, scan12 = p.at("scan", 0), p.at("scan", 12)
    C, D = 0, 1
    return [
        # cycles: leaf 4 (exclusive), middle 2, _start 1, scan 2; 5 of 9 at the true PC
        packet(C, 0, 1, leaf_ldx, [m1, s1], true_pc=leaf_ldx),
        packet(C, 0, 1, leaf_ldx, [m1, s1], true_pc=leaf_ldx),
        packet(C, 0, 1, p.at("leaf", 4), [m1, s1], true_pc=p.at("leaf", 0)),
        packet(C, 1, 2, p.at("leaf", 4), [m2, s1], true_pc=p.at("leaf", 4)),
        packet(C, 0, 1, p.at("middle", 0x18), [s1], true_pc=p.at("middle", 0x18)),
        packet(C, 0, 1, p.at("middle", 0x1C), [s1], true_pc=p.at("middle", 0x14)),
        packet(C, 1, 2, p.at("_start", 0x28), [], true_pc=p.at("_start", 0x28)),
        packet(C, 0, 1, p.at("scan", 16), [s2], true_pc=p.at("scan", 8)),
        packet(C, 0, 1, p.at("scan", 20), [s2], true_pc=p.at("scan", 12)),
        # dcrm, backtracking from pc to the candidate load
        packet(D, 0, 1, p.at("scan", 12), [s2], scan0, table, scan12, table + 8),     # <Unverifiable>
        packet(D, 0, 1, p.at("scan", 20), [s2], scan12, table + 16, scan12, table + 16),  # table
        packet(D, 0, 1, p.at("scan", 16), [s2], scan12, table + 8, scan12, table + 8),    # table
        packet(D, 0, 1, p.at("scan", 20), [s2], scan12, scalar, scan12, scalar),          # scalar
        packet(D, 1, 3, p.at("scan", 16), [s2], scan12, HEAP[0] + 16, scan12, HEAP[0] + 16),  # <heap>
        packet(D, 1, 3, p.at("scan", 16), [s2], scan12, None, scan12, table),  # <Unascertainable>
        packet(D, 1, 3, p.at("leaf", 0x14), [m1, s1], None, None, leaf_ldx, table),  # <Unknown>
        packet(D, 1, 3, p.at("scan", 16), [s2], scan12, 0x900000, scan12, 0x900000),  # <Unknown>
    ]


def base_exact(p):
    """Exact counts: cycles leaf 25M (two PCs), middle 12M, _start 3M, scan 14M and 0.5M
    outside every function; dcrm scan 650, leaf 120."""
    return [
        (0, p.at("leaf", 0), 20_000_000), (0, p.at("leaf", 8), 5_000_000),
        (0, p.at("middle", 0x18), 12_000_000), (0, p.at("_start", 0x28), 3_000_000),
        (0, p.at("scan", 12), 14_000_000), (0, 0x90, 500_000),
        (1, p.at("leaf", 0x10), 120), (1, p.at("scan", 12), 650),
    ]


def counters(backtrack=True):
    return [
        {"index": 0, "name": "cycles", "raw": "Cycle_cnt", "register": 0,
         "overflow": CYCLES_OVERFLOW, "units": "CPU-cycles", "cycles": True, "memop": "none",
         "backtrack": False},
        {"index": 1, "name": "dcrm", "raw": "DC_rd_miss", "register": 1,
         "overflow": DCRM_OVERFLOW, "units": "load events", "cycles": False, "memop": "load",
         "backtrack": backtrack},
    ]


def write_experiment(folder, program, packets, exact=None, info=None, counter_list=None):
    os.makedirs(os.path.join(folder, "archive"), exist_ok=True)
    with open(program.path, "rb") as src, open(os.path.join(folder, "archive", "prof"), "wb") as dst:
        dst.write(src.read())
    experiment = {
        "format": "fireplane-experiment", "version": 1, "program": program.path,
        "archive": "archive/prof", "args": ["prof", "10"], "config": "configs/v1280-2cpu.yaml",
        "model": "detailed", "cpus": 2, "clock_hz": CLOCK_HZ, "skid": 2,
        "exact": exact is not None, "counters": counter_list or counters(),
        "packets": len(packets), "exit_code": 0,
    }
    experiment.update(info or {})
    with open(os.path.join(folder, "experiment.json"), "w") as f:
        json.dump(experiment, f, indent=2)
    with open(os.path.join(folder, "packets.tsv"), "w") as f:
        f.write("counter\tcpu\ttid\tcycle\tpc\tcand_pc\tcand_ea\ttrue_pc\ttrue_ea\tstack\n")
        for row in packets:
            f.write("\t".join(row) + "\n")
    if exact is not None:
        with open(os.path.join(folder, "exact.tsv"), "w") as f:
            f.write("counter\tpc\tcount\n")
            for c, pc, n in sorted(exact):
                f.write(f"{c}\t0x{pc:x}\t{n}\n")
    with open(os.path.join(folder, "symbols.tsv"), "w") as f:
        f.write("start\tsize\ttype\tname\n")
        for start, size, kind, name in program.symbols:
            f.write(f"0x{start:x}\t{size}\t{kind}\t{name}\n")
    with open(os.path.join(folder, "loadmap.tsv"), "w") as f:
        f.write("start\tend\tname\n")
        f.write("0x100000\t0x101000\ttext\n0x200000\t0x202000\tdata\n")
        f.write(f"0x{HEAP[0]:x}\t0x{HEAP[1]:x}\theap\n0x{STACK[0]:x}\t0x{STACK[1]:x}\tstack\n")
    return folder


class Env:
    def __init__(self, args, work):
        self.fireplane, self.work = args.fireplane, work
        self.args = args
        self.program = Program(work, args.cc, args.fixtures)
        self.exp = write_experiment(os.path.join(work, "base.er"), self.program,
                                    base_packets(self.program), base_exact(self.program))

    def run(self, *args, expect=0):
        r = simulator.run([self.fireplane, "analyze", *args])
        if r.returncode != expect:
            raise Failure(f"`analyze {' '.join(args)}` exited {r.returncode}, expected {expect}\n"
                          f"stdout: {r.stdout}\nstderr: {r.stderr}")
        return r

    def tsv(self, *args, exp=None):
        """The listing as {name: [cells...]} plus the header, from --tsv output."""
        return tables.parse_tsv(self.run(exp or self.exp, "--tsv", *args).stdout)

    def error(self, args, message):
        r = self.run(*args, expect=2)
        equal(r.stderr.strip(), f"fireplane: error: {message}", f"error of {args}")


def by_name(head, rows):
    i = head.index("name")
    return {r[i]: r for r in rows}


# ---------------------------------------------------------------------------- cases

def case_functions_exclusive_inclusive(env):
    head, rows = env.tsv("functions")
    equal(head, ["e.cycles", "i.cycles", "e.dcrm", "i.dcrm", "name"], "default metrics")
    M = 1_000_000
    equal(rows, [
        ["54000000", "54000000", "800", "800", "<Total>"],
        ["24000000", "24000000", "100", "100", "leaf"],
        ["12000000", "36000000", "0", "100", "middle"],  # tie with scan: by name
        ["12000000", "12000000", "700", "700", "scan"],
        ["6000000", "54000000", "0", "800", "_start"],
    ], "functions (events)")
    check(54 * M == 9 * CYCLES_OVERFLOW, "worked numbers")


def case_time_in_seconds(env):
    out = env.run(env.exp, "functions").stdout
    check("Functions sorted by metric: Exclusive cycles" in out, "heading:\n" + out)
    # 24M cycles at 1.2 GHz = 0.020 s, 44.44% of 54M; inclusive 0.020; dcrm 100 events.
    rows = {l.split()[-1]: l.split()[:-1] for l in out.splitlines()[4:]}
    equal(rows["leaf"], ["0.020", "44.44", "0.020", "44.44", "100", "100"], "leaf row")
    equal(rows["<Total>"], ["0.045", "100.00", "0.045", "100.00", "800", "800"], "total row")
    equal(rows["_start"], ["0.005", "11.11", "0.045", "100.00", "0", "800"], "_start row")
    check(re.search(r"sec\.\s+%\s+sec\.\s+%\s+events\s+events", out), "unit line:\n" + out)


def case_metrics_and_sort(env):
    head, rows = env.tsv("metrics", "i.dcrm:e.cycles", "sort", "i.cycles", "functions")
    equal(head, ["i.dcrm", "e.cycles", "name"], "chosen metrics")
    equal([r[-1] for r in rows], ["<Total>", "_start", "middle", "leaf", "scan"],
          "sorted by i.cycles")
    # Sorting by the first metric shown when no sort is given.
    head, rows = env.tsv("-metrics", "e.dcrm", "-functions")
    equal([r[-1] for r in rows], ["<Total>", "scan", "leaf", "_start", "middle"],
          "sorted by e.dcrm")
    # ei. gives both, e% only the share in text form.
    head, _ = env.tsv("metrics", "ei.dcrm", "functions")
    equal(head, ["e.dcrm", "i.dcrm", "name"], "ei.dcrm")
    out = env.run(env.exp, "metrics", "e%dcrm", "functions").stdout
    check(re.search(r"^\s*87\.50\s+scan$", out, re.M), "e%dcrm shows 87.50 for scan:\n" + out)
    # limit, format tsv as a state command, and no listing command at all.
    _, rows = env.tsv("limit", "2", "functions")
    equal([r[-1] for r in rows], ["<Total>", "leaf", "middle"], "limit 2")
    out = env.run(env.exp, "format", "tsv").stdout
    equal(out.splitlines()[0], "e.cycles\ti.cycles\te.dcrm\ti.dcrm\tname",
          "functions by default")


def case_callers_callees(env):
    head, rows = env.tsv("callers-callees")
    equal(head, ["function", "role", "a.cycles", "a.dcrm", "name"], "columns")
    blocks = {}
    for f, role, cyc, dcrm, name in rows:
        blocks.setdefault(f, []).append((role, name, int(cyc), int(dcrm)))
    equal(blocks["middle"], [("caller", "_start", 36_000_000, 100),
                             ("self", "middle", 12_000_000, 0),
                             ("callee", "leaf", 24_000_000, 100)], "middle")
    equal(blocks["leaf"], [("caller", "middle", 24_000_000, 100), ("self", "leaf", 24_000_000, 100)],
          "leaf")
    equal(blocks["_start"], [("self", "_start", 6_000_000, 0),
                             ("callee", "middle", 36_000_000, 100),
                             ("callee", "scan", 12_000_000, 700)], "_start")
    equal(list(blocks), ["leaf", "middle", "scan", "_start"], "blocks in sort order")
    out = env.run(env.exp, "callers-callees").stdout
    check(re.search(r"^\s*0\.010\s+22\.22\s+0\s+\*middle$", out, re.M), "starred:\n" + out)


def case_recursion_counted_once(env):
    p = env.program
    m1, m2, s1 = p.call("middle", "leaf", 0), p.call("middle", "leaf", 1), p.call("_start", "middle")
    exp = write_experiment(os.path.join(env.work, "rec.er"), p, [
        packet(0, 0, 1, p.at("leaf", 4), [m1, m2, s1]),  # middle twice on the stack
        packet(0, 0, 1, p.at("middle", 0x18), [s1]),
    ])
    _, rows = env.tsv("metrics", "e.cycles:i.cycles", "functions", exp=exp)
    equal(rows, [["12000000", "12000000", "<Total>"], ["6000000", "6000000", "leaf"],
                 ["6000000", "12000000", "middle"], ["0", "12000000", "_start"]],
          "inclusive once per packet")
    _, rows = env.tsv("metrics", "e.cycles", "callers-callees", exp=exp)
    equal([r for r in rows if r[0] == "middle"],
          [["middle", "caller", "12000000", "_start"], ["middle", "caller", "6000000", "middle"],
           ["middle", "self", "6000000", "middle"], ["middle", "callee", "6000000", "leaf"],
           ["middle", "callee", "6000000", "middle"]], "recursive edge")
    equal(env.run(exp, "folded").stdout,
          "_start;middle 6000000\n_start;middle;middle;leaf 6000000\n", "folded")


def case_pcs_disassembly(env):
    head, rows = env.tsv("pcs")
    p = env.program
    equal(head, ["e.cycles", "i.cycles", "e.dcrm", "i.dcrm", "pc", "name", "instruction"],
          "columns")
    pcs = {r[4]: r for r in rows}
    ldx = pcs[hexa(p.at("leaf", 0x10))]
    equal(ldx[:4], ["12000000", "12000000", "0", "0"], "leaf ldx metrics")
    equal(ldx[5], "leaf + 0x10", "function + offset")
    # The disassembler against objdump: same mnemonic (objdump's synthetic names mapped
    # to the real ones), same registers, same branch targets.
    aliases = {"b": "ba", "retl": "jmpl", "ret": "jmpl"}
    compared = 0
    for pc_text, row in pcs.items():
        if pc_text == "-":
            continue
        theirs = p.insn[int(pc_text, 16)].split("!")[0]
        mnemonic = theirs.split()[0]
        equal(row[6].split()[0].split(",")[0], aliases.get(mnemonic, mnemonic),
              f"mnemonic at {pc_text}")
        if mnemonic not in aliases:
            equal(sorted(re.findall(r"%\w+", row[6])), sorted(re.findall(r"%\w+", theirs)),
                  f"registers at {pc_text}")
            compared += 1
        target = re.search(r"\s([0-9a-f]{6,}) <", p.insn[int(pc_text, 16)])
        if target:
            check(row[6].endswith("0x" + target.group(1)), f"target at {pc_text}: {row[6]}")
    check(compared >= 8, f"only {compared} instructions compared")
    # A call site on the stack is an inclusive row of its own.
    s1 = pcs[hexa(p.call("_start", "middle"))]
    equal(s1[:4], ["0", "36000000", "0", "100"], "call site of middle")
    check(s1[6].startswith("call"), "call site disassembles as a call: " + s1[6])


def case_lines_from_dwarf(env):
    head, rows = env.tsv("metrics", "e.cycles:e.dcrm", "lines")
    # Rows with exclusive events (the others are call sites, inclusive only).
    got = {r[-1]: (int(r[0]), int(r[1])) for r in rows if r[0] != "0" or r[1] != "0"}
    # The oracle: binutils' addr2line for every PC the packets name.
    expected = {}
    with open(os.path.join(env.exp, "packets.tsv")) as f:
        next(f)
        for line in f:
            c, _, _, _, pc = line.split("\t")[:5]
            where = subprocess.run([env.program.addr2line, "-e", env.program.path, pc],
                                   check=True, capture_output=True, text=True).stdout.strip()
            where = re.sub(r" \(discriminator \d+\)$", "", where)
            e = expected.setdefault(where, [0, 0])
            e[int(c)] += CYCLES_OVERFLOW if c == "0" else DCRM_OVERFLOW
    equal({k: v for k, v in got.items() if k != "<Total>"},
          {k: tuple(v) for k, v in expected.items()}, "lines against addr2line")
    check(any(k.endswith("prof.c:" + k.split(":")[-1]) for k in got), "a prof.c line")
    check(any(re.search(r"scan\.S:\d+$", k) for k in got), "a scan.S line")
    out = env.run(env.exp, "lines").stdout
    check(re.search(r"^\s*0\.005\s+11\.11\s+0\.005\s+11\.11\s+400\s+400\s+scan\.S:\d+$", out,
                    re.M), "text names scan.S:N:\n" + out)


def case_lines_without_debug_info(env):
    plain = Program(os.path.join(env.work), env.args.cc, env.args.fixtures, debug=False)
    exp = write_experiment(os.path.join(env.work, "nodebug.er"), plain, base_packets(plain))
    head, rows = env.tsv("lines", exp=exp)
    names = sorted(r[-1] for r in rows)
    equal(names, ["<Total>", "<no line info> (_start)", "<no line info> (leaf)",
                  "<no line info> (middle)", "<no line info> (scan)"], "no line info")


def case_data_objects(env):
    head, rows = env.tsv("data_objects")
    equal(head, ["e.dcrm", "name"], "only the backtracking counter")
    equal(rows, [["800", "<Total>"], ["200", "<Unknown>"], ["200", "table"],
                 ["100", "<Unascertainable>"], ["100", "<Unverifiable>"], ["100", "<heap>"],
                 ["100", "scalar"]], "data objects")
    out = env.run(env.exp, "data_objects").stdout
    check(re.search(r"^\s*200\s+25\.00\s+table$", out, re.M), "text with shares:\n" + out)


def case_data_objects_without_backtracking(env):
    exp = write_experiment(os.path.join(env.work, "nobt.er"), env.program,
                           base_packets(env.program), counter_list=counters(backtrack=False))
    out = env.run(exp, "data_objects").stdout
    check("no counter of this experiment backtracks" in out, "message:\n" + out)


def case_cpu_list(env):
    head, rows = env.tsv("cpu_list")
    equal(head, ["cpu", "packets", "threads", "e.cycles", "e.dcrm"], "columns")
    equal(rows, [["<Total>", "17", "3", "54000000", "800"],
                 ["0", "11", "1", "42000000", "400"],
                 ["1", "6", "2", "12000000", "400"]], "per CPU")
    out = env.run(env.exp, "cpu_list").stdout
    check(re.search(r"^0\s+11\s+1\s+0\.035\s+77\.78\s+400\s+50\.00$", out, re.M),
          "cpu 0 in seconds:\n" + out)


def case_folded(env):
    out = env.run(env.exp, "folded").stdout
    equal(out, "_start 6000000\n_start;middle 12000000\n_start;middle;leaf 24000000\n"
               "_start;scan 12000000\n", "folded by cycles")
    path = os.path.join(env.work, "dcrm.folded")
    env.run(env.exp, "sort", "e.dcrm", "folded", path)
    with open(path) as f:
        equal(f.read(), "_start;middle;leaf 100\n_start;scan 700\n", "folded by dcrm to a file")
    # The optional FILE is not taken from a following command.
    out = env.run(env.exp, "folded", "header").stdout
    check(out.startswith("_start 6000000\n") and "skid:" in out, "folded then header:\n" + out)


def case_truth(env):
    head, rows = env.tsv("truth", exp=env.exp)
    table = rows[:rows.index([""])] if [""] in rows else rows
    equal(head, ["cycles.sampled", "cycles.exact", "cycles.diff", "cycles.error", "dcrm.sampled",
                 "dcrm.exact", "dcrm.diff", "dcrm.error", "name"], "columns")
    got = {r[-1]: r[:-1] for r in table}
    equal(got["<Total>"], ["54000000", "54500000", "-500000", "-0.917", "800", "770", "30",
                           "3.896"], "total")
    equal(got["leaf"], ["24000000", "25000000", "-1000000", "-4.000", "100", "120", "-20",
                        "-16.667"], "leaf (two exact PCs summed)")
    equal(got["middle"], ["12000000", "12000000", "0", "0.000", "0", "0", "0", "-"], "middle")
    equal(got["_start"][:4], ["6000000", "3000000", "3000000", "100.000"], "_start")
    equal(got["<Unknown>"][:4], ["0", "500000", "-500000", "-100.000"], "outside functions")
    equal([r[-1] for r in table], ["<Total>", "leaf", "scan", "middle", "_start", "<Unknown>"],
          "sorted by exact cycles")
    out = env.run(env.exp, "truth").stdout
    check("cycles: the interrupted PC is the true PC in 5 of 9 packets (55.6%, skid 2)" in out,
          "skid line:\n" + out)
    check("dcrm: backtracking found the true PC in 6 of 8 packets (75.0%), and the true PC and "
          "address in 5 (62.5%)" in out, "backtracking line:\n" + out)
    check(re.search(r"^\s*12000000\s+14000000\s+-2000000\s+-14\.3\s.*\sscan$", out, re.M),
          "text row of scan:\n" + out)


def case_truth_needs_exact(env):
    exp = write_experiment(os.path.join(env.work, "sampled.er"), env.program,
                           base_packets(env.program))
    env.error([exp, "truth"], f"truth: {exp} has no exact counts (collect with --exact)")


def case_header(env):
    out = env.run(env.exp + "/", "header").stdout
    for want in [f"experiment:        {env.exp}\n", "skid:              2 instructions\n",
                 "packets:           17\n", "threads:           3\n", "cpus:              2\n",
                 "clock:             1.200 GHz\n", "exact:             yes (8 counts)\n"]:
        check(want in out, f"header has {want!r}:\n{out}")
    check(re.search(r"^cycles\s+Cycle_cnt\s+PIC0\s+6000000\s+CPU-cycles\s+time\s+no\s+9$", out,
                    re.M), "cycles counter line:\n" + out)
    check(re.search(r"^dcrm\s+DC_rd_miss\s+PIC1\s+100\s+load events\s+events\s+load\s+8$", out,
                    re.M), "dcrm counter line:\n" + out)
    equal(env.run(env.exp, "experiment").stdout, out.replace(env.exp + "/", env.exp),
          "experiment is header")


def case_help(env):
    out = env.run("help").stdout
    for command in ["metrics SPEC", "sort KEY", "functions", "callers-callees", "pcs", "lines",
                    "data_objects", "cpu_list", "folded [FILE]", "truth", "header"]:
        check(re.search(r"^  " + re.escape(command) + r"\s", out, re.M), f"usage lists {command}")


# The plotting scripts.

def case_profile_plot(env):
    script = os.path.join(env.args.scripts, "profile_plot")
    out = os.path.join(env.work, "top.png")
    r = simulator.run([script, env.exp, out, "--fireplane", env.fireplane])
    equal((r.returncode, r.stdout.strip()), (0, f"profile_plot: 4 functions by e.cycles written "
                                                f"to {out}"), "default metric")
    with open(out, "rb") as f:
        data = f.read()
    check(data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000, "a PNG image")
    r = simulator.run([script, env.exp, out, "--metric", "i.dcrm", "--top", "2", "--fireplane",
                       env.fireplane])
    equal(r.stdout.strip(), f"profile_plot: 2 functions by i.dcrm written to {out}", "--top 2")
    r = simulator.run([script, env.exp, out, "--metric", "e.nope", "--fireplane", env.fireplane])
    equal((r.returncode, r.stderr.strip()), (2, "fireplane: error: unknown metric 'e.nope': "
                                                "this experiment's counters are cycles, dcrm"),
          "bad metric")


def case_flamegraph_png(env):
    folded = os.path.join(env.work, "cycles.folded")
    env.run(env.exp, "folded", folded)
    script = os.path.join(env.args.scripts, "flamegraph_png")
    out = os.path.join(env.work, "flame.png")
    r = simulator.run([script, folded, out])
    equal((r.returncode, r.stdout.strip()),
          (0, f"flamegraph_png: 4 stacks, 4 frames written to {out}"), "flame graph")
    with open(out, "rb") as f:
        check(f.read(8) == b"\x89PNG\r\n\x1a\n", "a PNG image")
    with open(folded, "a") as f:
        f.write("_start;leaf lots\n")
    r = simulator.run([script, folded, out])
    equal((r.returncode, r.stderr.strip()),
          (2, f"flamegraph_png: {folded}:5: expected 'frame;frame;... count'"), "bad line")


# Bad input: exit 2 and one line naming the problem.

def case_bad_missing_folder(env):
    missing = os.path.join(env.work, "nothing.er")
    env.error([missing], f"{missing}: no such experiment folder")


def case_bad_no_experiment_json(env):
    empty = os.path.join(env.work, "empty.er")
    os.makedirs(empty)
    env.error([empty], f"{empty}: not an experiment (no experiment.json)")


def case_bad_version(env):
    exp = write_experiment(os.path.join(env.work, "v2.er"), env.program, [], info={"version": 2})
    env.error([exp], f"{exp}/experiment.json: version 2, this analyzer reads version 1")


def case_bad_truncated_packet(env):
    exp = write_experiment(os.path.join(env.work, "cut.er"), env.program,
                           base_packets(env.program))
    path = os.path.join(exp, "packets.tsv")
    with open(path) as f:
        lines = f.readlines()
    lines[2] = "\t".join(lines[2].split("\t")[:4]) + "\n"
    with open(path, "w") as f:
        f.writelines(lines)
    env.error([exp], f"{exp}/packets.tsv:3: expected 10 columns, found 4")
    # Cut inside the last line: no newline at the end.
    with open(path, "w") as f:
        f.writelines(lines[:2])
        f.write(lines[3].rstrip("\n")[:-3])  # the stack's last address, cut short
    env.error([exp], f"{exp}/packets.tsv:3: truncated line (no newline at the end of the file)")


def case_bad_field(env):
    exp = write_experiment(os.path.join(env.work, "field.er"), env.program,
                           base_packets(env.program))
    path = os.path.join(exp, "packets.tsv")
    with open(path) as f:
        lines = f.readlines()
    fields = lines[5].split("\t")
    fields[0], fields[4] = "7", fields[4]
    lines[5] = "\t".join(fields)
    with open(path, "w") as f:
        f.writelines(lines)
    env.error([exp], f"{exp}/packets.tsv:6: counter 7 is not in experiment.json (it has 2)")
    fields[0], fields[4] = "0", "12ab"
    lines[5] = "\t".join(fields)
    with open(path, "w") as f:
        f.writelines(lines)
    env.error([exp], f"{exp}/packets.tsv:6: bad pc '12ab' (expected 0x and hex digits)")


def case_bad_packet_count(env):
    exp = write_experiment(os.path.join(env.work, "count.er"), env.program,
                           base_packets(env.program), info={"packets": 20})
    env.error([exp], f"{exp}/packets.tsv: 17 packets, but experiment.json says 20")


def case_bad_unknown_command(env):
    env.error([env.exp, "functions", "flames"],
              "analyze: unknown command 'flames' (`fireplane analyze help` lists the commands)")
    env.error([env.exp, "metrics"], "analyze: metrics needs SPEC")
    env.error([], "analyze: no experiment folder given (`fireplane analyze help` lists the "
              "commands)")


def case_bad_unknown_metric(env):
    # Checked before any listing prints.
    r = env.run(env.exp, "functions", "metrics", "e.cycles:i.dcmiss", "functions", expect=2)
    equal(r.stdout, "", "nothing printed")
    equal(r.stderr.strip(), "fireplane: error: unknown metric 'i.dcmiss': this experiment's "
          "counters are cycles, dcrm", "message")
    env.error([env.exp, "metrics", "x.cycles"],
              "bad metric 'x.cycles': expected e.NAME, i.NAME, ei.NAME, e.%NAME or e%NAME")
    env.error([env.exp, "sort", "e.insts"],
              "unknown sort key 'e.insts': this experiment's counters are cycles, dcrm")
    env.error([env.exp, "limit", "many"], "limit: expected a number of rows, got 'many'")


CASES = {name[5:]: fn for name, fn in globals().items() if name.startswith("case_")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fireplane")
    ap.add_argument("--cc", help="sparc64-linux-gnu-gcc")
    ap.add_argument("--fixtures", default=os.path.join(os.path.dirname(__file__), "fixtures"))
    ap.add_argument("--scripts", default=os.path.join(simulator.REPO_ROOT, "scripts"))
    ap.add_argument("--list", action="store_true")
    ap.add_argument("case", nargs="?")
    a = ap.parse_args()
    if a.list:
        print("\n".join(CASES))
        return 0
    if a.case not in CASES:
        ap.error(f"unknown case {a.case!r}; --list shows them")
    with tempfile.TemporaryDirectory() as work:
        try:
            CASES[a.case](Env(a, work))
        except Failure as e:
            print(f"{a.case}: FAILED: {e}", file=sys.stderr)
            return 1
    print(f"{a.case}: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
