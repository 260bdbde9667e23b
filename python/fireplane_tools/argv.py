"""Taking a checker's options out of its argument list.

Checkers take `FIREPLANE CONFIG PROGRAM [ARGS...]` with their own options
anywhere among them; the program's arguments may look like options, which
argparse would misread, so the options are removed by name and what is left
is positional.
"""
import sys


def take(args, flag, arity=1):
    """Removes every `flag V...` from args (a list, changed in place); returns
    the values in order: strings, or tuples when arity > 1."""
    found = []
    while flag in args:
        i = args.index(flag)
        values = args[i + 1:i + 1 + arity]
        if len(values) < arity:
            sys.exit(f"{flag} needs {arity} argument(s)")
        found.append(values[0] if arity == 1 else tuple(values))
        del args[i:i + 1 + arity]
    return found


def take_last(args, flag, default=None):
    """The value of the last `flag V` (all are removed), or default."""
    values = take(args, flag)
    return values[-1] if values else default


def take_flag(args, flag):
    """True when the bare flag was given (every occurrence is removed)."""
    found = flag in args
    while flag in args:
        args.remove(flag)
    return found
