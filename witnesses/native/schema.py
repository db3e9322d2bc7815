"""Witness the packet schema validator: schema-valid is checked apart from, and never implies, native PASS."""

from __future__ import annotations

import copy

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.native.checks import NativeCheck
from domain.native.observations import Evidence
from domain.native.reading import read_packet
from domain.native.schema import (
    FIXTURE_CLASSIFICATION,
    FIXTURE_PACKET_SCHEMA,
    PASS_STRING,
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
from witnesses.core import strategies as near
from witnesses.native.fixtures import MANIFEST, RESOLVED, complete, packet_document

witness = Witness("native.schema")


def _packet(document: dict):
    return check.admitted(read_packet(document))


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


# --- near misses: a schema id, a classification, a check name, a PASS string or a manifest that almost is one ---

VALID = read_packet(packet_document(complete()))
NAME = NativeCheck.NO_LOCAL_DRAFTER.value


def _valid() -> object:
    return check.admitted(VALID)


@witness.property(
    "A near miss of the schema id or of the NATIVE classification is a schema mismatch at its field, and the exact values are valid.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=25)
@given(
    near.sampled_then(
        [("schema", FIXTURE_PACKET_SCHEMA), ("classification", FIXTURE_CLASSIFICATION)],
        lambda pair: st.tuples(st.just(pair[0]), near.near_misses(pair[1])),
    )
)
@example(("classification", near.case_flipped(FIXTURE_CLASSIFICATION, 5)))
@example(("schema", near.strict_prefix(FIXTURE_PACKET_SCHEMA)))
@example(("schema", near.extended(FIXTURE_PACKET_SCHEMA, "0")))
@example(("classification", near.padded(FIXTURE_CLASSIFICATION, after="\n")))
@example(("classification", near.lookalike(FIXTURE_CLASSIFICATION)))
def near_misses_of_the_schema_and_classification_mismatch(drawn: tuple[str, str]) -> None:
    field, miss = drawn
    check.admitted(native_packet_schema_valid(_valid()))
    reasons = check.refused(native_packet_schema_valid(attrs.evolve(_valid(), **{field: miss})))
    check.equal(f"{field} {miss!r} refused at", [(type(r), r.where) for r in reasons], [(SchemaMismatch, f"$.{field}")])


@witness.property(
    "A check named by a near miss is missing and unknown, and a near miss of PASS is not PASS, each located at the check.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=25)
@given(
    near.sampled_then(
        ["name", "string"],
        lambda what: st.tuples(st.just(what), near.near_misses(NAME if what == "name" else PASS_STRING)),
    )
)
@example(("name", near.case_flipped(NAME)))
@example(("name", near.strict_prefix(NAME)))
@example(("name", near.extended(NAME, "_v2")))
@example(("string", near.padded(PASS_STRING, after=" ")))
@example(("string", near.lookalike(PASS_STRING)))
def near_misses_of_check_names_and_pass_are_invalid(drawn: tuple[str, str]) -> None:
    what, miss = drawn
    checks = dict(_valid().checks)
    if what == "name":
        checks[miss] = checks.pop(NAME)
        expected = sorted(
            [(CheckStringInvalid, f"$.checks.{NAME}"), (CheckStringInvalid, f"$.checks.{miss}")], key=lambda p: p[1]
        )
    else:
        checks[NAME] = miss
        expected = [(CheckStringInvalid, f"$.checks.{NAME}")]
    reasons = check.refused(native_packet_schema_valid(attrs.evolve(_valid(), checks=checks)))
    check.equal(
        f"{what} {miss!r} refused at", sorted(((type(r), r.where) for r in reasons), key=lambda p: p[1]), expected
    )


@witness.property(
    "A near miss of a sha256 manifest digest is an invalid digest, and the exact digest is valid.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=20)
@given(near.near_misses(MANIFEST))
@example(near.case_flipped(MANIFEST, 2))
@example(near.strict_prefix(MANIFEST))
@example(near.extended(MANIFEST, "a"))
@example(near.padded(MANIFEST, after="\n"))
@example(near.lookalike(MANIFEST, 6))
def near_misses_of_the_manifest_digest_are_invalid(miss: str) -> None:
    reasons = check.refused(native_packet_schema_valid(attrs.evolve(_valid(), manifest_digest=miss)))
    check.equal(f"{miss!r} refused at", [(type(r), r.where) for r in reasons], [(DigestInvalid, "$.manifest_digest")])


# --- the folds: two faults of each kind are both named, in the order the validator checks them ---


def _doubled(*, shared: bool) -> dict:
    doc = copy.deepcopy(packet_document(complete()))
    for arm in ("off", "on"):
        doc["arms"][arm] = (
            {"start_id": "up2-shared", "container_id": "up2-shared"}
            if shared
            else {"start_id": " ", "container_id": ""}
        )
        doc["audited_rounds"][arm] = 0
    doc["evidence"] = [
        {"path": "evidence/off/observations.json", "digest": "sha256:0"},
        {"path": "evidence/../on.json", "digest": "md5:1"},
        {"path": "/evidence/x.json", "digest": "sha256:" + "03" * 32},
    ]
    for name in ("native_dispatch_unchanged", "no_local_drafter"):
        del doc["checks"][name]
    doc["checks"].update(
        {
            "native_dispatch_changed": "PASS",
            "local_drafter": "PASS",
            "source_kv_writes_retained": "HOLD",
            "final_need_draft_real_complete": "pass",
        }
    )
    return doc


DOUBLED_AT = [
    (DigestInvalid, "$.evidence[0].digest"),
    (EvidencePathUnsafe, "$.evidence[1].path"),
    (DigestInvalid, "$.evidence[1].digest"),
    (EvidencePathUnsafe, "$.evidence[2].path"),
    (CheckStringInvalid, "$.checks.native_dispatch_unchanged"),
    (CheckStringInvalid, "$.checks.no_local_drafter"),
    (CheckStringInvalid, "$.checks.local_drafter"),
    (CheckStringInvalid, "$.checks.native_dispatch_changed"),
    (CheckStringInvalid, "$.checks.final_need_draft_real_complete"),
    (CheckStringInvalid, "$.checks.source_kv_writes_retained"),
    (CountInvalid, "$.audited_rounds.off"),
    (CountInvalid, "$.audited_rounds.on"),
]


@witness.refusal(
    "Two faults of every kind are both named: blank ids in both arms, two bad evidence files, two missing, two unknown and two unpassed checks, two empty arms' rounds.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(ArmIdentityInvalid, at="$.arms.off.start_id", saying="arm OFF needs a non-empty start_id"),
        because(ArmIdentityInvalid, at="$.arms.off.container_id", saying="arm OFF needs a non-empty container_id"),
        because(ArmIdentityInvalid, at="$.arms.on.start_id", saying="arm ON needs a non-empty start_id"),
        because(ArmIdentityInvalid, at="$.arms.on.container_id", saying="arm ON needs a non-empty container_id"),
        because(
            DigestInvalid, at="$.evidence[0].digest", saying="'sha256:0' is not sha256: and 64 lowercase hex digits"
        ),
        because(
            EvidencePathUnsafe,
            at="$.evidence[1].path",
            saying="'evidence/../on.json' must be a relative path of plain segments",
        ),
        because(DigestInvalid, at="$.evidence[1].digest", saying="'md5:1' is not sha256"),
        because(EvidencePathUnsafe, at="$.evidence[2].path", saying="'/evidence/x.json' must be a relative path"),
        because(
            CheckStringInvalid,
            at="$.checks.native_dispatch_unchanged",
            saying="native_dispatch_unchanged is missing; all twelve must say 'PASS'",
        ),
        because(CheckStringInvalid, at="$.checks.no_local_drafter", saying="no_local_drafter is missing"),
        because(
            CheckStringInvalid,
            at="$.checks.local_drafter",
            saying="local_drafter is not one of the twelve native checks",
        ),
        because(
            CheckStringInvalid,
            at="$.checks.native_dispatch_changed",
            saying="native_dispatch_changed is not one of the twelve",
        ),
        because(CheckStringInvalid, at="$.checks.final_need_draft_real_complete", saying="expected 'PASS', got 'pass'"),
        because(CheckStringInvalid, at="$.checks.source_kv_writes_retained", saying="expected 'PASS', got 'HOLD'"),
        because(CountInvalid, at="$.audited_rounds.off", saying="audited rounds must be positive, got 0"),
        because(CountInvalid, at="$.audited_rounds.on", saying="audited rounds must be positive, got 0"),
    ],
)
def two_faults_of_every_kind_are_both_named():
    return native_packet_schema_valid(_packet(_doubled(shared=False)))


@witness.positive(
    "The validator names faults in the order it checks them: arms OFF then ON, start before container, evidence by index, checks missing, unknown, unpassed, each sorted.",
    rules=[native_packet_schema_valid],
)
def faults_are_named_in_checking_order() -> None:
    blank = check.refused(native_packet_schema_valid(_packet(_doubled(shared=False))))
    arms = [
        (ArmIdentityInvalid, f"$.arms.{arm}.{what}") for arm in ("off", "on") for what in ("start_id", "container_id")
    ]
    check.equal("blank ids, then the rest", [(type(r), r.where) for r in blank], arms + DOUBLED_AT)
    shared = check.refused(native_packet_schema_valid(_packet(_doubled(shared=True))))
    check.equal(
        "shared ids, then the rest",
        [(type(r), r.where, r.why) for r in shared][:2],
        [
            (
                ArmIdentityInvalid,
                "$.arms.on.start_id",
                "OFF and ON share start_id 'up2-shared'; each arm is its own start",
            ),
            (
                ArmIdentityInvalid,
                "$.arms.on.container_id",
                "OFF and ON share container_id 'up2-shared'; each arm is its own start",
            ),
        ],
    )
    check.equal("after the shared ids", [(type(r), r.where) for r in shared][2:], DOUBLED_AT)
    underived = packet_document(complete())
    underived["q"] = 4093
    tails = check.refused(native_packet_schema_valid(_packet(underived)))
    check.equal(
        "tails OFF then ON",
        [(type(r), r.where) for r in tails],
        [(TailsNotDerived, "$.tails.off"), (TailsNotDerived, "$.tails.on")],
    )


# --- each arm's tails and each request count, alone ---------------------------------------------


@witness.refusal(
    "An ON arm that sent only three of the four tails is refused at its own tails alone; the OFF arm's are derived.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(
            TailsNotDerived,
            at="$.tails.on",
            saying="tails must be 36*q + (1, 127, 128, 129) = [147313, 147439, 147440, 147441] for q=4092, got [147313, 147439, 147440]",
        )
    ],
)
def an_on_arm_missing_one_tail_is_refused_alone():
    doc = copy.deepcopy(packet_document(complete()))
    doc["tails"]["on"] = doc["tails"]["on"][:3]
    return native_packet_schema_valid(_packet(doc))


@witness.refusal(
    "An OFF arm whose tails derive from another q is refused at its own tails alone; the ON arm's are derived.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(
            TailsNotDerived,
            at="$.tails.off",
            saying="for q=4092, got [147349, 147475, 147476, 147477]",
        )
    ],
)
def an_off_arm_with_another_qs_tails_is_refused_alone():
    doc = copy.deepcopy(packet_document(complete()))
    doc["tails"]["off"] = [36 * 4093 + k for k in (1, 127, 128, 129)]
    return native_packet_schema_valid(_packet(doc))


@witness.property(
    "Requests with any one count off by one from 28/28/28, above or below, are refused at $.requests alone.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=20)
@given(st.sampled_from(["send_intents", "opened", "completions"]), st.sampled_from([-1, 1]))
@example("opened", -1)
@example("opened", 1)
@example("send_intents", 1)
@example("completions", 1)
def any_one_request_count_off_by_one_is_refused(count: str, delta: int) -> None:
    doc = copy.deepcopy(packet_document(complete()))
    doc["requests"][count] = 28 + delta
    reasons = check.refused(native_packet_schema_valid(_packet(doc)))
    check.equal(
        f"{count} {28 + delta} refused at",
        [(type(r), r.where, r.why) for r in reasons],
        [
            (
                CountInvalid,
                "$.requests",
                "send intents, opened and completions must be equal and positive, got "
                + "/".join(str(doc["requests"][k]) for k in ("send_intents", "opened", "completions")),
            )
        ],
    )


@witness.refusal(
    "Negative audited rounds in both arms and -1/-1/-1 requests are refused at each, like zero ones.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(CountInvalid, at="$.audited_rounds.off", saying="audited rounds must be positive, got -1"),
        because(CountInvalid, at="$.audited_rounds.on", saying="audited rounds must be positive, got -1"),
        because(CountInvalid, at="$.requests", saying="must be equal and positive, got -1/-1/-1"),
    ],
)
def negative_rounds_and_requests_are_refused():
    doc = copy.deepcopy(packet_document(complete()))
    doc["audited_rounds"] = {"off": -1, "on": -1}
    doc["requests"] = {"send_intents": -1, "opened": -1, "completions": -1}
    return native_packet_schema_valid(_packet(doc))
