"""Judge a declared defect against its intent: a pure function of what it turned red.

- BADCTRL: it did not apply (its patch text is gone, its rule is not
  switchable), or every claim it ran errored: nothing it shows can be trusted;
- NOOP: no claim executes its rule, so it cannot have caused anything;
- MISSING: a claim that must turn red stayed green;
- BROKEN: a control that must stay green turned red;
- WRONG: within its exact scope, a claim turned red that it does not name;
- EXACT: the scoped judgement holds exactly; PASS: the intent holds.

Everything else it turns red is observed evidence, recorded in the ledger.
"""

from __future__ import annotations

import enum

from attrs import frozen

from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Observation


class Intent(enum.Enum):
    """Say how a declared defect's intent held."""

    EXACT = "EXACT"
    PASS = "PASS"
    MISSING = "MISSING"
    BROKEN = "BROKEN"
    WRONG = "WRONG"
    NOOP = "NOOP"
    BADCTRL = "BADCTRL"

    @property
    def holds(self) -> bool:
        """Say whether the intent held."""
        return self in (Intent.EXACT, Intent.PASS)

    @property
    def sentence(self) -> str:
        """Say what the verdict means, for the report."""
        return {
            Intent.EXACT: "turned exactly the claims its scope names red",
            Intent.PASS: "turned every claim it must red, and no control",
            Intent.MISSING: "left claims it must turn red green",
            Intent.BROKEN: "turned a control that must stay green red",
            Intent.WRONG: "turned claims red within its exact scope that it does not name",
            Intent.NOOP: "was reached by no claim",
            Intent.BADCTRL: "broke the run itself (it did not apply, or every claim it ran errored)",
        }[self]


@frozen
class Judgement:
    """Hold a defect's verdict and the claims that explain it."""

    verdict: Intent
    missing: frozenset[str] = frozenset()
    broken: frozenset[str] = frozenset()
    unexpected: frozenset[str] = frozenset()
    detail: str = ""


def judge(seeded: Seeded, seen: Observation, ran: int, in_scope: frozenset[str] | None) -> Judgement:
    """Return the verdict: BADCTRL and NOOP first (nothing else can be trusted), then MISSING, BROKEN, WRONG."""
    untrusted = _untrusted(seeded, seen, ran)
    if untrusted is not None:
        return untrusted
    red = seen.killers
    missing, broken = seeded.must_red - red, seeded.must_green & red
    unexpected = (red & in_scope) - seeded.must_red if in_scope is not None else frozenset()
    for verdict, explained in ((Intent.MISSING, missing), (Intent.BROKEN, broken), (Intent.WRONG, unexpected)):
        if explained:
            return Judgement(verdict, missing, broken, unexpected)
    return Judgement(Intent.EXACT if in_scope is not None else Intent.PASS)


def _untrusted(seeded: Seeded, seen: Observation, ran: int) -> Judgement | None:
    """Decide BADCTRL or NOOP, when the run says nothing that can be trusted; None when it can be judged."""
    if seen.problem is not None:
        return Judgement(Intent.BADCTRL, detail=seen.problem)
    if ran and len((seen.errored - seen.typed) | seen.crashed) == ran:
        # A kill by the type contract is a kill; a crash of every claim says the replacement itself is broken.
        return Judgement(Intent.BADCTRL, detail=f"every one of the {ran} claims it ran crashed")
    if ran == 0:
        return Judgement(Intent.NOOP, detail=f"no claim executes {', '.join(seeded.targets)}")
    return None
