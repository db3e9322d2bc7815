"""Declare the seeded defects of reading a packet document strictly, every error located at its JSON path."""

from __future__ import annotations

from claims.defects import Defect
from domain.native import reading

shape_errors_located_at_the_root = Defect(
    id="native.shape_errors_located_at_the_root",
    target=reading.read_packet,
    intent="Locate every shape error of a packet at the document's root instead of its own field, so the operator cannot tell which field is wrong.",
    patch=("MalformedPacket(r.where, r.why)", 'MalformedPacket("$", r.why)'),
    must_red={
        "native.reading.string_q_is_malformed_at_its_path",
        "native.reading.value_containing_the_location_marker_is_located_at_its_field",
        "native.observations.blank_start_id_is_refused_naming_the_field",
    },
    must_green={"native.reading.packet_document_reads_back", "native.reading.non_object_document_is_malformed_at_the_root"},
)
