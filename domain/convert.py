"""The one strict cattrs converter for every domain value that crosses an edge.

cattrs coerces by default (`structure(1, str) == "1"`); domain inputs must
not: a wrong type, an unknown key or a missing key is a located error.
Fractions travel as "n/d" strings so sizes stay exact.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import cattrs
from cattrs import Converter


def _exactly(kind: type) -> Any:
    def structure(value: Any, _: type) -> Any:
        # bool is an int subclass; neither may stand in for the other.
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {type(value).__name__} {value!r}")
        return value

    return structure


def _structure_fraction(value: Any, _: type) -> Fraction:
    if type(value) is int:
        return Fraction(value)
    if type(value) is not str:
        raise TypeError(f"expected an exact fraction as 'n/d' or an int, got {type(value).__name__} {value!r}")
    try:
        return Fraction(value)
    except ValueError as exc:
        raise TypeError(f"expected an exact fraction as 'n/d', got {value!r}") from exc


def _unstructure_fraction(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def strict_converter() -> Converter:
    """Build a converter that refuses coercion, unknown keys and missing keys."""
    converter = Converter(forbid_extra_keys=True)
    for kind in (str, int, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    converter.register_structure_hook(float, _exactly(float))
    converter.register_structure_hook(Fraction, _structure_fraction)
    converter.register_unstructure_hook(Fraction, _unstructure_fraction)
    _tag_unions(converter)
    return converter


def _tag_unions(converter: Converter) -> None:
    """Tag unions of attrs classes that cattrs cannot tell apart by their fields."""
    from cattrs.strategies import configure_tagged_union

    from domain.checkpoint import ResidentBeyondWeights

    # Both residency declarations have no fields: only a tag distinguishes them.
    configure_tagged_union(ResidentBeyondWeights, converter, tag_name="kind")


STRICT = strict_converter()


# An attrs validator says `Class.field: expected ..., got ...`; cattrs locates it at the
# class, so the field name is carried behind `#` and appended to the path.
_VALIDATOR_MESSAGE = re.compile(r"^\w+\.(\w+): (expected .*)$")


def _say(exc: BaseException, kind: Any) -> str:
    # `kind` may be a union or a generic alias, not only a class: keep it Any.
    if isinstance(exc, ValueError) and (match := _VALIDATOR_MESSAGE.match(str(exc))):
        return f"{match.group(2)} #{match.group(1)}"
    if isinstance(exc, (TypeError, ValueError)) and str(exc).startswith("expected"):
        return str(exc)
    return str(cattrs.v.format_exception(exc, kind))


def _reword(message: str) -> tuple[str, str]:
    """Split a located message `why @ $.path` into ($.path, `expected ..., got ...`)."""
    why, _, path = message.rpartition(" @ ")
    why, hash_, field_name = why.rpartition(" #")
    if not hash_:
        why = field_name
    elif field_name:
        path = f"{path}.{field_name}"
    if why == "required field missing":
        why = "expected a value, got nothing (the key is missing)"
    elif why.startswith("extra fields found ("):
        why = f"expected no such key, got unknown key(s) {why.removeprefix('extra fields found ')}"
    return path or "$", why


def located_pairs(exc: BaseException, path: str = "$") -> list[tuple[str, str]]:
    """Turn a structuring error into (JSON path, `expected ..., got ...`) pairs."""
    if isinstance(exc, cattrs.BaseValidationError):
        return [_reword(m) for m in cattrs.transform_error(exc, path=path, format_exception=_say)]
    return [_reword(f"{_say(exc, None)} @ {path}")]


def located_errors(exc: BaseException, path: str = "$") -> list[str]:
    """Turn a structuring error into lines like `$.hosts[2].memory_gib: expected int > 0, got int 0`."""
    return [f"{where}: {why}" for where, why in located_pairs(exc, path)]
