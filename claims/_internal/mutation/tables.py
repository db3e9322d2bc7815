"""Tabulate automatic mutants: detected/total per module and per operator.  Pure functions of the rows."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from claims._internal.mutation.evidence import MutantRow


def _table(
    rows: Iterable[MutantRow], equivalent: Mapping[str, str], group: Callable[[MutantRow], str], title: str
) -> list[str]:
    counts: dict[str, dict[str, int]] = {}
    for row in rows:
        cell = counts.setdefault(group(row), {"mutants": 0, "detected": 0, "explained": 0, "unexplained": 0})
        cell["mutants"] += 1
        if row.status == "killed":
            cell["detected"] += 1
        elif row.id in equivalent:
            cell["explained"] += 1
        else:
            cell["unexplained"] += 1
    total = {k: sum(c[k] for c in counts.values()) for k in ("mutants", "detected", "explained", "unexplained")}
    width = max([len(k) for k in counts] + [len(title), len("total")])
    lines = [f"{title.ljust(width)}  mutants  detected  survived-explained  survived-unexplained  detected%"]
    # A survivor counts whether or not a claim executed it: uncovered code is unproven code.
    for name, cell in [*sorted(counts.items()), ("total", total)]:
        share = 100.0 * cell["detected"] / cell["mutants"] if cell["mutants"] else 100.0
        lines.append(
            f"{name.ljust(width)}  {cell['mutants']:>7}  {cell['detected']:>8}  {cell['explained']:>18}  {cell['unexplained']:>20}  {share:8.1f}%"
        )
    return lines


def module_lines(rows: Iterable[MutantRow], equivalent: Mapping[str, str]) -> list[str]:
    """Render one row per module, then the total."""
    return _table(list(rows), equivalent, lambda r: r.module, "module")


def operator_lines(rows: Iterable[MutantRow], equivalent: Mapping[str, str]) -> list[str]:
    """Render detected/total per operator, then the total."""
    return _table(list(rows), equivalent, lambda r: r.operator, "operator")
