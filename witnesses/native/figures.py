"""Witness the exact interval figures: provenance is contagious, and an ESTIMATED figure is never reported as MEASURED.

Seed B2: every figure carries provenance, MEASURED or ESTIMATED, and a sum
with an ESTIMATED term is ESTIMATED.  The properties quantify sums,
differences and projections over generated figures.
"""

from __future__ import annotations

import decimal
from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.native import figures, windows
from domain.native.figures import (
    EstimateReportedAsMeasured,
    Figure,
    Provenance,
    Unit,
    between,
    difference,
    figure_sum,
    in_minutes,
    in_seconds,
    point,
    report,
)
from domain.native.windows import SEED_WINDOW_INPUTS, window_illustration
from witnesses.core.fixtures import raised
from witnesses.native import strategies as gen

# decimal_text prints an exact value; it has nothing to refuse.
witness = Witness("native.figures", never_refuses=[figures.decimal_text, figures.in_seconds, figures.in_minutes])

M, E = Provenance.MEASURED, Provenance.ESTIMATED


def _seed():
    return check.admitted(window_illustration(SEED_WINDOW_INPUTS))


@witness.refusal(
    "An ESTIMATED figure is never reported as MEASURED.",
    rules=[report],
    reasons=[
        because(
            EstimateReportedAsMeasured,
            at="$.figures.diagnostic_before_restore",
            saying="diagnostic_before_restore (92–107 min) is ESTIMATED and is never reported as MEASURED",
        )
    ],
)
def estimate_is_never_reported_as_measured():
    return report(_seed().diagnostic_before_restore, M, 0)


@witness.positive("A MEASURED figure is reported as MEASURED with its printed value.", rules=[report])
def measured_figure_reported_as_measured() -> None:
    reported = check.admitted(report(_seed().w13_span, M, 3))
    check.equal("text", reported.text, "50.093 min (MEASURED)")


@witness.positive(
    "A figure whose hi is below its lo cannot be built, and the error names the figure and both ends.",
    rules=[report],
)
def a_figure_with_hi_below_lo_cannot_be_built() -> None:
    said = {
        label: raised(lambda: between(lo, hi, Unit.MINUTES, E, "s30_diagnostic"))
        for label, lo, hi in (("whole", 62, 61), ("exact", "0.75", "0.5"))
    }
    check.equal(
        "errors",
        said,
        {
            "whole": "ValueError: figure s30_diagnostic: expected hi at least lo 62, got hi 61",
            "exact": "ValueError: figure s30_diagnostic: expected hi at least lo 3/4, got hi 1/2",
        },
    )


_FIGURES = st.builds(
    lambda lo, width, provenance: Figure(lo, lo + width, Unit.SECONDS, provenance, "generated"),
    st.fractions(0, 1000, max_denominator=100),
    st.fractions(0, 100, max_denominator=100),
    st.sampled_from(list(Provenance)),
)


@witness.property("A sum with any ESTIMATED term is ESTIMATED and is never reported as MEASURED.", rules=[report])
@settings(max_examples=60, deadline=None)
@given(st.lists(_FIGURES, min_size=1, max_size=5))
def sum_with_an_estimated_term_is_never_reported_as_measured(terms: list) -> None:
    total = figure_sum("generated_sum", *terms)
    has_estimate = any(t.provenance is E for t in terms)
    check.equal("provenance", total.provenance, E if has_estimate else M)
    check.equal("reported as MEASURED is refused", report(total, M, 1).refused, has_estimate)


@witness.positive(
    "A diagnostic running past the 75 min window leaves a margin printed with its minus sign, and a zero margin prints unsigned.",
    rules=[report],
)
def negative_margin_prints_signed_and_zero_unsigned() -> None:
    window = point(75, Unit.MINUTES, M, "submission_window")
    past = difference(window, between(62, 80, Unit.MINUTES, E, "s30_diagnostic"), "left_before_submission")
    level = difference(window, point(75, Unit.MINUTES, M, "fixture_measured_diagnostic"), "left_before_submission")
    check.equal(
        "texts",
        (check.admitted(report(past, E, 1)).text, check.admitted(report(level, M, 1)).text),
        ("-5.0–13.0 min (ESTIMATED)", "0.0 min (MEASURED)"),
    )


@witness.positive(
    "A negative figure prints its minus sign at every number of decimal places, whole units included.",
    rules=[report],
)
def a_negative_figure_prints_signed_at_every_number_of_places() -> None:
    window = point(75, Unit.MINUTES, M, "submission_window")
    past = difference(window, between(62, 80, Unit.MINUTES, E, "s30_diagnostic"), "left_before_submission")
    check.equal(
        "texts at 0, 1 and 3 places",
        [check.admitted(report(past, E, places)).text for places in (0, 1, 3)],
        ["-5–13 min (ESTIMATED)", "-5.0–13.0 min (ESTIMATED)", "-5.000–13.000 min (ESTIMATED)"],
    )


# ---------------------------------------------------------------------------
# Figures over generated intervals: exact, monotone, and provenance-preserving (ESTIMATED is contagious).


TERMS = st.lists(gen.figures(), min_size=1, max_size=5)
S30 = SEED_WINDOW_INPUTS.s30_diagnostic
W13_FIRST, W13_LAST = SEED_WINDOW_INPUTS.w13_first_send, SEED_WINDOW_INPUTS.w13_last_completion


def _in(unit: Unit, value: Fraction, of: Unit) -> Fraction:
    """Convert `value` from unit `of` into `unit` (seconds and minutes only)."""
    if unit is of:
        return value
    return value * 60 if unit is Unit.SECONDS else value / 60


@witness.property(
    "A sum or difference with an ESTIMATED term is ESTIMATED, and is never reported as MEASURED.",
    rules=[figures.report],
)
@given(TERMS, gen.figures())
@example([S30, W13_LAST], W13_FIRST)
@example([W13_LAST], W13_FIRST)
def an_estimated_term_makes_the_result_estimated(terms: list[Figure], other: Figure) -> None:
    estimated = any(t.provenance is Provenance.ESTIMATED for t in terms)
    total = figures.figure_sum("total", *terms)
    check.equal("provenance of the sum", total.provenance, Provenance.ESTIMATED if estimated else Provenance.MEASURED)
    span = figures.difference(total, other, "span")
    either = estimated or other.provenance is Provenance.ESTIMATED
    check.equal(
        "provenance of the difference", span.provenance, Provenance.ESTIMATED if either else Provenance.MEASURED
    )
    check.equal("provenance of a projection", figures.projected(total, "projected").provenance, Provenance.ESTIMATED)
    for figure, is_estimated in ((total, estimated), (span, either)):
        reported = figures.report(figure, Provenance.MEASURED, 2)
        check.equal(
            f"{figure.source} reported as MEASURED is refused", getattr(reported, "refused", None), is_estimated
        )


@witness.property(
    "Interval sums and differences are exact in the first term's unit, and raising any term never lowers either end of a sum.",
    rules=[figures.report, windows.one_hold_fit],
)
@given(TERMS, st.data())
@example([S30, W13_LAST, W13_FIRST], None)
def interval_sums_are_exact_and_monotone(terms: list[Figure], data: object) -> None:
    unit = terms[0].unit
    total = figures.figure_sum("total", *terms)
    check.equal("lo of the sum", total.lo, sum((_in(unit, t.lo, t.unit) for t in terms), Fraction(0)))
    check.equal("hi of the sum", total.hi, sum((_in(unit, t.hi, t.unit) for t in terms), Fraction(0)))
    last = terms[-1]
    span = figures.difference(total, last, "span")
    check.equal(
        "difference",
        (span.lo, span.hi),
        (total.lo - _in(unit, last.hi, last.unit), total.hi - _in(unit, last.lo, last.unit)),
    )
    if data is None:
        index, bump = 1, Fraction(1, 1000)
    else:
        index = data.draw(st.integers(0, len(terms) - 1), label="raised term")  # type: ignore[attr-defined]
        bump = Fraction(data.draw(st.integers(0, 6000), label="raised by, in sixtieths"), 60)  # type: ignore[attr-defined]
    raised = list(terms)
    raised[index] = Figure(
        terms[index].lo + bump, terms[index].hi + bump, terms[index].unit, terms[index].provenance, "raised"
    )
    higher = figures.figure_sum("total", *raised)
    step = _in(unit, bump, terms[index].unit)
    check.equal("the raise carried into lo", higher.lo - total.lo, step)
    check.equal("the raise carried into hi", higher.hi - total.hi, step)
    before = windows.one_hold_fit(total, 75, 90, ())
    after = windows.one_hold_fit(higher, 75, 90, ())
    if getattr(before, "refused", False):
        check.holds("a raised diagnostic is still refused", getattr(after, "refused", None) is True, after)


@witness.positive(
    "A MEASURED figure may be reported as ESTIMATED, which understates it: only ESTIMATED reported as MEASURED is refused.",
    rules=[report],
)
def a_measured_figure_may_be_reported_as_estimated() -> None:
    reported = check.admitted(report(_seed().w13_span, E, 1))
    check.equal("text and provenance", (reported.text, reported.figure.provenance), ("50.1 min (ESTIMATED)", M))


@witness.positive(
    "A figure whose two ends print alike at the stated decimals prints as one value, and ends that print apart print as a range.",
    rules=[report],
)
def ends_that_print_alike_print_as_one_value() -> None:
    close = between("0.741", "0.744", Unit.MINUTES, M, "fixture_close_ends")
    check.equal(
        "texts at 2 and 3 places",
        (check.admitted(report(close, M, 2)).text, check.admitted(report(close, M, 3)).text),
        ("0.74 min (MEASURED)", "0.741–0.744 min (MEASURED)"),
    )


@witness.positive(
    "An exact value prints at its places rounded to the nearest, a half to the even digit, never cut short, on both sides of zero.",
    rules=[figures.decimal_text],
)
def an_exact_value_prints_rounded_to_the_nearest_at_its_places() -> None:
    cases = [
        (Fraction(2, 3), 2),  # 0.666... rounds up
        (Fraction(-2, 3), 2),
        (Fraction(1, 8), 2),  # 0.125: a half, to the even 2
        (Fraction(3, 8), 2),  # 0.375: a half, to the even 8
        (Fraction(9995, 10000), 3),  # 0.9995: a half, carried into the whole
        (Fraction(1, 2), 0),
        (Fraction(3, 2), 0),
        (Fraction(-5, 2), 0),
    ]
    check.equal(
        "printed",
        [figures.decimal_text(value, places) for value, places in cases],
        ["0.67", "-0.67", "0.12", "0.38", "1.000", "0", "2", "-2"],
    )


@witness.property(
    "decimal_text prints what decimal rounding half to even prints, for any exact value at 0 to 6 places.",
    rules=[figures.decimal_text],
)
@settings(max_examples=60)
@given(st.fractions(max_denominator=2000).filter(lambda f: abs(f) < 10**6), st.integers(0, 6))
@example(Fraction(1, 8), 2)
@example(Fraction(-5, 2), 0)
def decimal_text_rounds_half_to_even_at_any_places(value: Fraction, places: int) -> None:
    exact = decimal.Decimal(value.numerator) / decimal.Decimal(value.denominator)
    expected = exact.quantize(decimal.Decimal(1).scaleb(-places), rounding=decimal.ROUND_HALF_EVEN)
    text = format(expected, "f")
    if expected.is_zero():
        text = text.lstrip("-")  # an exact value that rounds to zero prints unsigned
    check.equal(f"{value} at {places}", figures.decimal_text(value, places), text)


@witness.positive(
    "Converting a figure between minutes and seconds keeps its provenance and its source, exactly: 62–68 min ESTIMATED is 3720–4080 s ESTIMATED.",
    rules=[in_seconds, in_minutes],
)
def a_unit_conversion_keeps_provenance_and_source() -> None:
    for provenance in (M, E):
        minutes = between(62, 68, Unit.MINUTES, provenance, "fixture_diagnostic")
        seconds = in_seconds(minutes)
        check.equal(
            f"{provenance.value} in seconds",
            seconds,
            Figure(Fraction(3720), Fraction(4080), Unit.SECONDS, provenance, "fixture_diagnostic"),
        )
        check.equal(f"{provenance.value} back in minutes", in_minutes(seconds), minutes)


@witness.property(
    "Any duration converts exactly, keeping its provenance and source: x min is 60x s, x s is x/60 min, a figure "
    "already in the unit is itself, and a round trip gives the figure back.",
    rules=[in_seconds, in_minutes],
)
@given(gen.figures())
def every_duration_converts_exactly_both_ways(f: Figure) -> None:
    in_s = 60 if f.unit is Unit.MINUTES else 1
    for name, converted, unit, factor in (
        ("in seconds", in_seconds(f), Unit.SECONDS, Fraction(in_s)),
        ("in minutes", in_minutes(f), Unit.MINUTES, Fraction(in_s, 60)),
    ):
        check.equal(name, converted, Figure(f.lo * factor, f.hi * factor, unit, f.provenance, f.source))
    check.equal("seconds and back", in_minutes(in_seconds(f)), in_minutes(f))
    check.equal("minutes and back", in_seconds(in_minutes(f)), in_seconds(f))


# ---------------------------------------------------------------------------
# Partitions the generated figures never reach: negative ends, values within a unit of the last place of zero,
# and every unit a projection may be given.


def _half_even_text(value: Fraction, places: int) -> str:
    exact = decimal.Decimal(value.numerator) / decimal.Decimal(value.denominator)
    expected = exact.quantize(decimal.Decimal(1).scaleb(-places), rounding=decimal.ROUND_HALF_EVEN)
    return format(expected, "f").lstrip("-") if expected.is_zero() else format(expected, "f")


# Values a few last-place units either side of zero, halves included: -3/2, -1, -1/2, 0, 1/2, 1, 3/2 ... units.
_NEAR_ZERO_UNITS = st.integers(-7, 7).map(lambda k: Fraction(k, 2))


@witness.property(
    "A figure reports each end as decimal rounding half to even prints it, at 0 to 4 places, on either side of zero and "
    "within a few units of the last place of it: a negative end is never cut toward zero nor printed unsigned.",
    rules=[report],
)
@settings(max_examples=80)
@given(st.integers(0, 4), _NEAR_ZERO_UNITS, _NEAR_ZERO_UNITS, st.integers(-3, 3))
@example(2, Fraction(-1), Fraction(1), 0)  # -0.01 at 2 places
@example(0, Fraction(-3, 2), Fraction(0), 0)  # -1.5 at 0 places rounds to -2
@example(1, Fraction(-5, 2), Fraction(-1, 2), 0)
def a_figure_prints_each_signed_end_rounded_half_to_even(
    places: int, lo: Fraction, width: Fraction, whole: int
) -> None:
    unit = Fraction(1, 10**places)
    low = whole + lo * unit
    high = low + abs(width) * unit
    f = Figure(low, high, Unit.MINUTES, M, "fixture_signed")
    ends = (_half_even_text(low, places), _half_even_text(high, places))
    body = ends[0] if ends[0] == ends[1] else f"{ends[0]}–{ends[1]}"
    check.equal(f"{low}..{high} at {places}", check.admitted(report(f, M, places)).text, f"{body} min (MEASURED)")
    check.equal(f"{low} alone at {places}", figures.decimal_text(low, places), ends[0])


@witness.property(
    "A projection of any figure, in any unit and of either provenance, is ESTIMATED with the same ends, unit and the "
    "projection's source, and is never reported as MEASURED.",
    rules=[report],
)
@given(gen.figures((Unit.SECONDS, Unit.MINUTES, Unit.TOKENS_PER_SECOND)))
@example(between(52, 56, Unit.TOKENS_PER_SECOND, M, "decode_rate_tok_per_s"))
@example(between("6.5", "6.8", Unit.MINUTES, M, "engine_start"))
@example(point(15, Unit.SECONDS, M, "fixture_seconds"))
def a_projection_of_any_unit_is_estimated(f: Figure) -> None:
    projection = figures.projected(f, "projected")
    check.equal("projection", projection, Figure(f.lo, f.hi, f.unit, E, "projected"))
    check.equal("reported as MEASURED is refused", report(projection, M, 1).refused, True)


@witness.property(
    "Scaling a figure by any non-negative count (zero, one, several, a fraction) multiplies both ends by it, keeping unit "
    "and provenance, so the report of a figure scaled by zero is 0.",
    rules=[report],
)
@given(
    gen.figures(), st.sampled_from([Fraction(0), Fraction(1), Fraction(3), Fraction(1, 2), Fraction(17), Fraction(8)])
)
@example(between(5, 9, Unit.MINUTES, M, "fixture"), Fraction(0))
def scaling_by_any_count_multiplies_both_ends(f: Figure, k: Fraction) -> None:
    s = figures.scaled(f, k, "scaled")
    check.equal(f"{k} x", s, Figure(f.lo * k, f.hi * k, f.unit, f.provenance, "scaled"))
    if k == 0:
        check.equal("by zero, reported", check.admitted(report(s, E, 1)).text, f"0.0 {f.unit.value} (ESTIMATED)")


@witness.positive(
    "A figure reported under a provenance it may take says that provenance at every number of places, 0 to 4: a MEASURED "
    "figure reported as ESTIMATED says ESTIMATED even in whole units.",
    rules=[report],
)
def a_report_says_the_claimed_provenance_at_every_place() -> None:
    f = between(5, 9, Unit.MINUTES, M, "fixture")
    for places in range(5):
        for claimed in (M, E):
            check.equal(
                f"{claimed.value} at {places}",
                check.admitted(report(f, claimed, places)).text.endswith(f" min ({claimed.value})"),
                True,
            )


@witness.positive(
    "A figure prints in its own unit, whichever it is: seconds as s, minutes as min, a rate as tok/s.",
    rules=[report],
)
def a_figure_prints_in_its_own_unit() -> None:
    check.equal(
        "texts",
        [check.admitted(report(between(52, 56, unit, M, "fixture"), M, 0)).text for unit in Unit],
        ["52–56 s (MEASURED)", "52–56 min (MEASURED)", "52–56 tok/s (MEASURED)"],
    )
