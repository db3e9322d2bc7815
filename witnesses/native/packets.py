"""Witness binding a packet's observations to its actual starts and manifest."""

from __future__ import annotations

from claims import Witness, because, check
from domain.native.checks import Arm, NativeCheck
from domain.native.packets import (
    ObservationUnbound,
    PacketBinding,
    packet_binds_observations,
)
from domain.native.reading import read_packet
from witnesses.native.fixtures import (
    MANIFEST,
    OFF_START,
    ON_START,
    OTHER_MANIFEST,
    OTHER_ON_START,
    complete,
    packet_document,
    replaced,
)

witness = Witness("native.packets")

BINDING = PacketBinding(OFF_START, ON_START, MANIFEST)
FINAL = NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE


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


RANK = NativeCheck.RANK_Q_KEPT_POSITION_VALID_ANCHOR_OWNER_AGREEMENT


@witness.refusal(
    "An observation bound to another manifest is unbound from the packet, naming both manifests.",
    rules=[packet_binds_observations],
    reasons=[because(ObservationUnbound, at="$.observations[5].manifest_digest", saying=f"kept_agreement is bound to manifest {OTHER_MANIFEST}, not the packet's {MANIFEST}")],
)
def observation_under_another_manifest_is_unbound():
    obs = replaced(complete(), RANK, "kept_agreement", Arm.ON, manifest_digest=OTHER_MANIFEST)
    return packet_binds_observations(check.admitted(read_packet(packet_document(obs))))
