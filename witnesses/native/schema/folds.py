"""Witness the validator's folds: two faults of each kind are both named, in the order the validator checks them."""

from __future__ import annotations

import copy

from claims import because, check
from domain.native.schema import (
    ArmIdentityInvalid,
    CheckStringInvalid,
    CountInvalid,
    DigestInvalid,
    EvidencePathUnsafe,
    TailsNotDerived,
    native_packet_schema_valid,
)
from witnesses.native.fixtures import complete, packet_document
from witnesses.native.schema import _packet, witness


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
