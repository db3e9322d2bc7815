"""Tabulate automatic mutants: detected/total per module and per operator.  Pure functions of the rows."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from claims._internal.mutation.evidence import MutantRow

UNCOUNTED = ("nothing to mutate", "not selected by this run's patterns", "an @overload stub")
"""Reasons a function-like has no mutant that leave no code unproven: no operator applies, or a run's selection."""


def counted(left: Iterable[tuple[str, str, int, str]]) -> list[tuple[str, str, int, str]]:
    """Return the function-likes left unmutated whose code goes unproven (excluded, skipped, never mutated)."""
    return [item for item in left if not item[3].startswith(UNCOUNTED)]


COLUMNS = ("mutants", "detected", "explained", "unexplained", "not mutated")
"""What a table counts for each group, in its columns' order."""


def _table(
    rows: Iterable[MutantRow],
    equivalent: Mapping[str, str],
    group: Callable[[MutantRow], str],
    title: str,
    left: Mapping[str, int],
) -> list[str]:
    counts = _counts(rows, equivalent, group, left)
    total = {k: sum(c[k] for c in counts.values()) for k in COLUMNS}
    width = max([len(k) for k in counts] + [len(title), len("total")])
    extra = "  not-mutated" if left else ""
    lines = [f"{title.ljust(width)}  mutants  detected  survived-explained  survived-unexplained{extra}  detected%"]
    # A survivor counts whether or not a claim executed it: uncovered code is unproven code; so does a function
    # left unmutated (excluded or skipped), so no module holding one reads 100%.
    for name, cell in [*sorted(counts.items()), ("total", total)]:
        lines.append(_line(name, cell, width, bool(left)))
    return lines


def _counts(
    rows: Iterable[MutantRow], equivalent: Mapping[str, str], group: Callable[[MutantRow], str], left: Mapping[str, int]
) -> dict[str, dict[str, int]]:
    """Decide each group's counts: its mutants by outcome, and its function-likes left unmutated."""
    counts: dict[str, dict[str, int]] = {g: _empty() for g in left}
    for row in rows:
        cell = counts.setdefault(group(row), _empty())
        cell["mutants"] += 1
        cell[_outcome(row, equivalent)] += 1
    for name, cell in counts.items():
        cell["not mutated"] = left.get(name, 0)
    return counts


def _empty() -> dict[str, int]:
    """Decide a group's counts before any mutant is counted."""
    return {"mutants": 0, "detected": 0, "explained": 0, "unexplained": 0}


def _outcome(row: MutantRow, equivalent: Mapping[str, str]) -> str:
    """Decide which column a mutant counts in: detected (killed), explained (an equivalent) or unexplained."""
    if row.status == "killed":
        return "detected"
    return "explained" if row.id in equivalent else "unexplained"


def _line(name: str, cell: Mapping[str, int], width: int, left: bool) -> str:
    """Render one group's line; its detected share counts the function-likes left unmutated as undetected."""
    denominator = cell["mutants"] + cell["not mutated"]
    share = 100.0 * cell["detected"] / denominator if denominator else 100.0
    more = f"  {cell['not mutated']:>11}" if left else ""
    return f"{name.ljust(width)}  {cell['mutants']:>7}  {cell['detected']:>8}  {cell['explained']:>18}  {cell['unexplained']:>20}{more}  {share:8.1f}%"


def module_lines(
    rows: Iterable[MutantRow], equivalent: Mapping[str, str], left: Sequence[tuple[str, str, int, str]] = ()
) -> list[str]:
    """Render one row per module, then the total; `left`: the function-likes left unmutated (see `counted`)."""
    per_module: dict[str, int] = {}
    for module, _, _, _ in counted(left):
        per_module[module] = per_module.get(module, 0) + 1
    return _table(list(rows), equivalent, lambda r: r.module, "module", per_module)


def operator_lines(rows: Iterable[MutantRow], equivalent: Mapping[str, str]) -> list[str]:
    """Render detected/total per operator, then the total."""
    return _table(list(rows), equivalent, lambda r: r.operator, "operator", {})


def left_out_lines(left: Sequence[tuple[str, str, int, str]]) -> list[str]:
    """List what in scope was not mutated and why, then how many bodies offer nothing to mutate."""
    shown = counted(left)
    lines = []
    if shown:
        lines.append(f"not mutated ({len(shown)} function(s) in scope, counted undetected above):")
        lines += [f"  {module}.{qualname} (line {line}): {why}" for module, qualname, line, why in shown]
    nothing = [item for item in left if item[3].startswith("nothing to mutate")]
    if nothing:
        lines.append(f"{len(nothing)} function(s) offer nothing to mutate (no operator applies to their bodies)")
    return lines
