"""Witness the one-HOLD fit: no established fit for the seed's diagnostic, each reason alone, both sides of 75 and 90 min."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.native.figures import Unit, between
from domain.native.windows import (
    SEED_UNMEASURED,
    FigureUnitInvalid,
    FitNotEstablished,
    UnmeasuredTerms,
    WindowExceeded,
    one_hold_fit,
)
from witnesses.native.windows import E, M, _seed, witness


@witness.refusal(
    "The full diagnostic has no established one-HOLD fit: ESTIMATED, past 75 and 90 min, with unmeasured terms.",
    rules=[one_hold_fit],
    reasons=[
        because(FitNotEstablished, at="$.diagnostic.provenance", saying="ESTIMATED"),
        because(WindowExceeded, at="$.diagnostic.hi", saying=["106.8 min", "75 min"]),
        because(WindowExceeded, at="$.diagnostic.hard_bound", saying=["106.8 min", "90 min"]),
        because(UnmeasuredTerms, at="$.diagnostic.unmeasured", saying="per-case and fault timings"),
    ],
)
def no_established_one_hold_fit():
    return one_hold_fit(_seed().diagnostic_before_restore, 75, 90, SEED_UNMEASURED)


@witness.positive("A MEASURED 70-minute total with nothing unmeasured fits one HOLD.", rules=[one_hold_fit])
def measured_total_within_75_min_fits() -> None:
    total = between(60, 70, Unit.MINUTES, M, "fixture_measured_diagnostic")
    check.equal("fit", check.admitted(one_hold_fit(total, 75, 90, ())), total)


@witness.positive("A MEASURED total reaching exactly 75 min fits one HOLD.", rules=[one_hold_fit])
def measured_total_of_exactly_75_min_fits() -> None:
    total = between(60, 75, Unit.MINUTES, M, "fixture_measured_diagnostic")
    check.equal("fit", check.admitted(one_hold_fit(total, 75, 90, ())), total)


@witness.refusal(
    "A MEASURED total reaching exactly 90 min exceeds the 75 min window but not the 90 min hard bound.",
    rules=[one_hold_fit],
    reasons=[
        because(WindowExceeded, at="$.diagnostic.hi", saying="up to 90.0 min exceeds the 75 min submission window")
    ],
)
def measured_total_of_exactly_90_min_exceeds_only_the_window():
    return one_hold_fit(between(80, 90, Unit.MINUTES, M, "fixture_measured_diagnostic"), 75, 90, ())


@witness.refusal(
    "An ESTIMATED total within 75 min with nothing unmeasured is refused for its provenance alone.",
    rules=[one_hold_fit],
    reasons=[
        because(
            FitNotEstablished,
            at="$.diagnostic.provenance",
            saying="the diagnostic's fixture_estimated_diagnostic is ESTIMATED; a fit needs MEASURED figures",
        )
    ],
)
def an_estimated_total_within_75_min_is_refused_for_its_provenance_alone():
    return one_hold_fit(between(60, 70, Unit.MINUTES, E, "fixture_estimated_diagnostic"), 75, 90, ())


_SIXTIETHS = st.integers(-120, 120).map(lambda k: Fraction(k, 60))


@witness.property(
    "A MEASURED total near 75 or 90 min exceeds the window exactly when its hi passes 75 min and the hard bound exactly when it passes 90 min.",
    rules=[one_hold_fit],
)
@settings(max_examples=40)
@given(st.sampled_from([75, 90]), _SIXTIETHS)
@example(75, Fraction(0))
@example(75, Fraction(1, 60))
@example(90, Fraction(0))
@example(90, Fraction(1, 60))
@example(75, Fraction(-1, 60))
def one_hold_reasons_follow_75_and_90_min_exactly(bound: int, offset: Fraction) -> None:
    hi = bound + offset
    outcome = one_hold_fit(between(50, hi, Unit.MINUTES, M, "fixture_measured_diagnostic"), 75, 90, ())
    expected = [where for where, limit in (("$.diagnostic.hi", 75), ("$.diagnostic.hard_bound", 90)) if hi > limit]
    seen = [r.where for r in outcome.reasons] if outcome.refused else []
    check.equal(f"reasons for a total up to {hi} min", seen, expected)


@witness.positive(
    "A MEASURED total given in seconds is judged in minutes: 4500 s fits one HOLD, admitted as 75 min.",
    rules=[one_hold_fit],
)
def a_total_in_seconds_is_judged_in_minutes() -> None:
    fit = check.admitted(one_hold_fit(between(3600, 4500, Unit.SECONDS, M, "fixture_measured_diagnostic"), 75, 90, ()))
    check.equal("fit [lo, hi] in min", (fit.unit, fit.lo, fit.hi, fit.provenance), (Unit.MINUTES, 60, 75, M))


@witness.refusal(
    "A MEASURED total of 5460 s is 91 min, past both the 75 min window and the 90 min hard bound.",
    rules=[one_hold_fit],
    reasons=[
        because(WindowExceeded, at="$.diagnostic.hi", saying="up to 91.0 min exceeds the 75 min submission window"),
        because(WindowExceeded, at="$.diagnostic.hard_bound", saying="up to 91.0 min exceeds the 90 min hard bound"),
    ],
)
def a_total_of_5460_s_exceeds_both_bounds_in_minutes():
    return one_hold_fit(between(3600, 5460, Unit.SECONDS, M, "fixture_measured_diagnostic"), 75, 90, ())


@witness.refusal(
    "A MEASURED total of 52–56 tok/s is a rate, not a duration: refused at its unit alone, never read as 52–56 s that fits.",
    rules=[one_hold_fit],
    reasons=[
        because(FigureUnitInvalid, at="$.diagnostic.unit", saying="the diagnostic must be in s or min, got tok/s")
    ],
)
def a_measured_rate_is_refused_at_its_unit():
    return one_hold_fit(between(52, 56, Unit.TOKENS_PER_SECOND, M, "fixture_measured_rate"), 75, 90, ())


@witness.refusal(
    "An ESTIMATED rate of 6000 tok/s with terms unmeasured is refused at its unit alone: read as seconds it would be "
    "100 min, yet no window, bound, provenance or term is judged of a figure that is not a duration.",
    rules=[one_hold_fit],
    reasons=[
        because(FigureUnitInvalid, at="$.diagnostic.unit", saying="the diagnostic must be in s or min, got tok/s")
    ],
)
def an_estimated_rate_past_both_bounds_is_refused_at_its_unit_alone():
    return one_hold_fit(between(5000, 6000, Unit.TOKENS_PER_SECOND, E, "fixture_rate"), 75, 90, SEED_UNMEASURED)


@witness.refusal(
    "A total past a 60 min window and an 80 min hard bound is refused naming those two limits, never the seed's 75 and 90.",
    rules=[one_hold_fit],
    reasons=[
        because(WindowExceeded, at="$.diagnostic.hi", saying="up to 85.0 min exceeds the 60 min submission window"),
        because(WindowExceeded, at="$.diagnostic.hard_bound", saying="up to 85.0 min exceeds the 80 min hard bound"),
    ],
)
def a_total_past_other_limits_names_those_limits():
    return one_hold_fit(between(50, 85, Unit.MINUTES, M, "fixture_measured_diagnostic"), 60, 80, ())


@witness.positive(
    "A MEASURED total within both bounds is refused for its unmeasured terms exactly when there are any, naming every "
    "one in order, for none to five terms.",
    rules=[one_hold_fit],
)
def every_unmeasured_term_is_named_however_many() -> None:
    total = between(60, 70, Unit.MINUTES, M, "fixture_measured_diagnostic")
    terms = ("audit overhead", "per-case and fault timings", "hooks, fault waits and cache primes", "restore", "probes")
    check.admitted(one_hold_fit(total, 75, 90, ()))
    for n in range(1, 6):
        check.equal(
            f"{n} unmeasured term(s)",
            [(type(r), r.where, r.why) for r in check.refused(one_hold_fit(total, 75, 90, terms[:n]))],
            [(UnmeasuredTerms, "$.diagnostic.unmeasured", f"unmeasured: {', '.join(terms[:n])}")],
        )


@witness.positive(
    "An ESTIMATED total within both bounds is refused for its provenance alone whether given in seconds or in minutes, "
    "and the same total MEASURED fits in either unit.",
    rules=[one_hold_fit],
)
def an_estimated_total_is_refused_in_either_unit() -> None:
    for lo, hi, unit in ((60, 70, Unit.MINUTES), (3600, 4200, Unit.SECONDS)):
        check.equal(
            f"ESTIMATED {lo}-{hi} {unit.value}",
            [(type(r), r.where) for r in check.refused(one_hold_fit(between(lo, hi, unit, E, "fixture"), 75, 90, ()))],
            [(FitNotEstablished, "$.diagnostic.provenance")],
        )
        check.admitted(one_hold_fit(between(lo, hi, unit, M, "fixture"), 75, 90, ()))


@witness.property(
    "A MEASURED total is judged against the window and the hard bound independently, whichever is larger: a window "
    "of 75, 90 or 100 min against a hard bound of 60, 90 or 120 min names each limit its total passes.",
    rules=[one_hold_fit],
)
@settings(max_examples=40)
@given(st.sampled_from([75, 90, 100]), st.sampled_from([60, 90, 120]), st.integers(40, 130))
@example(100, 90, 95)
@example(100, 60, 80)
def each_limit_is_judged_independently_of_the_other(window: int, bound: int, hi: int) -> None:
    outcome = one_hold_fit(between(30, hi, Unit.MINUTES, M, "fixture_measured_diagnostic"), window, bound, ())
    expected = [
        where for where, limit in (("$.diagnostic.hi", window), ("$.diagnostic.hard_bound", bound)) if hi > limit
    ]
    seen = [r.where for r in outcome.reasons] if outcome.refused else []
    check.equal(f"a total up to {hi} min against {window} / {bound}", seen, expected)
