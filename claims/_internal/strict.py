"""Read committed files through a strict cattrs converter: no coercion, no unknown keys.

cattrs coerces by default (`structure(1, str) == "1"`, and a string is a fine
`tuple[str, ...]` to it); a committed ledger or debt file that says the wrong
thing must be refused, located, never quietly repaired.

    document = structure_strictly(json.loads(text), LedgerDocument, where="ledger/claims.json")
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, get_origin

import attrs
import cattrs
from cattrs.cols import (
    homogenous_tuple_structure_factory,
    is_mapping,
    is_sequence,
    list_structure_factory,
    mapping_structure_factory,
)
from cattrs.gen import make_dict_structure_fn
from cattrs.v import format_exception

from claims.errors import InputError

T = TypeVar("T")
MAX_PROBLEMS = 20
"""Located problems listed at most, then how many more."""


class StrictTypeError(TypeError):
    """Say a value has the wrong JSON/TOML type; the message is shown as is."""


def _primitive(value: Any, type_: type) -> Any:
    # `type(...) is`, not isinstance: True is not an int, and 1 is not a str.
    if type(value) is not type_:
        raise StrictTypeError(f"expected {type_.__name__}, got {type(value).__name__} {value!r}")
    return value


def _enum_factory(type_: type[enum.Enum]) -> Callable[[Any, Any], Any]:
    values = [member.value for member in type_]

    def hook(value: Any, _: Any) -> Any:
        # Match by value and by type, so 1 never passes for "1".
        for member in type_:
            if type(member.value) is type(value) and member.value == value:
                return member
        raise StrictTypeError(f"expected one of {', '.join(map(str, values))}, got {value!r}")

    return hook


def _sequence_factory(converter: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        inner = (
            homogenous_tuple_structure_factory(type_, converter)
            if get_origin(type_) is tuple
            else list_structure_factory(type_, converter)
        )

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, list):
                raise StrictTypeError(f"expected a list, got {type(value).__name__} {value!r}")
            return inner(value, type_)

        return hook

    return factory


def _mapping_factory(converter: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        inner = mapping_structure_factory(type_, converter)

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, dict):
                raise StrictTypeError(f"expected a table/object, got {type(value).__name__} {value!r}")
            return inner(value, type_)

        return hook

    return factory


def _attrs_factory(converter: cattrs.Converter) -> Callable[[Any], Callable[[Any, Any], Any]]:
    def factory(type_: Any) -> Callable[[Any, Any], Any]:
        inner = make_dict_structure_fn(type_, converter, _cattrs_forbid_extra_keys=True)

        def hook(value: Any, _: Any) -> Any:
            if not isinstance(value, Mapping):
                raise StrictTypeError(
                    f"expected an object with keys {', '.join(a.name for a in attrs.fields(type_))}, got {type(value).__name__}"
                )
            return inner(value, type_)

        return hook

    return factory


def strict_converter() -> cattrs.Converter:
    """Return a converter that structures only values already of the declared type."""
    converter = cattrs.Converter(forbid_extra_keys=True)
    # Primitive hooks first: the collection factories look them up when they build.
    for type_ in (str, int, float, bool):
        converter.register_structure_hook(type_, _primitive)
    converter.register_structure_hook_factory(lambda t: isinstance(t, type) and issubclass(t, enum.Enum), _enum_factory)
    converter.register_structure_hook_factory(
        lambda t: is_sequence(t) and t not in (str, bytes), _sequence_factory(converter)
    )
    converter.register_structure_hook_factory(lambda t: is_mapping(t) and not attrs.has(t), _mapping_factory(converter))
    converter.register_structure_hook_factory(attrs.has, _attrs_factory(converter))
    return converter


_CONVERTER = strict_converter()


def _describe(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, StrictTypeError):
        return str(exc)
    if isinstance(exc, ValueError) and type_ is None:
        # An attrs validator refused the value: its message says why.
        return f"invalid value ({exc})"
    return format_exception(exc, type_)


def structure_strictly(data: Any, cls: type[T], *, where: str) -> T:
    """Structure `data` as `cls`, or raise InputError naming `where` and each JSON path."""
    try:
        return _CONVERTER.structure(data, cls)
    except Exception as exc:  # cattrs raises ExceptionGroups and plain errors alike
        problems = cattrs.transform_error(exc, path="$", format_exception=_describe)
        lines = [f"{where} @ {p.rsplit(' @ ', 1)[1]}: {p.rsplit(' @ ', 1)[0]}" for p in problems]
        more = [f"... and {len(lines) - MAX_PROBLEMS} more"] if len(lines) > MAX_PROBLEMS else []
        raise InputError("\n".join(lines[:MAX_PROBLEMS] + more)) from None


def unstructure(value: Any) -> Any:
    """Unstructure a value to plain JSON/TOML types."""
    return _CONVERTER.unstructure(value)
