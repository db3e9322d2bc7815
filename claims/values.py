"""Admit or refuse, as values: the outcomes a rule returns, ready to use.

    from claims import Admitted, Reason, Refused

    @frozen
    class OverQuota(Reason):
        '''The request asks for more than the quota left.'''

    def admit_request(size: int, left: int) -> Admitted[int] | Refused:
        if size > left:
            return Refused((OverQuota(where="$.size", why=f"{size} units exceed the {left} left"),))
        return Admitted(left - size)

A domain "no" is a value, never an exception.  The framework reads outcomes
structurally, so a project may keep its own classes instead of these: an
outcome whose `refused` is True carries `reasons`, each with `where` (the
conjunct or `$.field.path` it is about) and `why` (a sentence with the
numbers); the reason's class names its kind.  Anything else is an admit.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from attrs import field, frozen

T = TypeVar("T")


def _sentence(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, str) or not value.strip():
        raise TypeError(f"{type(instance).__name__}.{attribute.name}: expected a non-empty str, got {value!r}")


@frozen
class Reason:
    """Say where a rule refused and why; subclass it once per kind of refusal (`@frozen` like this one)."""

    where: str = field(validator=_sentence)
    why: str = field(validator=_sentence)


@frozen
class Admitted(Generic[T]):
    """Carry what a rule admitted, with its figures."""

    refused: ClassVar[bool] = False
    value: T


def _reasons(instance: Any, attribute: Any, value: Any) -> None:
    if not isinstance(value, tuple) or not value or not all(isinstance(r, Reason) for r in value):
        raise TypeError(f"Refused.reasons: expected a non-empty tuple of Reason values, got {value!r}")


@frozen
class Refused:
    """Carry every located reason a rule refused for (never only the first)."""

    refused: ClassVar[bool] = True
    reasons: tuple[Reason, ...] = field(converter=tuple, validator=_reasons)


Outcome = Admitted[T] | Refused
