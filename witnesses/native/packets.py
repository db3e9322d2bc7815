"""Claims about binding packets to their actual starts: no splices, no PASS receipts copied between starts."""

from __future__ import annotations

import attrs

from claims import Witness, because, check
from domain.native.checks import Arm, NativeCheck
from domain.native.converter import read_packet
from domain.native.packets import (
    ArmEvidence, ObservationUnbound, NotPass, PacketBinding, PartialArm, ReceiptFromAnotherStart, SplicedArms, WrongArm,
    admit_pass_receipt, packet_binds_observations, pass_receipt, splice_arms,
)
from domain.native.verdict import decide
from witnesses.native.fixtures import (
    MANIFEST, OFF_START, ON_START, OTHER_MANIFEST, OTHER_ON_START, RESOLVED, complete, packet_document, replaced, without,
)

witness = Witness("native.packets")

OFF = ArmEvidence(Arm.OFF, OFF_START, "hold-20261025T1400Z", ON_START, MANIFEST, True)
ON = ArmEvidence(Arm.ON, ON_START, "hold-20261025T1400Z", OFF_START, MANIFEST, True)
# An ON arm from a later HOLD run, paired with another OFF start.
LATER_ON = ArmEvidence(Arm.ON, OTHER_ON_START, "hold-20261026T0900Z", "up2-off-20261026T083000Z", MANIFEST, True)
BINDING = PacketBinding(OFF_START, ON_START, MANIFEST)
FINAL = NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE


@witness.positive("One HOLD run's complete OFF and ON arms bind their actual starts and manifest.", rules=[splice_arms])
def launched_pair_binds_its_starts_and_manifest() -> None:
    check.equal("binding", check.admitted(splice_arms(OFF, ON)), BINDING)


@witness.refusal(
    "Arms from two HOLD runs are never spliced into one packet.",
    rules=[splice_arms],
    reasons=[
        because(SplicedArms, at="$.on.hold_id", saying=["hold-20261025T1400Z", "hold-20261026T0900Z"]),
        because(SplicedArms, at="$.on.start_id", saying=[OTHER_ON_START, ON_START]),
    ],
)
def arms_from_two_runs_are_not_spliced():
    return splice_arms(OFF, LATER_ON)


@witness.refusal(
    "A partial arm is never spliced, even with its own partner.",
    rules=[splice_arms],
    reasons=[because(PartialArm, at="$.on", saying=["partial", ON_START])],
)
def partial_arm_is_not_spliced():
    return splice_arms(OFF, attrs.evolve(ON, complete=False))


@witness.positive("Every observation of the complete packet is bound to its own arm's start and the manifest.", rules=[packet_binds_observations])
def packet_observations_bound_to_its_starts() -> None:
    packet = check.admitted(read_packet(packet_document(complete())))
    check.equal("binding", check.admitted(packet_binds_observations(packet)), BINDING)


@witness.refusal(
    "An observation from another start is unbound from the packet, naming both starts.",
    rules=[packet_binds_observations],
    reasons=[because(ObservationUnbound, at="$.observations[5].start_id", saying=[OTHER_ON_START, ON_START])],
)
def observation_from_another_start_is_unbound():
    obs = replaced(complete(), NativeCheck.RANK_Q_KEPT_POSITION_VALID_ANCHOR_OWNER_AGREEMENT, "kept_agreement", Arm.ON, start_id=OTHER_ON_START)
    return packet_binds_observations(check.admitted(read_packet(packet_document(obs))))


@witness.positive("A PASS verdict yields a receipt bound to the starts it was decided under.", rules=[pass_receipt])
def pass_verdict_yields_receipt_for_its_starts() -> None:
    receipt = check.admitted(pass_receipt(decide(FINAL, complete(), RESOLVED), BINDING))
    check.equal("receipt", (receipt.check, receipt.binding), (FINAL, BINDING))


@witness.refusal(
    "A HOLD verdict yields no receipt.",
    rules=[pass_receipt],
    reasons=[because(NotPass, at="$.checks.final_need_draft_real_complete", saying="HOLD")],
)
def hold_verdict_yields_no_receipt():
    return pass_receipt(decide(FINAL, without(complete(), FINAL, "tail_36q_plus_1", Arm.OFF), RESOLVED), BINDING)


@witness.positive("A PASS receipt is admitted under the exact starts and manifest it was issued for.", rules=[admit_pass_receipt])
def receipt_admitted_under_its_own_starts() -> None:
    receipt = check.admitted(pass_receipt(decide(FINAL, complete(), RESOLVED), BINDING))
    check.equal("receipt", check.admitted(admit_pass_receipt(receipt, BINDING)), receipt)


@witness.refusal(
    "A PASS receipt from another start is refused for a later packet.",
    rules=[admit_pass_receipt],
    reasons=[because(ReceiptFromAnotherStart, at="$.receipt.on_start_id", saying=[ON_START, OTHER_ON_START, "never copied"])],
)
def receipt_from_another_start_is_refused():
    receipt = check.admitted(pass_receipt(decide(FINAL, complete(), RESOLVED), BINDING))
    return admit_pass_receipt(receipt, PacketBinding(OFF_START, OTHER_ON_START, MANIFEST))


OTHER_OFF_START = "up2-off-20261026T083000Z"
RANK = NativeCheck.RANK_Q_KEPT_POSITION_VALID_ANCHOR_OWNER_AGREEMENT


@witness.refusal(
    "Arms offered in each other's places are refused at each place, naming the arm expected and the arm got.",
    rules=[splice_arms],
    reasons=[
        because(WrongArm, at="$.off.arm", saying=f"expected arm OFF, got ON (start {ON_START})"),
        because(WrongArm, at="$.on.arm", saying=f"expected arm ON, got OFF (start {OFF_START})"),
    ],
)
def swapped_arms_are_refused_at_their_places():
    return splice_arms(ON, OFF)


@witness.refusal(
    "An ON arm launched with another partner start under another manifest is not spliced, even when OFF names it as partner.",
    rules=[splice_arms],
    reasons=[
        because(SplicedArms, at="$.on.start_id", saying=[f"start {OFF_START} was paired with {ON_START}", f"start {ON_START} with {OTHER_OFF_START}"]),
        because(SplicedArms, at="$.on.manifest_digest", saying=f"OFF manifest {MANIFEST} differs from ON manifest {OTHER_MANIFEST}"),
    ],
)
def one_sided_pairing_under_another_manifest_is_not_spliced():
    return splice_arms(OFF, attrs.evolve(ON, partner_start_id=OTHER_OFF_START, manifest_digest=OTHER_MANIFEST))


@witness.refusal(
    "An observation bound to another manifest is unbound from the packet, naming both manifests.",
    rules=[packet_binds_observations],
    reasons=[because(ObservationUnbound, at="$.observations[5].manifest_digest", saying=f"kept_agreement is bound to manifest {OTHER_MANIFEST}, not the packet's {MANIFEST}")],
)
def observation_under_another_manifest_is_unbound():
    obs = replaced(complete(), RANK, "kept_agreement", Arm.ON, manifest_digest=OTHER_MANIFEST)
    return packet_binds_observations(check.admitted(read_packet(packet_document(obs))))


@witness.refusal(
    "A PASS receipt issued under other starts and another manifest is refused at each, naming the arm.",
    rules=[admit_pass_receipt],
    reasons=[
        because(ReceiptFromAnotherStart, at="$.receipt.off_start_id", saying=f"PASS was issued for OFF start {OFF_START}, not this packet's start {OTHER_OFF_START}"),
        because(ReceiptFromAnotherStart, at="$.receipt.on_start_id", saying=f"PASS was issued for ON start {ON_START}, not this packet's start {OTHER_ON_START}"),
        because(ReceiptFromAnotherStart, at="$.receipt.manifest_digest", saying=f"final_need_draft_real_complete PASS was issued under manifest {MANIFEST}, not {OTHER_MANIFEST}"),
    ],
)
def receipt_from_other_starts_and_manifest_is_refused_at_each():
    receipt = check.admitted(pass_receipt(decide(FINAL, complete(), RESOLVED), BINDING))
    return admit_pass_receipt(receipt, PacketBinding(OTHER_OFF_START, OTHER_ON_START, OTHER_MANIFEST))
