"""Declare the seeded defects of reading a packet document strictly, every error located at its JSON path."""

from __future__ import annotations

from claims.defects import Defect, original
from domain.core.outcome import Admitted, Refused
from domain.native import reading
from domain.native.schema import NativePacket

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
    must_green={
        "native.reading.packet_document_reads_back",
        "native.reading.non_object_document_is_malformed_at_the_root",
    },
)


def _folded(observation: object) -> object:
    if not (
        isinstance(observation, dict)
        and isinstance(observation.get("check"), str)
        and isinstance(observation.get("arm"), str)
    ):
        return observation
    return {**observation, "check": observation["check"].strip().lower(), "arm": observation["arm"].strip().upper()}


def read_with_names_folded(document: object) -> Admitted[NativePacket] | Refused:
    """Read a packet with each observation's check and arm names stripped and case-folded first, as a lenient reader would."""
    if isinstance(document, dict) and isinstance(document.get("observations"), list):
        document = {**document, "observations": [_folded(o) for o in document["observations"]]}
    return original(reading.read_packet)(document)


names_read_case_blind = Defect(
    id="native.names_read_case_blind",
    target=reading.read_packet,
    intent="Read an observation's check and arm names case-blind and stripped, so `No_local_drafter` or `ON\\n` names a check or an arm instead of being malformed.",
    replacement=read_with_names_folded,
    must_red={"native.reading.near_misses_of_check_and_arm_names_are_malformed"},
    must_green={"native.reading.packet_document_reads_back"},
)

falsy_text_read_as_an_empty_object = Defect(
    id="native.falsy_text_read_as_an_empty_object",
    target=reading.read_packet_text,
    intent='Read packet text that parses to an empty or falsy value ([], 0, null, false, "") as an empty object, so it is refused for every missing key instead of at the root for not being an object.',
    patch=(
        "    return read_packet(parsed.value)",
        "    return read_packet(parsed.value) if parsed.value else read_packet({})",
    ),
    must_red={"native.reading.non_object_text_is_malformed_at_the_root"},
)

empty_object_read_as_no_object = Defect(
    id="native.empty_object_read_as_no_object",
    target=reading.read_packet,
    intent="Refuse an empty JSON object as if it were not an object, so its twelve missing keys are never named.",
    patch=("if not isinstance(document, dict):", "if not isinstance(document, dict) or not document:"),
    must_red={"native.reading.an_empty_object_names_every_missing_key"},
)
