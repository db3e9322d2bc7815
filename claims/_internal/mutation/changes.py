"""Compare observed kill evidence with the recorded rows, like a snapshot: weakenings first.

A claim that stopped noticing a mutant or defect is a weakening of the
proof, so those lines come first; then new kills, changed ways of failing,
rows new to the ledger, and rows whose mutant or defect no longer exists.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from claims._internal.mutation.evidence import Observation


@frozen
class Change:
    """One difference between observed and recorded evidence, about one mutant or defect."""

    subject: str
    text: str
    weakening: bool = False

    def line(self) -> str:
        """Render the change on one line."""
        return f"{self.subject}: {self.text}"


def compare(subject: str, recorded: Observation | None, observed: Observation) -> list[Change]:
    """List how one mutant's or defect's observed killers differ from the recorded ones."""
    if recorded is None:
        return [_new_row(subject, observed)]
    return [
        *_killer_changes(subject, recorded, observed),
        *_problem_changes(subject, recorded, observed),
    ]


def _new_row(subject: str, observed: Observation) -> Change:
    """Decide the change for a row the ledger does not hold yet."""
    killers = sorted(observed.killers)
    text = f"new row: killed by {len(killers)} claim(s)" if killers else "new row: no claim kills it"
    return Change(subject, text + (f" ({observed.problem})" if observed.problem else ""))


def _killer_changes(subject: str, recorded: Observation, observed: Observation) -> list[Change]:
    """Decide the changes in who kills it: lost killers (weakenings), new killers, then changed ways of failing."""
    found = [
        Change(subject, f"{claim} no longer kills it (was {recorded.how(claim)})", weakening=True)
        for claim in sorted(recorded.killers - observed.killers)
    ]
    found += [
        Change(subject, f"newly killed by {claim} ({observed.how(claim)})")
        for claim in sorted(observed.killers - recorded.killers)
    ]
    found += [
        Change(subject, f"{claim} now turns red by {observed.how(claim)} (was {recorded.how(claim)})")
        for claim in sorted(observed.killers & recorded.killers)
        if observed.how(claim) != recorded.how(claim)
    ]
    return found


def _problem_changes(subject: str, recorded: Observation, observed: Observation) -> list[Change]:
    """Decide the change in the row's problem, if any (a new problem is a weakening)."""
    if (recorded.problem or None) == (observed.problem or None):
        return []
    return [
        Change(
            subject,
            f"problem now {observed.problem or 'none'} (was {recorded.problem or 'none'})",
            weakening=bool(observed.problem),
        )
    ]


def compare_all(
    recorded: Mapping[str, Observation], observed: Mapping[str, Observation], vanished: list[str]
) -> list[Change]:
    """Compare every observed row with its recorded one; weakenings first, then the rest, each group sorted."""
    found = [c for subject in sorted(observed) for c in compare(subject, recorded.get(subject), observed[subject])]
    found += [Change(subject, "vanished: the mutant or defect no longer exists") for subject in sorted(vanished)]
    return sorted(found, key=lambda c: (not c.weakening, c.subject))
