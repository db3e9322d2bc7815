"""Witness observations as read from a packet: every text field must be non-empty, and says so."""

from __future__ import annotations

from claims import Witness, because
from domain.native.reading import MalformedPacket, read_packet
from witnesses.native.fixtures import complete, packet_document

witness = Witness("native.observations")


@witness.refusal(
    "A blank start_id in an observation is refused at that observation, naming the field.",
    rules=[read_packet],
    reasons=[
        because(MalformedPacket, at="$.observations[0].start_id", saying="expected a non-empty str, got str '  '")
    ],
)
def blank_start_id_is_refused_naming_the_field():
    document = packet_document(complete())
    document["observations"][0]["start_id"] = "  "
    return read_packet(document)
