"""Find which claims reach each declared defect's target, in one pass that is also the green baseline.

Every target is replaced by a counting stand-in for the original (same
behaviour), every claim runs once, and the claims that reached each target
are recorded.  A defect then runs only the claims that reach one of its
targets: rules are pure and claims deterministic (property claims run
derandomised), so a claim that never executes the target cannot change its
verdict under the defect.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from claims._internal.declare import Claim
from claims.errors import DeclarationError
from claims._internal.mutate.apply import Reach, applied, resolve
from claims._internal.mutate.defect import Defect
from claims._internal.runner import Result, Settings, run_claim


def _stand_in(target: str) -> Any:
    """Return an untouched copy of a function target, immune to the code swap."""
    _, _, value = resolve(target)
    copy = types.FunctionType(value.__code__, value.__globals__, value.__name__, value.__defaults__, value.__closure__)
    copy.__kwdefaults__ = value.__kwdefaults__
    return copy


def _replaceable(target: str) -> bool:
    # A target that cannot be replaced is judged BADCTRL by its own defect; it must not stop the pass.
    try:
        _, _, value = resolve(target)
    except DeclarationError:
        return False
    # Constants are left out: noticing a read needs a profile hook on every call, which would
    # slow the whole pass past claim timeouts; a defect on a constant runs every claim in scope.
    return isinstance(value, types.FunctionType)


def reaching_claims(targets: Iterable[str], claims: Sequence[Claim], settings: Settings) -> tuple[list[Result], dict[str, frozenset[str]]]:
    """Run every claim once under counting stand-ins; return the results and, per target, the claims that reached it."""
    wanted = sorted(t for t in set(targets) if _replaceable(t))
    stand_ins = tuple(
        Defect(id=f"coverage.target_{n}", target=t, replacement=_stand_in(t), description="Stand in for the original, counting reaches.", expect_red=())
        for n, t in enumerate(wanted)
    )
    reach = Reach()
    reached: dict[str, set[str]] = {t: set() for t in wanted}
    results = []
    with applied(stand_ins, reach):
        for claim in claims:
            before = dict(reach.calls)
            results.append(run_claim(claim, settings))
            for target, count in reach.calls.items():
                if count > before.get(target, 0):
                    reached[target].add(claim.id)
    return results, {t: frozenset(ids) for t, ids in reached.items()}


def covering(claims: Sequence[Claim], targets: Iterable[str], reached: Mapping[str, frozenset[str]] | None) -> list[Claim]:
    """Keep the claims that reach any of the targets (all of them when a target's coverage is unknown)."""
    if reached is None or any(t not in reached for t in targets):
        return list(claims)
    ids: set[str] = set()
    for target in targets:
        ids |= reached.get(target, frozenset())
    return [c for c in claims if c.id in ids]
