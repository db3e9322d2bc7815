"""Read a native packet document strictly into a `NativePacket`, or refuse it with every located error.

The document goes through the domain's one strict converter
(`domain.core.convert`): no coercion, no unknown or missing keys, enums by
their exact names, lists as lists, and never a private payload.  Each error
is a `MalformedPacket` at its JSON path, `expected ..., got ...`, so the
command can print `FILE: $.path: why` and exit 2 with no verdict at all.
"""

from __future__ import annotations

from attrs import frozen

from domain.core.convert import structured
from domain.core.json_text import InvalidJson, parse_json
from domain.core.outcome import Admitted, Reason, Refused
from domain.native.schema import NativePacket


@frozen
class MalformedPacket(Reason):
    """Say where a packet document is not of the packet's shape, expected against got."""


def read_packet(document: object) -> Admitted[NativePacket] | Refused:
    """Structure a parsed JSON document into a packet, or refuse with every located shape error."""
    if not isinstance(document, dict):
        return Refused((MalformedPacket("$", f"expected a JSON object, got {type(document).__name__}"),))
    read = structured(document, NativePacket)
    if isinstance(read, Refused):
        return Refused(tuple(MalformedPacket(r.where, r.why) for r in read.reasons))
    return read


def read_packet_text(text: str) -> Admitted[NativePacket] | Refused:
    """Parse packet text (one JSON document) and structure it, or refuse with every located error."""
    parsed = parse_json(text)
    if isinstance(parsed, Refused):
        return Refused(tuple(_json_refusal(reason) for reason in parsed.reasons))
    return read_packet(parsed.value)


def _json_refusal(reason: Reason) -> Reason:
    if isinstance(reason, InvalidJson):
        return MalformedPacket(
            "$", f"expected JSON, got invalid JSON at line {reason.line} column {reason.column}: {reason.message}"
        )
    return MalformedPacket(reason.where, reason.why)
