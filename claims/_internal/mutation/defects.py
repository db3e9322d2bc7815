"""Declare seeded defects by intent: what they break, the claims that must turn red and those that must stay green.

A defect replaces one named public rule, in one of two ways:

    # a wrapper: perturb the rule's inputs or outputs, calling the original through original()
    def no_allowance(profile, group):
        return 0

    Defect(
        id="spark.zero_engram_allowance",
        target=fit_wall.engram_page_cache_allowance_gib,
        intent="Charge no Engram page-cache allowance, so 0.50 utilization no longer overflows the pool.",
        replacement=no_allowance,
        must_red={"spark.v41_group_a_launch.half_utilization_refuses_naming_the_allowance"},
    )

    # a textual patch of the rule's own source: BADCTRL the moment `old` no longer appears exactly once
    Defect(
        id="spark.fit_wall_strict_bound",
        target=fit_wall.serving_arm_admits_under,
        intent="Refuse a requirement equal to the pool.",
        patch=("requirement <= pool", "requirement < pool"),
        must_red={"spark.fit_wall.a_requirement_equal_to_the_pool_fits_with_zero_margin"},
    )

Everything else a defect turns red is *observed evidence*, recorded by
`claim_batch mutate --update` in the ledger, never pasted here.  A `scope`
(claim-id patterns, as `claim_batch` selects them) makes the judgement
exact within it: the red claims in scope must be exactly `must_red` (the
seed's two controls are declared so).  A `DefectGroup` applies several
defects at once and has its own intent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from attrs import field, frozen

from claims._internal import dotted
from claims.errors import DeclarationError

DEFECT_ID = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


def _ids(value: Iterable[str]) -> frozenset[str]:
    if isinstance(value, str):
        # A bare string would silently become a set of characters.
        raise DeclarationError(f"expected a set of claim ids, got the single string {value!r}; wrap it: {{{value!r}}}")
    return frozenset(value)


def _patterns(value: Iterable[str]) -> tuple[str, ...]:
    if isinstance(value, str):
        raise DeclarationError(
            f"expected a tuple of claim-id patterns for the scope, got the single string {value!r}; wrap it: ({value!r},)"
        )
    patterns = tuple(value)
    if not all(isinstance(p, str) and p for p in patterns):
        raise DeclarationError(
            f"a scope holds non-empty claim-id patterns (an id, a dotted prefix or a glob), got {patterns!r}"
        )
    return patterns


def target_name(target: Any) -> str:
    """Return a target's dotted name: a function's or method's `module.qualname`, or the name given
    (`module:Class.method` spelled dotted)."""
    if isinstance(target, str):
        return dotted.canonical(target)
    if callable(target) or isinstance(target, property):
        return dotted.of_callable(target)
    raise DeclarationError(f"a defect target is a rule (a function or method) or its dotted name, got {target!r}")


def _check_id(instance: Any, attribute: Any, value: str) -> None:
    if not DEFECT_ID.match(value):
        raise DeclarationError(
            f"defect id {value!r} is not a plain or dotted Python name (e.g. 'rules.limit_off_by_one')"
        )


def _check_sentence(instance: Any, attribute: Any, value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise DeclarationError(f"{instance.id}: the intent is one non-empty sentence saying what the defect breaks")


def _check_disjoint(instance: Any, attribute: Any, value: frozenset[str]) -> None:
    both = sorted(value & instance.must_red)
    if both:
        raise DeclarationError(f"{instance.id}: {', '.join(both)} cannot be expected both red and green")


def _check_form(instance: Any, attribute: Any, value: Any) -> None:
    if (instance.replacement is None) == (instance.patch is None):
        raise DeclarationError(
            f"{instance.id}: give exactly one of replacement= (a wrapper) or patch=(old, new) (a textual patch)"
        )
    if instance.replacement is not None and not callable(instance.replacement):
        raise DeclarationError(
            f"{instance.id}: replacement must be callable with the rule's signature, got {instance.replacement!r}"
        )
    if instance.patch is not None:
        old, new = instance.patch
        if not isinstance(old, str) or not isinstance(new, str) or not old or old == new:
            raise DeclarationError(
                f"{instance.id}: patch is (old text, new text): two different strings, old non-empty"
            )


def _patch(value: Any) -> tuple[str, str] | None:
    if value is None:
        return None
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise DeclarationError(f"patch is (old text, new text), got {value!r}")
    return (value[0], value[1])


@frozen
class Defect:
    """Replace one public rule (a wrapper, or a textual patch of its source); name the claims that must turn red."""

    id: str = field(validator=_check_id)
    target: str = field(converter=target_name)
    intent: str = field(validator=_check_sentence)
    must_red: frozenset[str] = field(converter=_ids)
    replacement: Callable[..., Any] | None = field(default=None, repr=False)
    patch: tuple[str, str] | None = field(default=None, converter=_patch, validator=_check_form)
    must_green: frozenset[str] = field(converter=_ids, default=frozenset(), validator=_check_disjoint)
    scope: tuple[str, ...] = field(converter=_patterns, default=())

    @property
    def defects(self) -> tuple[Defect, ...]:
        """Return the defects applied together: just this one."""
        return (self,)

    @property
    def targets(self) -> tuple[str, ...]:
        """Return the rules this defect replaces."""
        return (self.target,)


def _check_members(instance: Any, attribute: Any, value: tuple[Defect, ...]) -> None:
    if len(value) < 2 or not all(isinstance(d, Defect) for d in value):
        raise DeclarationError(f"{instance.id}: a group applies two or more Defect values, got {value!r}")
    targets = [d.target for d in value]
    if len(set(targets)) != len(targets):
        raise DeclarationError(f"{instance.id}: two defects of a group replace the same rule")


@frozen
class DefectGroup:
    """Apply several defects at once; name the claims that must turn red together, and those that must stay green."""

    id: str = field(validator=_check_id)
    intent: str = field(validator=_check_sentence)
    defects: tuple[Defect, ...] = field(converter=tuple, validator=_check_members)
    must_red: frozenset[str] = field(converter=_ids)
    must_green: frozenset[str] = field(converter=_ids, default=frozenset(), validator=_check_disjoint)
    scope: tuple[str, ...] = field(converter=_patterns, default=())

    @property
    def targets(self) -> tuple[str, ...]:
        """Return the rules the group replaces."""
        return tuple(d.target for d in self.defects)


Seeded = Defect | DefectGroup
