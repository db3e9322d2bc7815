"""Render `claim_batch mutate show ID` and `claim_batch mutate survivors`: diffs, status, killers, reasons.

A mutant's diff is of the top-level function holding it: the original
function against the same function with the mutant's replacement put at
its location.  Where the source is not at hand, or does not hold the
recorded original text there, the diff falls back to the changed text alone
and says why.
"""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Iterable

from claims._internal.functions import function_likes, span
from claims._internal.reports.model import MutantInfo, Position, ReportModel
from claims._internal.reports.stryker import status_reason
from claims.errors import UsageError

UNDETECTED = ("Survived", "NoCoverage")
EQUIVALENT = "Ignored"
_HUNK = re.compile(r"^@@ -(\d+)(,\d+)? \+(\d+)(,\d+)? @@")


def show_text(model: ReportModel, mutant_id: str) -> str:
    """Render one mutant or declared defect of the model, found by its id or its unique last part."""
    mutant = find_mutant(model, mutant_id)
    return render_show(mutant, model.files.get(mutant.file))


def find_mutant(model: ReportModel, wanted: str) -> MutantInfo:
    """Return the mutant whose id is `wanted`, or the one whose id ends with `.wanted`; else say the closest ids."""
    by_id = {m.id: m for m in model.mutants}
    if wanted in by_id:
        return by_id[wanted]
    ends = sorted(i for i in by_id if i.endswith("." + wanted))
    if len(ends) == 1:
        return by_id[ends[0]]
    if ends:
        raise UsageError(f"{wanted!r} names {len(ends)} mutants: {', '.join(ends[:10])}; give the full id")
    close = difflib.get_close_matches(wanted, sorted(by_id), n=5, cutoff=0.6)
    hint = f"; the closest: {', '.join(close)}" if close else "; `claim_batch mutate survivors` lists the survivors"
    raise UsageError(f"no mutant or declared defect {wanted!r}{hint}")


def render_show(mutant: MutantInfo, source: str | None = None, first_line: int = 1) -> str:
    """Render a mutant's header, diff and every killer with how it turned red.

    `source` is the original text of the mutant's file (or of a part of it
    starting at line `first_line`); without it the diff shows the changed
    text alone.
    """
    lines = _header(mutant)
    lines += diff_lines(mutant, source, first_line)
    how = dict(mutant.how)
    killers = sorted(set(mutant.killed_by))
    if killers:
        width = max(len(k) for k in killers)
        lines.append(f"killed by {len(killers)} claim{'s' if len(killers) != 1 else ''}:")
        lines += [f"  {k.ljust(width)}  {how.get(k, 'red')}" for k in killers]
    else:
        covering = len(set(mutant.covered_by))
        lines.append(
            f"no claim kills it; {covering} claim{'s execute' if covering != 1 else ' executes'} it"
            if covering
            else "no claim kills it; no claim executes it"
        )
    return "\n".join(lines) + "\n"


def _header(mutant: MutantInfo) -> list[str]:
    kind = "declared defect" if mutant.declared else "automatic mutant"
    lines = [f"{mutant.id}  ({kind})"]
    if mutant.declared:
        lines.append(f"intent:   {mutant.description}")
    else:
        lines.append(f"operator: {mutant.operator}" + (f" ({mutant.description})" if mutant.description else ""))
    lines.append(f"rule:     {mutant.rule}")
    lines.append(f"where:    {mutant.file}:{_at(mutant.start)}-{_at(mutant.end)}")
    reason = status_reason(mutant)
    equivalent = " (equivalent)" if mutant.status == EQUIVALENT else ""
    lines.append(f"status:   {mutant.status}{equivalent}" + (f": {reason}" if reason else ""))
    return lines


def _at(position: Position) -> str:
    return f"{position.line}:{position.column}"


def diff_lines(mutant: MutantInfo, source: str | None, first_line: int = 1) -> list[str]:
    """Return the unified diff of the function holding the mutant, line numbers as in the file."""
    label = f"{mutant.file} ({mutant.id})"
    if source is None:
        return _fallback(mutant, label, "the source is not at hand")
    lines = source.splitlines(keepends=True)
    start, end = _offset(lines, mutant.start, first_line), _offset(lines, mutant.end, first_line)
    if start is None or end is None or source[start:end] != mutant.original:
        return _fallback(mutant, label, "the source does not hold the recorded original text there")
    mutated = (source[:start] + mutant.replacement + source[end:]).splitlines(keepends=True)
    top, bottom = _function_span(source, mutant.start.line - first_line + 1, mutant.end.line - first_line + 1)
    grown = len(mutated) - len(lines)
    before, after = lines[top - 1 : bottom], mutated[top - 1 : bottom + grown]
    # One hunk holding the whole function: the reader sees the mutant in the code around it.
    hunks = difflib.unified_diff(before, after, f"{mutant.file} (original)", label, n=max(len(before), len(after)))
    return [_shift(line.rstrip("\n"), top - 1 + first_line - 1) for line in hunks]


def _fallback(mutant: MutantInfo, label: str, why: str) -> list[str]:
    at = mutant.start.line
    old, new = mutant.original.splitlines() or [""], mutant.replacement.splitlines() or [""]
    return [
        f"(only the changed text: {why})",
        f"--- {mutant.file} (original)",
        f"+++ {label}",
        f"@@ -{at},{len(old)} +{at},{len(new)} @@",
        *(f"-{line}" for line in old),
        *(f"+{line}" for line in new),
    ]


def _offset(lines: list[str], position: Position, first_line: int) -> int | None:
    """Return the character offset of a 1-based (line, column) in the text, or None if it lies outside."""
    index = position.line - first_line
    if not 0 <= index <= len(lines):
        return None
    column = position.column - 1
    length = len(lines[index]) if index < len(lines) else 0
    if not 0 <= column <= length:
        return None
    return sum(len(line) for line in lines[:index]) + column


def _holding_function(tree: ast.Module, top: int, bottom: int) -> tuple[int, int] | None:
    """Decide the lines of the innermost function or method holding lines top..bottom, if any."""
    holding = [span(f.node) for f in function_likes(tree)[0] if span(f.node)[0] <= top and bottom <= span(f.node)[1]]
    return max(holding) if holding else None  # the innermost starts last


def _holding_statement(tree: ast.Module, top: int, bottom: int) -> tuple[int, int] | None:
    """Decide the lines (decorators included) of the top-level statement holding lines top..bottom, if any."""
    for node in tree.body:
        first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
        last = node.end_lineno or node.lineno
        if first <= top and bottom <= last:
            return first, last
    return None


def _function_span(source: str, top: int, bottom: int) -> tuple[int, int]:
    """Return the lines (1-based, inclusive) of the innermost function or method holding lines top..bottom, else
    the top-level statement holding them, else those lines."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return top, bottom
    return _holding_function(tree, top, bottom) or _holding_statement(tree, top, bottom) or (top, bottom)


def _shift(line: str, by: int) -> str:
    """Move a hunk header's line numbers from the function's lines to the file's."""
    match = _HUNK.match(line)
    if not match or not by:
        return line
    old, old_len, new, new_len = match.groups()
    return f"@@ -{int(old) + by}{old_len or ''} +{int(new) + by}{new_len or ''} @@"


def survivors_text(model: ReportModel) -> str:
    """Render every mutant and defect no claim kills: the unexplained first, then the equivalents with their reasons."""
    unexplained = _in_order(m for m in model.mutants if m.status in UNDETECTED)
    equivalent = _in_order(m for m in model.mutants if m.status == EQUIVALENT)
    blocks = [render_show(m, model.files.get(m.file)) for m in [*unexplained, *equivalent]]
    by_status = ", ".join(f"{sum(m.status == s for m in unexplained)} {s}" for s in UNDETECTED)
    summary = f"{len(unexplained) + len(equivalent)} survivors: {len(unexplained)} unexplained ({by_status}), {len(equivalent)} equivalent"
    return "\n".join([*blocks, summary]) + "\n"


def _in_order(mutants: Iterable[MutantInfo]) -> list[MutantInfo]:
    return sorted(mutants, key=lambda m: (m.file, m.start.line, m.start.column, m.id))
