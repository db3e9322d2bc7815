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
    must_green={
        "native.packets.packet_observations_bound_to_its_starts",
        "native.packets.observation_under_another_manifest_is_unbound",
    },
)

packet_name_matched_as_a_prefix = Defect(
    id="native.packet_name_matched_as_a_prefix",
    target=packets.packet_name_admitted,
    intent="Match a packet name by its start, so `p.json\\n` or `p.json.bak` publishes under a name no reader looks for (seed B2: fresh artifacts under the evidence root).",
    patch=("if not _PACKET_NAME.fullmatch(name):", "if not _PACKET_NAME.match(name):"),
    must_red={
        "native.packets.a_name_ending_in_a_newline_is_refused",
        "native.packets.names_that_could_leave_the_root_are_refused",
    },
    must_green={"native.packets.a_plain_json_name_is_admitted"},
)

start_compared_stripped = Defect(
    id="native.start_compared_stripped",
    target=packets.packet_binds_observations,
    intent="Compare an observation's start with its arm's start stripped of surrounding whitespace, so `up2-on-…\\n` binds as the ON start.",
    patch=("if o.start_id != starts[o.arm]:", "if o.start_id.strip() != starts[o.arm]:"),
    must_red={"native.packets.near_misses_of_a_start_are_unbound"},
)

manifest_compared_case_blind = Defect(
    id="native.manifest_compared_case_blind",
    target=packets.packet_binds_observations,
    intent="Compare an observation's manifest with the packet's case-blind, so an observation under `SHA256:AB…` binds.",
    patch=(
        "if o.manifest_digest != binding.manifest_digest:",
        "if o.manifest_digest.casefold() != binding.manifest_digest.casefold():",
    ),
    must_red={"native.packets.near_misses_of_the_manifest_are_unbound"},
)

packet_name_reason_drops_the_plain_characters = Defect(
    id="native.packet_name_reason_drops_the_plain_characters",
    target=packets.packet_name_admitted,
    intent="Refuse an unsafe packet name without saying which characters a plain name may use.",
    patch=("ending in .json (letters, digits, . _ -)", "ending in .json"),
    must_red={"native.packets.a_name_ending_in_a_newline_is_refused"},
)

binding_read_from_the_observations = Defect(
    id="native.binding_read_from_the_observations",
    target=packets.packet_binds_observations,
    intent="Bind a packet to its first observation's manifest instead of its own, so observations that agree on another manifest are all bound (seed B2: packets bind the actual start ids and manifest).",
    patch=(
        "packet.arms.on.start_id, packet.manifest_digest)",
        "packet.arms.on.start_id, packet.observations[0].manifest_digest if packet.observations else packet.manifest_digest)",
    ),
    must_red={"native.packets.observations_agreeing_on_another_binding_are_each_unbound"},
)

long_json_names_admitted_unchecked = Defect(
    id="native.long_json_names_admitted_unchecked",
    target=packets.packet_name_admitted,
    intent="Admit any name longer than 40 characters that ends in .json, so a long name carrying a '/' could leave the evidence root.",
    patch=(
        "if not _PACKET_NAME.fullmatch(name):",
        "if not _PACKET_NAME.fullmatch(name) and not (len(name) > 40 and name.endswith('.json')):",
    ),
    must_red={"native.packets.a_name_of_any_length_is_admitted_iff_plain"},
)

fixture_observations_never_unbound_by_start = Defect(
    id="native.fixture_observations_never_unbound_by_start",
    target=packets.packet_binds_observations,
    intent="Bind only NATIVE observations to their arm's start, so a CPU_FIXTURE observation from another start passes as bound.",
    patch=("if o.start_id != starts[o.arm]:", 'if o.start_id != starts[o.arm] and o.evidence.value == "NATIVE":'),
    must_red={"native.packets.every_evidence_kind_and_outcome_is_bound"},
)

unheld_observations_never_unbound_by_manifest = Defect(
    id="native.unheld_observations_never_unbound_by_manifest",
    target=packets.packet_binds_observations,
    intent="Bind only held observations to the packet's manifest, so an observation that did not hold may come from another manifest.",
    patch=(
        "if o.manifest_digest != binding.manifest_digest:",
        "if o.manifest_digest != binding.manifest_digest and o.held:",
    ),
    must_red={"native.packets.every_evidence_kind_and_outcome_is_bound"},
)

binding_without_observations_names_off_twice = Defect(
    id="native.binding_without_observations_names_off_twice",
    target=packets.packet_binds_observations,
    intent="Bind a packet carrying no observation to its OFF start for both arms.",
    patch=(
        "PacketBinding(packet.arms.off.start_id, packet.arms.on.start_id, packet.manifest_digest)",
        "PacketBinding(packet.arms.off.start_id, packet.arms.on.start_id if packet.observations else packet.arms.off.start_id, packet.manifest_digest)",
    ),
    must_red={"native.packets.the_binding_names_the_packets_starts_however_many_observations"},
)
