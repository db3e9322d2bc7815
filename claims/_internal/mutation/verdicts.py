"""Say what a sweep's findings call for: the survivors that are problems or admitted debt, the verdicts counted, the exit.

Pure decisions over what a run observed; `runs` gathers them into its
results, and the command prints them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from typing import Protocol

from claims._internal.config import Config, shown_path
from claims._internal.mutation.audit import survivor_problems, unexplained_survivors
from claims._internal.mutation.evidence import Evidence, MutantRow
from claims._internal.mutation.intent import Intent, Judgement
from claims._internal.mutation.survivors import equivalent_path, read_bindings, untriaged_path
from claims._internal.problems import Problem

CHANGES_SHOWN = 60
"""How many changes or problems a run prints before it says how many more."""


class Ending(enum.Enum):
    """How a sweep calls for its command to end (the command maps each to its exit code)."""

    PASS = "pass"
    RED = "red"
    USAGE = "usage"
    INTERRUPTED = "interrupted"


class Judged(Protocol):
    """Anything that carries a defect's judgement."""

    @property
    def judgement(self) -> Judgement:
        """The defect's verdict and the claims that explain it."""
        ...


def counted(verdicts: Sequence[Judged]) -> tuple[tuple[str, int], ...]:
    """Count the verdicts by kind, in the order `Intent` declares them."""
    counts: dict[str, int] = {}
    for one in verdicts:
        value = one.judgement.verdict.value
        counts[value] = counts.get(value, 0) + 1
    order = list(Intent.__members__)
    return tuple(sorted(counts.items(), key=lambda kv: order.index(kv[0])))


def judged_survivors(
    config: Config,
    updated: Evidence,
    rows: Mapping[str, MutantRow],
    equivalent: Mapping[str, str],
    untriaged: frozenset[str],
    full: bool,
) -> tuple[list[str], tuple[str, ...]]:
    """Return the survivor problem lines (a selection judges only its own) and the survivors admitted untriaged."""
    survivors = [m for m, row in rows.items() if row.status != "killed" and m not in equivalent]
    admitted = tuple(m for m in survivors if m in untriaged)
    found = _survivor_problems(config, updated, rows, equivalent, untriaged, full)
    return shortened([p.line() for p in found], "survivor problems (`claim_batch mutate survivors`)"), admitted


def _survivor_problems(
    config: Config,
    updated: Evidence,
    rows: Mapping[str, MutantRow],
    equivalent: Mapping[str, str],
    untriaged: frozenset[str],
    full: bool,
) -> list[Problem]:
    """Judge the survivors with the one set of survivor rules (`audit.survivor_problems`), the gate's too."""
    explained_in = shown_path(equivalent_path(config), config.root)
    if not full:  # a selection judges its own survivors; the entries of the files are judged by a full run
        return unexplained_survivors(rows, equivalent, explained_in, untriaged)
    untriaged_file = shown_path(untriaged_path(config), config.root)
    return survivor_problems(
        updated, equivalent, explained_in, untriaged, untriaged_file, read_bindings(equivalent_path(config))
    )


def shortened(lines: list[str], what: str) -> list[str]:
    """Keep the first `CHANGES_SHOWN` lines, and say how many more of `what` there are."""
    if len(lines) <= CHANGES_SHOWN:
        return lines
    return [*lines[:CHANGES_SHOWN], f"... and {len(lines) - CHANGES_SHOWN} more {what}"]
