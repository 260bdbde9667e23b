#!/usr/bin/env python3
"""dump-config's memory map and list-models' device types.

usage: check_dump_config.py FIREPLANE SOURCE_DIR

- `dump-config` ends with the memory map: every bus target of the machine by
  address (base, last, size, name, type, the map it is on), as YAML comments,
  so the output still reads back as the same machine;
- building the machine for the map touches no file: a UART's output file
  keeps its contents;
- a wiring error (two devices on one interrupt number) is a configuration
  error naming the device's parameter, exit 2;
- `list-models` shows the m48t59 type and the UART's input parameters.
"""
import os
import re
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks, machine, simulator  # noqa: E402

report = checks.Report()
expect = report.check

# The memory map of configs/uni-firmware.yaml, as the builder places it.
UNI_FIRMWARE_MAP = [
    ("0x00000000000", "0x0003fffffff", "1GiB", "memory", "fireplane_memory", "bus"),
    ("0x1fff0000000", "0x1ffffffffff", "256MiB", "io", "fireplane_io_bridge", "bus"),
    ("0x1fff0100000", "0x1fff0100fff", "4KiB", "firelink0", "firelink_monitor", "io"),
    ("0x1fff1000000", "0x1fff1000007", "8B", "console", "uart16550", "io"),
    ("0x1fff1001000", "0x1fff1001fff", "4KiB", "power", "power_control", "io"),
    ("0x1fff1002000", "0x1fff1003fff", "8KiB", "tod", "m48t59", "io"),
    ("0x7fff0000000", "0x7fff0ffffff", "16MiB", "rom", "boot_rom", "bus"),
]
HEADER = "# Memory map: every bus target by address, and the address map it is on"


def memory_map(text):
    """The map's rows (tuples of its six columns) after its header; None without one."""
    lines = text.splitlines()
    if HEADER not in lines:
        return None
    rows = []
    for line in lines[lines.index(HEADER) + 1:]:
        fields = line.lstrip("#").split()
        if len(fields) == 6 and fields[0].startswith("0x"):
            rows.append(tuple(fields))
    return rows


def dump(fireplane, config, sets=()):
    cmd = [fireplane, "dump-config", "--config", config]
    for s in sets:
        cmd += ["--set", s]
    return simulator.run(cmd)


def check_uni_firmware(fireplane, source):
    config = os.path.join(source, "configs", "uni-firmware.yaml")
    p = dump(fireplane, config)
    expect(p.returncode == 0, f"dump-config {os.path.basename(config)} exits 0 {p.last_error_line()}")
    rows = memory_map(p.stdout)
    expect(rows == UNI_FIRMWARE_MAP, "the memory map lists every target, sorted by address" +
           ("" if rows == UNI_FIRMWARE_MAP else f": got {rows}"))
    map_at = p.stdout.find(HEADER)
    expect(map_at > p.stdout.find("components:") > 0, "the map comes after the components")
    expect(all(line.startswith("#") for line in p.stdout[map_at:].splitlines() if line),
           "every line of the map is a YAML comment")
    doc = machine.parse(p.stdout)
    expect(doc["components"]["tod"]["base"] == 0x1fff1002000 and
           doc["components"]["console"]["input"] == "stdin",
           "the output still reads as the machine: tod at 0x1fff1002000, console input stdin")


def check_v1280(fireplane, source):
    p = dump(fireplane, os.path.join(source, "configs", "v1280-firmware.yaml"))
    rows = memory_map(p.stdout) or []
    bases = [int(r[0], 16) for r in rows]
    expect(p.returncode == 0 and bases == sorted(bases) and len(rows) == 7,
           f"v1280-firmware: seven targets, sorted by address: {[r[3] for r in rows]}")
    expect(("0x00000000000", "0x002ffffffff", "12GiB", "memory", "fireplane_memory", "bus") in rows,
           "v1280-firmware: 12 GiB of memory on the bus")


def check_no_side_effects(fireplane, source):
    with tempfile.TemporaryDirectory(prefix="fireplane-dump.") as work:
        out = os.path.join(work, "console.txt")
        with open(out, "w") as f:
            f.write("an earlier run's console\n")
        p = dump(fireplane, os.path.join(source, "configs", "uni.yaml"), [f"console.output={out}"])
        with open(out) as f:
            kept = f.read()
        expect(p.returncode == 0 and kept == "an earlier run's console\n",
               "building the machine for the map leaves a UART's output file as it was")


def check_wiring_error(fireplane, source):
    p = dump(fireplane, os.path.join(source, "configs", "uni-firmware.yaml"), ["tod.interrupt=0x2b"])
    expect(p.returncode == 2, f"two devices on one interrupt: exit 2 (got {p.returncode})")
    expect(re.search(r"^<command line>:1:\d+: error: tod\.interrupt: .*interrupt 43 is already "
                     r"taken by 'console'", p.last_error_line()) is not None,
           f"the error names the device's parameter: {p.last_error_line()}")


def check_list_models(fireplane):
    p = simulator.run([fireplane, "list-models"])
    text = p.stdout
    expect(re.search(r"^m48t59: .*time-of-day", text, re.M) is not None, "list-models shows m48t59")
    for line in ("    base (bytes): ",
                 "    epoch (string, default 2026-01-01T00:00:00): ",
                 "    image (string): ",
                 "    persist (bool, default false): ",
                 "    interrupt (int, default 0): ",
                 "    input (string, default none): ",
                 "    poll_interval (time, default 100us): "):
        expect(line in text, f"list-models shows {line.strip()}")


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    fireplane, source = sys.argv[1:3]
    check_uni_firmware(fireplane, source)
    check_v1280(fireplane, source)
    check_no_side_effects(fireplane, source)
    check_wiring_error(fireplane, source)
    check_list_models(fireplane)
    sys.exit(report.status())


if __name__ == "__main__":
    main()
