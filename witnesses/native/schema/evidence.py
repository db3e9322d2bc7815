"""Witness the evidence files and arm identities at their edges: near misses of a digest, unsafe characters in a path, one shared id alone."""

from __future__ import annotations

import copy

from hypothesis import example, given, settings

from claims import because, check
from domain.native.schema import ArmIdentityInvalid, DigestInvalid, EvidencePathUnsafe, native_packet_schema_valid
from witnesses.core import strategies as near
from witnesses.native.fixtures import complete, packet_document
from witnesses.native.schema import _packet, witness

EVIDENCE_DIGEST = "sha256:" + "02" * 32


def _with_evidence(index: int, **changes: str) -> dict:
    doc = copy.deepcopy(packet_document(complete()))
    doc["evidence"][index].update(changes)
    return doc


@witness.property(
    "A near miss of an evidence file's sha256 digest is an invalid digest at that file, and the exact digest is valid.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=20)
@given(near.near_misses(EVIDENCE_DIGEST))
@example(near.case_flipped(EVIDENCE_DIGEST, 1))
@example(near.strict_prefix(EVIDENCE_DIGEST))
@example(near.extended(EVIDENCE_DIGEST, "0"))
@example(near.padded(EVIDENCE_DIGEST, after="\n"))
@example(near.lookalike(EVIDENCE_DIGEST))
def near_misses_of_an_evidence_digest_are_invalid(miss: str) -> None:
    check.admitted(native_packet_schema_valid(_packet(_with_evidence(1, digest=EVIDENCE_DIGEST))))
    reasons = check.refused(native_packet_schema_valid(_packet(_with_evidence(1, digest=miss))))
    check.equal(
        f"{miss!r} refused at", [(type(r), r.where) for r in reasons], [(DigestInvalid, "$.evidence[1].digest")]
    )


UNSAFE_PATHS = (
    "evidence/off/observations.json\n",
    "evidence/off/observations.json ",
    "\tevidence/off/observations.json",
    "evidence/off/obs ervations.json",
    "evidence/оff/observations.json",  # a Cyrillic о
    "evidence\\off\\observations.json",
    "evidence/off/",
    "evidence//observations.json",
    "evidence/../observations.json",
)
SAFE_PATHS = ("evidence/off_2/obs-1.v2.json", "E/0.json", "observations.json")


@witness.positive(
    "An evidence path of plain segments (letters, digits, '.', '_', '-') is safe, and one with whitespace, a look-alike letter, a backslash or an empty, '.' or '..' segment is unsafe at that path alone.",
    rules=[native_packet_schema_valid],
)
def evidence_paths_are_safe_exactly_when_every_segment_is_plain() -> None:
    for path in SAFE_PATHS:
        check.admitted(native_packet_schema_valid(_packet(_with_evidence(0, path=path))))
    said = {
        path: [
            (type(r), r.where) for r in check.refused(native_packet_schema_valid(_packet(_with_evidence(0, path=path))))
        ]
        for path in UNSAFE_PATHS
    }
    check.equal(
        "unsafe paths refused at", said, {path: [(EvidencePathUnsafe, "$.evidence[0].path")] for path in UNSAFE_PATHS}
    )


@witness.refusal(
    "Arms with their own starts but one shared container are refused at the ON arm's container id alone.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(
            ArmIdentityInvalid,
            at="$.arms.on.container_id",
            saying="OFF and ON share container_id 'up2-native-off'; each arm is its own start",
        )
    ],
)
def arms_sharing_only_a_container_are_refused_at_it():
    doc = copy.deepcopy(packet_document(complete()))
    doc["arms"]["on"]["container_id"] = doc["arms"]["off"]["container_id"]
    return native_packet_schema_valid(_packet(doc))


@witness.positive(
    "Arms whose start ids or container ids differ by one character share nothing: each arm is its own start and container.",
    rules=[native_packet_schema_valid],
)
def arms_one_character_apart_share_nothing() -> None:
    doc = copy.deepcopy(packet_document(complete()))
    doc["arms"]["off"] = {"start_id": "up2-start-1", "container_id": "up2-native-a"}
    doc["arms"]["on"] = {"start_id": "up2-start-2", "container_id": "up2-native-A"}
    packet = check.admitted(native_packet_schema_valid(_packet(doc)))
    check.equal("starts", (packet.arms.off.start_id, packet.arms.on.start_id), ("up2-start-1", "up2-start-2"))


@witness.positive(
    "A packet with exactly one evidence file is schema-valid: at least one is required, not one per arm.",
    rules=[native_packet_schema_valid],
)
def one_evidence_file_is_enough() -> None:
    doc = copy.deepcopy(packet_document(complete()))
    doc["evidence"] = doc["evidence"][:1]
    packet = check.admitted(native_packet_schema_valid(_packet(doc)))
    check.equal("evidence paths", [e.path for e in packet.evidence], ["evidence/off/observations.json"])


# --- partitions: a bad digest at any position of any number of files; a shared id of any text shape ---


@witness.positive(
    "Among one to five evidence files, a bad digest at any position (first, middle or last) is refused at that file "
    "alone, and all good digests are valid.",
    rules=[native_packet_schema_valid],
)
def a_bad_digest_at_any_position_is_refused_at_it() -> None:
    for n in range(1, 6):
        files = [{"path": f"evidence/file-{i}.json", "digest": EVIDENCE_DIGEST} for i in range(n)]
        doc = copy.deepcopy(packet_document(complete()))
        doc["evidence"] = files
        check.admitted(native_packet_schema_valid(_packet(doc)))
        for bad in range(n):
            doc["evidence"] = [dict(f, digest="sha256:bad") if i == bad else f for i, f in enumerate(files)]
            check.equal(
                f"file {bad} of {n}",
                [(type(r), r.where) for r in check.refused(native_packet_schema_valid(_packet(doc)))],
                [(DigestInvalid, f"$.evidence[{bad}].digest")],
            )


_SHARED_IDS = (
    "s",
    "up2-START-7",
    "up2.start_7",
    "up2-st\u00e4rt-7",
    "x" * 64,
    "up2-" + "9" * 200,
)


@witness.positive(
    "OFF and ON sharing a start id or a container id of any shape (one character, uppercase, a dot, non-ASCII, 64 or "
    "204 characters) are refused at the ON arm's field alone.",
    rules=[native_packet_schema_valid],
)
def a_shared_id_of_any_shape_is_refused() -> None:
    for what in ("start_id", "container_id"):
        for shared in _SHARED_IDS:
            doc = copy.deepcopy(packet_document(complete()))
            doc["arms"]["off"][what] = shared
            doc["arms"]["on"][what] = shared
            check.equal(
                f"shared {what} of {len(shared)} characters {shared[:12]!r}",
                [(type(r), r.where) for r in check.refused(native_packet_schema_valid(_packet(doc)))],
                [(ArmIdentityInvalid, f"$.arms.on.{what}")],
            )
