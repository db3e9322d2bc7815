"""Bind a packet's observations to its actual starts and manifest.

Seed: "Publish exclusive fresh artifacts and atomic packets under the
evidence root, binding actual start IDs and manifest ... do not splice
partial arms or copy PASS receipts between starts."  An observation from
another start or under another manifest is unbound, located.  A packet is
published under a plain `.json` name inside the evidence root, never a path
that could leave it; publishing itself is I/O and lives in
`domain.edges.packet_publish`.
"""

from __future__ import annotations

import re

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused
from domain.native.checks import Arm
from domain.native.schema import NativePacket

# fullmatch: `$` alone would let a trailing newline into the file name.
_PACKET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*\.json")


@frozen
class PacketBinding:
    """Name the two actual starts (OFF, ON) and the manifest a packet is bound to."""

    off_start_id: str = field(validator=vf.strict_str)
    on_start_id: str = field(validator=vf.strict_str)
    manifest_digest: str = field(validator=vf.strict_str)


@frozen
class ObservationUnbound(Reason):
    """Say an observation is bound to another start or manifest than the packet's."""


def packet_binds_observations(packet: NativePacket) -> Admitted[PacketBinding] | Refused:
    """Admit a packet whose every observation is bound to its own arm's start and the packet's manifest."""
    binding = PacketBinding(packet.arms.off.start_id, packet.arms.on.start_id, packet.manifest_digest)
    starts = {Arm.OFF: binding.off_start_id, Arm.ON: binding.on_start_id}
    reasons: list[Reason] = []
    for i, o in enumerate(packet.observations):
        if o.start_id != starts[o.arm]:
            reasons.append(
                ObservationUnbound(
                    f"$.observations[{i}].start_id",
                    f"{o.check.value}.{o.subcase} arm {o.arm.value} is from start {o.start_id}, but the packet's {o.arm.value} arm is start {starts[o.arm]}",
                )
            )
        if o.manifest_digest != binding.manifest_digest:
            reasons.append(
                ObservationUnbound(
                    f"$.observations[{i}].manifest_digest",
                    f"{o.check.value}.{o.subcase} is bound to manifest {o.manifest_digest}, not the packet's {binding.manifest_digest}",
                )
            )
    return Refused(tuple(reasons)) if reasons else Admitted(binding)


@frozen
class PacketNameUnsafe(Reason):
    """Say a packet name is not a plain `.json` file name inside the evidence root."""


def packet_name_admitted(name: str) -> Admitted[str] | Refused:
    """Admit a plain file name ending in `.json` (letters, digits, `._-`, not hidden); refuse anything that could name another place."""
    if not _PACKET_NAME.fullmatch(name):
        return Refused(
            (
                PacketNameUnsafe(
                    "$.name", f"{name!r} must be a plain file name ending in .json (letters, digits, . _ -)"
                ),
            )
        )
    return Admitted(name)
