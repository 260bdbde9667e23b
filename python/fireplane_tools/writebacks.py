"""Writebacks of a Fire Link trace placed in E$ sets: the trace files'
reading (`--trace-out`/`--trace-full`, `--vamap`) and the E$ geometry, for
scripts/conflicts and scripts/sampling_error."""
from .tables import InputError, read_csv

PAGE = 8192  # bytes of a page in the vamap


def hexint(text, path, line):
    """A hex address from a trace; InputError naming path:line when it is not one."""
    try:
        return int(text, 16)
    except (TypeError, ValueError):
        raise InputError(f"{path}:{line}: corrupt address {text!r}")


def read_writebacks(path, source, what):
    """Line addresses of the WB rows (in order), of every agent or only source's."""
    rows = read_csv(path, ["address", "type"], what)
    out = []
    for n, r in enumerate(rows, start=2):
        if r.get("type") != "WB":
            continue
        if source is not None and r.get("source") != str(source):
            continue
        out.append(hexint(r["address"], path, n))
    if not out:
        raise InputError(f"{path}: no writebacks"
                         + (f" from source {source}" if source is not None else ""))
    return out


def read_vamap(path):
    """{physical page: (virtual page, segment)} from a --vamap file."""
    rows = read_csv(path, ["va_page", "pa_page", "segment"], "vamap")
    pa_to_va = {}
    for n, r in enumerate(rows, start=2):
        pa_to_va[hexint(r["pa_page"], path, n)] = (hexint(r["va_page"], path, n), r["segment"])
    return pa_to_va


class Geometry:
    """A physically indexed E$: set = (pa // block) % (size // block // ways)."""

    def __init__(self, size, ways, block):
        if ways < 1 or block < 64 or block & (block - 1) or size % (ways * block):
            raise InputError(f"bad E$ geometry: {size} bytes, {ways} ways, {block}-byte blocks")
        self.size, self.ways, self.block = size, ways, block
        self.sets = size // block // ways

    def set_of(self, pa):
        return (pa // self.block) % self.sets


DEFAULT_GEOMETRY = (8 << 20, 2, 512)  # the part's E$: 8 MiB, 2-way, 512-byte blocks


def ranking(per_set):
    """[(set, count)] most first, ties by set number."""
    return sorted(per_set.items(), key=lambda kv: (-kv[1], kv[0]))
