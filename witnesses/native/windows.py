"""Claims about the window-feasibility figures: exact, with provenance, and no established fit."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.native.checks import NativeCheck
from domain.native.figures import EstimateReportedAsMeasured, Figure, Provenance, Unit, between, figure_sum, printed, report
from domain.native.waits import NativeWaitTooLong
from domain.native.windows import (
    SEED_CASE_COSTS, SEED_UNMEASURED, SEED_WINDOW_INPUTS, CaseCost, FitNotEstablished, UnmeasuredCaseCost,
    UnmeasuredTerms, WindowExceeded, complete_packet_fit, one_hold_fit, window_illustration,
)

witness = Witness("native.windows")

M, E = Provenance.MEASURED, Provenance.ESTIMATED


def _seed():
    return check.admitted(window_illustration(SEED_WINDOW_INPUTS))


def _exact(what: str, figure: Figure, lo: Fraction, hi: Fraction, provenance: Provenance) -> None:
    check.equal(f"{what} [lo, hi] in min", (figure.unit, figure.lo, figure.hi), (Unit.MINUTES, lo, hi))
    check.equal(f"{what} provenance", figure.provenance, provenance)


@witness.positive("One 32K/32-token probe costs exactly 26/35 to 223/195 min, printed 0.74–1.14, ESTIMATED.", rules=[window_illustration])
def one_32k_probe_is_0_74_to_1_14_min() -> None:
    w = _seed()
    _exact("probe", w.probe_32k, Fraction(26, 35), Fraction(223, 195), E)
    check.equal("printed", printed(w.probe_32k, 2), "0.74–1.14 min")


@witness.positive("Eight probes print 5.9–9.1 min per arm, whether from the exact probe or from 8 × 0.74–1.14.", rules=[window_illustration])
def eight_probes_are_5_9_to_9_1_min_per_arm() -> None:
    w = _seed()
    _exact("eight exact", w.eight_probes, Fraction(208, 35), Fraction(1784, 195), E)
    _exact("eight from printed", w.eight_printed_probes, Fraction("5.92"), Fraction("9.12"), E)
    check.equal("printed", (printed(w.eight_probes, 1), printed(w.eight_printed_probes, 1)), ("5.9–9.1 min", "5.9–9.1 min"))


@witness.positive("One near-cap probe prints 3.1–3.4 min and three print 9.3–10.3 min per arm.", rules=[window_illustration])
def near_cap_probes_are_3_1_to_3_4_and_9_3_to_10_3() -> None:
    w = _seed()
    _exact("near cap", w.near_cap_probe, Fraction(1303031, 420000), Fraction(670001, 195000), E)
    check.equal("printed", (printed(w.near_cap_probe, 1), printed(w.three_near_cap, 1)), ("3.1–3.4 min", "9.3–10.3 min"))


@witness.positive("With S30's lower ends (19 s construction, 10 s control) the near-cap probe would print 3.0–3.4, not 3.1.", rules=[window_illustration])
def s30_lower_ends_would_print_3_0() -> None:
    check.equal("printed", printed(_seed().near_cap_probe_s30_lower_ends, 1), "3.0–3.4 min")


@witness.positive("Across OFF/ON the seed's 30.4–38.8 min is twice the printed per-arm figures; the exact sum prints 30.5–38.9.", rules=[window_illustration])
def across_arms_is_30_4_to_38_8_from_printed_figures() -> None:
    w = _seed()
    _exact("across", w.across_arms, Fraction("30.4"), Fraction("38.8"), E)
    check.equal("exact sum printed", printed(w.across_arms_exact, 1), "30.5–38.9 min")


@witness.positive("S30's 62–68 min plus 30.4–38.8 is 92.4–106.8 (≈92–107) min before restore, leaving 7–13 min before 75.", rules=[window_illustration])
def diagnostic_is_about_92_to_107_min_before_restore() -> None:
    w = _seed()
    _exact("diagnostic", w.diagnostic_before_restore, Fraction("92.4"), Fraction("106.8"), E)
    check.equal("printed", printed(w.diagnostic_before_restore, 0), "92–107 min")
    _exact("left before 75", w.left_before_submission, Fraction(7), Fraction(13), E)


@witness.positive("An extra engine start is an ESTIMATED 6.5–6.8 min, four waits up to 60 min, and W13 a MEASURED 50.093 min.", rules=[window_illustration])
def extra_start_waits_and_w13_span() -> None:
    w = _seed()
    check.equal("measured start input", SEED_WINDOW_INPUTS.engine_start.provenance, M)
    _exact("extra start", w.extra_engine_start, Fraction("6.5"), Fraction("6.8"), E)
    _exact("four waits", w.four_waits, Fraction(0), Fraction(60), E)
    _exact("W13 span", w.w13_span, Fraction("50.093"), Fraction("50.093"), M)


@witness.refusal(
    "The illustration refuses a native wait beyond 900 s.",
    rules=[window_illustration],
    reasons=[because(NativeWaitTooLong, at="$.native_wait_s", saying="901 s")],
)
def illustration_refuses_wait_beyond_900_s():
    return window_illustration(attrs.evolve(SEED_WINDOW_INPUTS, native_wait_s=901))


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


@witness.refusal(
    "No check has an established native bound, so no complete packet fits a 900 s wait.",
    rules=[complete_packet_fit],
    reasons=[because(UnmeasuredCaseCost, at=f"$.cases.{c.value}", saying="no established native bound") for c in NativeCheck],
)
def no_established_complete_packet_fit():
    return complete_packet_fit(SEED_CASE_COSTS, 900)


@witness.positive("Twelve MEASURED 70 s case costs fit a 900 s wait at 840 s.", rules=[complete_packet_fit])
def measured_case_costs_within_900_s_fit() -> None:
    costs = tuple(CaseCost(c, between(50, 70, Unit.SECONDS, M, c.value)) for c in NativeCheck)
    fit = check.admitted(complete_packet_fit(costs, 900))
    check.equal("total [lo, hi] s", (fit.lo, fit.hi, fit.provenance), (Fraction(600), Fraction(840), M))


@witness.refusal(
    "An ESTIMATED figure is never reported as MEASURED.",
    rules=[report],
    reasons=[because(EstimateReportedAsMeasured, at="$.figures.diagnostic_before_restore", saying=["92–107 min", "ESTIMATED"])],
)
def estimate_is_never_reported_as_measured():
    return report(_seed().diagnostic_before_restore, M, 0)


@witness.positive("A MEASURED figure is reported as MEASURED with its printed value.", rules=[report])
def measured_figure_reported_as_measured() -> None:
    reported = check.admitted(report(_seed().w13_span, M, 3))
    check.equal("text", reported.text, "50.093 min (MEASURED)")


_FIGURES = st.builds(
    lambda lo, width, provenance: Figure(lo, lo + width, Unit.SECONDS, provenance, "generated"),
    st.fractions(0, 1000, max_denominator=100), st.fractions(0, 100, max_denominator=100), st.sampled_from(list(Provenance)),
)


@witness.property("A sum with any ESTIMATED term is ESTIMATED and is never reported as MEASURED.", rules=[report])
@settings(max_examples=60, deadline=None)
@given(st.lists(_FIGURES, min_size=1, max_size=5))
def sum_with_an_estimated_term_is_never_reported_as_measured(terms: list) -> None:
    total = figure_sum("generated_sum", *terms)
    has_estimate = any(t.provenance is E for t in terms)
    check.equal("provenance", total.provenance, E if has_estimate else M)
    check.equal("reported as MEASURED is refused", report(total, M, 1).refused, has_estimate)
