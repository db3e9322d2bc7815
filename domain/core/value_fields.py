"""Validate the fields of frozen domain values (typeguard does not check attrs fields).

Each validator is an attrs validator `(instance, attribute, value) -> None`
that raises on misuse with a message naming the class, the field, what was
expected and what came.  `bool` never passes for `int`, nor `int` for `bool`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import attrs

from domain.core.sizes import BASIS_POINTS_PER_UNIT, bp_in_unit_range

# Matched whole (`fullmatch`): `$` alone would let a trailing newline through, into a unit or a log line.
NAME_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
SHA256_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
MAX_PORT = 65535

if TYPE_CHECKING:
    Field = attrs.Attribute[Any]
else:
    # typeguard resolves annotations at run time, where Attribute is not subscriptable.
    Field = attrs.Attribute


def _fail(instance: object, attribute: Field, expected: str, value: object) -> None:
    raise ValueError(
        f"{type(instance).__name__}.{attribute.name}: expected {expected}, got {type(value).__name__} {value!r}"
    )


def strict_int(instance: object, attribute: Field, value: object) -> None:
    """Accept an int that is not a bool."""
    if type(value) is not int:
        _fail(instance, attribute, "int", value)


def positive_int(instance: object, attribute: Field, value: object) -> None:
    """Accept an int greater than zero."""
    if type(value) is not int or value <= 0:
        _fail(instance, attribute, "int > 0", value)


def non_negative_int(instance: object, attribute: Field, value: object) -> None:
    """Accept an int of zero or more."""
    if type(value) is not int or value < 0:
        _fail(instance, attribute, "int >= 0", value)


def non_negative_fraction(instance: object, attribute: Field, value: object) -> None:
    """Accept an exact Fraction of zero or more (never a float)."""
    if type(value) is not Fraction or value < 0:
        _fail(instance, attribute, "Fraction >= 0", value)


def exact_fraction(instance: object, attribute: Field, value: object) -> None:
    """Accept an exact Fraction of any sign (never a float)."""
    if type(value) is not Fraction:
        _fail(instance, attribute, "Fraction", value)


def strict_str(instance: object, attribute: Field, value: object) -> None:
    """Accept any str, the empty one included (a rule, not the field, decides what a blank one means)."""
    if type(value) is not str:
        _fail(instance, attribute, "str", value)


def strict_bytes(instance: object, attribute: Field, value: object) -> None:
    """Accept bytes, never text."""
    if type(value) is not bytes:
        _fail(instance, attribute, "bytes", value)


def strict_bool(instance: object, attribute: Field, value: object) -> None:
    """Accept True or False only."""
    if type(value) is not bool:
        _fail(instance, attribute, "bool", value)


def non_empty_str(instance: object, attribute: Field, value: object) -> None:
    """Accept a string with at least one non-blank character."""
    if type(value) is not str or not value.strip():
        _fail(instance, attribute, "a non-empty str", value)


def name_token(instance: object, attribute: Field, value: object) -> None:
    """Accept a name safe as one path segment or unit word: letters, digits, `._-`."""
    if type(value) is not str or not NAME_TOKEN.fullmatch(value):
        _fail(instance, attribute, "a name of letters, digits, '.', '_' or '-'", value)


def sha256_digest(instance: object, attribute: Field, value: object) -> None:
    """Accept an image digest spelled `sha256:` and 64 lowercase hex digits."""
    if type(value) is not str or not SHA256_DIGEST.fullmatch(value):
        _fail(instance, attribute, "'sha256:' and 64 lowercase hex digits", value)


def basis_points(instance: object, attribute: Field, value: object) -> None:
    """Accept a share in (0, 1] as basis points: an int in 1..10000."""
    if type(value) is not int or not bp_in_unit_range(value):
        _fail(instance, attribute, f"basis points in 1..{BASIS_POINTS_PER_UNIT}", value)


def port(instance: object, attribute: Field, value: object) -> None:
    """Accept a TCP port: an int in 1..65535."""
    if type(value) is not int or not 0 < value <= MAX_PORT:
        _fail(instance, attribute, f"a port in 1..{MAX_PORT}", value)


def matching(pattern: re.Pattern[str], expected: str) -> Any:
    """Accept a str the pattern matches whole; `expected` says what such a str is (`an UPPER_CASE environment name`)."""

    def check(instance: object, attribute: Field, value: object) -> None:
        # fullmatch: `$` alone would let a trailing newline through, into a unit file.
        if type(value) is not str or not pattern.fullmatch(value):
            _fail(instance, attribute, expected, value)

    return check


def distinct(key: str, what: str) -> Any:
    """Accept a collection whose items differ in `key`; `what` names the keys (`host names`)."""

    def check(instance: object, attribute: Field, value: object) -> None:
        keys = [getattr(item, key) for item in value]  # type: ignore[attr-defined]  # a tuple validator ran first
        if len(set(keys)) != len(keys):
            raise ValueError(f"{type(instance).__name__}.{attribute.name}: expected distinct {what}, got {keys!r}")

    return check


def optional(validator: Any) -> Any:
    """Accept None or whatever `validator` accepts."""
    return attrs.validators.optional(validator)


def tuple_of(kind: type, *, min_len: int = 0) -> Any:
    """Accept a tuple (never a list) of `kind` instances, at least `min_len` long."""
    return attrs.validators.deep_iterable(
        attrs.validators.instance_of(kind),
        attrs.validators.and_(attrs.validators.instance_of(tuple), attrs.validators.min_len(min_len)),
    )


def dict_of(key: type, value: type) -> Any:
    """Accept a dict (never another mapping) from `key` instances to `value` instances."""
    return attrs.validators.deep_mapping(
        attrs.validators.instance_of(key), attrs.validators.instance_of(value), attrs.validators.instance_of(dict)
    )


def instance_of(kind: type | tuple[type, ...]) -> Any:
    """Accept an instance of `kind` (re-exported so value modules import one place)."""
    return attrs.validators.instance_of(kind)
