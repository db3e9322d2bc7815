"""Witness reading native packet documents: strict shapes, every error located, expected against got."""

from __future__ import annotations

from claims import Witness, because, check
from domain.native.reading import MalformedPacket, read_packet
from witnesses.native.fixtures import RESOLVED, complete, edited, observation_edited, packet_document

witness = Witness("native.reading")


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
    return read_packet(edited(q="a @ b"))


MALFORMED_WORLDS: dict[str, object] = {
    "a list document": [],
    "a string document": "packet",
    "q missing": edited(q=None),
    "two extra keys": edited(zeta=1, extra=2),
    "q as a string": edited(q="4092"),
    "arms as a list": edited(arms=[]),
    "tails as a number": edited(tails=3),
    "checks value a number": edited(checks={"native_dispatch_unchanged": 1}),
    "evidence as a string": edited(evidence="evidence/x"),
    "arm in lower case": observation_edited(0, arm="off"),
    "empty subcase": observation_edited(2, subcase=" "),
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


@witness.refusal(
    "A packet whose q is a string is malformed at $.q.",
    rules=[read_packet],
    reasons=[because(MalformedPacket, at="$.q", saying="expected int, got str '4092'")],
)
def string_q_is_malformed_at_its_path():
    doc = packet_document(complete())
    doc["q"] = "4092"
    return read_packet(doc)


@witness.positive("A packet document reads back into typed observations bound to their starts.", rules=[read_packet])
def packet_document_reads_back() -> None:
    packet = check.admitted(read_packet(packet_document(complete())))
    check.equal("observations", packet.observations, complete())
    check.equal("resolutions", packet.owner_resolutions, RESOLVED)
