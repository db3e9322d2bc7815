"""Admit or refuse, as values: the outcome protocol every rule returns.

The framework (`claims`) reads outcomes structurally: an outcome whose
`refused` is True carries `reasons`, each with `where` (the located conjunct
or field path, `$.profile.gpu_memory_utilization`) and `why` (a sentence with
the numbers).  The reason's class names the kind of refusal.
"""

from __future__ import annotations

from typing import ClassVar, Generic, TypeVar

from attrs import field, frozen

from domain.core import value_fields as vf

T = TypeVar("T")


@frozen
class Reason:
    """Say where a rule refused and why; subclass once per kind of refusal, `@frozen` like this one."""

    where: str = field(validator=vf.non_empty_str)
    why: str = field(validator=vf.non_empty_str)


@frozen
class Admitted(Generic[T]):
    """Carry what a rule admitted, with its figures."""

    refused: ClassVar[bool] = False
    value: T


@frozen
class Refused:
    """Carry every located reason a rule refused for (never only the first)."""

    refused: ClassVar[bool] = True
    reasons: tuple[Reason, ...] = field(validator=vf.tuple_of(Reason, min_len=1))


Outcome = Admitted[T] | Refused


def reason_line(reason: Reason) -> str:
    """Say a reason in one line the way every command and report prints it: `Kind @ where: why`."""
    return f"{type(reason).__name__} @ {reason.where}: {reason.why}"
