"""Witness the window's feasibility: every figure said with its provenance, and no fit established on the seed's figures."""

from __future__ import annotations

from fractions import Fraction

import attrs

from claims import Witness, because, check
from domain.native.checks import NativeCheck
from domain.native.feasibility import window_feasibility, window_feasibility_lines
from domain.native.figures import Provenance, Unit, between, point
from domain.native.waits import NativeWaitTooLong
from domain.native.windows import (
    SEED_CASE_COSTS,
    SEED_UNMEASURED,
    SEED_WINDOW_INPUTS,
    CaseCost,
    FitNotEstablished,
    UnmeasuredTerms,
    WindowExceeded,
)
from witnesses.native.fixtures import MEASURED_COSTS, MEASURED_INPUTS

witness = Witness("native.feasibility")

M = Provenance.MEASURED


def _seed_lines() -> tuple[str, ...]:
    return window_feasibility_lines(
        check.admitted(window_feasibility(SEED_WINDOW_INPUTS, SEED_CASE_COSTS, SEED_UNMEASURED))
    )


@witness.positive(
    "The seed's window says each figure at the seed's decimals with its provenance, and a wait after the diagnostic ends at 75 min.",
    rules=[window_feasibility, window_feasibility_lines],
)
def the_seed_window_says_every_figure_with_its_provenance() -> None:
    lines = _seed_lines()
    for line in (
        "submission window: 75 min (MEASURED); hard bound: 90 min (MEASURED)",
        "one 32K/32-token probe: 0.74–1.14 min (ESTIMATED)",
        "across OFF/ON: 30.4–38.8 min (ESTIMATED)",
        "the S30 diagnostic, then the probes, before restore: 92–107 min (ESTIMATED)",
        "left before the submission window after the S30 diagnostic: 7–13 min (ESTIMATED)",
        "W13 first send to last completion: 50.093 min (MEASURED)",
        "a native wait called when the S30 diagnostic ends, at 62–68 min (ESTIMATED), ends at 75 min (ESTIMATED): "
        "min(the call + 900 s, the submission deadline)",
    ):
        check.contains("a line of the window", line, lines)
    check.equal(
        "the window's last two lines",
        lines[-2:],
        (
            "window: no established one-HOLD fit and no established complete-packet fit within the 900 s wait",
            "publishing PASS from an incomplete probe set to meet the clock is prohibited",
        ),
    )


@witness.refusal(
    "The seed's window establishes no one-HOLD fit, and its lines name every reason.",
    rules=[window_feasibility, window_feasibility_lines],
    reasons=[
        because(FitNotEstablished, at="$.diagnostic.provenance"),
        because(WindowExceeded, at="$.diagnostic.hi", saying="106.8 min exceeds the 75 min submission window"),
        because(WindowExceeded, at="$.diagnostic.hard_bound", saying="90 min hard bound"),
        because(UnmeasuredTerms, at="$.diagnostic.unmeasured"),
    ],
)
def the_seed_window_establishes_no_one_hold_fit():
    feasibility = check.admitted(window_feasibility(SEED_WINDOW_INPUTS, SEED_CASE_COSTS, SEED_UNMEASURED))
    check.contains(
        "the verdict line", "one-HOLD fit: NOT ESTABLISHED (4 reasons)", window_feasibility_lines(feasibility)
    )
    return feasibility.one_hold


@witness.refusal(
    "A native wait beyond 900 s refuses the window before any figure is said.",
    rules=[window_feasibility],
    reasons=[because(NativeWaitTooLong, at="$.native_wait_s", saying="901 s")],
)
def a_wait_beyond_900_s_refuses_the_window():
    return window_feasibility(attrs.evolve(SEED_WINDOW_INPUTS, native_wait_s=901), SEED_CASE_COSTS, SEED_UNMEASURED)


@witness.positive(
    "A window measured end to end fits one HOLD within 75 min and a complete packet within 900 s, and says both are established.",
    rules=[window_feasibility, window_feasibility_lines],
)
def a_measured_window_establishes_both_fits() -> None:
    feasibility = check.admitted(window_feasibility(MEASURED_INPUTS, MEASURED_COSTS, ()))
    total = check.admitted(feasibility.one_hold)
    check.holds("the diagnostic fits 75 min", total.hi <= 75, total)
    check.equal("the complete packet (s)", check.admitted(feasibility.complete_packet).hi, Fraction(840))
    lines = window_feasibility_lines(feasibility)
    check.equal("the window's last line", lines[-1], "window: a one-HOLD fit and a complete-packet fit are established")
    check.absent(
        "the prohibition", "publishing PASS from an incomplete probe set to meet the clock is prohibited", lines
    )


@witness.positive(
    "A measured window says each established fit at one decimal, and a wait called at 30–35 min ends at 45–50 min, under its own name.",
    rules=[window_feasibility, window_feasibility_lines],
)
def a_measured_window_says_each_fit_and_the_wait_exactly() -> None:
    feasibility = check.admitted(window_feasibility(MEASURED_INPUTS, MEASURED_COSTS, ()))
    check.equal(
        "the wait after the diagnostic",
        feasibility.wait_after_diagnostic,
        between(45, 50, Unit.MINUTES, M, "wait_after_diagnostic"),
    )
    check.equal(
        "the wait and both fits",
        window_feasibility_lines(feasibility)[-4:-1],
        (
            "a native wait called when the S30 diagnostic ends, at 30–35 min (MEASURED), ends at 45–50 min (MEASURED): min(the call + 900 s, the submission deadline)",
            "one-HOLD fit: ESTABLISHED, 60.4–73.8 min (MEASURED)",
            "complete-packet fit within the 900 s wait: ESTABLISHED, 840.0 s (MEASURED)",
        ),
    )


@witness.positive(
    "A fit refused for one reason says '1 reason' and names it, and the window then names each fit it lacks.",
    rules=[window_feasibility, window_feasibility_lines],
)
def a_fit_refused_for_one_reason_says_so() -> None:
    estimated = CaseCost(
        NativeCheck.NO_LOCAL_DRAFTER, point(70, Unit.SECONDS, Provenance.ESTIMATED, "case_no_local_drafter")
    )
    feasibility = check.admitted(window_feasibility(MEASURED_INPUTS, (estimated, *MEASURED_COSTS[:-1]), ("hooks",)))
    check.equal(
        "the fits and the window",
        window_feasibility_lines(feasibility)[-6:],
        (
            "one-HOLD fit: NOT ESTABLISHED (1 reason)",
            "  UnmeasuredTerms @ $.diagnostic.unmeasured: unmeasured: hooks",
            "complete-packet fit within the 900 s wait: NOT ESTABLISHED (1 reason)",
            "  FitNotEstablished @ $.cases.no_local_drafter: no_local_drafter cost is ESTIMATED",
            "window: no established one-HOLD fit and no established complete-packet fit within the 900 s wait",
            "publishing PASS from an incomplete probe set to meet the clock is prohibited",
        ),
    )


@witness.positive(
    "A fit refused for one, two or three reasons says '1 reason', '2 reasons' or '3 reasons': the count and its plural follow every reason.",
    rules=[window_feasibility, window_feasibility_lines],
)
def a_fits_reason_count_and_plural_follow_every_reason() -> None:
    said = {}
    for count in (1, 2, 3):
        estimated = tuple(
            attrs.evolve(c, cost=attrs.evolve(c.cost, provenance=Provenance.ESTIMATED)) for c in MEASURED_COSTS[-count:]
        )
        feasibility = check.admitted(window_feasibility(MEASURED_INPUTS, (*MEASURED_COSTS[:-count], *estimated), ()))
        said[count] = [line for line in window_feasibility_lines(feasibility) if "NOT ESTABLISHED" in line]
    check.equal(
        "the lines of the refused fit",
        said,
        {
            count: [f"complete-packet fit within the 900 s wait: NOT ESTABLISHED ({count} {noun})"]
            for count, noun in ((1, "reason"), (2, "reasons"), (3, "reasons"))
        },
    )


# --- the window's own wait is the one every figure uses, and each missing fit is named alone ---------


@witness.positive(
    "A measured window with a 600 s wait ends the wait after the diagnostic at 40–45 min and refuses the 840 s complete packet against 600 s, naming only that fit.",
    rules=[window_feasibility, window_feasibility_lines],
)
def a_600_s_wait_bounds_the_wait_and_the_complete_packet() -> None:
    feasibility = check.admitted(
        window_feasibility(attrs.evolve(MEASURED_INPUTS, native_wait_s=600), MEASURED_COSTS, ())
    )
    check.equal(
        "the wait after the diagnostic",
        feasibility.wait_after_diagnostic,
        between(40, 45, Unit.MINUTES, M, "wait_after_diagnostic"),
    )
    check.admitted(feasibility.one_hold)
    check.equal(
        "the wait, both fits and the window",
        window_feasibility_lines(feasibility)[-6:],
        (
            "a native wait called when the S30 diagnostic ends, at 30–35 min (MEASURED), ends at 40–45 min (MEASURED): min(the call + 600 s, the submission deadline)",
            "one-HOLD fit: ESTABLISHED, 60.4–73.8 min (MEASURED)",
            "complete-packet fit within the 600 s wait: NOT ESTABLISHED (1 reason)",
            "  WindowExceeded @ $.complete_packet.hi: up to 840.0 s exceeds the 600 s wait",
            "window: no established complete-packet fit within the 600 s wait",
            "publishing PASS from an incomplete probe set to meet the clock is prohibited",
        ),
    )


@witness.positive(
    "A window of 80 min with a 100 min hard bound says each as given, never the seed's 75 and 90 min.",
    rules=[window_feasibility, window_feasibility_lines],
)
def a_window_says_its_own_window_and_hard_bound() -> None:
    inputs = attrs.evolve(MEASURED_INPUTS, submission_window_min=80, hard_bound_min=100)
    lines = window_feasibility_lines(check.admitted(window_feasibility(inputs, MEASURED_COSTS, ())))
    check.equal("first line", lines[0], "submission window: 80 min (MEASURED); hard bound: 100 min (MEASURED)")


@witness.positive(
    "A measured window whose only gap is an unmeasured term names only the one-HOLD fit as missing, and still prohibits publishing PASS.",
    rules=[window_feasibility, window_feasibility_lines],
)
def a_window_lacking_only_the_one_hold_fit_names_only_it() -> None:
    feasibility = check.admitted(window_feasibility(MEASURED_INPUTS, MEASURED_COSTS, ("audit overhead",)))
    check.equal(
        "the fits and the window",
        window_feasibility_lines(feasibility)[-5:],
        (
            "one-HOLD fit: NOT ESTABLISHED (1 reason)",
            "  UnmeasuredTerms @ $.diagnostic.unmeasured: unmeasured: audit overhead",
            "complete-packet fit within the 900 s wait: ESTABLISHED, 840.0 s (MEASURED)",
            "window: no established one-HOLD fit",
            "publishing PASS from an incomplete probe set to meet the clock is prohibited",
        ),
    )


# --- every element the seed's window says: each figure in the seed's order, and each fit's every reason ---------


@witness.positive(
    "The seed's window says its ten figures in the seed's order, each at the seed's decimals with its provenance.",
    rules=[window_feasibility_lines],
)
def the_seed_window_says_its_ten_figures_in_order() -> None:
    check.equal(
        "the figure lines",
        _seed_lines()[1:11],
        (
            "one 32K/32-token probe: 0.74–1.14 min (ESTIMATED)",
            "eight 32K probes per arm: 5.9–9.1 min (ESTIMATED)",
            "one 327675+5 probe: 3.1–3.4 min (ESTIMATED)",
            "three near-cap probes per arm: 9.3–10.3 min (ESTIMATED)",
            "across OFF/ON: 30.4–38.8 min (ESTIMATED)",
            "the S30 diagnostic, then the probes, before restore: 92–107 min (ESTIMATED)",
            "left before the submission window after the S30 diagnostic: 7–13 min (ESTIMATED)",
            "each extra engine start: 6.5–6.8 min (ESTIMATED)",
            "four native waits: 0–60 min (ESTIMATED)",
            "W13 first send to last completion: 50.093 min (MEASURED)",
        ),
    )


@witness.positive(
    "The seed's window says each missing fit with its count of reasons and then every reason on its own line: four for one HOLD, one per check for the complete packet.",
    rules=[window_feasibility_lines],
)
def the_seed_window_says_every_reason_of_each_fit() -> None:
    check.equal(
        "the fits' lines",
        _seed_lines()[12:-2],
        (
            "one-HOLD fit: NOT ESTABLISHED (4 reasons)",
            "  FitNotEstablished @ $.diagnostic.provenance: the diagnostic's diagnostic_before_restore is ESTIMATED; a fit needs MEASURED figures",
            "  WindowExceeded @ $.diagnostic.hi: up to 106.8 min exceeds the 75 min submission window",
            "  WindowExceeded @ $.diagnostic.hard_bound: up to 106.8 min exceeds the 90 min hard bound",
            "  UnmeasuredTerms @ $.diagnostic.unmeasured: unmeasured: audit overhead, per-case and fault timings, hooks, fault waits and cache primes",
            "complete-packet fit within the 900 s wait: NOT ESTABLISHED (12 reasons)",
            *(
                f"  UnmeasuredCaseCost @ $.cases.{c.value}: {c.value} has no established native bound"
                for c in NativeCheck
            ),
        ),
    )


@witness.positive(
    "The probes line says the exact probes at one decimal, never the probes scaled from the printed one: 100 32K probes are 74.3–114.4 min (100 × the printed 0.74–1.14 would say 74.0–114.0).",
    rules=[window_feasibility_lines],
)
def the_probes_line_says_the_exact_probes() -> None:
    inputs = attrs.evolve(SEED_WINDOW_INPUTS, probes_32k=100, probes_near_cap=10)
    lines = window_feasibility_lines(check.admitted(window_feasibility(inputs, SEED_CASE_COSTS, SEED_UNMEASURED)))
    check.equal(
        "the probe lines",
        (lines[2], lines[4]),
        (
            "eight 32K probes per arm: 74.3–114.4 min (ESTIMATED)",
            "three near-cap probes per arm: 31.0–34.4 min (ESTIMATED)",
        ),
    )


@witness.positive(
    "The wait after the diagnostic ends, at each end of the call interval, at min(call + wait, the submission deadline), "
    "whether the call is given in minutes or seconds, is a point or an interval, comes early, straddles the deadline or "
    "lies past it, and keeps the call's provenance.",
    rules=[window_feasibility],
)
def the_wait_after_any_call_ends_at_each_end_of_the_call() -> None:
    wait_s, window_min = 600, 75
    for call in (
        between(30, 35, Unit.MINUTES, M, "s30_diagnostic"),
        between(1800, 2100, Unit.SECONDS, M, "s30_diagnostic"),
        point(50, Unit.MINUTES, Provenance.ESTIMATED, "s30_diagnostic"),
        between(60, 70, Unit.MINUTES, Provenance.ESTIMATED, "s30_diagnostic"),
        between(3600, 4200, Unit.SECONDS, Provenance.ESTIMATED, "s30_diagnostic"),
        between(100, 120, Unit.MINUTES, M, "s30_diagnostic"),
    ):
        inputs = attrs.evolve(MEASURED_INPUTS, s30_diagnostic=call, native_wait_s=wait_s)
        feasibility = check.admitted(window_feasibility(inputs, MEASURED_COSTS, ()))
        seconds = (call.lo, call.hi) if call.unit is Unit.SECONDS else (call.lo * 60, call.hi * 60)
        ends = [Fraction(min(s + wait_s, window_min * 60), 60) for s in seconds]
        check.equal(
            f"the wait after a call at {call.lo}-{call.hi} {call.unit.value} {call.provenance.value}",
            feasibility.wait_after_diagnostic,
            between(ends[0], ends[1], Unit.MINUTES, call.provenance, "wait_after_diagnostic"),
        )


@witness.positive(
    "A window given no case costs at all says each of the twelve checks has no cost at all: an empty tuple of costs is "
    "never read as the seed's unmeasured ones.",
    rules=[window_feasibility],
)
def a_window_without_costs_names_every_check_as_costless() -> None:
    feasibility = check.admitted(window_feasibility(MEASURED_INPUTS, (), ()))
    check.equal(
        "complete-packet reasons",
        [(r.where, r.why) for r in check.refused(feasibility.complete_packet)],
        [(f"$.cases.{c.value}", f"{c.value} has no cost at all") for c in NativeCheck],
    )
