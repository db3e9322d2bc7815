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
    must_green={"native.schema.complete_native_packet_is_schema_valid", "native.schema.schema_refuses_tails_not_derived_from_q"},
)
