"""Seeded defects for Part B's waits, figures and windows (DOMAIN.md B2).

Each replacement is a copy of the rule with exactly one thing taken away;
the comment above it names what, and the seed fact it breaks.
"""

# TODO(layout): these claim ids in the intents below no longer exist; their claims were deleted with their rules or
#  rewritten (issue 13 item 3): native.waits.fresh_await_file_bounds_from_earliest_call,
#  native.waits.stale_await_file_with_wait_beyond_900_s_is_refused_on_both_counts,
#  native.waits.watcher_deadline_never_later_than_runner_deadline.

from __future__ import annotations

from fractions import Fraction

from claims.defects import Defect, DefectGroup
from domain.native.figures import (
    Figure, Provenance, ReportedFigure, Unit, _like, difference, figure_sum, in_minutes,
    per, point, printed, projected, rounded, scaled,
)
from domain.native.waits import MAX_NATIVE_WAIT_S, NativeWaitTooLong
from domain.native.windows import (
    CaseCost, FitNotEstablished, ProbeCountInvalid, UnmeasuredTerms, WindowExceeded, WindowIllustration, WindowInputs,
)
from domain.core.outcome import Admitted, Reason, Refused

WAITS = "native.waits"
WINDOWS = "native.windows"

# --- waits ------------------------------------------------------------------


def wait_deadline_with_max(
    time_at_call: int | Fraction, native_wait: int | Fraction, submission_deadline: int | Fraction
) -> Admitted[Fraction] | Refused:
    # Seed B2: the wait ends at min(time_at_call + native_wait, submission_deadline); this copy takes the max.
    if native_wait > MAX_NATIVE_WAIT_S or native_wait < 0:
        return Refused((NativeWaitTooLong("$.native_wait", f"native_wait must be within 0..{MAX_NATIVE_WAIT_S} s, got {native_wait} s"),))
    return Admitted(Fraction(max(time_at_call + native_wait, submission_deadline)))


wait_deadline_max_not_min = Defect(
    id="native.wait_deadline_max_not_min",
    target="domain.native.waits.native_wait_deadline",
    replacement=wait_deadline_with_max,
    description="End a native wait at the later of call time plus the wait and the submission deadline.",
    expect_red={
        f"{WAITS}.wait_ends_at_call_plus_wait_when_earlier",
        f"{WAITS}.wait_ends_at_submission_deadline_when_earlier",
        f"{WAITS}.deadline_never_later_than_submission_or_900_s",
        f"{WAITS}.fresh_await_file_bounds_from_earliest_call",
        f"{WAITS}.watcher_deadline_never_later_than_runner_deadline",
    },
    expect_green={f"{WAITS}.wait_beyond_900_s_is_refused"},
)

wait_cap_raised_to_1800 = Defect(
    id="native.wait_cap_raised_to_1800",
    target="domain.native.waits.MAX_NATIVE_WAIT_S",
    replacement=1800,
    description="Raise the 900 s native wait cap to 1800 s.",
    expect_red={"native.waits.deadline_never_later_than_submission_or_900_s",  "native.waits.stale_await_file_with_wait_beyond_900_s_is_refused_on_both_counts", "native.windows.complete_packet_refuses_wait_beyond_900_s", "native.windows.negative_wait_and_zero_counts_are_refused", 
        f"{WAITS}.wait_beyond_900_s_is_refused",
        f"{WAITS}.deadline_never_later_than_submission_or_900_s",
        f"{WINDOWS}.illustration_refuses_wait_beyond_900_s",
    },
    expect_green={f"{WAITS}.wait_ends_at_call_plus_wait_when_earlier"},
)

# TODO(layout): removed the defects later_deadline_from_await_file and await_bounded_from_mtime with their
# replacements: their target domain.native.waits.await_deadline was deleted (issue 13 item 3, no command reached it).

native_wait_unbounded = DefectGroup(
    id="native.native_wait_unbounded",
    description="Take the max of the two deadlines and raise the 900 s cap at once (seed B2: min(call + wait, deadline), wait ≤ 900 s).",
    defects=[wait_deadline_max_not_min, wait_cap_raised_to_1800],
    # Together they also break claims neither breaks alone (a wait both late and long).
    expect_red=wait_deadline_max_not_min.expect_red
    | wait_cap_raised_to_1800.expect_red
    | {
        "native.waits.stale_await_file_with_wait_beyond_900_s_is_refused_on_both_counts",
        "native.windows.complete_packet_refuses_wait_beyond_900_s",
        "native.windows.negative_wait_and_zero_counts_are_refused",
    },
)


# --- figures ------------------------------------------------------------------


def sum_keeping_first_provenance(source: str, *terms: Figure) -> Figure:
    # Seed B2: "a sum with an ESTIMATED term is ESTIMATED"; this copy keeps the first term's provenance.
    unit = terms[0].unit
    same = [_like(t, unit) for t in terms]
    return Figure(sum((t.lo for t in same), Fraction(0)), sum((t.hi for t in same), Fraction(0)), unit, terms[0].provenance, source)


def sum_adding_lo_to_hi(source: str, *terms: Figure) -> Figure:
    # Interval sum is [Σlo, Σhi]; this copy adds the first term's lo to the other terms' hi (and hi to lo).
    unit = terms[0].unit
    same = [_like(t, unit) for t in terms]
    crossed = (same[0].lo + sum((t.hi for t in same[1:]), Fraction(0)), same[0].hi + sum((t.lo for t in same[1:]), Fraction(0)))
    provenance = Provenance.ESTIMATED if any(t.provenance is Provenance.ESTIMATED for t in terms) else Provenance.MEASURED
    return Figure(min(crossed), max(crossed), unit, provenance, source)


def report_any_provenance(f: Figure, claimed: Provenance, places: int) -> Admitted[ReportedFigure] | Refused:
    # Seed B2: an ESTIMATED figure is never reported as MEASURED; this copy reports whatever is claimed.
    return Admitted(ReportedFigure(f, f"{printed(f, places)} ({claimed.value})"))


sum_takes_first_provenance = Defect(
    id="native.sum_takes_first_provenance",
    target="domain.native.figures.figure_sum",
    replacement=sum_keeping_first_provenance,
    description="Give a sum its first term's provenance, so a sum led by a MEASURED term is MEASURED despite ESTIMATED terms.",
    expect_red={"native.windows.window_texts_are_byte_identical", 
        f"{WINDOWS}.near_cap_probes_are_3_1_to_3_4_and_9_3_to_10_3",
        "native.figures.sum_with_an_estimated_term_is_never_reported_as_measured",
        "native.figures.an_estimated_term_makes_the_result_estimated",
    },
    expect_green={f"{WINDOWS}.one_32k_probe_is_0_74_to_1_14_min"},
)

interval_sum_adds_lo_to_hi = Defect(
    id="native.interval_sum_adds_lo_to_hi",
    target="domain.native.figures.figure_sum",
    replacement=sum_adding_lo_to_hi,
    description="Add the first term's lo to the other terms' hi (and hi to lo) instead of summing like ends.",
    expect_red={"native.windows.window_texts_are_byte_identical", 
        f"{WINDOWS}.across_arms_is_30_4_to_38_8_from_printed_figures",
        f"{WINDOWS}.diagnostic_is_about_92_to_107_min_before_restore",
        "native.figures.estimate_is_never_reported_as_measured",
        f"{WINDOWS}.measured_case_costs_within_900_s_fit",
        f"{WINDOWS}.no_established_one_hold_fit",
        "native.figures.interval_sums_are_exact_and_monotone",
    },
)

estimate_reported_as_measured = Defect(
    id="native.estimate_reported_as_measured",
    target="domain.native.figures.report",
    replacement=report_any_provenance,
    description="Report an ESTIMATED figure under whatever provenance is claimed, MEASURED included.",
    expect_red={"native.windows.window_texts_are_byte_identical", 
        "native.figures.estimate_is_never_reported_as_measured",
        "native.figures.sum_with_an_estimated_term_is_never_reported_as_measured",
        "native.figures.an_estimated_term_makes_the_result_estimated",
    },
    expect_green={"native.figures.measured_figure_reported_as_measured"},
)


# --- windows ------------------------------------------------------------------


def illustration_from_exact_sums(inputs: WindowInputs) -> Admitted[WindowIllustration] | Refused:
    # Seed B2: "across OFF/ON 30.4–38.8 min" adds the printed per-arm figures; this copy adds the exact ones
    # (which print 30.5–38.9), so the seed's own figures are no longer reproduced.
    reasons: list[Reason] = []
    if not 0 <= inputs.native_wait_s <= MAX_NATIVE_WAIT_S:
        reasons.append(NativeWaitTooLong("$.native_wait_s", f"native_wait must be within 0..{MAX_NATIVE_WAIT_S} s, got {inputs.native_wait_s} s"))
    for name in ("probe_tokens", "near_cap_completion", "probes_32k", "probes_near_cap", "waits"):
        if getattr(inputs, name) <= 0:
            reasons.append(ProbeCountInvalid(f"$.{name}", f"{name} must be positive, got {getattr(inputs, name)}"))
    if reasons:
        return Refused(tuple(reasons))
    i = inputs
    probe = in_minutes(figure_sum("probe_32k", i.prefill_32k, per(i.probe_tokens, i.decode_rate, "decode_32"), i.construction, i.control_overhead))
    near_decode = per(i.near_cap_completion, i.decode_rate, "decode_5")
    near = in_minutes(figure_sum("near_cap_probe", i.near_cap_ttft_off, near_decode, i.near_cap_overhead))
    naive = in_minutes(figure_sum("near_cap_probe_s30_lower_ends", i.near_cap_ttft_off, near_decode, i.construction, i.control_overhead))
    eight = scaled(probe, i.probes_32k, "eight_probes")
    three = scaled(near, i.probes_near_cap, "three_near_cap")
    across = scaled(figure_sum("across_arms", eight, three), 2, "across_arms")
    window = point(i.submission_window_min, Unit.MINUTES, Provenance.MEASURED, "submission_window")
    return Admitted(WindowIllustration(
        probe_32k=probe,
        eight_probes=eight,
        eight_printed_probes=scaled(rounded(probe, 2), i.probes_32k, "eight_printed_probes"),
        near_cap_probe=near,
        near_cap_probe_s30_lower_ends=naive,
        three_near_cap=three,
        across_arms=across,
        across_arms_exact=scaled(figure_sum("across_arms_exact", eight, three), 2, "across_arms_exact"),
        diagnostic_before_restore=figure_sum("diagnostic_before_restore", i.s30_diagnostic, across),
        left_before_submission=difference(window, i.s30_diagnostic, "left_before_submission"),
        extra_engine_start=projected(i.engine_start, "extra_engine_start"),
        four_waits=in_minutes(Figure(Fraction(0), Fraction(i.waits * i.native_wait_s), Unit.SECONDS, Provenance.ESTIMATED, "four_waits")),
        w13_span=difference(i.w13_last_completion, i.w13_first_send, "w13_span"),
    ))


def one_hold_fit_on_hard_bound(total: Figure, submission_window_min: int, hard_bound_min: int, unmeasured: tuple[str, ...]) -> Admitted[Figure] | Refused:
    # Seed B2: "submission window 75 min, hard bound 90 min"; this copy checks only the 90 min hard bound.
    t = in_minutes(total)
    reasons: list[Reason] = []
    if t.provenance is Provenance.ESTIMATED:
        reasons.append(FitNotEstablished("$.diagnostic.provenance", f"the diagnostic's {t.source} is ESTIMATED; a fit needs MEASURED figures"))
    if t.hi > hard_bound_min:
        reasons.append(WindowExceeded("$.diagnostic.hard_bound", f"up to {printed(point(t.hi, Unit.MINUTES, Provenance.ESTIMATED, t.source), 1)} exceeds the {hard_bound_min} min hard bound"))
    if unmeasured:
        reasons.append(UnmeasuredTerms("$.diagnostic.unmeasured", f"unmeasured: {', '.join(unmeasured)}"))
    return Refused(tuple(reasons)) if reasons else Admitted(t)


def complete_packet_fit_over_known_costs(costs: tuple[CaseCost, ...], native_wait_s: int) -> Admitted[Figure] | Refused:
    # Seed B2: "no established 900 s complete-packet fit"; this copy sums the costs it has and skips unmeasured checks.
    reasons: list[Reason] = []
    if not 0 <= native_wait_s <= MAX_NATIVE_WAIT_S:
        reasons.append(NativeWaitTooLong("$.native_wait_s", f"native_wait must be within 0..{MAX_NATIVE_WAIT_S} s, got {native_wait_s} s"))
    known: list[Figure] = []
    for c in costs:
        if c.cost is not None and c.cost.provenance is Provenance.ESTIMATED:
            reasons.append(FitNotEstablished(f"$.cases.{c.check.value}", f"{c.check.value} cost is ESTIMATED"))
        elif c.cost is not None:
            known.append(c.cost)
    total = figure_sum("complete_packet", *known) if known else point(0, Unit.SECONDS, Provenance.MEASURED, "complete_packet")
    seconds = total.hi * 60 if total.unit is Unit.MINUTES else total.hi
    if not reasons and seconds > native_wait_s:
        reasons.append(WindowExceeded("$.complete_packet.hi", f"up to {printed(point(seconds, Unit.SECONDS, Provenance.ESTIMATED, total.source), 1)} exceeds the {native_wait_s} s wait"))
    return Refused(tuple(reasons)) if reasons else Admitted(total)


across_arms_from_exact_sums = Defect(
    id="native.across_arms_from_exact_sums",
    target="domain.native.windows.window_illustration",
    replacement=illustration_from_exact_sums,
    description="Add the exact per-arm figures across OFF/ON instead of the seed's printed ones.",
    # The two claims that print the diagnostic (93–107, up to 106.9 min) notice it too.
    expect_red={"native.windows.window_texts_are_byte_identical", 
        f"{WINDOWS}.across_arms_is_30_4_to_38_8_from_printed_figures",
        f"{WINDOWS}.diagnostic_is_about_92_to_107_min_before_restore",
        "native.figures.estimate_is_never_reported_as_measured",
        f"{WINDOWS}.no_established_one_hold_fit",
    },
    expect_green={f"{WINDOWS}.one_32k_probe_is_0_74_to_1_14_min", f"{WINDOWS}.near_cap_probes_are_3_1_to_3_4_and_9_3_to_10_3"},
)

submission_window_ignored = Defect(
    id="native.submission_window_ignored",
    target="domain.native.windows.one_hold_fit",
    replacement=one_hold_fit_on_hard_bound,
    description="Judge a one-HOLD fit against the 90 min hard bound only, ignoring the 75 min submission window.",
    expect_red={"native.windows.measured_total_of_exactly_90_min_exceeds_only_the_window", "native.windows.window_texts_are_byte_identical", f"{WINDOWS}.no_established_one_hold_fit"},
    expect_green={f"{WINDOWS}.measured_total_within_75_min_fits"},
)

unmeasured_case_costs_skipped = Defect(
    id="native.unmeasured_case_costs_skipped",
    target="domain.native.windows.complete_packet_fit",
    replacement=complete_packet_fit_over_known_costs,
    description="Fit a complete packet from the case costs it has, skipping checks with no established bound.",
    expect_red={"native.windows.estimated_and_missing_case_costs_are_refused_by_name", "native.windows.window_texts_are_byte_identical", f"{WINDOWS}.no_established_complete_packet_fit"},
    expect_green={f"{WINDOWS}.measured_case_costs_within_900_s_fit"},
)
