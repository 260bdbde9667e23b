#!/usr/bin/env python3
"""Console input from a terminal (the console UART's `input: stdin` on a pty).

usage: check_terminal.py FIREPLANE MACHINE.yaml ECHO_IMAGE

- typed keys reach the firmware (the echo image upper-cases them until a
  Ctrl-D and exits with the count), without the terminal echoing them: the
  terminal is in raw mode while the run lasts, and as it was afterwards;
- Ctrl-A x ends the run (exit 1, a message), and the terminal is restored;
- a SIGINT ends the process as it would, and the terminal is restored.
"""
import os
import pty
import select
import signal
import sys
import termios
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "python"))
from fireplane_tools import checks  # noqa: E402

report = checks.Report()
expect = report.check
LFLAG = 3  # termios.tcgetattr's local flags


def session(fireplane, machine, image, keys=b"", signal_number=None):
    """Boots the image on a pty, types `keys` once it runs (or sends a signal);
    (output, exit code, raw while running, settings restored)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(fireplane, [fireplane, "boot", "-q", "-c", machine, image])
    before = termios.tcgetattr(fd)
    output = b""

    def drain(seconds, until=None):
        nonlocal output
        end = time.time() + seconds
        while time.time() < end and not (until and until in output):
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    output += os.read(fd, 4096)
                except OSError:  # the child is gone
                    return

    drain(30, until=b"echo: ready")  # the firmware is up and polling
    during = termios.tcgetattr(fd)
    raw = not (during[LFLAG] & (termios.ICANON | termios.ECHO | termios.ISIG))
    if signal_number:
        os.kill(pid, signal_number)
    else:
        os.write(fd, keys)
    drain(2.0)
    _, status = os.waitpid(pid, 0)
    restored = termios.tcgetattr(fd) == before
    drain(0.1)
    os.close(fd)
    return output.decode(errors="replace"), os.waitstatus_to_exitcode(status), raw, restored


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    fireplane, machine, image = sys.argv[1:4]

    out, code, raw, restored = session(fireplane, machine, image, b"hi\x04")
    expect(code == 2, f"typed 'hi' and Ctrl-D: exit code 2 (got {code})")
    expect("HIecho: 0x0000000000000002 bytes" in out and "hi" not in out,
           f"the keys reach the firmware, not echoed by the terminal: {out!r}")
    expect(raw, "the terminal is raw while the run lasts")
    expect(restored, "the terminal is as it was after the run")

    out, code, raw, restored = session(fireplane, machine, image, b"\x01x")
    expect(code == 1 and "Ctrl-A x: ending the run" in out, f"Ctrl-A x ends the run: exit {code}, {out!r}")
    expect(restored, "the terminal is restored after Ctrl-A x")

    out, code, raw, restored = session(fireplane, machine, image, signal_number=signal.SIGINT)
    expect(code == -signal.SIGINT, f"SIGINT ends the process (got {code})")
    expect(restored, "the terminal is restored after SIGINT")
    sys.exit(report.status())


if __name__ == "__main__":
    main()
