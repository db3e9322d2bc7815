"""Witness the 300K screen: non-adoptable SCREEN evidence whatever its Stage-B PASS, its exact gain, and only NATIVE records admitted."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core.outcome import Admitted
from domain.native.records import (
    SAVED_SCREEN_300K,
    GainInconsistent,
    ScreenNotAdoptable,
    screen_adoptable,
    screen_gain,
)
from witnesses.core import strategies as near
from witnesses.native.fixtures import complete
from witnesses.native.records import witness


@witness.refusal(
    "The 300K screen is non-adoptable SCREEN evidence with no native observations, whatever its Stage-B PASS.",
    rules=[screen_adoptable],
    reasons=[
        because(ScreenNotAdoptable, at="$.classification", saying=["SCREEN", "Stage-B PASS"]),
        because(ScreenNotAdoptable, at="$.observations", saying="12/12"),
    ],
)
def saved_screen_is_not_adoptable():
    return screen_adoptable(SAVED_SCREEN_300K)


@witness.positive("A non-SCREEN adoptable record carrying native observations is admitted.", rules=[screen_adoptable])
def adoptable_native_record_is_admitted() -> None:
    record = attrs.evolve(SAVED_SCREEN_300K, classification="NATIVE", adoptable=True, observations=complete())
    check.equal("admitted", check.admitted(screen_adoptable(record)), record)


@witness.positive(
    "The screen's 6.8251 % gain is exactly (1 − 0.9317489404) × 100 at four decimals; spread 0.1051 %.",
    rules=[screen_gain],
)
def screen_gain_is_one_minus_median() -> None:
    check.equal("exact gain (%)", check.admitted(screen_gain(SAVED_SCREEN_300K)), Fraction("6.82510596"))
    check.equal(
        "recorded",
        (
            SAVED_SCREEN_300K.gain_percent,
            SAVED_SCREEN_300K.paired_spread_percent,
            SAVED_SCREEN_300K.submissions,
            SAVED_SCREEN_300K.completed,
        ),
        (Fraction("6.8251"), Fraction("0.1051"), 12, 12),
    )


@witness.refusal(
    "A recorded gain of 6.8252 % disagrees with the median and is refused.",
    rules=[screen_gain],
    reasons=[because(GainInconsistent, at="$.gain_percent", saying="6.8252")],
)
def inconsistent_gain_is_refused():
    return screen_gain(attrs.evolve(SAVED_SCREEN_300K, gain_percent=Fraction("6.8252")))


@witness.refusal(
    "A SCREEN stays non-adoptable even when marked adoptable and carrying native observations.",
    rules=[screen_adoptable],
    reasons=[
        because(
            ScreenNotAdoptable,
            at="$.classification",
            saying="classification SCREEN (adoptable true): a SCREEN is non-adoptable whatever its Stage-B PASS",
        )
    ],
)
def screen_marked_adoptable_is_still_refused():
    return screen_adoptable(attrs.evolve(SAVED_SCREEN_300K, adoptable=True, observations=complete()))


NATIVE_RECORD = attrs.evolve(SAVED_SCREEN_300K, classification="NATIVE", adoptable=True, observations=complete())


@witness.property(
    "A record classified by a near miss of NATIVE or of SCREEN is not native evidence, and exactly NATIVE admits.",
    rules=[screen_adoptable],
)
@settings(max_examples=25)
@given(near.sampled_then(["NATIVE", "SCREEN"], near.near_misses))
@example(near.case_flipped("NATIVE", 1))
@example(near.strict_prefix("SCREEN"))
@example(near.extended("NATIVE", "_CPU"))
@example(near.padded("NATIVE", after=" "))
@example(near.lookalike("SCREEN"))
def near_misses_of_a_classification_are_not_native(miss: str) -> None:
    check.equal("NATIVE", screen_adoptable(NATIVE_RECORD), Admitted(NATIVE_RECORD))
    reasons = check.refused(screen_adoptable(attrs.evolve(NATIVE_RECORD, classification=miss)))
    check.equal(
        f"{miss!r} refused at", [(type(r), r.where) for r in reasons], [(ScreenNotAdoptable, "$.classification")]
    )


@witness.positive(
    "A classification that only resembles SCREEN is refused as not NATIVE, never as a SCREEN.",
    rules=[screen_adoptable],
)
def a_near_miss_of_screen_is_not_a_screen() -> None:
    for miss in (
        near.case_flipped("SCREEN"),
        near.extended("SCREEN", "-B"),
        "PRE-SCREEN",
        "PRESCREENED",
        near.padded("SCREEN", after="\n"),
    ):
        record = attrs.evolve(SAVED_SCREEN_300K, classification=miss, adoptable=True, observations=complete())
        check.equal(
            f"{miss!r} refused",
            [(r.where, r.why) for r in check.refused(screen_adoptable(record))],
            [("$.classification", f"classification {miss!r} is not 'NATIVE': only a NATIVE record is native evidence")],
        )


@witness.refusal(
    "A NATIVE record carrying native observations but not adoptable is refused at its classification alone.",
    rules=[screen_adoptable],
    reasons=[
        because(
            ScreenNotAdoptable,
            at="$.classification",
            saying="classification NATIVE (adoptable false): a SCREEN is non-adoptable",
        )
    ],
)
def a_native_record_not_adoptable_is_refused():
    return screen_adoptable(attrs.evolve(NATIVE_RECORD, adoptable=False))


@witness.refusal(
    "An adoptable NATIVE record with no native observations is refused at its observations alone.",
    rules=[screen_adoptable],
    reasons=[
        because(
            ScreenNotAdoptable,
            at="$.observations",
            saying="12/12 completed submissions supply no native observations",
        )
    ],
)
def an_adoptable_native_record_without_observations_is_refused():
    return screen_adoptable(attrs.evolve(NATIVE_RECORD, observations=()))


@witness.refusal(
    "A record with 9 of 12 submissions completed and no native observations says 9/12, each count from its own field.",
    rules=[screen_adoptable],
    reasons=[
        because(
            ScreenNotAdoptable,
            at="$.observations",
            saying="9/12 completed submissions supply no native observations",
        )
    ],
)
def a_partly_completed_record_without_observations_says_both_counts():
    return screen_adoptable(attrs.evolve(NATIVE_RECORD, completed=9, observations=()))


@witness.positive(
    "A recorded gain is the exact gain rounded to the nearest at four decimals, up as well as down: a median of 0.9317484 "
    "gives 6.8252 % (exact 6.82516), never a truncated 6.8251, and 0.93174896 gives 6.8251 % (exact 6.825104), never 6.8252.",
    rules=[screen_gain],
)
def a_recorded_gain_rounds_to_the_nearest_four_decimals() -> None:
    # 6.82516 rounds up to 6.8252 (truncation would say 6.8251); 6.825104 rounds down to 6.8251 (a ceiling would say 6.8252).
    for median, exact, recorded, other in (
        ("0.9317484", "6.82516", "6.8252", "6.8251"),
        ("0.93174896", "6.825104", "6.8251", "6.8252"),
    ):
        screen = attrs.evolve(SAVED_SCREEN_300K, median_on_off=Fraction(median))
        admitted = screen_gain(attrs.evolve(screen, gain_percent=Fraction(recorded)))
        check.equal(f"median {median}: exact gain (%)", check.admitted(admitted), Fraction(exact))
        check.equal(
            f"median {median}: recorded {other} refused",
            screen_gain(attrs.evolve(screen, gain_percent=Fraction(other))).refused,
            True,
        )


# --- the whole partition: classification x adoptable x Stage-B x observations present or absent; gains either side of 0 ---


@witness.property(
    "A record is admitted as native evidence exactly when it is classified NATIVE, adoptable and carries observations, "
    "whatever its Stage-B (PASS, HOLD, FAIL or empty); each missing conjunct is refused at its own place.",
    rules=[screen_adoptable],
)
@settings(max_examples=80)
@given(
    st.sampled_from(["NATIVE", "SCREEN", "Screen", "NATIVE ", ""]),
    st.booleans(),
    st.sampled_from(["PASS", "HOLD", "FAIL", ""]),
    st.booleans(),
)
@example("NATIVE", False, "HOLD", True)
@example("NATIVE", False, "FAIL", False)
def every_classification_adoptable_and_stage_b_partition_is_decided(
    classification: str, adoptable: bool, stage_b: str, observed: bool
) -> None:
    record = attrs.evolve(
        SAVED_SCREEN_300K,
        classification=classification,
        adoptable=adoptable,
        stage_b=stage_b,
        observations=complete() if observed else (),
    )
    outcome = screen_adoptable(record)
    wheres = (["$.classification"] if classification != "NATIVE" or not adoptable else []) + (
        [] if observed else ["$.observations"]
    )
    if not wheres:
        check.equal("admitted", check.admitted(outcome), record)
    else:
        check.equal("refused at", [r.where for r in check.refused(outcome)], wheres)


@witness.property(
    "The recorded gain is (1 - median) x 100 rounded half to even at four decimals on either side of zero: a median above "
    "1 gives a negative gain, admitted signed and refused with its sign dropped.",
    rules=[screen_gain],
)
@settings(max_examples=60)
@given(st.fractions(min_value=Fraction(9, 10), max_value=Fraction(11, 10), max_denominator=10**7))
@example(Fraction("1.0000125"))  # exact -0.00125: a half, to the even -0.0012
@example(Fraction("1.05"))
@example(Fraction(1))
def a_gain_either_side_of_zero_is_rounded_signed(median: Fraction) -> None:
    exact = (1 - median) * 100
    recorded = Fraction(round(exact, 4))
    screen = attrs.evolve(SAVED_SCREEN_300K, median_on_off=median, gain_percent=recorded)
    check.equal(f"median {median}: exact gain", check.admitted(screen_gain(screen)), exact)
    if recorded:
        flipped = screen_gain(attrs.evolve(screen, gain_percent=-recorded))
        check.equal(f"median {median}: gain {-recorded} refused", flipped.refused, True)
