#!/usr/bin/env python3
"""GDB sessions against `fireplane run|boot --gdb 0 --gdb-wait` (ctest label gdb).

    check_gdb.py --fireplane BIN --gdb GDB --build DIR --source DIR CASE

Each CASE starts fireplane in the background on a free port, drives
gdb-multiarch in batch mode (-ex commands) against it, and checks gdb's
output, the guest's output and fireplane's exit code. Every process has a
time limit, so a test never hangs.
"""
import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, stats  # noqa: E402

LIMIT = 120  # seconds for any one process


class Target:
    """fireplane with a GDB stub on a free port, stopped before its first instruction."""

    def __init__(self, args, wait=True):
        self.dir = tempfile.TemporaryDirectory()
        self.out = open(os.path.join(self.dir.name, "stdout"), "w+")
        self.err = open(os.path.join(self.dir.name, "stderr"), "w+")
        sub, rest = args[0], args[1:]
        self.cmd = [OPT.fireplane, sub, "--gdb", "0"] + (["--gdb-wait"] if wait else []) + rest
        self.proc = subprocess.Popen(self.cmd, stdout=self.out, stderr=self.err,
                                     stdin=subprocess.DEVNULL, cwd=self.dir.name)
        self.port = self._port()
        self.result = None

    def _port(self):
        deadline = time.time() + 30
        while time.time() < deadline:
            with open(self.err.name) as f:
                m = re.search(r"fireplane: gdb: listening on 127\.0\.0\.1:(\d+)", f.read())
            if m:
                return int(m.group(1))
            if self.proc.poll() is not None:
                break
            time.sleep(0.05)
        self.proc.kill()
        checks.fail_now(f"no 'listening on' line from {' '.join(self.cmd)}:\n" + self.stderr())

    def gdb(self, elf, *commands, before=()):
        """Runs gdb-multiarch --batch with `commands` after `target remote`; its output."""
        cmd = [OPT.gdb, "--batch", "-nx", "-ex", "set pagination off", "-ex", "set confirm off"]
        for c in before:
            cmd += ["-ex", c]
        cmd += ["-ex", f"target remote 127.0.0.1:{self.port}"]
        for c in commands:
            cmd += ["-ex", c]
        if elf:
            cmd.append(elf)
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=LIMIT,
                               stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as e:
            self.proc.kill()
            checks.fail_now(f"gdb did not finish in {LIMIT} s:\n{e.stdout}\n{e.stderr}")
        text = r.stdout + r.stderr
        print("--- gdb:", " | ".join(commands))
        print(text.rstrip())
        return text

    def finish(self):
        """Waits for fireplane: (exit code, stdout, stderr)."""
        try:
            code = self.proc.wait(timeout=LIMIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            checks.fail_now(f"fireplane did not end in {LIMIT} s after gdb")
        self.result = (code, self.stdout(), self.stderr())
        print(f"--- fireplane exit {code}; stdout:\n{self.result[1].rstrip()}\n--- stderr:\n"
              f"{self.result[2].rstrip()}")
        return self.result

    def stdout(self):
        with open(self.out.name) as f:
            return f.read()

    def stderr(self):
        with open(self.err.name) as f:
            return f.read()

    def path(self, name):
        return os.path.join(self.dir.name, name)


def has(report, pattern, text, what):
    """Checks that some line of text matches the regex pattern."""
    return report.check(re.search(pattern, text, re.M) is not None, f"{what}: /{pattern}/")


def lacks(report, pattern, text, what):
    return report.check(re.search(pattern, text, re.M) is None, f"{what}: no /{pattern}/")


def ended(report, result, code, stdout_pattern=None):
    got, out, _ = result
    report.check(got == code, f"fireplane exit code {got} (expected {code})")
    if stdout_pattern:
        has(report, stdout_pattern, out, "guest output")


def firmware(name):
    return os.path.join(OPT.build, "sw", "firmware", name)


def program(name):
    return os.path.join(OPT.build, "sw", name)


def config(name):
    return os.path.join(OPT.source, "configs", name)


def uni_fw():
    return config("uni-firmware.yaml")


def v1280_fw():
    return config("v1280-firmware.yaml")


# ---- firmware (fireplane boot) ----

def case_firmware_break(r):
    """A breakpoint at main in the boot ROM's code, the backtrace, run to the end."""
    t = Target(["boot", "-c", uni_fw(), firmware("hello")])
    g = t.gdb(firmware("hello"), "info registers pc", "break main", "continue", "bt",
              "p $pc", "continue")
    has(r, r"^pc +0xfffffffff0000020 +0xfffffffff0000020 <_reset\+32>", g,
        "stopped at the reset vector")
    has(r, r"^Breakpoint 1, main \(\) at .*hello\.c:5", g, "breakpoint at main")
    has(r, r"^#0  main \(\) at .*hello\.c:5", g, "backtrace")
    has(r, r"^\$1 = \(void \(\*\)\(\)\) 0x[0-9a-f]+ <main\+\d+>", g, "pc in main")
    has(r, r"exited with code 052\]", g, "gdb sees the power-off code (42)")
    ended(r, t.finish(), 42, r"^hello from firmware$")


def case_firmware_registers_memory(r):
    """Registers and memory read and written: the ROM's string changes what the firmware prints."""
    t = Target(["boot", "-c", uni_fw(), firmware("hello")])
    g = t.gdb(firmware("hello"), "break fw_print", "continue", "x/s s", "p/x $tl", "p $tt5",
              "p/x $ver", "p/x $pstate", "set var $g1 = 0x1234abcd", "p/x $g1",
              "set var $f3 = 2.5", "p $f3", "set {char}s = 'J'", "x/s s",
              "continue")
    has(r, r'^0x[0-9a-f]+:\s+"hello from firmware"', g, "x/s reads the ROM")
    has(r, r"^\$1 = 0x0$", g, "TL 0 in main's callee")
    has(r, r"^\$2 = 1$", g, "TT of TL 5 from the power-on reset")
    has(r, r"^\$3 = 0x3e001541000507$", g, "VER of the UltraSPARC IIICu")
    has(r, r"^\$4 = 0x14$", g, "PSTATE PRIV|PEF")
    has(r, r"^\$5 = 0x1234abcd$", g, "a written %g1 reads back")
    has(r, r"^\$6 = 2\.5$", g, "a written %f3 reads back")
    has(r, r'^0x[0-9a-f]+:\s+"Jello from firmware"', g, "a written byte of ROM reads back")
    ended(r, t.finish(), 42, r"^Jello from firmware$")


def case_firmware_step(r):
    """stepi moves one instruction; step goes into the called function."""
    t = Target(["boot", "-c", uni_fw(), firmware("hello")])
    g = t.gdb(firmware("hello"), "break main", "continue", "p/x $pc", "stepi", "p/x $pc",
              "stepi", "p/x $pc", "step", "bt 1", "continue")
    pcs = [int(x, 16) for x in re.findall(r"^\$\d+ = (0x[0-9a-f]+)$", g, re.M)]
    r.check(len(pcs) == 3 and pcs[1] == pcs[0] + 4 and pcs[2] == pcs[1] + 4,
            f"stepi advances the pc by 4: {[hex(p) for p in pcs]}")
    has(r, r'^#0  fw_(puts|print) \(s=0x[0-9a-f]+ "hello from firmware"\) at .*fw\.c:\d+', g,
        "step enters the callee")
    ended(r, t.finish(), 42, r"^hello from firmware$")


def case_firmware_watch(r):
    """A watchpoint on the master word fires on the casx that claims it."""
    t = Target(["boot", "-c", uni_fw(), firmware("hello")])
    g = t.gdb(firmware("hello"), "watch *(long *)&fw_master", "continue", "x/i $pc - 4",
              "delete", "continue")
    has(r, r"^Hardware watchpoint 1: \*\(long \*\)&fw_master", g, "a hardware watchpoint")
    has(r, r"^Old value = 0$", g, "old value")
    has(r, r"^New value = 1$", g, "new value")
    has(r, r"<_start\+\d+>:\s+casx", g, "stopped after the casx")
    ended(r, t.finish(), 42, r"^hello from firmware$")


def case_firmware_threads(r):
    """Twelve CPUs are twelve threads; each has its own registers."""
    t = Target(["boot", "-c", v1280_fw(), firmware("hello")])
    g = t.gdb(firmware("hello"), "info threads", "thread 7", "p $pc", "break main", "continue",
              "info threads", "thread apply 3 p $pc", "continue")
    threads = re.findall(r"^\*? +(\d+) +Thread (\d+) \((cpu\d+)\)", g, re.M)
    ids = sorted({int(n) for n, _, _ in threads})
    r.check(ids == list(range(1, 13)), f"info threads lists 12 threads: {ids}")
    has(r, r"^ +12 +Thread 12 \(cpu11\)", g, "thread 12 is cpu11")
    has(r, r"^\[Switching to thread 7 \(Thread 7\)\]", g, "thread 7 selected")
    has(r, r"^\$1 = \(void \(\*\)\(\)\) 0xfffffffff0000020 <_reset\+32>", g,
        "its pc: the reset vector")
    has(r, r"^Thread (\d+) hit Breakpoint 1, main \(\)", g, "one CPU reaches main")
    has(r, r"^\* +(\d+) +Thread \1 \(cpu\d+\) +main \(\)", g, "it is the current thread")
    has(r, r"^Thread 3 \(Thread 3 \(cpu2\)\):\n\$2 = \(void \(\*\)\(\)\) 0x", g,
        "another CPU's registers")
    ended(r, t.finish(), 42, r"^hello from firmware$")


def case_firmware_detach(r):
    """After detach the firmware runs on to its end."""
    t = Target(["boot", "-c", uni_fw(), firmware("hello")])
    g = t.gdb(firmware("hello"), "break fw_print", "continue", "detach")
    has(r, r"^Breakpoint 1(\.\d+)?, fw_print \(s=", g, "breakpoint")
    has(r, r"Inferior 1 \(Remote target\) detached", g, "detached")
    ended(r, t.finish(), 42, r"^hello from firmware$")


def case_firmware_kill(r):
    """kill ends the run as a limit does (exit 124) before the firmware prints."""
    t = Target(["boot", "-c", uni_fw(), firmware("hello")])
    g = t.gdb(firmware("hello"), "break fw_putc", "continue", "kill")
    has(r, r"^Breakpoint 1(\.\d+)?, (0x[0-9a-f]+ in )?fw_putc \(c=", g, "breakpoint")
    has(r, r"Inferior 1 \(Remote target\) killed", g, "killed")
    result = t.finish()
    ended(r, result, 124)
    lacks(r, r"hello", result[1], "guest output")
    has(r, r"^fireplane: killed by the debugger; the firmware had not powered off$", result[2],
        "fireplane says why it stopped")


def case_monitor(r):
    """monitor help, monitor stats PREFIX and monitor tlb."""
    t = Target(["boot", "-c", uni_fw(), firmware("hello")])
    g = t.gdb(firmware("hello"), "break main", "continue", "monitor help",
              "monitor stats cpu0.instructions", "monitor stats no.such", "monitor bogus",
              "continue")
    has(r, r"^monitor stats - ", g, "help lists stats")
    has(r, r"^monitor help - ", g, "help lists help")
    has(r, r"^cpu0\.instructions = \d+ count$", g, "stats by prefix")
    has(r, r"^no statistic starts with 'no\.such'$", g, "no such statistic")
    has(r, r"^unknown monitor command 'bogus'", g, "unknown command")
    ended(r, t.finish(), 42)
    # The TLBs, once the SDK's identity map is in: its locked 4M entries.
    t = Target(["boot", "-c", uni_fw(), firmware("mmu_locked")])
    g = t.gdb(firmware("mmu_locked"), "break fw_puts", "continue", "monitor tlb", "monitor tlb 0",
              "monitor tlb 7", "print/x *(unsigned long *)0x100000000028",
              "print/x *(unsigned long *)0x200000000000", "continue")
    has(r, r"^cpu0: \d+ valid entries \(I-MMU on, D-MMU on\)$", g, "tlb: the MMUs are on")
    has(r, r"^  iT16 +\[ *\d+\] va=0xfffffffff0000000 ctx=0x0000 pa=0x7fff0000000 4M +L G CP CV P$",
        g, "tlb: the ROM's locked I-TLB entry")
    has(r, r"^  dT16 +\[ *\d+\] va=0x0000100000000000 ctx=0x0000 pa=0x[0-9a-f]+ 8K +L G CP CV P W$",
        g, "tlb: the test's locked alias")
    has(r, r"^no CPU 7$", g, "tlb: no such CPU")
    has(r, r"^\$1 = 0x1234$", g, "memory through the D-MMU: the alias reads the store")
    has(r, r"Cannot access memory at address 0x200000000000", g, "an unmapped VA is not read")
    ended(r, t.finish(), 0)


# ---- user mode (fireplane run) ----

def recursion():
    return program("tests/recursion_O0")


def case_user_break(r):
    """A breakpoint in a Linux program; an argument changed through memory changes its result."""
    t = Target(["run", "--", recursion()])
    g = t.gdb(recursion(), "break fib", "continue", "bt 2", "p n", "info threads", "set var n = 10",
              "delete", "continue")
    has(r, r"^Breakpoint 1, fib \(n=25\) at .*recursion\.c:\d+", g, "breakpoint at fib")
    has(r, r"^#1  0x[0-9a-f]+ in main \(\) at .*recursion\.c:\d+", g, "called from main")
    has(r, r"^\$1 = 25$", g, "the argument")
    has(r, r"^\* 1 +Thread 1000 \(on cpu0\) +fib \(n=25\)", g, "the main thread on cpu0")
    ended(r, t.finish(), 1, r"^fib\(25\) = 55$")


def case_user_registers(r):
    """An argument register written at the function's first instruction."""
    t = Target(["run", "--", recursion()])
    g = t.gdb(recursion(), "break *fib", "continue", "p $o0", "set var $o0 = 12", "p $o0",
              "info registers pc npc", "delete", "continue")
    has(r, r"^\$1 = 25$", g, "%o0 holds the argument")
    has(r, r"^\$2 = 12$", g, "%o0 written")
    has(r, r"^pc +0x[0-9a-f]+ +0x[0-9a-f]+ <fib>", g, "pc at fib")
    has(r, r"^npc +0x[0-9a-f]+ +0x[0-9a-f]+ <fib\+4>", g, "npc after it")
    ended(r, t.finish(), 1, r"^fib\(25\) = 144$")


def case_user_watch(r):
    """Write, read and access watchpoints on a global."""
    t = Target(["run", "--", recursion()])
    g = t.gdb(recursion(), "break main", "continue", "watch calls", "continue", "bt 1", "delete",
              "rwatch calls", "continue", "delete", "awatch calls", "continue", "delete",
              "continue")
    has(r, r"^Hardware watchpoint 2: calls", g, "write watchpoint set")
    has(r, r"^Old value = 0$", g, "old value")
    has(r, r"^New value = 1$", g, "new value")
    has(r, r"^#0  ackermann \(m=2, n=0\) at .*recursion\.c:\d+", g, "in ackermann")
    has(r, r"^Hardware read watchpoint 3: calls", g, "read watchpoint fires")
    has(r, r"^Hardware access \(read/write\) watchpoint 4: calls", g, "access watchpoint fires")
    ended(r, t.finish(), 0, r"^all checks passed$")


def case_user_step(r):
    """stepi, next and step in a Linux program."""
    t = Target(["run", "--", recursion()])
    g = t.gdb(recursion(), "break ackermann", "continue", "p/x $pc", "stepi", "p/x $pc", "next",
              "next", "step", "bt 2", "delete", "continue")
    pcs = [int(x, 16) for x in re.findall(r"^\$\d+ = (0x[0-9a-f]+)$", g, re.M)]
    r.check(len(pcs) == 2 and pcs[1] == pcs[0] + 4,
            f"stepi advances the pc by 4: {[hex(p) for p in pcs]}")
    has(r, r"^#0  ackermann \(m=\d+, n=\d+\) at .*recursion\.c:\d+\n#1  0x[0-9a-f]+ in ackermann",
        g, "step enters the recursive call")
    ended(r, t.finish(), 0, r"^all checks passed$")


def case_user_threads(r):
    """pthreads on the 12-CPU machine: threads by Linux thread ID, on CPUs or waiting."""
    prog = program("tests/mt_pthreads")
    t = Target(["run", "-c", config("v1280.yaml"), "--", prog, "4"])
    g = t.gdb(prog, "break series_sum", "continue", "continue", "info threads", "delete",
              "continue")
    has(r, r"Thread \d+ hit Breakpoint 1(\.\d+)?, series_sum", g, "a worker thread hits it")
    threads = re.findall(r"^\*? +\d+ +Thread (\d+) \(([a-z0-9 ]+)\)", g, re.M)
    r.check(len(threads) >= 3, f"info threads lists the main thread and workers: {threads}")
    r.check(any(tid == "1000" for tid, _ in threads), "the main thread is 1000")
    ended(r, t.finish(), 0, r"^all checks passed$")


def case_user_interrupt(r):
    """Ctrl-C (gdb gets SIGINT) stops a running program; a variable written ends its loop."""
    prog = program("gdb/spin")
    t = Target(["run", "--", prog])
    cmd = [OPT.gdb, "--batch", "-nx", "-ex", "set pagination off", "-ex",
           f"target remote 127.0.0.1:{t.port}", "-ex", "continue", "-ex", "p stop",
           "-ex", "set var stop = 1", "-ex", "continue", prog]
    gdb = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           stdin=subprocess.DEVNULL)
    time.sleep(2)  # gdb has connected and continued; the program spins
    gdb.send_signal(signal.SIGINT)
    try:
        g, _ = gdb.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        gdb.kill()
        t.proc.kill()
        checks.fail_now("gdb did not finish after Ctrl-C")
    print(g)
    has(r, r"Program received signal SIGINT", g, "the program stopped on Ctrl-C")
    has(r, r"^\$1 = 0$", g, "stop still 0")
    has(r, r"exited with code 07\]", g, "the program exits once stop is set")
    ended(r, t.finish(), 7, r"^stopped by the debugger after some rounds$")


def case_user_attach(r):
    """gdb connects to a program that already runs, detaches, and connects again."""
    prog = program("gdb/spin")
    t = Target(["run", "--", prog], wait=False)
    time.sleep(1)  # the program spins
    g1 = t.gdb(prog, "p stop", "p rounds > 0", "detach")
    has(r, r"^\$1 = 0$", g1, "stop is 0")
    has(r, r"^\$2 = 1$", g1, "the program has been running")
    has(r, r"Inferior 1 \(Remote target\) detached", g1, "detached")
    g2 = t.gdb(prog, "set var stop = 1", "continue")
    has(r, r"exited with code 07\]", g2, "the second gdb sees the program exit")
    ended(r, t.finish(), 7, r"^stopped by the debugger after some rounds$")


class Rsp:
    """A bare remote-protocol client, for what gdb itself does not send (vCont;s)."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.buffer = b""

    def _byte(self):
        if not self.buffer:
            self.buffer = self.sock.recv(4096)
            if not self.buffer:
                raise EOFError("the stub closed the connection")
        b, self.buffer = self.buffer[:1], self.buffer[1:]
        return b

    def send(self, data):
        cs = sum(data.encode()) & 0xff
        self.sock.sendall(f"${data}#{cs:02x}".encode())
        if self._byte() != b"+":
            raise RuntimeError(f"no acknowledgement for {data}")

    def receive(self):
        while self._byte() != b"$":
            pass
        data = b""
        while (c := self._byte()) != b"#":
            data += c
        self._byte(), self._byte()
        self.sock.sendall(b"+")
        return data.decode()

    def ask(self, data):
        self.send(data)
        return self.receive()


def case_protocol_step(r):
    """The stub's own single step (vCont;s) on one CPU of twelve, and a Z1 breakpoint.
    In the detailed model the CPUs take turns a short quantum at a time (functionally one
    CPU may run the whole firmware before another starts)."""
    t = Target(["boot", "-c", v1280_fw(), "--model", "detailed", firmware("hello")])
    gdb = Rsp(t.port)
    pc = 0x50  # gdb's sparc64 register number of pc
    r.check(gdb.ask("?") == "T05thread:1;", "stopped before the first instruction")
    r.check(gdb.ask("Hg5") == "OK", "thread 5 selected")
    at_reset = gdb.ask(f"p{pc:x}")
    r.check(at_reset == "fffffffff0000020", f"thread 5 at the reset vector ({at_reset})")
    reply = gdb.ask("vCont;s:5;c")
    r.check(reply == "T05thread:5;", f"a step of thread 5 ends on thread 5 ({reply})")
    gdb.ask("Hg5")
    after = gdb.ask(f"p{pc:x}")
    r.check(after == "fffffffff00000c0", f"its ba,a went to _start ({after})")
    reply = gdb.ask("vCont;s:5;c")
    gdb.ask("Hg5")
    after2 = gdb.ask(f"p{pc:x}")
    r.check(reply == "T05thread:5;" and after2 == "fffffffff00000c4",
            f"one more instruction ({reply}, {after2})")
    r.check(gdb.ask("Z1,fffffffff00000c8,4") == "OK", "a hardware breakpoint one further")
    reply = gdb.ask("vCont;c")
    r.check(reply == "T05thread:5;", f"thread 5 reaches it ({reply})")
    r.check(gdb.ask("z1,fffffffff00000c8,4") == "OK", "removed")
    r.check(gdb.ask("vKill;1") == "OK", "vKill")
    ended(r, t.finish(), 124)


def case_usage_errors(r):
    """Bad --gdb options and a port in use: exit 2 with a message, nothing runs."""
    hello = firmware("hello")

    def fireplane(*args):
        p = subprocess.run([OPT.fireplane, "boot", "-q", *args, hello], capture_output=True,
                           text=True, timeout=LIMIT, stdin=subprocess.DEVNULL)
        print(f"--- fireplane boot {' '.join(args)}: exit {p.returncode}\n{p.stderr.rstrip()}")
        return p

    p = fireplane("--gdb-wait")
    r.check(p.returncode == 2 and "--gdb-wait requires --gdb" in p.stderr,
            "--gdb-wait without --gdb: exit 2")
    p = fireplane("--gdb", "70000")
    r.check(p.returncode == 2 and "not in range 0 to 65535" in p.stderr,
            "a port past 65535: exit 2")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        p = fireplane("--gdb", str(port))
    r.check(p.returncode == 2 and p.stdout == "", f"a port in use: exit 2 ({p.returncode})")
    has(r, rf"^fireplane: error: gdb stub: cannot listen on 127\.0\.0\.1:{port}: "
        r"Address already in use$", p.stderr, "it says why")


# ---- a debugger that only continues changes nothing ----

def plain_run(args, folder):
    """fireplane without gdb, its output to a file as under Target: (exit code, stdout)."""
    cmd = [OPT.fireplane, args[0], "--stats", "stats.json"] + args[1:]
    with open(os.path.join(folder, "stdout"), "w+") as out:
        p = subprocess.run(cmd, stdout=out, stderr=subprocess.DEVNULL, timeout=LIMIT,
                           stdin=subprocess.DEVNULL, cwd=folder)
        out.seek(0)
        return p.returncode, out.read()


def compare_runs(r, what, args, elf, sessions):
    """Statistics, output and exit code of a run without gdb, and of one per gdb session."""
    with tempfile.TemporaryDirectory() as d:
        code, out = plain_run(args, d)
        base = stats.flatten(stats.without_host(stats.load(os.path.join(d, "stats.json"))))
    r.check(len(base) > 10 and "sim.instructions" in base,
            f"{what}: the plain run's statistics ({len(base)} entries)")
    for name, commands in sessions:
        t = Target([args[0], "--stats", "stats.json"] + args[1:])
        t.gdb(elf, *commands)
        got_code, got_out, _ = t.finish()
        doc = stats.flatten(stats.without_host(stats.load(t.path("stats.json"))))
        diff = sorted(k for k in set(base) | set(doc) if base.get(k) != doc.get(k))
        if diff:
            shown = ", ".join(f"{k} {base.get(k)} vs {doc.get(k)}" for k in diff[:8])
            detail = f" (differ: {shown})"
        else:
            detail = f" ({len(doc)} entries, {int(doc['sim.instructions'])} instructions)"
        r.check(not diff, f"{what}, {name}: statistics identical{detail}")
        r.check(got_out == out, f"{what}, {name}: guest output identical")
        r.check(got_code == code, f"{what}, {name}: exit code {got_code} (plain run {code})")


def case_determinism_firmware(r):
    """Breakpoints, steps and watchpoints that only continue leave a firmware run as it was."""
    sessions = [
        ("continue only", ["continue"]),
        ("breakpoints", ["break fw_putc", "continue", "continue 5", "stepi", "next", "delete",
                         "break fw_exit", "continue", "continue"]),
        ("watchpoint", ["watch *(long *)&fw_master", "continue", "delete", "continue"]),
    ]
    for model in ("functional", "detailed"):
        compare_runs(r, f"hello, uni, {model}",
                     ["boot", "-q", "-c", uni_fw(), "--model", model, firmware("hello")],
                     firmware("hello"), sessions)
    compare_runs(r, "hello, 12 CPUs, detailed",
                 ["boot", "-q", "-c", v1280_fw(), "--model", "detailed", firmware("hello")],
                 firmware("hello"), sessions[:2])


def case_determinism_user(r):
    """The same for Linux programs, one thread and four on twelve CPUs."""
    compare_runs(r, "recursion", ["run", "-q", "--", recursion()], recursion(), [
        ("continue only", ["continue"]),
        ("breakpoints", ["break ackermann", "continue", "continue 20", "stepi", "next", "step",
                         "delete", "break hanoi", "continue", "delete", "continue"]),
        ("watchpoint", ["break main", "continue", "watch calls", "continue", "continue",
                        "delete", "continue"]),
    ])
    prog = program("tests/mt_pthreads")
    compare_runs(r, "mt_pthreads 4 on 12 CPUs", ["run", "-q", "-c", config("v1280.yaml"), "--",
                                                  prog, "4"], prog, [
        ("continue only", ["continue"]),
        ("breakpoints", ["break series_sum", "continue", "continue", "continue", "delete",
                         "continue"]),
    ])


CASES = {name[len("case_"):]: f for name, f in globals().items() if name.startswith("case_")}


def main():
    global OPT
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fireplane", required=True)
    ap.add_argument("--gdb", default="gdb-multiarch")
    ap.add_argument("--build", required=True, help="the build folder (its sw/ programs)")
    ap.add_argument("--source", required=True, help="the source folder (its configs/)")
    ap.add_argument("case", choices=sorted(CASES))
    OPT = ap.parse_args()
    report = checks.Report()
    CASES[OPT.case](report)
    print("ok: all checks passed" if report.ok else f"FAIL: {len(report.failures)} checks failed")
    return report.status()


OPT = None
if __name__ == "__main__":
    sys.exit(main())
