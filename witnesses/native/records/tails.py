"""Witness the saved tails: unverified on an ESTIMATED q, derived only from a MEASURED, verified one, each reason alone."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.native.checks import QNotPositive
from domain.native.figures import Provenance
from domain.native.records import (
    SAVED_DIAGNOSTIC,
    TailsUnverified,
    tails_verified,
)
from witnesses.native.records import witness


@witness.refusal(
    "The saved tails rest on an ESTIMATED q4092 and were never verified.",
    rules=[tails_verified],
    reasons=[
        because(TailsUnverified, at="$.tails.q", saying=["q4092", "ESTIMATED"]),
        because(TailsUnverified, at="$.tails.tails_verified", saying="false"),
    ],
)
def saved_tails_are_not_verified():
    return tails_verified(SAVED_DIAGNOSTIC)


@witness.positive(
    "A MEASURED, verified q of 4092 yields tails 147313, 147439, 147440 and 147441.", rules=[tails_verified]
)
def measured_verified_q_yields_tails() -> None:
    record = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True)
    check.equal("tails", check.admitted(tails_verified(record)), (147313, 147439, 147440, 147441))


@witness.refusal(
    "An unverified record with a q of 0 has no tails: the q's own refusal joins both unverified reasons.",
    rules=[tails_verified],
    reasons=[
        because(TailsUnverified, at="$.tails.q", saying="q0 is ESTIMATED"),
        because(TailsUnverified, at="$.tails.tails_verified", saying="false"),
        because(QNotPositive, at="$.q", saying="got 0"),
    ],
)
def zero_q_refuses_with_every_reason():
    return tails_verified(attrs.evolve(SAVED_DIAGNOSTIC, q=0))


@witness.refusal(
    "Verified tails on an ESTIMATED q are refused for the q alone.",
    rules=[tails_verified],
    reasons=[
        because(TailsUnverified, at="$.tails.q", saying="q4092 is ESTIMATED; tails need the start's actual solo q")
    ],
)
def verified_tails_on_an_estimated_q_are_refused_for_the_q():
    return tails_verified(attrs.evolve(SAVED_DIAGNOSTIC, tails_verified=True))


@witness.refusal(
    "Unverified tails on a MEASURED q are refused for the verification alone.",
    rules=[tails_verified],
    reasons=[because(TailsUnverified, at="$.tails.tails_verified", saying="tails_verified is false")],
)
def unverified_tails_on_a_measured_q_are_refused_for_the_verification():
    return tails_verified(attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED))


@witness.refusal(
    "A MEASURED, verified record whose q is not positive is refused for the q alone, by the tails' own rule.",
    rules=[tails_verified],
    reasons=[because(QNotPositive, at="$.q", saying="q must be a positive token count, got 0")],
)
def a_verified_record_with_q_0_is_refused_for_the_q_alone():
    record = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True, q=0)
    return tails_verified(record)


@witness.property(
    "A MEASURED, verified record whose q is zero or negative is refused for the q alone, never given the tails of its magnitude.",
    rules=[tails_verified],
)
@settings(max_examples=25)
@given(st.integers(max_value=0))
@example(0)
@example(-1)
@example(-4092)
def a_verified_record_with_a_q_not_positive_is_refused_for_the_q_alone(q: int) -> None:
    record = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True, q=q)
    check.equal(
        f"q={q}: reasons",
        [(type(r).__name__, r.where, r.why) for r in check.refused(tails_verified(record))],
        [("QNotPositive", "$.q", f"q must be a positive token count, got {q}")],
    )
