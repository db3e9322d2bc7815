"""Read admitted debt (`ledger/debt.toml`): the claims allowed to be red, and why.

    [[debt]]
    claim = "spark.fit_wall.v41_fits_at_080_utilization"
    reason = "The 0.80 row waits for the re-measured KV cache size."
    owner = "fit-wall maintainers"
    trigger = "TRIGGER: retire when checkpoint row v41 is re-measured."

Every key is required and no other key is allowed; a claim is admitted at
most once.  An absent file admits nothing.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

from attrs import frozen

from claims._internal.result import Result
from claims._internal.strict import structure_strictly
from claims.errors import InputError

TRIGGER_PREFIX = "TRIGGER: "
MAX_PROBLEMS = 20
"""Located problems listed at most, then how many more."""


@frozen
class Debt:
    """Admit one red claim: why it is red, who owns it, what retires it."""

    claim: str
    reason: str
    owner: str
    trigger: str


@frozen
class DebtFile:
    """Hold the whole debt file."""

    debt: tuple[Debt, ...] = ()


_KEYS = ("claim", "reason", "owner", "trigger")


def _entry_line(text: str, index: int) -> int:
    # tomllib keeps no positions; the n-th `[[debt]]` header is where entry n starts.
    headers = [n for n, line in enumerate(text.splitlines(), start=1) if re.match(r"^\s*\[\[\s*debt\s*\]\]", line)]
    return headers[index] if index < len(headers) else 0


def _entries(text: str, shown_as: str) -> tuple[Debt, ...]:
    """Decide the entries the text holds, refusing invalid TOML or a wrong shape, each problem located by line."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{shown_as}: not valid TOML: {exc}") from None
    try:
        return structure_strictly(raw, DebtFile, where=shown_as).debt
    except InputError as exc:
        # Point each located problem at the line of its entry as well as its path.
        located = re.sub(
            r"^(.*?) @ \$\.debt\[(\d+)\]",
            lambda m: f"{m[1]}:{_entry_line(text, int(m[2]))} @ $.debt[{m[2]}]",
            str(exc),
            flags=re.M,
        )
        raise InputError(located) from None


def _entry_problems(entry: Debt, where: str, first: int | None) -> list[str]:
    """Decide what is wrong with one entry: an empty key, a trigger not saying what retires it, a second admission."""
    problems = [f"{where}.{key}: must not be empty" for key in _KEYS if not getattr(entry, key).strip()]
    if not entry.trigger.startswith(TRIGGER_PREFIX) or not entry.trigger[len(TRIGGER_PREFIX) :].strip():
        problems.append(
            f"{where}.trigger: must start with {TRIGGER_PREFIX!r} and say what retires the debt, got {entry.trigger!r}"
        )
    if first is not None:
        problems.append(f"{where}.claim: {entry.claim!r} is admitted twice (first at $.debt[{first}])")
    return problems


def _refuse(problems: list[str]) -> None:
    """Decide whether the file is refused: any problem is, listing at most `MAX_PROBLEMS` then how many more."""
    if problems:
        more = f"\n... and {len(problems) - MAX_PROBLEMS} more" if len(problems) > MAX_PROBLEMS else ""
        raise InputError("\n".join(problems[:MAX_PROBLEMS]) + more)


def parse_debt(text: str, *, shown_as: str) -> tuple[Debt, ...]:
    """Parse debt.toml text; raise an InputError naming the file, line and key for anything wrong."""
    entries = _entries(text, shown_as)
    seen: dict[str, int] = {}
    problems: list[str] = []
    for index, entry in enumerate(entries):
        where = f"{shown_as}:{_entry_line(text, index)} @ $.debt[{index}]"
        problems += _entry_problems(entry, where, seen.get(entry.claim))
        seen.setdefault(entry.claim, index)
    _refuse(problems)
    return entries


def load_debt(path: Path, *, shown_as: str) -> dict[str, Debt]:
    """Return admitted debt by claim id; an absent file admits nothing."""
    if not path.is_file():
        return {}
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{shown_as}: not UTF-8 text: {exc}") from None
    return {entry.claim: entry for entry in parse_debt(text, shown_as=shown_as)}


def admitted_reds(results: Sequence[Result], debt: Mapping[str, Debt]) -> list[Result]:
    """Return the red results that admitted debt covers."""
    return [r for r in results if r.verdict.red and r.claim.id in debt]


def _new_and_paid(results: Sequence[Result], debt: Mapping[str, Debt]) -> tuple[list[Result], list[Result]]:
    """Decide which reds no debt admits, and which admitted claims pass (their debt is paid)."""
    new = [r for r in results if r.verdict.red and r.claim.id not in debt]
    paid = [r for r in results if not r.verdict.red and r.claim.id in debt]
    return new, paid


def _lines_admitted(admitted: list[Result], debt: Mapping[str, Debt]) -> list[str]:
    """Decide the lines naming each admitted red with its owner and what retires it."""
    return [
        f"  {r.verdict.value} {r.claim.id}  owner: {debt[r.claim.id].owner}; {debt[r.claim.id].trigger}"
        for r in admitted
    ]


def _lines_new(new: list[Result]) -> list[str]:
    """Decide the lines naming the reds that no debt admits (none when there are none)."""
    if not new:
        return []
    return [f"new reds (not admitted): {len(new)}", *(f"  {r.verdict.value} {r.claim.id}" for r in new)]


def debt_lines(results: Sequence[Result], debt: Mapping[str, Debt], debt_file: str) -> list[str]:
    """Say which reds are admitted debt, which are new, and which debts are paid."""
    admitted = admitted_reds(results, debt)
    new, paid = _new_and_paid(results, debt)
    if not (admitted or paid):
        return []
    return [
        f"admitted debt ({debt_file}): {len(admitted)} red claim(s) allowed",
        *_lines_admitted(admitted, debt),
        *_lines_new(new),
        *(f"debt paid: {r.claim.id} passes; retire it from {debt_file}" for r in paid),
    ]
