"""Seeded defects for Part B's packets and privacy (DOMAIN.md B1 privacy, B2 packets).

Each replacement is a copy of the rule with exactly one thing taken away;
the comment above it names what, and the seed fact it breaks.  Two groups
apply what the seed says together: "partial arms are never spliced, PASS
receipts never copied between starts", and a SuffixRow "is never
serialised" by the exporter nor by the converter beneath it.
"""

from __future__ import annotations

from typing import Any

import attrs

from claims.defects import Defect, DefectGroup
from domain.native.checks import Arm
from domain.native.converter import NATIVE
from domain.native.packets import (
    ArmEvidence, ObservationUnbound, PacketBinding, PartialArm, PassReceipt, ReceiptFromAnotherStart,
    SplicedArms, WrongArm,
)
from domain.native.privacy import AGREEMENT_FIELDS, FieldAgreement, NoAuditedRows, RankAgreement
from domain.native.private import SuffixRow
from domain.native.schema import NativePacket
from domain.native.verdict import CheckVerdict
from domain.outcome import Admitted, Reason, Refused

PACKETS = "native.packets"
PRIVACY = "native.privacy"


# --- packets.splice_arms ----------------------------------------------------


def splice_arms_from_any_run(off: ArmEvidence, on: ArmEvidence) -> Admitted[PacketBinding] | Refused:
    # Seed B2: "partial arms are never spliced"; this copy forgets that the two arms must be one
    # HOLD run's launched pair, so arms from different starts bind into one packet.
    reasons: list[Reason] = []
    for where, evidence, arm in (("$.off", off, Arm.OFF), ("$.on", on, Arm.ON)):
        if evidence.arm is not arm:
            reasons.append(WrongArm(f"{where}.arm", f"expected arm {arm.value}, got {evidence.arm.value} (start {evidence.start_id})"))
        if not evidence.complete:
            reasons.append(PartialArm(where, f"arm {evidence.arm.value} from start {evidence.start_id} is partial; partial arms are never spliced"))
    if off.manifest_digest != on.manifest_digest:
        reasons.append(SplicedArms("$.on.manifest_digest", f"OFF manifest {off.manifest_digest} differs from ON manifest {on.manifest_digest}"))
    if reasons:
        return Refused(tuple(reasons))
    return Admitted(PacketBinding(off.start_id, on.start_id, off.manifest_digest))


def splice_partial_arms(off: ArmEvidence, on: ArmEvidence) -> Admitted[PacketBinding] | Refused:
    # Seed B2: "partial arms are never spliced"; this copy never reads `complete`.
    reasons: list[Reason] = []
    for where, evidence, arm in (("$.off", off, Arm.OFF), ("$.on", on, Arm.ON)):
        if evidence.arm is not arm:
            reasons.append(WrongArm(f"{where}.arm", f"expected arm {arm.value}, got {evidence.arm.value} (start {evidence.start_id})"))
    if off.hold_id != on.hold_id:
        reasons.append(SplicedArms("$.on.hold_id", f"OFF is from HOLD run {off.hold_id} and ON from {on.hold_id}; arms from different runs are never spliced"))
    if off.partner_start_id != on.start_id or on.partner_start_id != off.start_id:
        reasons.append(SplicedArms("$.on.start_id", f"start {off.start_id} was paired with {off.partner_start_id} and start {on.start_id} with {on.partner_start_id}; only a launched pair binds"))
    if off.manifest_digest != on.manifest_digest:
        reasons.append(SplicedArms("$.on.manifest_digest", f"OFF manifest {off.manifest_digest} differs from ON manifest {on.manifest_digest}"))
    if reasons:
        return Refused(tuple(reasons))
    return Admitted(PacketBinding(off.start_id, on.start_id, off.manifest_digest))


arms_from_different_starts_spliced = Defect(
    id="native.arms_from_different_starts_spliced",
    target="domain.native.packets.splice_arms",
    replacement=splice_arms_from_any_run,
    description="Splice an OFF and an ON arm into one packet without checking they are one HOLD run's launched pair.",
    expect_red={"native.packets.one_sided_pairing_under_another_manifest_is_not_spliced", f"{PACKETS}.arms_from_two_runs_are_not_spliced"},
    expect_green={f"{PACKETS}.launched_pair_binds_its_starts_and_manifest", f"{PACKETS}.partial_arm_is_not_spliced"},
)

partial_arm_spliced = Defect(
    id="native.partial_arm_spliced",
    target="domain.native.packets.splice_arms",
    replacement=splice_partial_arms,
    description="Splice an arm into a packet without checking it is complete.",
    expect_red={f"{PACKETS}.partial_arm_is_not_spliced"},
    expect_green={f"{PACKETS}.launched_pair_binds_its_starts_and_manifest", f"{PACKETS}.arms_from_two_runs_are_not_spliced"},
)


# --- packets.packet_binds_observations, pass_receipt, admit_pass_receipt -----


def binds_observations_by_manifest_only(packet: NativePacket) -> Admitted[PacketBinding] | Refused:
    # Seed B2: packets bind "the actual start IDs and manifest"; this copy checks the manifest only.
    binding = PacketBinding(packet.arms.off.start_id, packet.arms.on.start_id, packet.manifest_digest)
    reasons: list[Reason] = []
    for i, o in enumerate(packet.observations):
        if o.manifest_digest != binding.manifest_digest:
            reasons.append(ObservationUnbound(f"$.observations[{i}].manifest_digest", f"{o.check.value}.{o.subcase} is bound to manifest {o.manifest_digest}, not the packet's {binding.manifest_digest}"))
    return Refused(tuple(reasons)) if reasons else Admitted(binding)


def pass_receipt_for_any_status(verdict: CheckVerdict, binding: PacketBinding) -> Admitted[PassReceipt] | Refused:
    # Seed B1: a check is PASS only when decided PASS; this copy issues a receipt for HOLD and NOT RUN too.
    return Admitted(PassReceipt(verdict.check, binding))


def admit_receipt_by_manifest_only(receipt: PassReceipt, binding: PacketBinding) -> Admitted[PassReceipt] | Refused:
    # Seed B2: "PASS receipts never copied between starts"; this copy compares the manifest, not the starts.
    if receipt.binding.manifest_digest != binding.manifest_digest:
        return Refused((ReceiptFromAnotherStart("$.receipt.manifest_digest", f"{receipt.check.value} PASS was issued under manifest {receipt.binding.manifest_digest}, not {binding.manifest_digest}"),))
    return Admitted(receipt)


observation_from_another_start_bound = Defect(
    id="native.observation_from_another_start_bound",
    target="domain.native.packets.packet_binds_observations",
    replacement=binds_observations_by_manifest_only,
    description="Bind a packet's observations by manifest only, accepting observations from another start.",
    expect_red={f"{PACKETS}.observation_from_another_start_is_unbound"},
    expect_green={f"{PACKETS}.packet_observations_bound_to_its_starts"},
)

receipt_for_a_hold_verdict = Defect(
    id="native.receipt_for_a_hold_verdict",
    target="domain.native.packets.pass_receipt",
    replacement=pass_receipt_for_any_status,
    description="Issue a PASS receipt whatever the verdict's status.",
    expect_red={f"{PACKETS}.hold_verdict_yields_no_receipt"},
    expect_green={f"{PACKETS}.pass_verdict_yields_receipt_for_its_starts"},
)

receipt_from_another_start_accepted = Defect(
    id="native.receipt_from_another_start_accepted",
    target="domain.native.packets.admit_pass_receipt",
    replacement=admit_receipt_by_manifest_only,
    description="Admit a PASS receipt issued for other starts, as long as the manifest matches.",
    expect_red={"native.packets.receipt_from_other_starts_and_manifest_is_refused_at_each", f"{PACKETS}.receipt_from_another_start_is_refused"},
    expect_green={f"{PACKETS}.receipt_admitted_under_its_own_starts"},
)

evidence_moved_between_starts = DefectGroup(
    id="native.evidence_moved_between_starts",
    description="Splice arms from different runs and accept PASS receipts copied between starts at once (seed B2).",
    defects=[arms_from_different_starts_spliced, receipt_from_another_start_accepted],
    expect_red={"native.packets.one_sided_pairing_under_another_manifest_is_not_spliced", "native.packets.receipt_from_other_starts_and_manifest_is_refused_at_each", f"{PACKETS}.arms_from_two_runs_are_not_spliced", f"{PACKETS}.receipt_from_another_start_is_refused"},
    expect_green={f"{PACKETS}.launched_pair_binds_its_starts_and_manifest", f"{PACKETS}.receipt_admitted_under_its_own_starts"},
)


# --- privacy: the converter hook, export_record, rank_agreement -------------


def serialise_private(value: Any) -> Any:
    # Seed B1: "a SuffixRow carries an anchor token; it is never serialised"; this hook serialises it field by field.
    return attrs.asdict(value)


def export_record_unchecked(value: object) -> Admitted[object] | Refused:
    # Seed B1: exports carry "equality results and aggregate metadata only"; this copy never looks for private payloads.
    return Admitted(NATIVE.unstructure(value))


converter_serialises_suffix_row = Defect(
    id="native.converter_serialises_suffix_row",
    target="domain.native.converter._refuse_private",
    replacement=serialise_private,
    description="Let the native converter serialise a SuffixRow (anchor token included) instead of raising.",
    expect_red={"native.converter.fresh_converter_never_writes_or_reads_a_suffix_row", f"{PRIVACY}.native_converter_raises_on_a_suffix_row"},
    # The exporter's own located check still refuses: privacy has two layers.
    expect_green={f"{PRIVACY}.suffix_row_is_never_exported", f"{PRIVACY}.nested_suffix_row_is_refused_where_it_sits"},
)

exporter_skips_private_check = Defect(
    id="native.exporter_skips_private_check",
    target="domain.native.privacy.export_record",
    replacement=export_record_unchecked,
    description="Export a value without refusing the private payloads it holds.",
    expect_red={"native.privacy.suffix_row_in_an_attrs_field_is_refused_there", 
        f"{PRIVACY}.suffix_row_is_never_exported",
        f"{PRIVACY}.nested_suffix_row_is_refused_where_it_sits",
        f"{PRIVACY}.broadcast_tap_and_kv_contents_are_never_exported",
    },
    expect_green={f"{PRIVACY}.native_converter_raises_on_a_suffix_row", f"{PRIVACY}.agreement_exports_equality_counts_only"},
)

suffix_row_exported = DefectGroup(
    id="native.suffix_row_exported",
    description="Remove both privacy layers, so a SuffixRow's anchor token is exported (seed B1).",
    defects=[converter_serialises_suffix_row, exporter_skips_private_check],
    expect_red={"native.converter.fresh_converter_never_writes_or_reads_a_suffix_row", "native.privacy.suffix_row_in_an_attrs_field_is_refused_there", 
        f"{PRIVACY}.native_converter_raises_on_a_suffix_row",
        f"{PRIVACY}.suffix_row_is_never_exported",
        f"{PRIVACY}.nested_suffix_row_is_refused_where_it_sits",
        f"{PRIVACY}.broadcast_tap_and_kv_contents_are_never_exported",
    },
)


def rank_agreement_over_present_rows(rows: tuple[SuffixRow, ...], ranks: tuple[int, ...]) -> Admitted[RankAgreement] | Refused:
    # Seed #1: agreement "across both ranks"; this copy compares whichever ranks sent a row, so a missing rank agrees.
    if not rows:
        return Refused((NoAuditedRows("$.rows", "no suffix rows were observed; audited rounds must be positive"),))
    rounds = sorted({r.engine_round for r in rows})
    agreeing = dict.fromkeys(AGREEMENT_FIELDS, 0)
    for engine_round in rounds:
        present = [r for r in rows if r.engine_round == engine_round]
        for name in AGREEMENT_FIELDS:
            if len({getattr(r, name) for r in present}) == 1:
                agreeing[name] += 1
    fields = tuple(FieldAgreement(n, agreeing[n]) for n in AGREEMENT_FIELDS)
    return Admitted(RankAgreement(len(rounds), len(ranks), fields, tuple(sorted({r.q for r in rows}))))


missing_rank_row_agrees = Defect(
    id="native.missing_rank_row_agrees",
    target="domain.native.privacy.rank_agreement",
    replacement=rank_agreement_over_present_rows,
    description="Count a round that lacks one rank's row as agreeing instead of refusing it.",
    expect_red={"native.privacy.every_round_missing_ranks_is_named", f"{PRIVACY}.round_missing_a_rank_is_not_covered"},
    expect_green={f"{PRIVACY}.agreement_exports_equality_counts_only"},
)
