"""Claims about reading native packet documents: strict shapes, every error located, expected against got.

`read_packet` structures through `NATIVE`, built once by `native_converter()`;
cattrs builds and caches each type's hook the first time it is used, so some
claims build a fresh converter to exercise the hook factories themselves.
"""

from __future__ import annotations

import copy
from typing import Any

import attrs

from claims import Witness, because, check
from domain.native.converter import MalformedPacket, PrivateExportRefused, native_converter, read_packet
from domain.native.private import SuffixRow
from domain.native.privacy import export_record
from domain.native.schema import NativePacket
from witnesses.native.fixtures import complete, packet_document

witness = Witness("native.converter")


def _edited(**edits: Any) -> dict[str, Any]:
    """Build the complete packet document with top-level keys replaced (None deletes the key)."""
    doc = copy.deepcopy(packet_document(complete()))
    for key, value in edits.items():
        if value is None:
            del doc[key]
        else:
            doc[key] = value
    return doc


def _observation_edited(index: int, **edits: Any) -> dict[str, Any]:
    doc = copy.deepcopy(packet_document(complete()))
    doc["observations"][index].update(edits)
    return doc


def _owner_edited(index: int, **edits: Any) -> dict[str, Any]:
    doc = copy.deepcopy(packet_document(complete()))
    doc["owner_resolutions"][index].update(edits)
    return doc


def _leaves(exc: BaseException) -> list[str]:
    """List the innermost errors of a (nested) validation error, as `Type: message`."""
    if isinstance(exc, BaseExceptionGroup):
        return [line for inner in exc.exceptions for line in _leaves(inner)]
    return [f"{type(exc).__name__}: {exc}"]


def _fresh_errors(document: dict[str, Any]) -> list[str]:
    """Structure a document with a freshly built native converter; list its innermost errors."""
    try:
        native_converter().structure(document, NativePacket)
    except Exception as exc:  # the claim compares the exact errors, whatever their type
        return _leaves(exc)
    return []


@witness.positive("A freshly built native converter reads the complete packet document into the packet read_packet admits.", rules=[read_packet])
def fresh_converter_reads_the_packet_read_packet_admits() -> None:
    document = packet_document(complete())
    check.equal("fresh packet", native_converter().structure(copy.deepcopy(document), NativePacket), check.admitted(read_packet(document)))


LONG_EVIDENCE = "e" * 200


@witness.positive(
    "A freshly built native converter refuses a string for a list, a list for an object and names outside an enum, saying what it expected and got.",
    rules=[read_packet],
)
def fresh_converter_refuses_misshapen_values_saying_expected_against_got() -> None:
    worlds = {
        "evidence as a string": _edited(evidence="evidence/x"),
        "evidence as a long string": _edited(evidence=LONG_EVIDENCE),
        "checks as a list": _edited(checks=[["a", "b"]]),
        "arm in lower case": _observation_edited(0, arm="off"),
        "arm as a number": _observation_edited(0, arm=1),
        "unknown check": _observation_edited(1, check="nope"),
        "mode in upper case": _owner_edited(0, mode="SYNC"),
        "checks value a number": _edited(checks={"native_dispatch_unchanged": 1}),
    }
    long_message = f"expected a list, got str '{LONG_EVIDENCE}'"[:160]
    check.equal("160-character cap", len(long_message), 160)
    check.equal("errors", {label: _fresh_errors(doc) for label, doc in worlds.items()}, {
        "evidence as a string": ["TypeError: expected a list, got str 'evidence/x'"],
        "evidence as a long string": [f"TypeError: {long_message}"],
        "checks as a list": ["TypeError: expected an object, got list [['a', 'b']]"],
        "arm in lower case": ["TypeError: expected one of OFF, ON, got str 'off'"],
        "arm as a number": ["TypeError: expected one of OFF, ON, got int 1"],
        "unknown check": ["TypeError: expected one of the 12 NativeCheck names, got str 'nope'"],
        "mode in upper case": ["TypeError: expected one of sync, multimodal, got str 'SYNC'"],
        "checks value a number": ["TypeError: expected str, got int 1"],
    })


ROW = SuffixRow(rank=0, engine_round=1, q=4092, kept=4092, first=147313, valid=4092, anchor_token=151_000, owner_epoch=7)


@witness.positive(
    "A freshly built native converter refuses to write a SuffixRow into a document or read one from a document.",
    rules=[read_packet, export_record],
)
def fresh_converter_never_writes_or_reads_a_suffix_row() -> None:
    converter = native_converter()
    said = {}
    for direction, attempt in (
        ("write", lambda: converter.unstructure(ROW, SuffixRow)),
        ("read", lambda: converter.structure(attrs.asdict(ROW), SuffixRow)),
    ):
        try:
            said[direction] = f"returned {attempt()!r}"
        except PrivateExportRefused as exc:
            said[direction] = str(exc)
    check.equal("refusals", said, {
        "write": "SuffixRow is private and is never serialised; export equality results and aggregate metadata only",
        "read": "SuffixRow is private and is never read from or written to a document",
    })


@witness.refusal(
    "A document that is not a JSON object is malformed at the root, naming what it is.",
    rules=[read_packet],
    reasons=[because(MalformedPacket, at="$", saying="expected a JSON object, got list")],
)
def non_object_document_is_malformed_at_the_root():
    return read_packet([packet_document(complete())])


@witness.refusal(
    "A string q containing ' @ ' is located at $.q, its value quoted whole.",
    rules=[read_packet],
    reasons=[because(MalformedPacket, at="$.q", saying="expected int, got str 'a @ b'")],
)
def value_containing_the_location_marker_is_located_at_its_field():
    return read_packet(_edited(q="a @ b"))


MALFORMED_WORLDS: dict[str, object] = {
    "a list document": [],
    "a string document": "packet",
    "q missing": _edited(q=None),
    "two extra keys": _edited(zeta=1, extra=2),
    "q as a string": _edited(q="4092"),
    "arms as a list": _edited(arms=[]),
    "tails as a number": _edited(tails=3),
    "checks value a number": _edited(checks={"native_dispatch_unchanged": 1}),
    "evidence as a string": _edited(evidence="evidence/x"),
    "arm in lower case": _observation_edited(0, arm="off"),
    "empty subcase": _observation_edited(2, subcase=" "),
}


@witness.snapshot(
    "A regression control over the located reasons read_packet gives for a set of malformed documents, byte for byte.",
    rules=[read_packet],
)
def malformed_documents_render_located_reasons() -> str:
    lines = []
    for label, document in MALFORMED_WORLDS.items():
        outcome = read_packet(document)
        lines.append(f"{label}:")
        lines.extend(f"  {type(r).__name__} {r.where}: {r.why}" for r in getattr(outcome, "reasons", ()))
    return "\n".join(lines) + "\n"
