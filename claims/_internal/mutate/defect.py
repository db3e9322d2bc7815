"""Declare seeded defects: a replacement for one domain function or constant, and the claims it must turn red.

    zero_allowance = Defect(
        id="spark.zero_engram_allowance",
        target="domain.engram.ENGRAM_ALLOWANCE_GIB",
        replacement=0,
        description="Declare no Engram allowance, so nothing is reserved beyond the weights.",
        expect_red={"spark.fit_wall.half_utilization_refuses_naming_the_allowance"},
    )

A `DefectGroup` applies several defects at once and has its own expectation.
An optional `scope` (claim-id patterns, as `claim_batch` selects them: an id,
a dotted prefix or a glob) names the claims a defect is judged over; only
those run under it.  The default, `()`, is every claim.  A group's own scope
applies to the group; its members' scopes apply when they run alone.
Every module-level Defect or DefectGroup below a `[tool.claims].mutations`
package is collected, the way witnesses are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from attrs import field, frozen

from claims.errors import DeclarationError

DEFECT_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")
TARGET = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$")


def _ids(value: Iterable[str]) -> frozenset[str]:
    if isinstance(value, str):
        # A bare string would silently become a set of characters.
        raise DeclarationError(f"expected a set of claim ids, got the single string {value!r}; wrap it: {{{value!r}}}")
    return frozenset(value)


def _patterns(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise DeclarationError(f"expected a tuple of claim-id patterns for the scope, got the single string {value!r}; wrap it: ({value!r},)")
    patterns = tuple(value)
    if not all(isinstance(p, str) and p for p in patterns):
        raise DeclarationError(f"a scope holds non-empty claim-id patterns (an id, a dotted prefix or a glob), got {patterns!r}")
    return patterns


def _check_id(instance: Any, attribute: Any, value: str) -> None:
    if not DEFECT_ID.match(value):
        raise DeclarationError(f"defect id {value!r} is not of the form family.snake_case (e.g. 'spark.zero_engram_allowance')")


def _check_target(instance: Any, attribute: Any, value: str) -> None:
    if not TARGET.match(value):
        raise DeclarationError(f"{instance.id}: target {value!r} is not a dotted path such as 'domain.engram.allowance_gib'")


def _check_sentence(instance: Any, attribute: Any, value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise DeclarationError(f"{instance.id}: the description is one non-empty sentence")


def _check_disjoint(instance: Any, attribute: Any, value: frozenset[str]) -> None:
    both = sorted(value & instance.expect_red)
    if both:
        raise DeclarationError(f"{instance.id}: {', '.join(both)} cannot be expected both red and green")


@frozen
class Defect:
    """Replace one domain function or constant; name the exact claims (within `scope`, default all) that must turn red."""

    id: str = field(validator=_check_id)
    target: str = field(validator=_check_target)
    replacement: Any = field(repr=False)
    description: str = field(validator=_check_sentence)
    expect_red: frozenset[str] = field(converter=_ids)
    expect_green: frozenset[str] = field(converter=_ids, default=frozenset(), validator=_check_disjoint)
    scope: tuple[str, ...] = field(converter=_patterns, default=())

    @property
    def defects(self) -> tuple[Defect, ...]:
        """Return the defects applied together: just this one."""
        return (self,)


def _check_members(instance: Any, attribute: Any, value: tuple[Defect, ...]) -> None:
    if len(value) < 2 or not all(isinstance(d, Defect) for d in value):
        raise DeclarationError(f"{instance.id}: a group applies two or more Defect values, got {value!r}")
    targets = [d.target for d in value]
    if len(set(targets)) != len(targets):
        raise DeclarationError(f"{instance.id}: two defects of a group replace the same target")


@frozen
class DefectGroup:
    """Apply several defects at once; name the exact claims (within `scope`, default all) that must turn red together."""

    id: str = field(validator=_check_id)
    description: str = field(validator=_check_sentence)
    defects: tuple[Defect, ...] = field(converter=tuple, validator=_check_members)
    expect_red: frozenset[str] = field(converter=_ids)
    expect_green: frozenset[str] = field(converter=_ids, default=frozenset(), validator=_check_disjoint)
    scope: tuple[str, ...] = field(converter=_patterns, default=())


Seeded = Defect | DefectGroup
