"""Witness the complete-packet fit: no established native bound, MEASURED case costs within the wait, both sides of 900 s."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.native.checks import NativeCheck
from domain.native.figures import Figure, Provenance, Unit, between
from domain.native.waits import NativeWaitTooLong
from domain.native.windows import (
    SEED_CASE_COSTS,
    CaseCost,
    FigureUnitInvalid,
    FitNotEstablished,
    UnmeasuredCaseCost,
    WindowExceeded,
    complete_packet_fit,
)
from witnesses.native.windows import E, M, witness


def _costs(
    lo: int | str | Fraction, hi: int | str | Fraction, unit: Unit, provenance: Provenance = M
) -> tuple[CaseCost, ...]:
    return tuple(CaseCost(c, between(lo, hi, unit, provenance, c.value)) for c in NativeCheck)


@witness.refusal(
    "No check has an established native bound, so no complete packet fits a 900 s wait.",
    rules=[complete_packet_fit],
    reasons=[
        because(UnmeasuredCaseCost, at=f"$.cases.{c.value}", saying="no established native bound") for c in NativeCheck
    ],
)
def no_established_complete_packet_fit():
    return complete_packet_fit(SEED_CASE_COSTS, 900)


@witness.positive("Twelve MEASURED 70 s case costs fit a 900 s wait at 840 s.", rules=[complete_packet_fit])
def measured_case_costs_within_900_s_fit() -> None:
    costs = tuple(CaseCost(c, between(50, 70, Unit.SECONDS, M, c.value)) for c in NativeCheck)
    fit = check.admitted(complete_packet_fit(costs, 900))
    check.equal("total [lo, hi] s", (fit.lo, fit.hi, fit.provenance), (Fraction(600), Fraction(840), M))


@witness.refusal(
    "The complete packet refuses a native wait beyond 900 s, however well its cases are measured.",
    rules=[complete_packet_fit],
    reasons=[because(NativeWaitTooLong, at="$.native_wait_s", saying="native_wait must be within 0..900 s, got 901 s")],
)
def complete_packet_refuses_wait_beyond_900_s():
    return complete_packet_fit(_costs(50, 70, Unit.SECONDS), 901)


@witness.refusal(
    "A zero-second wait is a valid wait that twelve MEASURED 1 s cases exceed.",
    rules=[complete_packet_fit],
    reasons=[because(WindowExceeded, at="$.complete_packet.hi", saying="up to 12.0 s exceeds the 0 s wait")],
)
def zero_second_wait_is_exceeded_by_measured_cases():
    return complete_packet_fit(_costs(1, 1, Unit.SECONDS), 0)


@witness.positive(
    "Twelve MEASURED 1.25 min case costs fill a 900 s wait exactly and fit, as a 15 min complete_packet.",
    rules=[complete_packet_fit],
)
def measured_minute_costs_filling_900_s_exactly_fit() -> None:
    fit = check.admitted(complete_packet_fit(_costs("1.25", "1.25", Unit.MINUTES), 900))
    check.equal("total", fit, Figure(Fraction(15), Fraction(15), Unit.MINUTES, M, "complete_packet"))


@witness.refusal(
    "Twelve MEASURED minute case costs coming to 900.5 s are refused: half a second past a 900 s wait is past it, never truncated to a whole second.",
    rules=[complete_packet_fit],
    reasons=[because(WindowExceeded, at="$.complete_packet.hi", saying="up to 900.5 s exceeds the 900 s wait")],
)
def minute_costs_a_fraction_of_a_second_past_the_wait_are_refused():
    # 12 x 9005/7200 min = 15 1/120 min = 900.5 s: the minutes convert to seconds exactly, with no whole-second cut.
    return complete_packet_fit(_costs(Fraction(9005, 7200), Fraction(9005, 7200), Unit.MINUTES), 900)


@witness.refusal(
    "Twelve MEASURED 1.5 min case costs come to 1080 s, past a 900 s wait.",
    rules=[complete_packet_fit],
    reasons=[because(WindowExceeded, at="$.complete_packet.hi", saying="up to 1080.0 s exceeds the 900 s wait")],
)
def measured_minute_costs_past_900_s_are_refused():
    return complete_packet_fit(_costs("1.5", "1.5", Unit.MINUTES), 900)


@witness.refusal(
    "Twelve MEASURED 60-80 s case costs come to 720-960 s: the upper end decides, so they do not fit a 900 s wait.",
    rules=[complete_packet_fit],
    reasons=[because(WindowExceeded, at="$.complete_packet.hi", saying="up to 960.0 s exceeds the 900 s wait")],
)
def costs_whose_upper_end_passes_the_wait_are_refused():
    return complete_packet_fit(_costs(60, 80, Unit.SECONDS), 900)


@witness.refusal(
    "Twelve MEASURED 1-1.5 min case costs come to 12-18 min: the upper end, in seconds, decides against a 900 s wait.",
    rules=[complete_packet_fit],
    reasons=[because(WindowExceeded, at="$.complete_packet.hi", saying="up to 1080.0 s exceeds the 900 s wait")],
)
def minute_costs_whose_upper_end_passes_the_wait_are_refused():
    return complete_packet_fit(_costs(1, "1.5", Unit.MINUTES), 900)


_RATE_REFUSED = because(
    FigureUnitInvalid, at="$.cases.no_local_drafter.unit", saying="no_local_drafter cost must be in s or min, got tok/s"
)


def _fit_with_a_rate(provenance: Provenance) -> object:
    """Fit case costs in seconds whose last case costs 52-56 tok/s of the given provenance into the 900 s wait."""
    costs = _costs(50, 70, Unit.SECONDS)
    rate = CaseCost(
        NativeCheck.NO_LOCAL_DRAFTER, between(52, 56, Unit.TOKENS_PER_SECOND, provenance, "no_local_drafter")
    )
    return complete_packet_fit((*costs[:-1], rate), 900)


@witness.refusal(
    "A case cost in tok/s is no duration: it is refused at its unit, never added as seconds, and the rest add no reason.",
    rules=[complete_packet_fit],
    reasons=[_RATE_REFUSED],
)
def a_case_cost_in_tokens_per_second_is_refused_at_its_unit():
    return _fit_with_a_rate(M)


@witness.refusal(
    "An ESTIMATED case cost in tok/s is refused at its unit alone: a rate is no duration, whatever its provenance.",
    rules=[complete_packet_fit],
    reasons=[_RATE_REFUSED],
)
def an_estimated_case_cost_in_tokens_per_second_is_refused_at_its_unit():
    # The unit is judged before the provenance: an ESTIMATED rate is no "ESTIMATED cost", it is no cost at all.
    return _fit_with_a_rate(E)


_ESTIMATED_CHECK, _MISSING_CHECK = NativeCheck.SOURCE_KV_WRITES_RETAINED, NativeCheck.NO_LOCAL_DRAFTER


@witness.refusal(
    "An ESTIMATED case cost and a check with no cost are each refused by name, and the rest's 1000 s adds no third reason.",
    rules=[complete_packet_fit],
    reasons=[
        because(
            FitNotEstablished,
            at=f"$.cases.{_ESTIMATED_CHECK.value}",
            saying=f"{_ESTIMATED_CHECK.value} cost is ESTIMATED",
        ),
        because(
            UnmeasuredCaseCost,
            at=f"$.cases.{_MISSING_CHECK.value}",
            saying=f"{_MISSING_CHECK.value} has no cost at all",
        ),
    ],
)
def estimated_and_missing_case_costs_are_refused_by_name():
    costs = tuple(
        CaseCost(c.check, between(100, 100, Unit.SECONDS, E if c.check is _ESTIMATED_CHECK else M, c.check.value))
        for c in _costs(100, 100, Unit.SECONDS)
        if c.check is not _MISSING_CHECK
    )
    return complete_packet_fit(costs, 900)


@witness.refusal(
    "An ESTIMATED case cost given in minutes is refused for its provenance like one in seconds, though the twelve 1 min costs would fit 900 s.",
    rules=[complete_packet_fit],
    reasons=[
        because(
            FitNotEstablished,
            at=f"$.cases.{_ESTIMATED_CHECK.value}",
            saying=f"{_ESTIMATED_CHECK.value} cost is ESTIMATED",
        )
    ],
)
def an_estimated_case_cost_in_minutes_is_refused():
    costs = tuple(
        CaseCost(c, between(1, 1, Unit.MINUTES, E if c is _ESTIMATED_CHECK else M, c.value)) for c in NativeCheck
    )
    return complete_packet_fit(costs, 900)


@witness.refusal(
    "A complete packet missing two checks' costs names both, each as having no cost at all.",
    rules=[complete_packet_fit],
    reasons=[
        because(
            UnmeasuredCaseCost,
            at="$.cases.native_dispatch_unchanged",
            saying="native_dispatch_unchanged has no cost at all",
        ),
        because(UnmeasuredCaseCost, at="$.cases.no_local_drafter", saying="no_local_drafter has no cost at all"),
    ],
)
def a_packet_missing_two_costs_names_both():
    return complete_packet_fit(_costs(50, 70, Unit.SECONDS)[:-2], 900)


@witness.property(
    "Twelve MEASURED case costs in seconds fit the wait exactly when their sum is at most the wait, on either side of 900 s.",
    rules=[complete_packet_fit],
)
@settings(max_examples=40)
@given(st.sampled_from([899, 900]), st.integers(-24, 24).map(lambda k: 75 + Fraction(k, 24)))
@example(900, Fraction(75))
@example(900, Fraction(1801, 24))
@example(899, Fraction(75))
@example(899, Fraction(1799, 24))
def complete_packet_fits_iff_its_seconds_are_within_the_wait(wait: int, each: Fraction) -> None:
    outcome = complete_packet_fit(_costs(each, each, Unit.SECONDS), wait)
    total = 12 * each
    if total <= wait:
        check.equal(f"12 x {each} s within {wait} s", check.admitted(outcome).hi, total)
    else:
        check.equal(
            f"12 x {each} s past {wait} s",
            [(type(r), r.where) for r in check.refused(outcome)],
            [(WindowExceeded, "$.complete_packet.hi")],
        )


@witness.refusal(
    "The complete packet refuses a negative native wait by its bound, not as a wait its cases exceed.",
    rules=[complete_packet_fit],
    reasons=[because(NativeWaitTooLong, at="$.native_wait_s", saying="native_wait must be within 0..900 s, got -1 s")],
)
def complete_packet_refuses_a_negative_wait():
    return complete_packet_fit(_costs(50, 70, Unit.SECONDS), -1)


@witness.positive(
    "Every case cost is judged wherever it lies and however often its check appears: a thirteenth cost repeating a "
    "check, first or last, that is unmeasured, ESTIMATED or a rate is refused at that check, and a MEASURED repeat is "
    "added to the sum.",
    rules=[complete_packet_fit],
)
def every_case_cost_is_judged_at_any_position_and_repeat() -> None:
    costs = _costs(10, 20, Unit.SECONDS)
    c = NativeCheck.NO_LOCAL_DRAFTER
    at = f"$.cases.{c.value}"
    for what, extra, expected in (
        ("unmeasured", CaseCost(c, None), [(UnmeasuredCaseCost, at)]),
        ("ESTIMATED", CaseCost(c, between(10, 20, Unit.SECONDS, E, c.value)), [(FitNotEstablished, at)]),
        (
            "a rate",
            CaseCost(c, between(10, 20, Unit.TOKENS_PER_SECOND, M, c.value)),
            [(FigureUnitInvalid, f"{at}.unit")],
        ),
    ):
        for where, offered in (("last", (*costs, extra)), ("first", (extra, *costs))):
            check.equal(
                f"a repeated cost {what}, {where}",
                [(type(r), r.where) for r in check.refused(complete_packet_fit(offered, 900))],
                expected,
            )
    repeat = CaseCost(c, between(10, 20, Unit.SECONDS, M, c.value))
    for where, offered in (("last", (*costs, repeat)), ("first", (repeat, *costs))):
        fit = check.admitted(complete_packet_fit(offered, 900))
        check.equal(f"a MEASURED repeat, {where}: total s", (fit.lo, fit.hi), (Fraction(130), Fraction(260)))
