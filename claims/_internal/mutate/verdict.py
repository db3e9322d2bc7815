"""Judge a seeded defect: did it turn exactly the expected claims red?  A pure function of the observations."""

from __future__ import annotations

import enum
from collections.abc import Iterable

from attrs import frozen


class DefectVerdict(enum.Enum):
    """Say how a seeded defect ended."""

    EXACT = "EXACT"
    WRONG = "WRONG"
    MISSING = "MISSING"
    NOOP = "NOOP"
    BADCTRL = "BADCTRL"

    @property
    def sentence(self) -> str:
        """Say what the verdict means, for the report."""
        return {
            "EXACT": "turned exactly the expected claims red",
            "WRONG": "turned claims red that were not expected",
            "MISSING": "left expected claims green",
            "NOOP": "was never reached by any claim",
            "BADCTRL": "broke the run itself (it did not apply, or every claim errored)",
        }[self.value]


@frozen
class Observed:
    """Hold what running every claim under a defect showed."""

    failed: frozenset[str]
    errored: frozenset[str]
    type_contract: frozenset[str]
    total: int
    unreached: frozenset[str] = frozenset()
    problem: str | None = None

    @property
    def red(self) -> frozenset[str]:
        """Return every claim that turned red, by assertion or by crash."""
        return self.failed | self.errored


@frozen
class Judgement:
    """Hold a defect's verdict and the claims that explain it."""

    verdict: DefectVerdict
    red: frozenset[str]
    unexpected: frozenset[str] = frozenset()
    missing: frozenset[str] = frozenset()
    green_broken: frozenset[str] = frozenset()
    detail: str = ""


def judge(expect_red: Iterable[str], expect_green: Iterable[str], seen: Observed) -> Judgement:
    """Return the verdict: BADCTRL and NOOP first (nothing else can be trusted), then WRONG, MISSING, EXACT."""
    want, keep = frozenset(expect_red), frozenset(expect_green)
    red = seen.red
    if seen.problem is not None:
        return Judgement(DefectVerdict.BADCTRL, red, detail=seen.problem)
    if seen.total and len(seen.errored) == seen.total:
        return Judgement(DefectVerdict.BADCTRL, red, detail=f"every one of the {seen.total} claims errored")
    if seen.unreached:
        # An unreached defect cannot have caused anything; its red set would be noise.
        return Judgement(DefectVerdict.NOOP, red, detail=f"no claim executed {', '.join(sorted(seen.unreached))}")
    unexpected, missing, broken = red - want, want - red, keep & red
    if unexpected:
        return Judgement(DefectVerdict.WRONG, red, unexpected, missing, broken)
    if missing:
        return Judgement(DefectVerdict.MISSING, red, unexpected, missing, broken)
    return Judgement(DefectVerdict.EXACT, red)
