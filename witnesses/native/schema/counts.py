"""Witness each arm's tails and each count alone: one arm's tails, one request count off by one, negative rounds and requests."""

from __future__ import annotations

import copy

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.native.schema import (
    CountInvalid,
    TailsNotDerived,
    native_packet_schema_valid,
)
from witnesses.native.fixtures import complete, packet_document
from witnesses.native.schema import _packet, witness


@witness.refusal(
    "An ON arm that sent only three of the four tails is refused at its own tails alone; the OFF arm's are derived.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(
            TailsNotDerived,
            at="$.tails.on",
            saying="tails must be 36*q + (1, 127, 128, 129) = [147313, 147439, 147440, 147441] for q=4092, got [147313, 147439, 147440]",
        )
    ],
)
def an_on_arm_missing_one_tail_is_refused_alone():
    doc = copy.deepcopy(packet_document(complete()))
    doc["tails"]["on"] = doc["tails"]["on"][:3]
    return native_packet_schema_valid(_packet(doc))


@witness.refusal(
    "An OFF arm whose tails derive from another q is refused at its own tails alone; the ON arm's are derived.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(
            TailsNotDerived,
            at="$.tails.off",
            saying="for q=4092, got [147349, 147475, 147476, 147477]",
        )
    ],
)
def an_off_arm_with_another_qs_tails_is_refused_alone():
    doc = copy.deepcopy(packet_document(complete()))
    doc["tails"]["off"] = [36 * 4093 + k for k in (1, 127, 128, 129)]
    return native_packet_schema_valid(_packet(doc))


@witness.property(
    "Requests with any one count off by one from 28/28/28, above or below, are refused at $.requests alone.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=20)
@given(st.sampled_from(["send_intents", "opened", "completions"]), st.sampled_from([-1, 1]))
@example("opened", -1)
@example("opened", 1)
@example("send_intents", 1)
@example("completions", 1)
def any_one_request_count_off_by_one_is_refused(count: str, delta: int) -> None:
    doc = copy.deepcopy(packet_document(complete()))
    doc["requests"][count] = 28 + delta
    reasons = check.refused(native_packet_schema_valid(_packet(doc)))
    check.equal(
        f"{count} {28 + delta} refused at",
        [(type(r), r.where, r.why) for r in reasons],
        [
            (
                CountInvalid,
                "$.requests",
                "send intents, opened and completions must be equal and positive, got "
                + "/".join(str(doc["requests"][k]) for k in ("send_intents", "opened", "completions")),
            )
        ],
    )


@witness.refusal(
    "Negative audited rounds in both arms and -1/-1/-1 requests are refused at each, like zero ones.",
    rules=[native_packet_schema_valid],
    reasons=[
        because(CountInvalid, at="$.audited_rounds.off", saying="audited rounds must be positive, got -1"),
        because(CountInvalid, at="$.audited_rounds.on", saying="audited rounds must be positive, got -1"),
        because(CountInvalid, at="$.requests", saying="must be equal and positive, got -1/-1/-1"),
    ],
)
def negative_rounds_and_requests_are_refused():
    doc = copy.deepcopy(packet_document(complete()))
    doc["audited_rounds"] = {"off": -1, "on": -1}
    doc["requests"] = {"send_intents": -1, "opened": -1, "completions": -1}
    return native_packet_schema_valid(_packet(doc))


@witness.property(
    "A packet whose q is zero or negative is refused at its q alone, whatever tails it sent, even the tails of its magnitude.",
    rules=[native_packet_schema_valid],
)
@settings(max_examples=25)
@given(st.integers(min_value=-(2**40), max_value=0))
@example(0)
@example(-1)
@example(-4092)
def a_q_not_positive_is_refused_at_the_q_alone(q: int) -> None:
    doc = copy.deepcopy(packet_document(complete()))
    doc["q"] = q
    magnitude = [36 * abs(q) + k for k in (1, 127, 128, 129)]
    doc["tails"] = {"off": magnitude, "on": magnitude}
    check.equal(
        f"q={q}: reasons",
        [(type(r).__name__, r.where, r.why) for r in check.refused(native_packet_schema_valid(_packet(doc)))],
        [("CountInvalid", "$.q", f"q must be a positive token count, got {q}")],
    )


_DERIVED = [36 * 4092 + k for k in (1, 127, 128, 129)]


@witness.positive(
    "Either arm's tails reordered, duplicated, extended by a fifth tail or short of one are refused at that arm alone: "
    "the tails are exactly 36q + (1, 127, 128, 129) in that order.",
    rules=[native_packet_schema_valid],
)
def tails_in_any_other_order_or_count_are_refused() -> None:
    shapes = {
        "reversed": _DERIVED[::-1],
        "first two swapped": [_DERIVED[1], _DERIVED[0], *_DERIVED[2:]],
        "last duplicated": [*_DERIVED, _DERIVED[-1]],
        "a fifth tail": [*_DERIVED, 36 * 4092 + 130],
        "one duplicated for another": [_DERIVED[0], _DERIVED[0], *_DERIVED[2:]],
        "empty": [],
    }
    for arm in ("off", "on"):
        for shape, tails in shapes.items():
            doc = copy.deepcopy(packet_document(complete()))
            doc["tails"][arm] = tails
            check.equal(
                f"{arm} tails {shape}",
                [(type(r), r.where) for r in check.refused(native_packet_schema_valid(_packet(doc)))],
                [(TailsNotDerived, f"$.tails.{arm}")],
            )


@witness.positive(
    "An audited-round count of any non-positive size (0, -1, -100, -2**63) in either arm is refused at that arm alone, "
    "and any positive count (1, 96, 2**62) is valid.",
    rules=[native_packet_schema_valid],
)
def audited_rounds_of_any_size_are_judged_by_sign() -> None:
    for arm in ("off", "on"):
        for rounds in (0, -1, -100, -101, -(2**63)):
            doc = copy.deepcopy(packet_document(complete()))
            doc["audited_rounds"][arm] = rounds
            check.equal(
                f"{arm} {rounds}",
                [(type(r), r.where) for r in check.refused(native_packet_schema_valid(_packet(doc)))],
                [(CountInvalid, f"$.audited_rounds.{arm}")],
            )
        for rounds in (1, 96, 2**62):
            doc = copy.deepcopy(packet_document(complete()))
            doc["audited_rounds"][arm] = rounds
            check.admitted(native_packet_schema_valid(_packet(doc)))
