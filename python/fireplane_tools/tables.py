"""Tables in and out: the simulator's CSV and TSV files and the analyzer's
--tsv output read as rows; aligned text columns and report files written."""
import csv
import os


class InputError(Exception):
    """A missing or malformed input file, said in one line that names it."""


def read_csv(path, needed=(), what="CSV file"):
    """The rows of a CSV file with a header, as dicts; InputError when the file
    is missing, corrupt, or lacks one of the needed columns."""
    try:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            missing = [c for c in needed if c not in (reader.fieldnames or [])]
            if missing:
                raise InputError(f"{path}: not a {what} (no column {', '.join(missing)})")
            return list(reader)
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}")
    except (csv.Error, UnicodeDecodeError) as e:
        raise InputError(f"{path}: corrupt ({e})")


def parse_tsv(text):
    """(header, rows) of tab-separated text, every cell a string. A blank line
    (where the analyzer starts another table) is a row [''] of its own."""
    lines = text.rstrip("\n").split("\n")
    return lines[0].split("\t"), [line.split("\t") for line in lines[1:]]


def records(text):
    """The first table of tab-separated text as dicts by column name."""
    header, rows = parse_tsv(text)
    if [""] in rows:
        rows = rows[:rows.index([""])]
    return [dict(zip(header, row)) for row in rows]


def read_tsv(path):
    """A TSV file with a header line (packets.tsv, exact.tsv) as dicts."""
    with open(path) as f:
        return records(f.read())


def cell(value, spec=""):
    """value formatted with spec, or 'n/a' for a figure that could not be measured."""
    return "n/a" if value is None else format(value, spec)


def aligned(header, rows, right=()):
    """Text lines of columns two spaces apart, the columns numbered in right
    right-aligned, the others left-aligned; no trailing blanks."""
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    return ["  ".join(str(c).rjust(w) if i in right else str(c).ljust(w)
                      for i, (c, w) in enumerate(zip(line, widths))).rstrip()
            for line in [header] + list(rows)]


def write_text(out_dir, name, text):
    """Writes text to OUT_DIR/NAME, making the folder; returns the path."""
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, name)
    with open(path, "w") as f:
        f.write(text)
    return path
