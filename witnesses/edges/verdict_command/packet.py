"""Witness the packet report: its exit codes, its sections in order, and every reason and located error it prints (seed B1)."""

from __future__ import annotations

import itertools
import json

from claims import check
from domain.core.outcome import Admitted, Refused
from domain.edges import verdict_command as cmd
from domain.edges.command_output import CommandOutput
from domain.edges.streams import InputUnreadable
from domain.native.checks import Arm, NativeCheck
from witnesses.edges.fixtures import COMPLETE_PACKET, MALFORMED_PACKET, MISSING_SUBCASE_PACKET
from witnesses.edges.verdict_command import witness
from witnesses.native.fixtures import (
    OFF_START,
    ON_START,
    complete,
    packet_document,
    without,
)


@witness.positive(
    "A complete native packet prints twelve PASS verdicts under its path and exits 0.", rules=[cmd.packet_verdict]
)
def a_complete_packet_exits_0() -> None:
    output = cmd.packet_verdict("complete.json", Admitted(COMPLETE_PACKET))
    check.equal("code", output.code, 0)
    check.equal(
        "first and last", (output.out[0], output.out[-1]), ("native_verdict: complete.json", "verdict: 12/12 PASS")
    )
    check.equal("PASS lines", sum(line.endswith(": PASS") for line in output.out), 12)


@witness.positive(
    "A packet missing one subcase holds that check, says the packet claimed PASS, and exits 1.",
    rules=[cmd.packet_verdict],
)
def a_missing_subcase_exits_1() -> None:
    output = cmd.packet_verdict("missing.json", Admitted(MISSING_SUBCASE_PACKET))
    check.equal("code", output.code, 1)
    check.contains("held", "final_need_draft_real_complete: HOLD (packet says PASS)", output.out)
    check.equal("verdict", output.out[-1], "verdict: 11/12 PASS; not qualified: final_need_draft_real_complete HOLD")


@witness.positive(
    "A packet whose twelve checks all pass is still not qualified, and exits 1, when its schema or its start binding is refused.",
    rules=[cmd.packet_verdict],
)
def a_refused_schema_or_binding_never_qualifies() -> None:
    for what, text in (
        ("schema", COMPLETE_PACKET.replace('"completions": 28', '"completions": 27')),
        (
            "binding",
            COMPLETE_PACKET.replace(
                '"on": {"start_id": "up2-on-20261025T143000Z"', '"on": {"start_id": "up2-on-20261026T090000Z"', 1
            ),
        ),
    ):
        output = cmd.packet_verdict("p.json", Admitted(text))
        check.equal(f"{what} refused: code", output.code, 1)
        check.contains(f"{what} refused: said", f"{what}: REFUSED", " ".join(output.out))
        check.equal(f"{what} refused: verdict", output.out[-1], "verdict: 12/12 PASS; not qualified")


@witness.positive(
    "A malformed packet prints only its located errors, FILE: $.path, on stderr, and exits 2.",
    rules=[cmd.packet_verdict],
)
def a_malformed_packet_exits_2() -> None:
    output = cmd.packet_verdict("bad.json", Admitted(MALFORMED_PACKET))
    check.equal(
        "output", (output.code, output.out, output.err), (2, (), ("bad.json: $.q: expected int, got str '4092'",))
    )


@witness.positive("An unreadable packet file exits 2, located at the file's root.", rules=[cmd.packet_verdict])
def an_unreadable_packet_exits_2() -> None:
    unreadable = Refused(
        (InputUnreadable("absent.json", "expected a readable UTF-8 JSON file, got FileNotFoundError"),)
    )
    output = cmd.packet_verdict("absent.json", unreadable)
    check.equal(
        "output",
        (output.code, output.out, output.err),
        (2, (), ("absent.json: $: expected a readable UTF-8 JSON file, got FileNotFoundError",)),
    )


_SCHEMA_REFUSED = COMPLETE_PACKET.replace('"completions": 28', '"completions": 27')
_BINDING_REFUSED = COMPLETE_PACKET.replace(
    '"on": {"start_id": "up2-on-20261025T143000Z"', '"on": {"start_id": "up2-on-20261026T090000Z"', 1
)
REFUSED_SECTIONS = (
    ("schema", _SCHEMA_REFUSED, ["schema"]),
    ("binding", _BINDING_REFUSED, ["binding"]),
    ("both", _BINDING_REFUSED.replace('"completions": 28', '"completions": 27'), ["schema", "binding"]),
)
"""Packets whose schema, binding or both are refused, each with the sections it refuses."""


@witness.positive(
    "A refused schema or binding is said under the packet's path and above the twelve verdicts, each section in order.",
    rules=[cmd.packet_verdict],
)
def every_section_is_said_in_order() -> None:
    # What each refused section's line says (its count) is a_refused_section_counts_its_reasons's.
    for what, text, _ in REFUSED_SECTIONS:
        out = cmd.packet_verdict("p.json", Admitted(text)).out
        heads = [line.split(":", 1)[0] for line in out if not line.startswith("  ")]
        check.equal(f"{what}: sections", heads[:3], ["native_verdict", "schema", "binding"])
        check.equal(f"{what}: head", out[0], "native_verdict: p.json")
        check.equal(f"{what}: verdicts", len(heads), 3 + 12 + 1)


def two_checks_short() -> CommandOutput:
    """Return the verdict on a packet missing one subcase slot of one check and every observation of another."""
    observations = without(
        without(complete(), NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE, "tail_36q_plus_129", Arm.ON),
        NativeCheck.SOURCE_KV_WRITES_RETAINED,
        None,
        None,
    )
    return cmd.packet_verdict("p.json", Admitted(json.dumps(packet_document(observations))))


@witness.positive(
    "A packet with several checks short names every one not PASS in the verdict line, in order, and exits 1.",
    rules=[cmd.packet_verdict],
)
def every_check_short_is_named() -> None:
    output = two_checks_short()
    check.equal("code", output.code, 1)
    check.equal(
        "verdict",
        output.out[-1],
        "verdict: 10/12 PASS; not qualified: final_need_draft_real_complete HOLD, source_kv_writes_retained NOT RUN",
    )


@witness.positive(
    "A check the packet's map omits is said with its decided status and no note, one the packet misstates says what the packet claimed, and the refused schema exits 1.",
    rules=[cmd.packet_verdict],
)
def a_check_the_packet_omits_carries_no_note() -> None:
    document = packet_document(complete())
    del document["checks"][NativeCheck.NO_LOCAL_DRAFTER.value]
    document["checks"][NativeCheck.NATIVE_DISPATCH_UNCHANGED.value] = "HOLD"
    output = cmd.packet_verdict("p.json", Admitted(json.dumps(document)))
    check.equal("code", output.code, 1)
    check.contains("omitted: decided, no note", "no_local_drafter: PASS", output.out)
    check.contains(
        "misstated: the packet's claim noted", "native_dispatch_unchanged: PASS (packet says HOLD)", output.out
    )
    check.equal(
        "notes",
        [line for line in output.out if "(packet says" in line],
        ["native_dispatch_unchanged: PASS (packet says HOLD)"],
    )
    check.equal("verdict", output.out[-1], "verdict: 12/12 PASS; not qualified")


@witness.positive(
    "A refused schema or binding says how many reasons it lists: its line reads REFUSED (N reason(s)), N the reason lines under it, for one reason and for many.",
    rules=[cmd.packet_verdict],
)
def a_refused_section_counts_its_reasons() -> None:
    for what, text, refused in REFUSED_SECTIONS:
        out = cmd.packet_verdict("p.json", Admitted(text)).out
        counted = []
        for at, line in enumerate(out):
            section, _, said = line.partition(": ")
            if section in ("schema", "binding") and said.startswith("REFUSED"):
                reasons = list(itertools.takewhile(lambda line: line.startswith("  "), out[at + 1 :]))
                counted.append(section)
                check.equal(f"{what}: {section}", line, f"{section}: REFUSED ({len(reasons)} reason(s))")
        check.equal(f"{what}: sections refused", counted, refused)


@witness.positive(
    "A check held for several reasons prints every one under its verdict line, in the fold's order, before the next check.",
    rules=[cmd.packet_verdict],
)
def a_held_check_prints_every_reason() -> None:
    final = NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE
    observations = without(without(complete(), final, "tail_36q_plus_1", Arm.OFF), final, "tail_36q_plus_129", Arm.ON)
    out = cmd.packet_verdict("p.json", Admitted(json.dumps(packet_document(observations)))).out
    at = out.index("final_need_draft_real_complete: HOLD (packet says PASS)")
    where = "SubcaseMissing @ $.checks.final_need_draft_real_complete"
    keeps = "one missing subcase keeps the whole check NOT RUN/HOLD"
    check.equal(
        "the held check's lines",
        out[at : at + 4],
        (
            "final_need_draft_real_complete: HOLD (packet says PASS)",
            f"  {where}.tail_36q_plus_1.OFF: no observation of tail_36q_plus_1 in arm OFF (start {OFF_START}); {keeps}",
            f"  {where}.tail_36q_plus_129.ON: no observation of tail_36q_plus_129 in arm ON (start {ON_START}); {keeps}",
            "source_kv_writes_retained: PASS",
        ),
    )


@witness.positive(
    "A packet malformed in several places prints every located error, in the document's order, on stderr, and exits 2.",
    rules=[cmd.packet_verdict],
)
def a_packet_malformed_in_several_places_prints_every_error() -> None:
    text = MALFORMED_PACKET.replace('"audited_rounds": {"off": 96', '"audited_rounds": {"off": "96"', 1)
    output = cmd.packet_verdict("bad.json", Admitted(text))
    check.equal(
        "output",
        (output.code, output.out, output.err),
        (
            2,
            (),
            (
                "bad.json: $.q: expected int, got str '4092'",
                "bad.json: $.audited_rounds.off: expected int, got str '96'",
            ),
        ),
    )


@witness.positive(
    "A schema refused for several reasons prints every one under its REFUSED line, in the validator's order.",
    rules=[cmd.packet_verdict],
)
def a_schema_refused_for_several_reasons_prints_every_one() -> None:
    text = _SCHEMA_REFUSED.replace('"audited_rounds": {"off": 96', '"audited_rounds": {"off": 0', 1)
    out = cmd.packet_verdict("p.json", Admitted(text)).out
    at = out.index("schema: REFUSED (2 reason(s))")
    check.equal(
        "the schema's lines",
        out[at : at + 4],
        (
            "schema: REFUSED (2 reason(s))",
            "  CountInvalid @ $.audited_rounds.off: audited rounds must be positive, got 0",
            "  CountInvalid @ $.requests: send intents, opened and completions must be equal and positive, got 28/28/27",
            "binding: OFF start up2-off-20261025T140000Z, ON start up2-on-20261025T143000Z, "
            "manifest sha256:" + "ab" * 32,
        ),
    )


@witness.positive(
    "An unreadable packet is located where the reader located it (a blank path quoted), never re-derived from the path.",
    rules=[cmd.packet_verdict],
)
def an_unreadable_packet_keeps_its_readers_location() -> None:
    unreadable = Refused((InputUnreadable("' '", "expected a readable UTF-8 JSON file, got FileNotFoundError"),))
    output = cmd.packet_verdict(" ", unreadable)
    check.equal(
        "output",
        (output.code, output.out, output.err),
        (2, (), ("' ': $: expected a readable UTF-8 JSON file, got FileNotFoundError",)),
    )


@witness.positive(
    "Each check's line says its status as the verdict line does (PASS, HOLD, NOT RUN with its space) and what the packet claimed beside it when they differ.",
    rules=[cmd.packet_verdict],
)
def each_check_line_says_its_status_as_the_verdict_line_does() -> None:
    output = two_checks_short()
    said = {line.split(":")[0]: line for line in output.out if line.split(":")[0] in {c.value for c in NativeCheck}}
    check.equal(
        "three check lines",
        (
            said[NativeCheck.SOURCE_KV_WRITES_RETAINED.value],
            said[NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE.value],
            said[NativeCheck.NO_LOCAL_DRAFTER.value],
        ),
        (
            "source_kv_writes_retained: NOT RUN (packet says PASS)",
            "final_need_draft_real_complete: HOLD (packet says PASS)",
            "no_local_drafter: PASS",
        ),
    )


@witness.positive(
    "A schema-valid packet's schema line says schema-valid is not native evidence, whatever its checks decide.",
    rules=[cmd.packet_verdict],
)
def a_valid_schema_is_said_not_to_be_native_evidence() -> None:
    for what, observations in (("complete", complete()), ("no observations", ())):
        output = cmd.packet_verdict("p.json", Admitted(json.dumps(packet_document(observations))))
        check.equal(f"{what}: schema line", output.out[1], "schema: valid (schema-valid is not native evidence)")


# --- partitions: which checks fall short (first, last, several, all), and how many schema reasons or shape errors ---


_SCHEMA_FAULTS = (
    ('"completions": 28', '"completions": 27'),
    ('"audited_rounds": {"off": 96', '"audited_rounds": {"off": 0'),
    ('"schema": "up2-native-packet/1"', '"schema": "up2-native-packet/2"'),
    ('"classification": "NATIVE"', '"classification": "SCREEN"'),
    ('"q": 4092', '"q": 0'),
)
_SHAPE_FAULTS = (
    ('"q": 4092', '"q": "4092"'),
    ('"audited_rounds": {"off": 96', '"audited_rounds": {"off": "96"'),
    ('"send_intents": 28', '"send_intents": "28"'),
    ('"classification": "NATIVE"', '"classification": 7'),
)
