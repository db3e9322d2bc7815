"""Seeded defects for Part B's packets and privacy (DOMAIN.md B1 privacy, B2 packets).

Each replacement is a copy of the rule with exactly one thing taken away;
the comment above it names what, and the seed fact it breaks.  Two groups
apply what the seed says together: "partial arms are never spliced, PASS
receipts never copied between starts", and a SuffixRow "is never
serialised" by the exporter nor by the converter beneath it.
"""

# TODO(layout): these claim ids in the intents below no longer exist; their claims were deleted with their rules or
#  rewritten (issue 13 item 3): native.privacy.nested_suffix_row_is_refused_where_it_sits,
#  native.privacy.suffix_row_is_never_exported.

from __future__ import annotations

from typing import Any

import attrs

from claims.defects import Defect
from domain.core.outcome import Admitted, Reason, Refused
from domain.native.packets import ObservationUnbound, PacketBinding
from domain.native.schema import NativePacket

PACKETS = "native.packets"
PRIVACY = "native.privacy"


# TODO(layout): removed the defects arms_from_different_starts_spliced and partial_arm_spliced with their
# replacements: their target domain.native.packets.splice_arms was deleted (issue 13 item 3, no command reached it).


# --- packets.packet_binds_observations --------------------------------------


def binds_observations_by_manifest_only(packet: NativePacket) -> Admitted[PacketBinding] | Refused:
    # Seed B2: packets bind "the actual start IDs and manifest"; this copy checks the manifest only.
    binding = PacketBinding(packet.arms.off.start_id, packet.arms.on.start_id, packet.manifest_digest)
    reasons: list[Reason] = []
    for i, o in enumerate(packet.observations):
        if o.manifest_digest != binding.manifest_digest:
            reasons.append(ObservationUnbound(f"$.observations[{i}].manifest_digest", f"{o.check.value}.{o.subcase} is bound to manifest {o.manifest_digest}, not the packet's {binding.manifest_digest}"))
    return Refused(tuple(reasons)) if reasons else Admitted(binding)


observation_from_another_start_bound = Defect(
    id="native.observation_from_another_start_bound",
    target="domain.native.packets.packet_binds_observations",
    replacement=binds_observations_by_manifest_only,
    description="Bind a packet's observations by manifest only, accepting observations from another start.",
    expect_red={f"{PACKETS}.observation_from_another_start_is_unbound"},
    expect_green={f"{PACKETS}.packet_observations_bound_to_its_starts"},
)

# TODO(layout): removed the defects receipt_for_a_hold_verdict, receipt_from_another_start_accepted and the group
# evidence_moved_between_starts: their targets domain.native.packets.pass_receipt and admit_pass_receipt were deleted.


# --- privacy: the converter hook ---------------------------------------------


def serialise_private(value: Any) -> Any:
    # Seed B1: "a SuffixRow carries an anchor token; it is never serialised"; this hook serialises it field by field.
    return attrs.asdict(value)


converter_serialises_suffix_row = Defect(
    id="native.converter_serialises_suffix_row",
    target="domain.core.convert._refuse_private",
    replacement=serialise_private,
    description="Let the native converter serialise a SuffixRow (anchor token included) instead of raising.",
    expect_red={"core.convert.fresh_converter_never_writes_or_reads_a_suffix_row", "core.convert.native_converter_raises_on_a_suffix_row"},
    # The exporter's own located check still refuses: privacy has two layers.
    expect_green={f"{PRIVACY}.suffix_row_is_never_exported", f"{PRIVACY}.nested_suffix_row_is_refused_where_it_sits"},
)

# TODO(layout): removed the defects exporter_skips_private_check, missing_rank_row_agrees and the group
# suffix_row_exported: their targets domain.native.privacy.export_record and rank_agreement were deleted
# (privacy.py is gone; the converter's own refusal above is the privacy layer that remains).
