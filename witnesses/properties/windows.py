"""Quantify the window arithmetic: exact, monotone, and provenance-preserving (ESTIMATED is contagious).

Seed B2: every figure carries provenance, MEASURED or ESTIMATED, and a sum
with an ESTIMATED term is ESTIMATED; an ESTIMATED figure is never reported
as MEASURED, and a one-HOLD fit needs MEASURED figures within 75 and 90 min.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, check
from domain.native import figures, windows
from domain.native.figures import Figure, Provenance, Unit
from domain.native.windows import SEED_WINDOW_INPUTS
from witnesses import strategies as gen

witness = Witness("properties.windows")

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
    check.equal("provenance of the difference", span.provenance, Provenance.ESTIMATED if either else Provenance.MEASURED)
    check.equal("provenance of a projection", figures.projected(total, "projected").provenance, Provenance.ESTIMATED)
    for figure, is_estimated in ((total, estimated), (span, either)):
        reported = figures.report(figure, Provenance.MEASURED, 2)
        check.equal(f"{figure.source} reported as MEASURED is refused", getattr(reported, "refused", None), is_estimated)


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
    check.equal("difference", (span.lo, span.hi), (total.lo - _in(unit, last.hi, last.unit), total.hi - _in(unit, last.lo, last.unit)))
    if data is None:
        index, bump = 1, Fraction(1, 1000)
    else:
        index = data.draw(st.integers(0, len(terms) - 1), label="raised term")  # type: ignore[attr-defined]
        bump = Fraction(data.draw(st.integers(0, 6000), label="raised by, in sixtieths"), 60)  # type: ignore[attr-defined]
    raised = list(terms)
    raised[index] = Figure(terms[index].lo + bump, terms[index].hi + bump, terms[index].unit, terms[index].provenance, "raised")
    higher = figures.figure_sum("total", *raised)
    step = _in(unit, bump, terms[index].unit)
    check.equal("the raise carried into lo", higher.lo - total.lo, step)
    check.equal("the raise carried into hi", higher.hi - total.hi, step)
    before = windows.one_hold_fit(total, 75, 90, ())
    after = windows.one_hold_fit(higher, 75, 90, ())
    if getattr(before, "refused", False):
        check.holds("a raised diagnostic is still refused", getattr(after, "refused", None) is True, after)
