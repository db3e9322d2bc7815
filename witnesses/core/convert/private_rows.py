"""Witness that the strict converter never writes or reads a private SuffixRow, and reads a packet exactly as read_packet admits it."""

from __future__ import annotations

import copy
from typing import Any

import attrs
from attrs import frozen

from claims import check
from domain.core import convert
from domain.core.convert import STRICT, PrivateExportRefused
from domain.native.private import BroadcastBuffer, KvContents, SuffixRow, TapContents
from domain.native.reading import read_packet
from domain.native.schema import NativePacket
from witnesses.core.convert import witness
from witnesses.core.fixtures import innermost
from witnesses.native.fixtures import complete, edited, observation_edited, owner_edited, packet_document

ANCHOR = 128815  # FIXTURE: an anchor token id; it must appear in no export.


def _row(rank: int, engine_round: int, anchor: int = ANCHOR) -> SuffixRow:
    return SuffixRow(
        rank=rank,
        engine_round=engine_round,
        q=4092,
        kept=4092,
        first=147313,
        valid=4092,
        anchor_token=anchor,
        owner_epoch=7,
    )


@frozen
class Leaky:
    """Hold a summary beside raw rows, as a careless exporter might."""

    summary: str = attrs.field(validator=attrs.validators.instance_of(str))
    rows: tuple[SuffixRow, ...] = attrs.field(validator=attrs.validators.instance_of(tuple))


@witness.positive(
    "The strict converter raises rather than serialise a SuffixRow, even inside another value.",
    rules=[convert.strict_converter],
)
def native_converter_raises_on_a_suffix_row() -> None:
    for value, kind in ((_row(0, 1), SuffixRow), (Leaky("s", (_row(0, 1),)), Leaky)):
        try:
            STRICT.unstructure(value, kind)
        except PrivateExportRefused as exc:
            check.contains("refusal names the type", "SuffixRow", str(exc))
        else:
            check.holds(f"unstructuring {kind.__name__} raises", False, "it serialised")


def _fresh_errors(document: dict[str, Any]) -> list[str]:
    """Structure a document with a freshly built native converter; list its innermost errors."""
    try:
        convert.strict_converter().structure(document, NativePacket)
    except Exception as exc:  # the claim compares the exact errors, whatever their type
        return innermost(exc)
    return []


@witness.positive(
    "A freshly built strict converter reads the complete packet document into the packet read_packet admits.",
    rules=[convert.strict_converter, read_packet],
)
def fresh_converter_reads_the_packet_read_packet_admits() -> None:
    document = packet_document(complete())
    check.equal(
        "fresh packet",
        convert.strict_converter().structure(copy.deepcopy(document), NativePacket),
        check.admitted(read_packet(document)),
    )


LONG_EVIDENCE = "e" * 200


@witness.positive(
    "A freshly built strict converter refuses a string for a list, a list for an object and names outside an enum, saying what it expected and got.",
    rules=[convert.strict_converter],
)
def fresh_converter_refuses_misshapen_values_saying_expected_against_got() -> None:
    worlds = {
        "evidence as a string": edited(evidence="evidence/x"),
        "evidence as a long string": edited(evidence=LONG_EVIDENCE),
        "checks as a list": edited(checks=[["a", "b"]]),
        "arm in lower case": observation_edited(0, arm="off"),
        "arm as a number": observation_edited(0, arm=1),
        "unknown check": observation_edited(1, check="nope"),
        "mode in upper case": owner_edited(0, mode="SYNC"),
        "checks value a number": edited(checks={"native_dispatch_unchanged": 1}),
    }
    long_message = f"expected a list, got str '{LONG_EVIDENCE}'"[:160]
    check.equal("160-character cap", len(long_message), 160)
    check.equal(
        "errors",
        {label: _fresh_errors(doc) for label, doc in worlds.items()},
        {
            "evidence as a string": ["TypeError: expected a list, got str 'evidence/x'"],
            "evidence as a long string": [f"TypeError: {long_message}"],
            "checks as a list": ["TypeError: expected an object, got list [['a', 'b']]"],
            "arm in lower case": ["TypeError: expected one of OFF, ON, got str 'off'"],
            "arm as a number": ["TypeError: expected one of OFF, ON, got int 1"],
            "unknown check": ["TypeError: expected one of the 12 NativeCheck names, got str 'nope'"],
            "mode in upper case": ["TypeError: expected one of sync, multimodal, got str 'SYNC'"],
            "checks value a number": ["TypeError: expected str, got int 1"],
        },
    )


ROW = _row(0, 1, 151_000)


@witness.positive(
    "A freshly built strict converter refuses to write a SuffixRow into a document or read one from a document.",
    rules=[convert.strict_converter],
)
def fresh_converter_never_writes_or_reads_a_suffix_row() -> None:
    converter = convert.strict_converter()
    said = {}
    for direction, attempt in (
        ("write", lambda: converter.unstructure(ROW, SuffixRow)),
        ("read", lambda: converter.structure(attrs.asdict(ROW), SuffixRow)),
    ):
        try:
            said[direction] = f"returned {attempt()!r}"
        except PrivateExportRefused as exc:
            said[direction] = str(exc)
    check.equal(
        "refusals",
        said,
        {
            "write": "SuffixRow is private and is never serialised; export equality results and aggregate metadata only",
            "read": "SuffixRow is private and is never read from or written to a document",
        },
    )


@witness.positive(
    "The strict converter refuses to write a broadcast buffer, a tap's contents or KV contents, each named, as it refuses a SuffixRow.",
    rules=[convert.strict_converter],
)
def converter_never_writes_a_broadcast_buffer_tap_or_kv() -> None:
    said = {}
    for value in (BroadcastBuffer((11, 12, 13)), TapContents(b"\x01\x02"), KvContents(b"\x03\x04")):
        kind = type(value)
        try:
            said[kind.__name__] = f"returned {STRICT.unstructure(value, kind)!r}"
        except PrivateExportRefused as exc:
            said[kind.__name__] = str(exc)
    check.equal(
        "refusals",
        said,
        {
            name: f"{name} is private and is never serialised; export equality results and aggregate metadata only"
            for name in ("BroadcastBuffer", "TapContents", "KvContents")
        },
    )
