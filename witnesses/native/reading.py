"""Witness reading native packet documents: strict shapes, every error located, expected against got."""

from __future__ import annotations

import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.native.checks import Arm, NativeCheck
from domain.native.observations import Evidence
from domain.native.reading import MalformedPacket, read_packet, read_packet_text
from witnesses.core import strategies as near
from witnesses.native.fixtures import RESOLVED, complete, edited, observation_edited, packet_document

witness = Witness("native.reading")


@witness.refusal(
    "A document that is not a JSON object is malformed at the root, naming what it is.",
    rules=[read_packet],
    reasons=[because(MalformedPacket, at="$", saying="expected a JSON object, got list")],
)
def non_object_document_is_malformed_at_the_root():
    return read_packet([packet_document(complete())])


@witness.property(
    "Packet text that parses to anything but an object, empty or falsy included, is malformed at the root alone, naming what it is.",
    rules=[read_packet_text],
)
@settings(max_examples=12)
@given(
    st.sampled_from(
        [
            ("[]", "list"),
            ("0", "int"),
            ("null", "NoneType"),
            ("false", "bool"),
            ('""', "str"),
            ("[{}]", "list"),
            ("1", "int"),
        ]
    )
)
def non_object_text_is_malformed_at_the_root(case: tuple[str, str]) -> None:
    text, kind = case
    check.equal(
        f"{text}: reasons",
        [(r.where, r.why) for r in check.refused(read_packet_text(text))],
        [("$", f"expected a JSON object, got {kind}")],
    )


@witness.refusal(
    "A string q containing ' @ ' is located at $.q, its value quoted whole.",
    rules=[read_packet],
    reasons=[because(MalformedPacket, at="$.q", saying="expected int, got str 'a @ b'")],
)
def value_containing_the_location_marker_is_located_at_its_field():
    return read_packet(edited(q="a @ b"))


MALFORMED_WORLDS: dict[str, object] = {
    "a list document": [],
    "a string document": "packet",
    "q missing": edited(q=None),
    "two extra keys": edited(zeta=1, extra=2),
    "q as a string": edited(q="4092"),
    "arms as a list": edited(arms=[]),
    "tails as a number": edited(tails=3),
    "checks value a number": edited(checks={"native_dispatch_unchanged": 1}),
    "evidence as a string": edited(evidence="evidence/x"),
    "arm in lower case": observation_edited(0, arm="off"),
    "empty subcase": observation_edited(2, subcase=" "),
}


@witness.snapshot(
    "A regression control over the located reasons read_packet gives for a set of malformed documents, byte for byte.",
    rules=[read_packet],
)
def malformed_documents_render_located_reasons() -> str:
    lines = []
    for label, document in MALFORMED_WORLDS.items():
        outcome = read_packet(document)
        lines.append(f"{label}:")
        lines.extend(f"  {type(r).__name__} {r.where}: {r.why}" for r in getattr(outcome, "reasons", ()))
    return "\n".join(lines) + "\n"


@witness.refusal(
    "A packet whose q is a string is malformed at $.q.",
    rules=[read_packet],
    reasons=[because(MalformedPacket, at="$.q", saying="expected int, got str '4092'")],
)
def string_q_is_malformed_at_its_path():
    doc = packet_document(complete())
    doc["q"] = "4092"
    return read_packet(doc)


@witness.positive("A packet document reads back into typed observations bound to their starts.", rules=[read_packet])
def packet_document_reads_back() -> None:
    packet = check.admitted(read_packet(packet_document(complete())))
    check.equal("observations", packet.observations, complete())
    check.equal("resolutions", packet.owner_resolutions, RESOLVED)


@witness.positive(
    "An observation's evidence is read from the seed's literal words: NATIVE and CPU_FIXTURE.", rules=[read_packet]
)
def evidence_reads_from_its_literal_words() -> None:
    read = {
        word: check.admitted(read_packet(observation_edited(0, evidence=word))).observations[0].evidence
        for word in ("NATIVE", "CPU_FIXTURE")
    }
    check.equal("evidence read", read, {"NATIVE": Evidence.NATIVE, "CPU_FIXTURE": Evidence.CPU_FIXTURE})


NAMES = tuple(c.value for c in NativeCheck)


@witness.property(
    "An observation naming a near miss of a check or of an arm is malformed at that field, and the exact names read.",
    rules=[read_packet],
)
@settings(max_examples=25)
@given(
    st.one_of(
        near.sampled_then(NAMES, near.near_misses).map(lambda miss: ("check", miss)),
        near.sampled_then([a.value for a in Arm], near.near_misses).map(lambda miss: ("arm", miss)),
    )
)
@example(("check", near.case_flipped(NativeCheck.NO_LOCAL_DRAFTER.value)))
@example(("check", near.strict_prefix(NativeCheck.NATIVE_DISPATCH_UNCHANGED.value)))
@example(("check", near.extended(NativeCheck.NO_LOCAL_DRAFTER.value, "s")))
@example(("arm", near.padded(Arm.ON.value, after="\n")))
@example(("arm", near.lookalike(Arm.OFF.value)))
def near_misses_of_check_and_arm_names_are_malformed(drawn: tuple[str, str]) -> None:
    field, miss = drawn
    check.admitted(read_packet(observation_edited(0)))
    reasons = check.refused(read_packet(observation_edited(0, **{field: miss})))
    check.equal(
        f"{field} {miss!r} malformed at",
        [(type(r), r.where) for r in reasons],
        [(MalformedPacket, f"$.observations[0].{field}")],
    )


# --- packet text: the bounded JSON parser first, then the packet's shape, every reason located ---


@witness.positive("A packet's JSON text reads back into the packet its document describes.", rules=[read_packet_text])
def packet_text_reads_back() -> None:
    document = packet_document(complete())
    check.equal(
        "packet from text",
        check.admitted(read_packet_text(json.dumps(document))),
        check.admitted(read_packet(document)),
    )


@witness.refusal(
    "Packet text that is not JSON is malformed at the root, with the parser's line, column and message.",
    rules=[read_packet_text],
    reasons=[
        because(MalformedPacket, at="$", saying="expected JSON, got invalid JSON at line 2 column 1: Expecting value")
    ],
)
def packet_text_that_is_not_json_is_malformed_at_the_root():
    return read_packet_text('{"q":\n')


@witness.refusal(
    "Every hostile value in packet text is malformed at its own path before the packet's shape is read.",
    rules=[read_packet_text],
    reasons=[
        because(MalformedPacket, at="$.q", saying="expected unique keys, got duplicate key 'q' (2 times)"),
        because(
            MalformedPacket,
            at="$.arms.off.container_id",
            saying="expected Unicode text, got '\\ud800', which holds a lone surrogate",
        ),
        because(MalformedPacket, at="$.tails", saying="expected a JSON number, got NaN"),
    ],
)
def hostile_values_in_packet_text_are_malformed_at_their_paths():
    text = json.dumps(packet_document(complete()))
    text = text.replace('"q": 4092', '"q": 4092, "q": 4093').replace(
        '"container_id": "up2-native-off"', '"container_id": "\\ud800"'
    )
    return read_packet_text(text.replace('"tails": {', '"tails": NaN, "ignored": {', 1))


@witness.refusal(
    "Every shape error of a packet document is named, each at its own path.",
    rules=[read_packet],
    reasons=[
        because(MalformedPacket, at="$.q", saying="expected int, got str '4092'"),
        because(MalformedPacket, at="$.tails", saying="expected an object, got int 3"),
        because(MalformedPacket, at="$", saying="expected no such key, got unknown key(s) (zeta)"),
    ],
)
def every_shape_error_of_a_packet_is_named():
    return read_packet(edited(q="4092", tails=3, zeta=1))


@witness.positive(
    "An empty JSON object is an object: it is malformed at each of the packet's twelve fields as a missing key, never "
    "as a document that is not an object.",
    rules=[read_packet, read_packet_text],
)
def an_empty_object_names_every_missing_key() -> None:
    fields = ("schema", "classification", "manifest_digest", "q", "arms", "evidence", "checks", "audited_rounds")
    fields += ("requests", "tails", "observations", "owner_resolutions")
    expected = [(f"$.{name}", "expected a value, got nothing (the key is missing)") for name in fields]
    for how, outcome in (("document", read_packet({})), ("text", read_packet_text("{}"))):
        check.equal(f"{how}: reasons", [(r.where, r.why) for r in check.refused(outcome)], expected)


@witness.positive(
    "Text that is not JSON is located at the parser's own line and column wherever the error lies: the first column, "
    "past column 80 and past column 1000 of the first line, or on a later line.",
    rules=[read_packet_text],
)
def invalid_json_is_located_at_any_line_and_column() -> None:
    for text, line, column in (
        ("x", 1, 1),
        ('{"q": ' + " " * 90 + "x}", 1, 97),
        ('{"q": ' + " " * 1000 + "x}", 1, 1007),
        ('{\n  "q":\n' + " " * 120 + "x}", 3, 121),
    ):
        reasons = check.refused(read_packet_text(text))
        check.equal(
            f"error at line {line} column {column}",
            [(r.where, r.why.split(":")[0]) for r in reasons],
            [("$", f"expected JSON, got invalid JSON at line {line} column {column}")],
        )
