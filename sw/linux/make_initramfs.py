#!/usr/bin/env python3
"""Writes the initramfs (a cpio archive in the kernel's "newc" format) that
/init and the sw/tests programs run from under Linux on configs/sun4u.yaml.

  make_initramfs.py --out FILE --init INIT --programs DIR --list LIST [--strip TOOL]

LIST names the programs (one per line: a name in DIR, then its arguments;
'#' starts a comment). The archive holds /init, /tests/<name> for each,
/tests/list (what /init runs), the mount points and /dev/console. Every
entry has owner 0 and time 0, so the same inputs give the same bytes.
With --strip, programs lose their debug information on the way in (the
kernel unpacks every byte, and debug sections are most of them)."""
import argparse
import os
import stat
import subprocess
import sys
import tempfile


def header(ino, mode, nlink, size, rdev_major, rdev_minor, name_size):
    fields = [ino, mode, 0, 0, nlink, 0, size, 0, 0, rdev_major, rdev_minor, name_size, 0]
    return ("070701" + "".join("%08X" % f for f in fields)).encode("ascii")


class Archive:
    def __init__(self):
        self.data = bytearray()
        self.ino = 1

    def _pad(self):
        self.data += b"\0" * (-len(self.data) % 4)

    def add(self, name, mode, body=b"", rdev=(0, 0)):
        name_bytes = name.encode() + b"\0"
        nlink = 2 if stat.S_ISDIR(mode) else 1
        self.data += header(self.ino, mode, nlink, len(body), rdev[0], rdev[1], len(name_bytes))
        self.data += name_bytes
        self._pad()
        self.data += body
        self._pad()
        self.ino += 1

    def finish(self):
        self.ino = 0
        self.add("TRAILER!!!", 0)
        return bytes(self.data)


def read_program(path, strip):
    if not strip:
        with open(path, "rb") as f:
            return f.read()
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "stripped")
        subprocess.run([strip, "--strip-debug", path, out], check=True)
        with open(out, "rb") as f:
            return f.read()


def read_list(path):
    entries = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            words = line.split("#", 1)[0].split()
            if words:
                entries.append((number, words[0], words[1:]))
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True)
    parser.add_argument("--init", required=True, help="the /init program (static sparc64)")
    parser.add_argument("--programs", required=True, help="where the listed programs are")
    parser.add_argument("--list", required=True, help="the programs /init runs")
    parser.add_argument("--strip", help="objcopy for sparc64, to drop debug information")
    args = parser.parse_args()

    archive = Archive()
    for d in ("dev", "proc", "sys", "tmp", "tests"):
        archive.add(d, stat.S_IFDIR | 0o755)
    archive.add("dev/console", stat.S_IFCHR | 0o600, rdev=(5, 1))
    archive.add("init", stat.S_IFREG | 0o755, read_program(args.init, args.strip))

    run_lines = []
    for number, name, program_args in read_list(args.list):
        path = os.path.join(args.programs, name)
        try:
            archive.add("tests/" + name, stat.S_IFREG | 0o755, read_program(path, args.strip))
        except OSError as e:
            sys.exit("%s:%d: %s: %s" % (args.list, number, name, e.strerror))
        run_lines.append(" ".join(["/tests/" + name] + program_args))
    archive.add("tests/list", stat.S_IFREG | 0o644, ("\n".join(run_lines) + "\n").encode())

    with open(args.out, "wb") as f:
        f.write(archive.finish())


if __name__ == "__main__":
    main()
