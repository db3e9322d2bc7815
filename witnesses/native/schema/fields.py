"""Witness the validator field by field: the complete, CPU-fixture and empty packets are schema-valid, each failing field is refused where it is."""

from __future__ import annotations

import copy

from claims import because, check
from domain.native.observations import Evidence
from domain.native.schema import (
    ArmIdentityInvalid,
    CheckStringInvalid,
    CountInvalid,
    DigestInvalid,
    EvidencePathUnsafe,
    SchemaMismatch,
    TailsNotDerived,
    native_packet_schema_valid,
)
from domain.native.verdict import Status, decide, decide_all
from witnesses.native.fixtures import RESOLVED, complete, packet_document
from witnesses.native.schema import _packet, witness


@witness.positive(
    "The complete native packet is schema-valid and binds its two starts.", rules=[native_packet_schema_valid]
)
def complete_native_packet_is_schema_valid() -> None:
    packet = check.admitted(native_packet_schema_valid(_packet(packet_document(complete()))))
    check.equal(
        "starts",
        (packet.arms.off.start_id, packet.arms.on.start_id),
        ("up2-off-20261025T140000Z", "up2-on-20261025T143000Z"),
    )
    check.equal("observations", len(packet.observations), 110)


@witness.positive(
    "A CPU-fixture packet passes the schema validator yet every check is HOLD.",
    rules=[native_packet_schema_valid, decide],
)
def cpu_fixture_packet_is_schema_valid_yet_holds_every_check() -> None:
    packet = check.admitted(native_packet_schema_valid(_packet(packet_document(complete(Evidence.CPU_FIXTURE)))))
    check.equal("claimed strings", set(packet.checks.values()), {"PASS"})
    check.equal("decided", [v.status for v in decide_all(packet.observations, RESOLVED)], [Status.HOLD] * 12)


@witness.positive(
    "The validator admits a packet with no observations at all, which decides NOT RUN everywhere.",
    rules=[native_packet_schema_valid, decide],
)
def schema_never_reads_observations() -> None:
    packet = check.admitted(native_packet_schema_valid(_packet(packet_document(()))))
    check.equal("decided", {v.status for v in decide_all(packet.observations, RESOLVED)}, {Status.NOT_RUN})


def _broken() -> dict:
    doc = copy.deepcopy(packet_document(complete()))
    doc["schema"] = "up2-native-packet/0"
    doc["classification"] = "CPU_FIXTURE"
    doc["arms"]["on"]["start_id"] = doc["arms"]["off"]["start_id"]
    doc["manifest_digest"] = "sha256:XYZ"
    doc["evidence"][0]["path"] = "../outside/observations.json"
    doc["evidence"][1]["digest"] = "md5:0"
    doc["checks"]["no_local_drafter"] = "NOT RUN"
    del doc["checks"]["native_dispatch_unchanged"]
    doc["audited_rounds"]["on"] = 0
    doc["requests"]["completions"] = 27
    return doc


@witness.refusal(
    "The validator refuses every failing schema field at once, each located.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(SchemaMismatch, at="$.schema", saying="up2-native-packet/0"),
        because(SchemaMismatch, at="$.classification", saying="CPU_FIXTURE"),
        because(ArmIdentityInvalid, at="$.arms.on.start_id", saying="share start_id"),
        because(DigestInvalid, at="$.manifest_digest", saying="sha256:XYZ"),
        because(EvidencePathUnsafe, at="$.evidence[0].path", saying="../outside"),
        because(DigestInvalid, at="$.evidence[1].digest", saying="md5:0"),
        because(CheckStringInvalid, at="$.checks.native_dispatch_unchanged", saying="missing"),
        because(CheckStringInvalid, at="$.checks.no_local_drafter", saying="NOT RUN"),
        because(CountInvalid, at="$.audited_rounds.on", saying="got 0"),
        because(CountInvalid, at="$.requests", saying="28/28/27"),
    ],
)
def schema_refuses_each_failing_field():
    return native_packet_schema_valid(_packet(_broken()))


@witness.refusal(
    "The validator's schema id is up2-native-packet/1 exactly: a packet naming up2-native-packet/2 is refused at $.schema.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(SchemaMismatch, at="$.schema", saying="expected 'up2-native-packet/1', got 'up2-native-packet/2'"),
    ],
)
def the_next_schema_version_is_refused_naming_version_1():
    doc = copy.deepcopy(packet_document(complete()))
    doc["schema"] = "up2-native-packet/2"
    return native_packet_schema_valid(_packet(doc))


@witness.refusal(
    "Tails not derived from the packet's q are refused in both arms.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(TailsNotDerived, at="$.tails.off", saying=["147349", "q=4093"]),
        because(TailsNotDerived, at="$.tails.on", saying=["147349", "q=4093"]),
    ],
)
def schema_refuses_tails_not_derived_from_q():
    doc = packet_document(complete())
    doc["q"] = 4093
    return native_packet_schema_valid(_packet(doc))


@witness.positive(
    "A packet with q of one token, one audited round per arm and one request is schema-valid.",
    rules=[native_packet_schema_valid],
)
def smallest_positive_counts_are_schema_valid() -> None:
    doc = packet_document(complete())
    doc["q"] = 1
    doc["tails"] = {"off": [37, 163, 164, 165], "on": [37, 163, 164, 165]}
    doc["audited_rounds"] = {"off": 1, "on": 1}
    doc["requests"] = {"send_intents": 1, "opened": 1, "completions": 1}
    packet = check.admitted(native_packet_schema_valid(_packet(doc)))
    check.equal("q, rounds, requests", (packet.q, packet.audited_rounds.on, packet.requests.completions), (1, 1, 1))


def _emptied() -> dict:
    doc = copy.deepcopy(packet_document(complete()))
    doc["q"] = 0
    doc["evidence"] = []
    doc["arms"]["off"]["container_id"] = " "
    doc["checks"]["native_dispatch_changed"] = "PASS"
    doc["requests"] = {"send_intents": 0, "opened": 0, "completions": 0}
    return doc


@witness.refusal(
    "A packet with q 0, no evidence, no requests, a blank container id and a thirteenth check is refused at each.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(ArmIdentityInvalid, at="$.arms.off.container_id", saying="arm OFF needs a non-empty container_id"),
        because(EvidencePathUnsafe, at="$.evidence", saying="at least one evidence file is required"),
        because(
            CheckStringInvalid,
            at="$.checks.native_dispatch_changed",
            saying="native_dispatch_changed is not one of the twelve native checks",
        ),
        because(CountInvalid, at="$.requests", saying="must be equal and positive, got 0/0/0"),
        because(CountInvalid, at="$.q", saying="q must be a positive token count, got 0"),
    ],
)
def empty_counts_and_a_thirteenth_check_are_refused():
    return native_packet_schema_valid(_packet(_emptied()))


@witness.refusal(
    "An evidence path with a '.' segment is unsafe.",
    rules=[native_packet_schema_valid],
    reasons=[because(EvidencePathUnsafe, at="$.evidence[0].path", saying="'evidence/./observations.json'")],
)
def dot_segment_evidence_path_is_unsafe():
    doc = copy.deepcopy(packet_document(complete()))
    doc["evidence"][0]["path"] = "evidence/./observations.json"
    return native_packet_schema_valid(_packet(doc))


@witness.snapshot(
    "A regression control over the located reasons the schema validator gives for two broken packets, byte for byte.",
    rules=[native_packet_schema_valid],
)
def schema_refusals_render_located_reasons() -> str:
    lines = []
    for label, doc in (("every field broken", _broken()), ("counts emptied", _emptied())):
        lines.append(f"{label}:")
        lines.extend(
            f"  {type(r).__name__} {r.where}: {r.why}" for r in native_packet_schema_valid(_packet(doc)).reasons
        )
    return "\n".join(lines) + "\n"
