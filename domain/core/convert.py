"""Read and write domain values strictly: the one cattrs converter of the domain, and its located errors.

cattrs coerces by default (`structure(1, str) == "1"`); domain inputs must
not.  A wrong type, an unknown key, a missing key, a name outside an enum, a
non-list where a tuple belongs and a non-object where a mapping or a value
belongs are each a located error, worded one way: `$.path: expected ...,
got ...`.  A union of attrs classes without fields (which cattrs cannot
tell apart by their fields) travels tagged by class name under `kind`.
Fractions travel as "n/d" strings so sizes stay exact.  A `PrivatePayload`
(seed B1: a suffix row, a broadcast buffer, a tap or KV contents) is never
read from or written to a document: the converter raises on one, so no code
path can serialise it, not even by accident (`domain.core.privacy` keeps
its private fields out of every text form too).
"""

from __future__ import annotations

import enum
import re
import types
import typing
from collections.abc import Callable
from fractions import Fraction
from functools import partial
from typing import Any

import attrs
import cattrs
from attrs import frozen
from cattrs import Converter
from cattrs.cols import homogenous_tuple_structure_factory, mapping_structure_factory

from domain.core.outcome import Admitted, Reason, Refused
from domain.core.privacy import PrivatePayload

TAG = "kind"
"""The key that names the class of a tagged union's member."""

_SHOWN = 160
"""The longest `expected ..., got ...` a shape error prints (a value may be a whole document)."""


class PrivateExportRefused(TypeError):
    """Raise when code tries to serialise a private payload (a misuse, never a domain outcome)."""


@frozen
class NotOfShape(Reason):
    """Say where a document is not of the shape of the value it is read as, expected against got."""


# Each hook below is a module-level function bound with `partial`, never a closure: its statements are then
# reached and mutated like any rule's (a nested function's would run unseen by the mutation engine).


def _structure_exactly(kind: type, value: Any, _: type) -> Any:
    # bool is an int subclass; neither may stand in for the other.
    if type(value) is not kind:
        raise TypeError(f"expected {kind.__name__}, got {type(value).__name__} {value!r}")
    return value


_FRACTION_TEXT = re.compile(r"-?[0-9]+/[0-9]+")
"""The one spelling a fraction travels as (what `_unstructure_fraction` writes): no sign +, spaces, decimals, exponents or underscores."""


def structure_fraction(value: Any, _: type) -> Fraction:
    """Read a fraction as it travels: an int, or `n/d` with an optional `-` on n only and d > 0 (the strict hook)."""
    if type(value) is int:
        return Fraction(value)
    if type(value) is not str:
        raise TypeError(f"expected an exact fraction as 'n/d' or an int, got {type(value).__name__} {value!r}")
    if _FRACTION_TEXT.fullmatch(value) is None:
        raise TypeError(f"expected an exact fraction as 'n/d', got {value!r}")
    numerator, denominator = (int(part) for part in value.split("/"))
    if denominator == 0:
        raise TypeError(f"expected an exact fraction as 'n/d' with d > 0, got {value!r}")
    return Fraction(numerator, denominator)


def _unstructure_fraction(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _is_enum(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, enum.Enum)


def _strict_enum(kind: Any) -> Callable[[Any, type], Any]:
    return partial(_structure_enum, kind)


def _structure_enum(kind: Any, value: Any, _: type) -> Any:
    allowed = [m.value for m in kind]
    if type(value) is not str or value not in allowed:
        # Twelve check names make an unreadable line: name the type instead.
        say = ", ".join(allowed) if len(allowed) <= 4 else f"the {len(allowed)} {kind.__name__} names"
        raise TypeError(f"expected one of {say}, got {type(value).__name__} {value!r}")
    return kind(value)


def _only(shape: type, word: str, inner: Callable[[Any, type], Any]) -> Callable[[Any, type], Any]:
    return partial(_structure_only, shape, word, inner)


def _structure_only(shape: type, word: str, inner: Callable[[Any, type], Any], value: Any, kind: type) -> Any:
    # cattrs iterates any iterable into a tuple (a dict's keys, a string's characters)
    # and calls `.keys()` on anything for a value: a document must spell each shape as itself.
    if type(value) is not shape:
        raise TypeError(f"expected {word}, got {type(value).__name__} {value!r}"[:_SHOWN])
    return inner(value, kind)


def _is_homogeneous_tuple(kind: Any) -> bool:
    args = typing.get_args(kind)
    return typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_dict(kind: Any) -> bool:
    return typing.get_origin(kind) is dict


def _is_value(kind: Any) -> bool:
    return isinstance(kind, type) and attrs.has(kind) and not issubclass(kind, PrivatePayload)


def _is_private(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, PrivatePayload)


def _is_fieldless_union(kind: Any) -> bool:
    members = typing.get_args(kind)
    return typing.get_origin(kind) in (typing.Union, types.UnionType) and all(
        isinstance(m, type) and attrs.has(m) and not attrs.fields(m) for m in members
    )


def _tagged_structure(kind: Any, converter: cattrs.BaseConverter) -> Callable[[Any, type], Any]:
    return partial(_structure_tagged, kind, converter)


def _structure_tagged(kind: Any, converter: cattrs.BaseConverter, value: Any, _: type) -> Any:
    members = {m.__name__: m for m in typing.get_args(kind)}
    if type(value) is not dict:
        raise TypeError(f"expected an object, got {type(value).__name__} {value!r}"[:_SHOWN])
    tag = value.get(TAG)
    if tag not in members:
        raise TypeError(f"expected {TAG} one of {', '.join(members)}, got {type(tag).__name__} {tag!r}")
    return converter.structure({k: v for k, v in value.items() if k != TAG}, members[tag])


def _tagged_unstructure(kind: Any, converter: cattrs.BaseConverter) -> Callable[[Any], Any]:
    return partial(_unstructure_tagged, converter)


def _unstructure_tagged(converter: cattrs.BaseConverter, value: Any) -> Any:
    return {TAG: type(value).__name__, **converter.unstructure(value, unstructure_as=type(value))}


def _refuse_private(value: Any) -> Any:
    raise PrivateExportRefused(
        f"{type(value).__name__} is private and is never serialised; export equality results and aggregate metadata only"
    )


def _refuse_private_structure(value: Any, kind: type) -> Any:
    raise PrivateExportRefused(f"{kind.__name__} is private and is never read from or written to a document")


def strict_converter() -> Converter:
    """Build the strict converter: no coercion, no unknown or missing keys, every shape as itself, private payloads never."""
    converter = Converter(forbid_extra_keys=True)
    for kind in (str, int, bool, float):
        converter.register_structure_hook(kind, partial(_structure_exactly, kind))
    converter.register_structure_hook(Fraction, structure_fraction)
    converter.register_unstructure_hook(Fraction, _unstructure_fraction)
    # Later registrations win: the private refusal must come after the hook for every value.
    converter.register_structure_hook_factory(_is_enum, _strict_enum)
    converter.register_structure_hook_factory(
        _is_homogeneous_tuple, lambda kind, c: _only(list, "a list", homogenous_tuple_structure_factory(kind, c))
    )
    converter.register_structure_hook_factory(
        _is_dict, lambda kind, c: _only(dict, "an object", mapping_structure_factory(kind, c))
    )
    converter.register_structure_hook_factory(
        _is_value, lambda kind, c: _only(dict, "an object", c.gen_structure_attrs_fromdict(kind))
    )
    converter.register_structure_hook_factory(_is_fieldless_union, _tagged_structure)
    converter.register_unstructure_hook_factory(_is_fieldless_union, _tagged_unstructure)
    converter.register_unstructure_hook_func(_is_private, _refuse_private)
    converter.register_structure_hook_func(_is_private, _refuse_private_structure)
    return converter


STRICT = strict_converter()


# An attrs validator says `Class.field: expected ..., got ...`; cattrs locates it at the
# class, so the field name is carried behind `#` and appended to the path.
_VALIDATOR_MESSAGE = re.compile(r"^\w+\.(\w+): (expected .*)$", re.DOTALL)


def _say(exc: BaseException, kind: Any) -> str:
    # `kind` may be a union or a generic alias, not only a class: keep it Any.
    if isinstance(exc, ValueError) and (match := _VALIDATOR_MESSAGE.match(str(exc))):
        return f"{match.group(2)} #{match.group(1)}"
    if isinstance(exc, (TypeError, ValueError)) and str(exc).startswith("expected"):
        return str(exc)
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        # A set prints in hash order; sorted, the same document always reads the same.
        return f"extra fields found ({', '.join(sorted(exc.extra_fields))})"
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


def structured(document: object, kind: Any) -> Admitted[Any] | Refused:
    """Read a parsed JSON document strictly as `kind` (a class or a generic alias), or refuse with every located shape error."""
    try:
        return Admitted(STRICT.structure(document, kind))
    except (cattrs.BaseValidationError, cattrs.ForbiddenExtraKeysError, TypeError, ValueError, KeyError) as exc:
        # cattrs groups located errors; a hook or validator raises TypeError or ValueError.
        return Refused(tuple(NotOfShape(where, why) for where, why in located_pairs(exc)))
