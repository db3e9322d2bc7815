"""Admit or refuse, as values: the outcome protocol every rule returns.

The framework (`claims`) reads outcomes structurally: an outcome whose
`refused` is True carries `reasons`, each with `where` (the located conjunct
or field path, `$.profile.gpu_memory_utilization`) and `why` (a sentence with
the numbers).  The reason's class names the kind of refusal.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

import attrs
from attrs import field, frozen

T = TypeVar("T")


def _non_empty_sentence(instance: object, attribute: Any, value: str) -> None:
    # `attribute` is an attrs.Attribute; typeguard cannot subscript it at run time.
    if not value.strip():
        raise ValueError(f"{type(instance).__name__}.{attribute.name} must be a non-empty sentence")


@frozen
class Reason:
    """Say where a rule refused and why; subclass once per kind of refusal."""

    where: str = field(validator=[attrs.validators.instance_of(str), _non_empty_sentence])
    why: str = field(validator=[attrs.validators.instance_of(str), _non_empty_sentence])


@frozen
class Admitted(Generic[T]):
    """Carry what a rule admitted, with its figures."""

    refused: ClassVar[bool] = False
    value: T


@frozen
class Refused:
    """Carry every located reason a rule refused for (never only the first)."""

    refused: ClassVar[bool] = True
    reasons: tuple[Reason, ...] = field(
        validator=attrs.validators.deep_iterable(
            attrs.validators.instance_of(Reason),
            attrs.validators.and_(attrs.validators.instance_of(tuple), attrs.validators.min_len(1)),
        )
    )


Outcome = Admitted[T] | Refused
