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


KINDS = {"instruction-words": instruction_words, "elf-files": elf_files,
         "machine-files": machine_files, "gdb-packets": gdb_packets, "checkpoints": checkpoints}
