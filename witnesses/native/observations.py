"""Witness observations as read from a packet: every text field must be non-empty, and says so."""

from __future__ import annotations

from claims import Witness, because, check
from domain.native.reading import MalformedPacket, read_packet
from witnesses.native.fixtures import complete, observation_edited, owner_edited, packet_document

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


_OBSERVATION_TEXTS = ("subcase", "start_id", "manifest_digest", "workload", "mode", "hooks")
_OWNER_TEXTS = ("owner", "reference")


@witness.positive(
    "Every blank text field of an observation or an owner resolution is refused at that field, each by itself.",
    rules=[read_packet],
)
def every_blank_text_field_is_refused_at_that_field() -> None:
    said = {}
    for name in _OBSERVATION_TEXTS:
        outcome = read_packet(observation_edited(3, **{name: " "}))
        said[f"observations[3].{name}"] = [(type(r), r.where, r.why) for r in check.refused(outcome)]
    for name in _OWNER_TEXTS:
        outcome = read_packet(owner_edited(1, **{name: ""}))
        said[f"owner_resolutions[1].{name}"] = [(type(r), r.where, r.why) for r in check.refused(outcome)]
    check.equal(
        "refusals",
        said,
        {
            **{
                f"observations[3].{name}": [
                    (MalformedPacket, f"$.observations[3].{name}", "expected a non-empty str, got str ' '")
                ]
                for name in _OBSERVATION_TEXTS
            },
            **{
                f"owner_resolutions[1].{name}": [
                    (MalformedPacket, f"$.owner_resolutions[1].{name}", "expected a non-empty str, got str ''")
                ]
                for name in _OWNER_TEXTS
            },
        },
    )
