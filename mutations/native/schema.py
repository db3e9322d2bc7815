"""Declare the seeded defects of the packet schema validator (`up2_checks.native`: schema-valid, never native)."""

from __future__ import annotations

from claims.defects import Defect
from domain.native import schema

evidence_path_escapes_the_root = Defect(
    id="native.evidence_path_escapes_the_root",
    target=schema.native_packet_schema_valid,
    intent="Validate a packet without checking that its evidence paths stay under the evidence root (seed B2: published under the evidence root).",
    patch=("        reasons.extend(_path_reasons(i, item.path))\n", ""),
    must_red={"native.schema.dot_segment_evidence_path_is_unsafe", "native.schema.schema_refuses_each_failing_field"},
    must_green={
        "native.schema.complete_native_packet_is_schema_valid",
        "native.schema.schema_refuses_tails_not_derived_from_q",
    },
)

schema_id_compared_stripped = Defect(
    id="native.schema_id_compared_stripped",
    target=schema.native_packet_schema_valid,
    intent="Compare the packet's schema id stripped of surrounding whitespace, so `up2-native-packet/1\\n` passes as the schema.",
    patch=("if packet.schema != FIXTURE_PACKET_SCHEMA:", "if packet.schema.strip() != FIXTURE_PACKET_SCHEMA:"),
    must_red={"native.schema.near_misses_of_the_schema_and_classification_mismatch"},
)

pass_string_compared_case_blind = Defect(
    id="native.pass_string_compared_case_blind",
    target=schema.native_packet_schema_valid,
    intent="Read a check's PASS string case-blind, so `pASS` passes the validator.",
    patch=("if packet.checks[name] != PASS_STRING:", "if packet.checks[name].upper() != PASS_STRING:"),
    must_red={"native.schema.near_misses_of_check_names_and_pass_are_invalid"},
)

manifest_digest_matched_as_a_prefix = Defect(
    id="native.manifest_digest_matched_as_a_prefix",
    target=schema.native_packet_schema_valid,
    intent="Match the manifest digest by its start, so a digest followed by a newline or a suffix passes as valid.",
    patch=("if not _DIGEST.fullmatch(packet.manifest_digest):", "if not _DIGEST.match(packet.manifest_digest):"),
    must_red={"native.schema.near_misses_of_the_manifest_digest_are_invalid"},
)

schema_id_bumped_to_version_2 = Defect(
    id="native.schema_id_bumped_to_version_2",
    target=schema.native_packet_schema_valid,
    intent="Expect the next schema version, so the validator admits `up2-native-packet/2` in place of `/1`.",
    patch=(
        "if packet.schema != FIXTURE_PACKET_SCHEMA:",
        'if packet.schema != FIXTURE_PACKET_SCHEMA.replace("/1", "/2"):',
    ),
    must_red={"native.schema.the_next_schema_version_is_refused_naming_version_1"},
)

digest_checked_for_the_first_two_files = Defect(
    id="native.digest_checked_for_the_first_two_files",
    target=schema.native_packet_schema_valid,
    intent="Check the digests of the first two evidence files only, so a third file's bad digest passes the schema.",
    patch=("if not _DIGEST.fullmatch(item.digest):", "if not _DIGEST.fullmatch(item.digest) and i < 2:"),
    must_red={"native.schema.a_bad_digest_at_any_position_is_refused_at_it"},
)
