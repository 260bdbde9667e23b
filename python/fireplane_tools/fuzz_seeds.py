"""Seed corpora for the fuzz targets (scripts/fuzz): inputs made from the
project's own files, one generator per seed kind a target names in its
fireplane_fuzzer(... SEEDS kind). Each yields (name, bytes)."""
import os
import struct
import subprocess

from . import simulator

SPARC_CC = "sparc64-linux-gnu-gcc"
SPARC_OBJCOPY = "sparc64-linux-gnu-objcopy"


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def tiny_programs(work):
    """Small static SPARC executables: a fuzzer mutates a 1 KiB file far
    better than a libc program of 700 KiB."""
    variants = {
        "exit": "_start: mov 1, %g1\n mov 0, %o0\n ta 0x6d\n",
        "data": ".data\nvalue: .xword 42\n.bss\n.skip 20000\n.text\n"
                "_start: sethi %hi(value), %o0\n ldx [%o0 + %lo(value)], %o0\n"
                " mov 1, %g1\n ta 0x6d\n",
    }
    out = []
    for name, body in variants.items():
        src = os.path.join(work, name + ".s")
        with open(src, "w") as f:
            f.write(".global _start\n.text\n" + body)
        for flags in ([], ["-Wl,-s"], ["-Wl,-n"]):
            exe = os.path.join(work, name + "".join(flags).replace(",", "_"))
            run([SPARC_CC, "-nostdlib", "-static", "-o", exe, src] + flags)
            out.append(exe)
    return out


def instruction_words(work, fuzz):
    """Mode byte, 32 register-seed bytes, then 1 KiB of real code: every
    mode (timing model, user or privileged, a switch half way)."""
    for k, exe in enumerate(tiny_programs(work)[:2]):
        text = os.path.join(work, f"text{k}")
        run([SPARC_OBJCOPY, "-O", "binary", "--only-section=.text", exe, text])
        with open(text, "rb") as f:
            code = f.read()
        for mode in (0, 1, 2, 3, 4, 0x80, 0x81, 0x83, 0x41 | (3 << 3), 0xc1 | (2 << 3)):
            regs = bytes((i * 37 + mode) & 0xff for i in range(32))
            yield f"tiny{k}-{mode:02x}", bytes([mode]) + regs + code
    # Longer code: a C library's text, from a program scripts/test's build made.
    for prog in ("sw/tests/hello", "sw/bench/hash_loop"):
        exe = os.path.join(simulator.default_build_dir(), prog)
        if not os.path.exists(exe):
            continue
        text = os.path.join(work, "libc-text")
        run([SPARC_OBJCOPY, "-O", "binary", "--only-section=.text", exe, text])
        with open(text, "rb") as f:
            code = f.read()
        for i, off in enumerate(range(0, min(len(code), 64 * 1024), 4096)):
            mode = i % 5 | (0x80 if i % 3 == 0 else 0)
            yield f"{os.path.basename(prog)}-{off:x}", bytes([mode]) + bytes(32) + code[off:off + 1024]


def elf_files(work, fuzz):
    for exe in tiny_programs(work):
        with open(exe, "rb") as f:
            yield os.path.basename(exe), f.read()
    # A header that claims more than the file holds.
    with open(tiny_programs(work)[0], "rb") as f:
        data = bytearray(f.read())
    struct.pack_into(">Q", data, 0x20, 1 << 62)  # e_phoff
    yield "phoff-far", bytes(data)


def machine_files(work, fuzz):
    root = simulator.REPO_ROOT
    folders = [os.path.join(root, "configs"), os.path.join(root, "tests", "errors", "fixtures")]
    for folder in folders:
        for name in sorted(os.listdir(folder)):
            if name.endswith(".yaml"):
                with open(os.path.join(folder, name), "rb") as f:
                    text = f.read()
                yield name, text
                yield name + "+sets", text + b"\0cpu*.dcache.size=32KiB\nsimulation.model=detailed\n"


def checkpoints(work, fuzz):
    """Each model's state as it saves it, and a real manifest: the target
    writes them itself (FIREPLANE_FUZZ_SEEDS)."""
    run([os.path.join(fuzz, "checkpoint")], env=dict(os.environ, FIREPLANE_FUZZ_SEEDS=work),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for name in ("core", "mmu", "detailed", "address_space", "manifest"):
        with open(os.path.join(work, name), "rb") as f:
            yield name, f.read()


def frame(data):
    return b"$" + data + b"#" + b"%02x" % (sum(data) & 0xff)


def gdb_packets(work, fuzz):
    """A gdb session's packets, as gdb 13 sends them to a sparc64 target."""
    session = [b"qSupported:multiprocess+;swbreak+;hwbreak+;qRelocInsn+", b"vMustReplyEmpty",
               b"QStartNoAckMode", b"Hg0", b"qXfer:features:read:target.xml:0,ffb", b"qfThreadInfo",
               b"qsThreadInfo", b"qAttached", b"qC", b"?", b"g", b"p50", b"P50=0000000000001004",
               b"m1000,40", b"M1000,4:01000000", b"X1004,4:\x7d\x03\x00\x00", b"Z0,1000,4",
               b"z0,1000,4", b"Z2,1010,8", b"vCont?", b"vCont;s:1;c", b"qRcmd,7472616365",
               b"Hc2", b"s", b"c", b"D"]
    acked = b"".join(b"+" + frame(p) for p in session)
    yield "session", acked
    yield "no-ack", b"".join(frame(p) for p in session[3:])
    yield "interrupt", b"+" + frame(b"c") + b"\x03" + frame(b"?") + frame(b"k")
    yield "registers", frame(b"G" + b"00" * 8 * 86) + frame(b"g")


# ---- random MMIO (tests/fuzz/mmio_driver.h): 16-byte records, one access each ----

READ, WRITE, IGNORE, READ_TWICE = range(4)
LENGTH_CODES = {1: 0, 2: 1, 4: 2, 8: 3, 3: 12, 6: 13, 16: 14, 64: 15}
# Indices into kTimes: none, 10 ns, 1 us, 100 us, 10 ms, 100 ms, 500 ms, 1 s.
T_NONE, T_10NS, T_1US, T_100US, T_10MS, T_100MS, T_500MS, T_1S = range(8)


def mmio(window, command, offset, data=b"", length=None, debug=False, enables=None,
         time=T_NONE, annotated=False):
    """One record: `offset` from the window's base (-16 up to its size + 15);
    `data` in address order; `enables` a byte-enable bit mask."""
    length = length or max(1, len(data))
    op = (command | (4 if debug else 0) | (8 if enables is not None else 0)
          | (16 if annotated else 0) | time << 5)
    return (struct.pack("<BBBI", window, op, LENGTH_CODES[length], offset + 16)
            + data.ljust(8, b"\0")[:8] + bytes([enables or 0]))


def rd(window, offset, length=1, **kw):
    return mmio(window, READ, offset, length=length, **kw)


def wr(window, offset, data, **kw):
    return mmio(window, WRITE, offset, data, **kw)


def be(value, n):
    return value.to_bytes(n, "big")


def le(value, n):
    return value.to_bytes(n, "little")


def odd_accesses(window, offsets):
    """What a register file must refuse or tolerate: odd lengths, misalignment,
    byte enables, streaming, the bytes either side, debug transport."""
    out = []
    for off in offsets:
        out += [rd(window, off, 3), rd(window, off + 1, 2), rd(window, off + 2, 4),
                rd(window, off + 4, 8), rd(window, off, 16), rd(window, off, 64),
                wr(window, off, be(0x0102030405060708, 8), enables=0x5a),
                rd(window, off, 8, debug=True), mmio(window, READ_TWICE, off, length=4, debug=True),
                wr(window, off, b"\x55", debug=True)]
    return out + [rd(window, -16, 8), rd(window, -1, 2)]


# device_mmio's windows (models/devices/fuzz/device_mmio_fuzzer.cpp, in its order).
UART, UART_WIDE, I8042, TOD, TOD_REGS, POWER, POWER_REGS = range(7)


def uart_session(window, stride):
    def r(reg, **kw):
        return rd(window, reg * stride, **kw)

    def w(reg, value, **kw):
        return wr(window, reg * stride, bytes([value]), **kw)
    regs = [r(i) for i in range(8)] + [mmio(window, READ_TWICE, i * stride) for i in range(8)]
    divisor = [w(3, 0x83), w(0, 0x01), w(1, 0x00), r(0), r(1), w(3, 0x03)]
    loopback = [w(2, 0xc7), w(1, 0x0f), w(4, 0x1f), w(0, ord("a")), w(0, ord("b")),
                r(2), r(5), r(0, time=T_100US), r(6), w(4, 0x00), w(0, ord("\n"))]
    fifo = [w(2, 0x01), w(4, 0x10)] + [w(0, c) for c in range(20)] + [
        r(5), r(2, time=T_10MS), r(2), r(0), r(5), w(2, 0x00), r(2)]
    return regs + divisor + loopback + fifo + odd_accesses(window, [0, stride * 5])


def device_mmio(work, fuzz):
    """Register sessions as the devices' unit tests drive them."""
    yield "uart", b"".join(uart_session(UART, 1))
    yield "uart-wide", b"".join(uart_session(UART_WIDE, 8))
    i8042 = [rd(I8042, 4), wr(I8042, 4, b"\xaa"), rd(I8042, 0), wr(I8042, 4, b"\x20"), rd(I8042, 0),
             wr(I8042, 4, b"\x60"), wr(I8042, 0, b"\x45"), wr(I8042, 4, b"\xab"), rd(I8042, 0),
             wr(I8042, 0, b"\xff"), rd(I8042, 4), rd(I8042, 0), rd(I8042, 0), wr(I8042, 0, b"\xf2"),
             rd(I8042, 0), rd(I8042, 0, debug=True), rd(I8042, 0), rd(I8042, 0), wr(I8042, 0, b"\xed"),
             wr(I8042, 0, b"\x07"), wr(I8042, 0, b"\xee"), wr(I8042, 0, b"\x12"), rd(I8042, 0),
             wr(I8042, 4, b"\xad"), wr(I8042, 4, b"\x99"), rd(I8042, 2), rd(I8042, 5)]
    yield "i8042", b"".join(i8042 + odd_accesses(I8042, [0, 4]))
    clock = [rd(TOD_REGS, i) for i in range(16)] + [
        wr(TOD_REGS, 8, b"\x80")] + [wr(TOD_REGS, 9 + i, bytes([v])) for i, v in
                                     enumerate([0x58, 0x59, 0x23, 0x07, 0x31, 0x12, 0x99])] + [
        wr(TOD_REGS, 8, b"\x00"), rd(TOD_REGS, 9, time=T_1S), rd(TOD_REGS, 15),
        wr(TOD_REGS, 8, b"\x40"), rd(TOD_REGS, 9, time=T_1S), wr(TOD_REGS, 8, b"\x00"),
        wr(TOD_REGS, 9, b"\x80"), rd(TOD_REGS, 9, time=T_1S), wr(TOD_REGS, 9, b"\x00"),
        wr(TOD_REGS, 12, b"\x60"), rd(TOD_REGS, 8, 8), rd(TOD_REGS, 0, 16)]
    yield "tod-clock", b"".join(clock)
    alarm = [wr(TOD_REGS, 2 + i, b"\x80") for i in range(4)] + [
        wr(TOD_REGS, 6, b"\x80"), rd(TOD_REGS, 0, time=T_1S), rd(TOD_REGS, 0),
        wr(TOD_REGS, 2, b"\x05"), wr(TOD_REGS, 3, b"\x01"), wr(TOD_REGS, 4, b"\x00"),
        wr(TOD_REGS, 5, b"\x01"), rd(TOD_REGS, 0, time=T_1S),
        wr(TOD_REGS, 7, b"\x84"), rd(TOD_REGS, 0, time=T_100MS), wr(TOD_REGS, 7, b"\x07"),
        rd(TOD_REGS, 0, time=T_1S), rd(TOD_REGS, 0, debug=True)]
    yield "tod-alarm", b"".join(alarm)
    sram = [wr(TOD, 0, be(0x1122334455667788, 8)), rd(TOD, 0, 8), wr(TOD, 0x1000, b"\x42"),
            rd(TOD, 0x1000, 64), rd(TOD, 0x1fe8, 16), wr(TOD, 0x1ff8, be(0x80, 8)),
            rd(TOD, 0x1ffc, 4)] + odd_accesses(TOD, [0x1ff0, 0x1ffe])
    yield "tod-sram", b"".join(sram)
    power = [rd(POWER_REGS, 0x10, 8), rd(POWER_REGS, 0x14, 4), rd(POWER_REGS, 0x18, 8),
             wr(POWER_REGS, 0x08, be(1, 8)), rd(POWER_REGS, 0x1c, 4), rd(POWER_REGS, 0x10, 8, debug=True),
             wr(POWER_REGS, 0x0c, be(1, 4)), rd(POWER, 0x20, 8), rd(POWER, 0xff8, 8)] + odd_accesses(
        POWER_REGS, [0x00, 0x10]) + [wr(POWER_REGS, 0x00, be(3, 8))]
    yield "power", b"".join(power)


# firelink_mmio's windows (models/firelink/fuzz/firelink_mmio_fuzzer.cpp).
FL_REGS, FL_SETS, FL_TSB, FL_BUS = range(4)


def bus_transaction(address, type_code, source=0, tid=0, snoop=0):
    return (struct.pack("<BBB", FL_BUS, 0, snoop) + address.to_bytes(6, "little")
            + struct.pack("<BHH", type_code, source, tid) + b"\0\0")


def firelink_mmio(work, fuzz):
    """The monitor's unit-test sessions: program both sets, see transactions,
    read the counters and the sequence buffer."""
    setup = [rd(FL_REGS, 0, 8), wr(FL_SETS, 0x00, be(0x7ffff, 8)), wr(FL_SETS, 0x40, be(0x3, 8)),
             wr(FL_SETS, 0x48, be(0x7ffffffe000, 8)), wr(FL_SETS, 0x50, be(0x40000, 8)),
             wr(FL_SETS, 0x58, be(0x3fc, 8)), wr(FL_SETS, 0x60, be(0x4, 8)),
             wr(FL_REGS, 0x08, be(7, 8))]
    seen = [bus_transaction(0x40000 + 64 * i, i % 19, 4 + i % 4, i, i % 8) for i in range(12)]
    look = [rd(FL_REGS, 0x10, 8), rd(FL_SETS, 0x38, 8), rd(FL_SETS, 0x78, 8)] + [
        mmio(FL_TSB, READ_TWICE, 16 * i + j, length=8) for i in range(8) for j in (0, 8)] + [
        rd(FL_TSB, 8, 4), rd(FL_TSB, 12, 4), wr(FL_REGS, 0x10, be(0, 8)), rd(FL_REGS, 0x10, 8),
        wr(FL_SETS, 0x38, be(0, 4)), wr(FL_SETS, 0x3c, be(5, 4)), rd(FL_SETS, 0x38, 8)]
    yield "session", b"".join(setup + seen + look)
    yield "halves", b"".join([rd(FL_REGS, o, 4) for o in range(0, 0x18, 4)] +
                             [wr(FL_SETS, o, be(0xffffffff, 4)) for o in range(0, 0x80, 4)] +
                             [rd(FL_SETS, o, 8) for o in range(0, 0x80, 8)])
    yield "odd", b"".join(odd_accesses(FL_REGS, [0, 0x10, 0x0ff8]) + [rd(FL_REGS, 0x1000, 8)])


# sabre_mmio's windows (models/sun4u/fuzz/sabre_mmio_fuzzer.cpp).
(SB_REGS, SB_CONFIG, SB_BUS0, SB_BUS1, SB_IO, SB_UART, SB_I8042, SB_FW_CFG, SB_NVRAM, SB_POWER,
 SB_MEMORY, SB_SPACES) = range(12)


def config_offset(device, function, reg):
    return device << 11 | function << 8 | reg


def sabre_mmio(work, fuzz):
    """Firmware's first steps on the sun4u board: scan and program the PCI
    tree, map the console's interrupt, talk to the ebus devices."""
    scan = []
    for dev, fn in ((0, 0), (1, 0), (1, 1), (2, 0)):
        scan += [rd(SB_BUS0, config_offset(dev, fn, 0), 4), rd(SB_BUS0, config_offset(dev, fn, 8), 4),
                 rd(SB_BUS0, config_offset(dev, fn, 0x0e), 1), rd(SB_BUS0, config_offset(dev, fn, 0x18), 4)]
    buses = [wr(SB_BUS0, config_offset(1, 1, 0x18), le(0x00020100, 4)),
             wr(SB_BUS0, config_offset(1, 0, 0x18), le(0x00030300, 4)),
             wr(SB_BUS0, config_offset(1, 1, 0x1c), le(0xf0, 1)),
             wr(SB_BUS0, config_offset(1, 1, 0x20), le(0xfff00000, 4)),
             wr(SB_BUS0, config_offset(1, 1, 0x04), le(0x0007, 2)),
             rd(SB_BUS1, config_offset(1, 0, 0), 4), rd(SB_BUS1, config_offset(1, 0, 0x10), 4),
             wr(SB_BUS1, config_offset(1, 0, 0x10), le(0xffffffff, 4)),
             rd(SB_BUS1, config_offset(1, 0, 0x10), 4),
             wr(SB_BUS1, config_offset(1, 0, 0x14), le(0x8000, 4)),
             wr(SB_BUS1, config_offset(1, 0, 0x04), le(0x0007, 2)),
             rd(SB_IO, 0x8000 + 0x3fd, 1), rd(SB_MEMORY, 0, 4),
             rd(SB_BUS1, config_offset(1, 0, 0), 4, debug=True), rd(SB_BUS0, config_offset(1, 1, 1), 2),
             rd(SB_BUS0, config_offset(1, 1, 0), 8), rd(SB_CONFIG, 0x20000 | config_offset(4, 0, 0), 4)]
    yield "pci", b"".join(scan + buses)
    imap, iclr = 0x1000 + 8 * (0x2b - 0x20), 0x1800 + 8 * (0x2b - 0x20)
    interrupts = [rd(SB_REGS, o, 8) for o in (0x30, 0x200, 0x208, 0xc00, 0x1000, 0x1400, 0x1c20,
                                              0x2000, 0x5000, 0xa400, 0xa580, 0xa600, 0xa800,
                                              0xa808, 0xf000, 0xf020)] + [
        wr(SB_REGS, imap, be(0x80000000, 8)), wr(SB_UART, 1, b"\x02"), rd(SB_REGS, 0xa808, 8),
        rd(SB_REGS, iclr, 8, time=T_10MS), rd(SB_UART, 2), wr(SB_REGS, iclr, be(0, 8)),
        wr(SB_REGS, imap + 4, be(0, 4)), wr(SB_REGS, 0xc00, be(0x80000000, 8)),
        rd(SB_REGS, 0x208, 4), rd(SB_REGS, 0x20c, 4), wr(SB_REGS, 0x208, be(0x1234, 8)),
        wr(SB_REGS, 0xf020, be(0x40000000, 8)), rd(SB_REGS, 0x1234, 8)]
    yield "interrupts", b"".join(interrupts + odd_accesses(SB_REGS, [0x200, 0xf020]))
    ebus = [wr(SB_I8042, 4, b"\xaa"), rd(SB_I8042, 0), wr(SB_I8042, 0, b"\xff"), rd(SB_I8042, 0),
            wr(SB_FW_CFG, 0, le(0, 2)), rd(SB_FW_CFG, 1), rd(SB_FW_CFG, 1), rd(SB_FW_CFG, 0),
            rd(SB_NVRAM, 0x1ff9), rd(SB_NVRAM, 0x1fff), wr(SB_NVRAM, 0x10, be(0xdeadbeef, 4)),
            rd(SB_POWER, 0, 4), rd(SB_UART, 5), wr(SB_UART, 0, b"x"), rd(SB_IO, 0x3000, 1),
            rd(SB_IO, 0x3f8, 2), wr(SB_POWER, 0, be(0x01000000, 4))]
    yield "ebus", b"".join(ebus)
    yield "odd", b"".join(odd_accesses(SB_SPACES, [0x1000000, 0x2000000, 0xfff0, 0x2fffff0]) +
                          odd_accesses(SB_UART, [0, 5]))


FW_CFG_PORT = 0
FW_CFG_KEYS = {0x00: 4, 0x01: 4, 0x02: 16, 0x03: 8, 0x04: 2, 0x05: 2, 0x06: 2, 0x07: 8, 0x08: 8,
               0x0a: 8, 0x0b: 8, 0x0c: 2, 0x0e: 2, 0x0f: 2, 0x14: 4, 0x15: 29, 0x19: 12,
               0x20: 5, 0x21: 1, 0x22: 8, 0x8000: 2, 0x8001: 2, 0x8002: 2, 0x4005: 2, 0x1234: 1}


def fw_cfg_ports(work, fuzz):
    """Select every key fw_cfg has (and a few it has not) and read its bytes
    as OpenBIOS does; then the accesses the window refuses."""
    for key, width in FW_CFG_KEYS.items():
        yield f"key-{key:04x}", b"".join(
            [wr(FW_CFG_PORT, 0, le(key, 2))] + [rd(FW_CFG_PORT, 1) for _ in range(width + 1)]
            + [rd(FW_CFG_PORT, 0), rd(FW_CFG_PORT, 1, debug=True)])
    refused = [rd(FW_CFG_PORT, 0, 2), wr(FW_CFG_PORT, 1, le(3, 2)), wr(FW_CFG_PORT, 0, le(3, 4)),
               rd(FW_CFG_PORT, 2, 4), wr(FW_CFG_PORT, 0, le(0x19, 2), enables=0x01),
               wr(FW_CFG_PORT, 1, b"\x55"), wr(FW_CFG_PORT, 0, le(5, 2), debug=True),
               mmio(FW_CFG_PORT, READ_TWICE, 1, debug=True), rd(FW_CFG_PORT, 0, 8)]
    yield "refused", b"".join(refused + odd_accesses(FW_CFG_PORT, [0, 1]))


# ---- system calls (platform/linux/fuzz/syscall_fuzzer.cpp) ----

def syscall(number, *args):
    """One call by number (selector 0xf0), each argument (kind, value)."""
    sizes = {0: 1, 1: 2, 2: 2, 3: 8, 4: 1, 5: 0, 6: 0, 7: 4}
    out = bytes([0xF0]) + struct.pack(">H", number)
    for kind, value in (list(args) + [(6, 0)] * 6)[:6]:
        out += bytes([kind]) + value.to_bytes(sizes[kind], "big") if sizes[kind] else bytes([kind])
    return out


def small(v):
    return (0, v & 0xFF)


def at(offset):
    return (1, offset)  # the data page at `offset`


def word(v):
    return (7, v & 0xFFFFFFFF)


def syscalls(work, fuzz):
    """Short call sequences a program makes: files under the root, memory,
    threads, signals and timers, with the paths they need in the data page."""
    names = b"f.txt\0dir\0../..\0/proc/self/exe\0/dev/mem\0link\0".ljust(64, b"\0")
    prefix = bytes([len(names) // 16]) + names
    F, DIR, UP, EXE, MEM, LINK = 0, 6, 10, 16, 31, 40
    o_creat_rdwr = 0x200 | 0x2  # sparc's O_CREAT is 0x200
    sequences = {
        "files": [syscall(5, at(F), word(o_creat_rdwr), word(0o644)), syscall(4, (4, 3), at(0), small(40)),
                  syscall(19, (4, 3), small(0), small(0)), syscall(3, (4, 3), at(64), small(40)),
                  syscall(6, (4, 3)), syscall(136, at(DIR), word(0o755)), syscall(12, at(DIR)),
                  syscall(119, at(100), small(100)), syscall(57, at(UP), at(LINK)),
                  syscall(58, at(LINK), at(200), small(100)), syscall(10, at(LINK))],
        "memory": [syscall(71, small(0), word(0x10000), small(3), small(0x22), small(-1), small(0)),
                   syscall(17, small(0)), syscall(74, (3, 0x700000000000), word(0x4000), small(1)),
                   syscall(250, (3, 0x700000000000), word(0x10000), word(0x20000), small(1))],
        "threads": [syscall(217, word(0x3d0f00), (2, 0), at(0), small(0), at(8)),
                    syscall(142, at(0), small(0), small(0)), syscall(142, at(0), small(1), small(5))],
        "signals": [syscall(102, small(10), at(0), at(32), small(8)), syscall(37, small(0), small(10)),
                    syscall(103, small(0), at(0), at(8), small(8)), syscall(29, small(0))],
        "special": [syscall(5, at(MEM), small(2)), syscall(71, small(0), word(0x2000), small(1), small(1),
                    (4, 3), small(0)), syscall(58, at(EXE), at(100), small(64)),
                    syscall(2), syscall(1, small(3))],
    }
    for name, calls in sequences.items():
        yield name, prefix + b"".join(calls)


KINDS = {"instruction-words": instruction_words, "elf-files": elf_files,
         "machine-files": machine_files, "gdb-packets": gdb_packets, "checkpoints": checkpoints,
         "device-mmio": device_mmio, "firelink-mmio": firelink_mmio, "sabre-mmio": sabre_mmio,
         "fw-cfg-ports": fw_cfg_ports, "syscalls": syscalls}
