"""The one strict cattrs converter for every domain value that crosses an edge.

cattrs coerces by default (`structure(1, str) == "1"`); domain inputs must
not: a wrong type, an unknown key or a missing key is a located error.
Fractions travel as "n/d" strings so sizes stay exact.
"""

from __future__ import annotations

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
    return converter


STRICT = strict_converter()


def _say(exc: BaseException, kind: type | None) -> str:
    # Our own hooks already say what was expected and what came.
    if isinstance(exc, TypeError) and str(exc).startswith("expected"):
        return str(exc)
    return cattrs.v.format_exception(exc, kind)


def located_errors(exc: BaseException, path: str = "$") -> list[str]:
    """Turn a cattrs structuring error into lines like `expected int, got str @ $.hosts[2].memory`."""
    if isinstance(exc, cattrs.BaseValidationError):
        return list(cattrs.transform_error(exc, path=path, format_exception=_say))
    return [f"{exc} @ {path}"]
