"""Build the native strict converter: read packets strictly, refuse to serialise private payloads.

It extends `domain.convert.strict_converter` (no coercion, no unknown or
missing keys) with strict enums and a hook that raises on any
`PrivatePayload` (a `SuffixRow`, broadcast buffer, tap or KV contents), so
no code path can serialise one, not even by accident.
"""

from __future__ import annotations

import enum
import typing
from collections.abc import Callable
from typing import Any

import cattrs
from attrs import frozen
from cattrs.cols import homogenous_tuple_structure_factory, mapping_structure_factory

from domain.convert import strict_converter
from domain.json_text import InvalidJson, parse_json
from domain.native.private import PrivatePayload
from domain.native.schema import NativePacket
from domain.outcome import Admitted, Reason, Refused


class PrivateExportRefused(TypeError):
    """Raise when code tries to serialise a private payload (a misuse, never a domain outcome)."""


def _strict_enum(kind: type) -> Callable[[Any, type], Any]:
    allowed = [m.value for m in kind]  # type: ignore[attr-defined]
    # Twelve check names make an unreadable line: name the type instead.
    say = ", ".join(allowed) if len(allowed) <= 4 else f"the {len(allowed)} {kind.__name__} names"

    def structure(value: Any, _: type) -> Any:
        if type(value) is not str or value not in allowed:
            raise TypeError(f"expected one of {say}, got {type(value).__name__} {value!r}")
        return kind(value)

    return structure


def _is_homogeneous_tuple(kind: Any) -> bool:
    args = typing.get_args(kind)
    return typing.get_origin(kind) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_dict(kind: Any) -> bool:
    return typing.get_origin(kind) is dict


def _only(shape: type, word: str, inner: Callable[[Any, type], Any]) -> Callable[[Any, type], Any]:
    # cattrs iterates any iterable into a tuple (a dict's keys, a string's
    # characters): a document must spell a list as a list.
    def structure(value: Any, kind: type) -> Any:
        if type(value) is not shape:
            raise TypeError(f"expected {word}, got {type(value).__name__} {value!r}"[:160])
        return inner(value, kind)

    return structure


def _tuple_factory(kind: Any, converter: cattrs.BaseConverter) -> Callable[[Any, type], Any]:
    return _only(list, "a list", homogenous_tuple_structure_factory(kind, converter))


def _dict_factory(kind: Any, converter: cattrs.BaseConverter) -> Callable[[Any, type], Any]:
    return _only(dict, "an object", mapping_structure_factory(kind, converter))


def _refuse_private(value: Any) -> Any:
    raise PrivateExportRefused(
        f"{type(value).__name__} is private and is never serialised; export equality results and aggregate metadata only"
    )


def _refuse_private_structure(value: Any, kind: type) -> Any:
    raise PrivateExportRefused(f"{kind.__name__} is private and is never read from or written to a document")


def native_converter() -> cattrs.Converter:
    """Build the strict converter for native packets and exports."""
    converter = strict_converter()

    def is_enum(kind: Any) -> bool:
        return isinstance(kind, type) and issubclass(kind, enum.Enum)

    def is_private(kind: Any) -> bool:
        return isinstance(kind, type) and issubclass(kind, PrivatePayload)

    converter.register_structure_hook_factory(is_enum, _strict_enum)
    converter.register_structure_hook_factory(_is_homogeneous_tuple, _tuple_factory)
    converter.register_structure_hook_factory(_is_dict, _dict_factory)
    converter.register_unstructure_hook_func(is_private, _refuse_private)
    converter.register_structure_hook_func(is_private, _refuse_private_structure)
    return converter


NATIVE = native_converter()


@frozen
class MalformedPacket(Reason):
    """Say where a packet document is not of the packet's shape, expected against got."""


def _say(exc: BaseException, kind: Any) -> str:
    # `kind` may be a union or generic alias (an optional field), not only a class.
    text = str(exc)
    if isinstance(exc, TypeError) and text.startswith("expected"):
        return text
    if isinstance(exc, KeyError):
        return "expected a value, got nothing (required field missing)"
    if isinstance(exc, cattrs.ForbiddenExtraKeysError):
        return f"expected only the packet's keys, got extra key(s) {', '.join(sorted(exc.extra_fields))}"
    name = getattr(kind, "__name__", str(kind))
    return f"expected {name}, got {text}"


def _located(line: str) -> Reason:
    message, _, where = line.rpartition(" @ ")
    return MalformedPacket(where or "$", message or line)


def read_packet(document: object) -> Admitted[NativePacket] | Refused:
    """Structure a parsed JSON document into a packet, or refuse with every located shape error."""
    if not isinstance(document, dict):
        return Refused((MalformedPacket("$", f"expected a JSON object, got {type(document).__name__}"),))
    try:
        return Admitted(NATIVE.structure(document, NativePacket))
    except (cattrs.BaseValidationError, TypeError, ValueError) as exc:
        if isinstance(exc, cattrs.BaseValidationError):
            lines = cattrs.transform_error(exc, path="$", format_exception=_say)
        else:
            lines = [f"expected a well-formed packet, got {exc} @ $"]
        return Refused(tuple(_located(line) for line in lines))


def read_packet_text(text: str) -> Admitted[NativePacket] | Refused:
    """Parse packet text (one JSON document) and structure it, or refuse with every located error."""
    parsed = parse_json(text)
    if isinstance(parsed, Refused):
        return Refused(tuple(_json_refusal(reason) for reason in parsed.reasons))
    return read_packet(parsed.value)


def _json_refusal(reason: Reason) -> Reason:
    if isinstance(reason, InvalidJson):
        return MalformedPacket("$", f"expected JSON, got invalid JSON at line {reason.line} column {reason.column}: {reason.message}")
    return MalformedPacket(reason.where, reason.why)
