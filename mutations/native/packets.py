"""Declare the seeded defects of binding a packet's observations to its actual starts and manifest (seed B2)."""

from __future__ import annotations

from claims.defects import Defect
from domain.native import packets

start_not_bound = Defect(
    id="native.start_not_bound",
    target=packets.packet_binds_observations,
    intent="Bind a packet's observations by manifest only, so an observation from another start is spliced in (seed B2: packets bind the actual start IDs and manifest).",
    patch=("if o.start_id != starts[o.arm]:", "if False:"),
    must_red={"native.packets.observation_from_another_start_is_unbound"},
    must_green={"native.packets.packet_observations_bound_to_its_starts", "native.packets.observation_under_another_manifest_is_unbound"},
)
