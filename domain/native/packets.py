"""Bind a packet to its actual starts and manifest; refuse splices and PASS receipts copied between starts.

Seed: "Publish exclusive fresh artifacts and atomic packets under the
evidence root, binding actual start IDs and manifest ... do not splice
partial arms or copy PASS receipts between starts."  Publishing itself is
I/O and lives in `domain.edges.packet_publish`.
"""

from __future__ import annotations

import attrs
from attrs import field, frozen

from domain.native.checks import Arm, NativeCheck
from domain.native.schema import NativePacket
from domain.native.verdict import CheckVerdict, Status
from domain.outcome import Admitted, Reason, Refused
from domain.value_fields import InstanceOf

_STR = InstanceOf(str)


@frozen
class PacketBinding:
    """Name the two actual starts (OFF, ON) and the manifest a packet is bound to."""

    off_start_id: str = field(validator=_STR)
    on_start_id: str = field(validator=_STR)
    manifest_digest: str = field(validator=_STR)


@frozen
class ArmEvidence:
    """Describe one arm's evidence: its start, the HOLD run and partner start it was launched with, its manifest, completeness."""

    arm: Arm = field(validator=attrs.validators.instance_of(Arm))
    start_id: str = field(validator=_STR)
    hold_id: str = field(validator=_STR)
    partner_start_id: str = field(validator=_STR)
    manifest_digest: str = field(validator=_STR)
    complete: bool = field(validator=attrs.validators.instance_of(bool))


@frozen
class PassReceipt:
    """Record that one check PASSed under one binding."""

    check: NativeCheck = field(validator=attrs.validators.instance_of(NativeCheck))
    binding: PacketBinding = field(validator=attrs.validators.instance_of(PacketBinding))


@frozen
class SplicedArms(Reason):
    """Say two arms were not launched together as one packet's pair."""


@frozen
class PartialArm(Reason):
    """Say an arm's evidence is incomplete."""


@frozen
class WrongArm(Reason):
    """Say an arm's evidence was offered in the other arm's place."""


@frozen
class ObservationUnbound(Reason):
    """Say an observation is bound to another start or manifest than the packet's."""


@frozen
class NotPass(Reason):
    """Say only a PASS verdict yields a receipt."""


@frozen
class ReceiptFromAnotherStart(Reason):
    """Say a PASS receipt was issued under other starts or another manifest."""


def splice_arms(off: ArmEvidence, on: ArmEvidence) -> Admitted[PacketBinding] | Refused:
    """Bind OFF and ON into one packet only when they are one HOLD run's complete pair under one manifest."""
    reasons: list[Reason] = []
    for where, evidence, arm in (("$.off", off, Arm.OFF), ("$.on", on, Arm.ON)):
        if evidence.arm is not arm:
            reasons.append(WrongArm(f"{where}.arm", f"expected arm {arm.value}, got {evidence.arm.value} (start {evidence.start_id})"))
        if not evidence.complete:
            reasons.append(PartialArm(where, f"arm {evidence.arm.value} from start {evidence.start_id} is partial; partial arms are never spliced"))
    if off.hold_id != on.hold_id:
        reasons.append(SplicedArms("$.on.hold_id", f"OFF is from HOLD run {off.hold_id} and ON from {on.hold_id}; arms from different runs are never spliced"))
    if off.partner_start_id != on.start_id or on.partner_start_id != off.start_id:
        reasons.append(SplicedArms("$.on.start_id", f"start {off.start_id} was paired with {off.partner_start_id} and start {on.start_id} with {on.partner_start_id}; only a launched pair binds"))
    if off.manifest_digest != on.manifest_digest:
        reasons.append(SplicedArms("$.on.manifest_digest", f"OFF manifest {off.manifest_digest} differs from ON manifest {on.manifest_digest}"))
    if reasons:
        return Refused(tuple(reasons))
    return Admitted(PacketBinding(off.start_id, on.start_id, off.manifest_digest))


def packet_binds_observations(packet: NativePacket) -> Admitted[PacketBinding] | Refused:
    """Admit a packet whose every observation is bound to its own arm's start and the packet's manifest."""
    binding = PacketBinding(packet.arms.off.start_id, packet.arms.on.start_id, packet.manifest_digest)
    starts = {Arm.OFF: binding.off_start_id, Arm.ON: binding.on_start_id}
    reasons: list[Reason] = []
    for i, o in enumerate(packet.observations):
        if o.start_id != starts[o.arm]:
            reasons.append(ObservationUnbound(f"$.observations[{i}].start_id", f"{o.check.value}.{o.subcase} arm {o.arm.value} is from start {o.start_id}, but the packet's {o.arm.value} arm is start {starts[o.arm]}"))
        if o.manifest_digest != binding.manifest_digest:
            reasons.append(ObservationUnbound(f"$.observations[{i}].manifest_digest", f"{o.check.value}.{o.subcase} is bound to manifest {o.manifest_digest}, not the packet's {binding.manifest_digest}"))
    return Refused(tuple(reasons)) if reasons else Admitted(binding)


def pass_receipt(verdict: CheckVerdict, binding: PacketBinding) -> Admitted[PassReceipt] | Refused:
    """Issue a receipt for a PASS verdict under the binding it was decided under."""
    if verdict.status is not Status.PASS:
        return Refused((NotPass(f"$.checks.{verdict.check.value}", f"status is {verdict.status.value}; only a PASS verdict yields a receipt"),))
    return Admitted(PassReceipt(verdict.check, binding))


def admit_pass_receipt(receipt: PassReceipt, binding: PacketBinding) -> Admitted[PassReceipt] | Refused:
    """Admit a PASS receipt only under the exact starts and manifest it was issued for (never copied)."""
    reasons: list[Reason] = []
    for what, arm in (("off_start_id", "OFF"), ("on_start_id", "ON")):
        theirs, ours = getattr(receipt.binding, what), getattr(binding, what)
        if theirs != ours:
            reasons.append(ReceiptFromAnotherStart(f"$.receipt.{what}", f"{receipt.check.value} PASS was issued for {arm} start {theirs}, not this packet's start {ours}; receipts are never copied between starts"))
    if receipt.binding.manifest_digest != binding.manifest_digest:
        reasons.append(ReceiptFromAnotherStart("$.receipt.manifest_digest", f"{receipt.check.value} PASS was issued under manifest {receipt.binding.manifest_digest}, not {binding.manifest_digest}"))
    return Refused(tuple(reasons)) if reasons else Admitted(receipt)
