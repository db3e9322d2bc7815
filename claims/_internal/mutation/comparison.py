"""Compare what a sweep observed with the recorded evidence: the changes, the rows only restamped, what moved, the exit.

Like a snapshot: a run whose evidence differs from `ledger/evidence/` is
stale until recorded.  `runs` calls these once its subjects are observed.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping, Sequence

from attrs import frozen

from claims._internal.mutation import sweep
from claims._internal.mutation.changes import Change, compare_all
from claims._internal.mutation.evidence import Evidence, Observation
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.plan import Baseline
from claims._internal.mutation.staleness import summary, why_moved
from claims._internal.mutation.verdicts import Ending
from claims._internal.mutation.workspace import Workspace


@frozen
class Comparison:
    """How the observed evidence differs from the recorded, and the problems to print with it."""

    recorded: Evidence
    updated: Evidence
    changes: tuple[Change, ...]
    restamp: tuple[str, ...]
    moved: str
    problems: tuple[str, ...]
    what: str
    command: str

    @property
    def stale(self) -> bool:
        """Say whether the recorded evidence no longer says what was observed."""
        return bool(self.changes or self.restamp)


def defect_changes(
    recorded: Evidence, current: Container[str], seen: Mapping[str, Observation], plan: sweep.Plan, full: bool
) -> tuple[list[Change], list[str]]:
    """Compare what the defects turned red with the recorded rows; return the changes and the rows only restamped."""
    vanished = vanished_rows(recorded.defects, current, full)
    changes = compare_all({k: r.observation for k, r in recorded.defects.items()}, dict(seen.items()), vanished)
    return changes, only_restamped(recorded, plan, changes)


def mutant_changes(
    recorded: Evidence,
    current: Container[str],
    mutants: Sequence[Mutant],
    plan: sweep.Plan,
    observed: Mapping[str, Observation],
    rebuild: bool,
    full: bool,
) -> tuple[list[Change], list[str]]:
    """Compare the fresh observations with the recorded rows; return the changes and the rows only restamped."""
    vanished = vanished_rows(recorded.mutants, current, full)
    fresh = fresh_rows(plan, observed, rebuild)
    changes = compare_all(sweep.recorded_by_mutation(recorded, mutants), fresh, vanished)
    return changes, only_restamped(recorded, plan, changes, among=fresh)


def vanished_rows(recorded: Iterable[str], current: Container[str], full: bool) -> list[str]:
    """Return the recorded subjects the code no longer has (only a full run can say: a selection sees only its own)."""
    return [subject for subject in recorded if subject not in current] if full else []


def fresh_rows(plan: sweep.Plan, observed: Mapping[str, Observation], rebuild: bool) -> dict[str, Observation]:
    """Return the observations to compare: every row new or whose fingerprint moved, and with --rebuild every row run."""
    # Run now, or reused from the cache by fingerprint: a row that moved is compared however it was observed.
    seen = {**plan.reused, **observed}
    return {k: v for k, v in seen.items() if (rebuild and k in observed) or k not in plan.recorded}


def only_restamped(
    recorded: Evidence, plan: sweep.Plan, changes: Sequence[Change], among: Container[str] | None = None
) -> list[str]:
    """Return the rows re-observed with the same evidence under a new fingerprint (of `among`, when given)."""
    changed = {c.subject for c in changes}
    return [s for s in sweep.restamped(recorded, plan) if (among is None or s in among) and s not in changed]


def compared(
    ws: Workspace,
    base: Baseline,
    recorded: Evidence,
    updated: Evidence,
    found: tuple[Sequence[Change], Sequence[str], Sequence[str]],
    what: tuple[str, str],
) -> Comparison:
    """Gather the changes, the rows only restamped (saying what moved under them) and the problems found."""
    changes, restamp, problems = found
    moved = ""
    if restamp:
        why = why_moved(recorded, base, ws.claims, ws.catalog.seeded, ws.sources, ws.digests(base), restamp)
        moved = summary(why, recorded.environment, ws.environment)
    return Comparison(recorded, updated, tuple(changes), tuple(restamp), moved, tuple(problems), *what)


def ending_of(comparison: Comparison, update: bool) -> Ending:
    """Decide the exit a compared run calls for: red when stale and not recorded now, or when a problem was found."""
    stale = comparison.stale and not update
    return Ending.RED if stale or comparison.problems else Ending.PASS
