"""Declare the seeded defects of the window illustration and the two fits (seed B2: window 75 min, hard bound 90 min, no fit established)."""

from __future__ import annotations

import attrs

from claims.defects import Defect, original
from domain.core.outcome import Admitted, Refused
from domain.native import windows
from domain.native.figures import Provenance
from domain.native.windows import WindowIllustration

WINDOWS = "native.windows"

across_arms_from_exact_sums = Defect(
    id="native.across_arms_from_exact_sums",
    target=windows.window_illustration,
    intent="Add the exact per-arm figures across OFF/ON instead of the seed's printed ones, so 30.4–38.8 prints 30.5–38.9 and the seed's own figures are not reproduced.",
    patch=(
        'figure_sum("across_arms", rounded(eight, 1), rounded(three, 1))',
        'figure_sum("across_arms", eight, three)',
    ),
    must_red={
        f"{WINDOWS}.across_arms_is_30_4_to_38_8_from_printed_figures",
        f"{WINDOWS}.diagnostic_is_about_92_to_107_min_before_restore",
    },
    must_green={
        f"{WINDOWS}.one_32k_probe_is_0_74_to_1_14_min",
        f"{WINDOWS}.near_cap_probes_are_3_1_to_3_4_and_9_3_to_10_3",
    },
)

window_checked_against_the_hard_bound = Defect(
    id="native.window_checked_against_the_hard_bound",
    target=windows.one_hold_fit,
    intent="Compare the diagnostic with the 90 min hard bound where the 75 min submission window belongs, so an 80–90 min total fits one HOLD.",
    patch=("if t.hi > submission_window_min:", "if t.hi > hard_bound_min:"),
    must_red={f"{WINDOWS}.measured_total_of_exactly_90_min_exceeds_only_the_window"},
    must_green={f"{WINDOWS}.measured_total_within_75_min_fits", f"{WINDOWS}.no_established_one_hold_fit"},
)

rate_taken_as_a_one_hold_total = Defect(
    id="native.rate_taken_as_a_one_hold_total",
    target=windows.one_hold_fit,
    intent="Judge a one-HOLD total whatever its unit, so 52–56 tok/s is converted as if seconds and fits one HOLD (seed B2: the diagnostic is a duration).",
    patch=("if total.unit not in _DURATION_UNITS:", "if False:"),
    must_red={f"{WINDOWS}.a_measured_rate_is_refused_at_its_unit"},
    must_green={f"{WINDOWS}.a_total_in_seconds_is_judged_in_minutes", f"{WINDOWS}.measured_total_within_75_min_fits"},
)

window_end_excluded = Defect(
    id="native.window_end_excluded",
    target=windows.one_hold_fit,
    intent="Refuse a total that reaches exactly 75 min, a boundary moved from > to >= at the submission window.",
    patch=("if t.hi > submission_window_min:", "if t.hi >= submission_window_min:"),
    must_red={f"{WINDOWS}.measured_total_of_exactly_75_min_fits"},
    must_green={f"{WINDOWS}.measured_total_within_75_min_fits"},
)

minutes_read_as_seconds = Defect(
    id="native.minutes_read_as_seconds",
    target=windows.complete_packet_fit,
    intent="Compare a total in minutes with the wait in seconds without converting it, so 18 min of case costs fit a 900 s wait.",
    patch=("seconds = total.hi * 60 if total.unit is MIN else total.hi", "seconds = total.hi"),
    must_red={f"{WINDOWS}.measured_minute_costs_past_900_s_are_refused"},
    must_green={f"{WINDOWS}.measured_case_costs_within_900_s_fit"},
)

complete_packet_seconds_truncated = Defect(
    id="native.complete_packet_seconds_truncated",
    target=windows.complete_packet_fit,
    intent="Cut a total in minutes to whole seconds before judging it, so case costs coming to 900.5 s fit a 900 s wait.",
    patch=(
        "seconds = total.hi * 60 if total.unit is MIN else total.hi",
        "seconds = int(total.hi * 60) if total.unit is MIN else total.hi",
    ),
    must_red={f"{WINDOWS}.minute_costs_a_fraction_of_a_second_past_the_wait_are_refused"},
    must_green={f"{WINDOWS}.measured_minute_costs_filling_900_s_exactly_fit"},
)

check_without_a_cost_unnoticed = Defect(
    id="native.check_without_a_cost_unnoticed",
    target=windows.complete_packet_fit,
    intent="Look each check up in the table of checks instead of the costs given, so a check with no cost at all is never named (seed B2: no established complete-packet fit).",
    patch=("if check not in covered:", "if check not in NativeCheck:"),
    must_red={f"{WINDOWS}.estimated_and_missing_case_costs_are_refused_by_name"},
    must_green={f"{WINDOWS}.no_established_complete_packet_fit"},
)

complete_packet_judged_by_its_lower_end = Defect(
    id="native.complete_packet_judged_by_its_lower_end",
    target=windows.complete_packet_fit,
    intent="Judge the complete packet by the lower end of its total, so 720–960 s of case costs fit a 900 s wait.",
    patch=(
        "seconds = total.hi * 60 if total.unit is MIN else total.hi",
        "seconds = total.lo * 60 if total.unit is MIN else total.lo",
    ),
    must_red={
        f"{WINDOWS}.costs_whose_upper_end_passes_the_wait_are_refused",
        f"{WINDOWS}.minute_costs_whose_upper_end_passes_the_wait_are_refused",
    },
    must_green={f"{WINDOWS}.measured_case_costs_within_900_s_fit"},
)

case_cost_unit_unchecked = Defect(
    id="native.case_cost_unit_unchecked",
    target=windows.complete_packet_fit,
    intent="Add a case cost in tok/s as if it were seconds instead of refusing it at its unit.",
    patch=("elif c.cost.unit not in _DURATION_UNITS:", "elif False:"),
    must_red={f"{WINDOWS}.a_case_cost_in_tokens_per_second_is_refused_at_its_unit"},
    must_green={f"{WINDOWS}.measured_minute_costs_filling_900_s_exactly_fit"},
)

window_taken_as_estimated = Defect(
    id="native.window_taken_as_estimated",
    target=windows.window_illustration,
    intent="Take the 75 min submission window as ESTIMATED when deriving the time left before it, so a wholly MEASURED diagnostic leaves an ESTIMATED margin (seed B2: the window is given; only an ESTIMATED term makes a figure ESTIMATED).",
    patch=(
        'window = point(i.submission_window_min, MIN, M, "submission_window")',
        'window = point(i.submission_window_min, MIN, E, "submission_window")',
    ),
    must_red={f"{WINDOWS}.all_measured_inputs_derive_measured_figures_but_projections"},
    must_green={f"{WINDOWS}.extra_start_waits_and_w13_span"},
)

estimated_minute_cost_taken_as_measured = Defect(
    id="native.estimated_minute_cost_taken_as_measured",
    target=windows.complete_packet_fit,
    intent="Refuse an ESTIMATED case cost only when it is given in seconds, so ESTIMATED minutes establish a complete-packet fit (seed B2: a fit needs MEASURED figures).",
    patch=("elif c.cost.provenance is E:", "elif c.cost.provenance is E and c.cost.unit is S:"),
    must_red={f"{WINDOWS}.an_estimated_case_cost_in_minutes_is_refused"},
    must_green={f"{WINDOWS}.estimated_and_missing_case_costs_are_refused_by_name"},
)


def illustration_with_a_measured_prefill(inputs: windows.WindowInputs) -> Admitted[WindowIllustration] | Refused:
    """Derive the illustration taking the 32K prefill as MEASURED, whatever its provenance."""
    prefill = attrs.evolve(inputs.prefill_32k, provenance=Provenance.MEASURED)
    return original(windows.window_illustration)(attrs.evolve(inputs, prefill_32k=prefill))


prefill_taken_as_measured = Defect(
    id="native.prefill_taken_as_measured",
    target=windows.window_illustration,
    intent="Take the seed's 32K prefill (S30's scaled prefill estimate, ~15 s) as MEASURED, so a probe with its control overhead measured is MEASURED (seed B2: a sum with an ESTIMATED term is ESTIMATED).",
    replacement=illustration_with_a_measured_prefill,
    must_red={f"{WINDOWS}.the_seeds_32k_prefill_keeps_the_probe_estimated"},
    must_green={f"{WINDOWS}.one_32k_probe_is_0_74_to_1_14_min"},
)

estimated_rate_taken_as_an_estimated_cost = Defect(
    id="native.estimated_rate_taken_as_an_estimated_cost",
    target=windows.complete_packet_fit,
    intent="Judge a case cost's unit only when it is MEASURED, so an ESTIMATED cost in tok/s is refused as ESTIMATED instead of as no duration at all.",
    patch=(
        "elif c.cost.unit not in _DURATION_UNITS:",
        "elif c.cost.unit not in _DURATION_UNITS and c.cost.provenance is M:",
    ),
    must_red={"native.windows.an_estimated_case_cost_in_tokens_per_second_is_refused_at_its_unit"},
)

four_waits_counted_from_the_seed = Defect(
    id="native.four_waits_counted_from_the_seed",
    target=windows.window_illustration,
    intent="Count the seed's four waits instead of the inputs' count, so two waits of 900 s still span 60 min.",
    patch=("Fraction(i.waits * i.native_wait_s)", "Fraction(4 * i.native_wait_s)"),
    must_red={"native.windows.every_count_is_read_from_the_inputs"},
)

three_near_cap_probes_from_the_seed = Defect(
    id="native.three_near_cap_probes_from_the_seed",
    target=windows.window_illustration,
    intent="Scale the near-cap probe by the seed's three instead of the inputs' count of near-cap probes.",
    patch=('scaled(near, i.probes_near_cap, "three_near_cap")', 'scaled(near, 3, "three_near_cap")'),
    must_red={"native.windows.every_count_is_read_from_the_inputs"},
)

one_hold_names_the_seeds_limits = Defect(
    id="native.one_hold_names_the_seeds_limits",
    target=windows.one_hold_fit,
    intent="Name the seed's 75 and 90 min in a one-HOLD refusal instead of the window and hard bound it was judged against.",
    patch=("exceeds the {submission_window_min} min submission window", "exceeds the 75 min submission window"),
    must_red={"native.windows.a_total_past_other_limits_names_those_limits"},
)

across_arms_exact_adds_printed_three = Defect(
    id="native.across_arms_exact_adds_printed_three",
    target=windows.window_illustration,
    intent="Add the printed three near-cap probes (one decimal) into the exact across-arms sum, so the exact figure is no longer exact though it still prints 30.5–38.9 (seed B2: the seed adds printed per-arm figures; the exact sum adds exact ones).",
    patch=(
        'figure_sum("across_arms_exact", eight, three)',
        'figure_sum("across_arms_exact", eight, rounded(three, 1))',
    ),
    must_red={"native.windows.across_arms_exact_sums_only_exact_terms"},
)

across_arms_printed_only_at_three_near_cap_probes = Defect(
    id="native.across_arms_printed_only_at_three_near_cap_probes",
    target=windows.window_illustration,
    intent="Add the printed near-cap figure only when there are exactly three near-cap probes, adding the exact one at any other count.",
    patch=(
        "rounded(eight, 1), rounded(three, 1))",
        "rounded(eight, 1), rounded(three, 1) if i.probes_near_cap == 3 else three)",
    ),
    must_red={f"{WINDOWS}.across_arms_adds_the_printed_per_arm_figures_at_any_count"},
)

unmeasured_named_three_at_most = Defect(
    id="native.unmeasured_named_three_at_most",
    target=windows.one_hold_fit,
    intent="Name only the first three unmeasured terms, so a fourth is never said.",
    patch=("f\"unmeasured: {', '.join(unmeasured)}\"", "f\"unmeasured: {', '.join(unmeasured[:3])}\""),
    must_red={f"{WINDOWS}.every_unmeasured_term_is_named_however_many"},
)

estimated_seconds_total_fits = Defect(
    id="native.estimated_seconds_total_fits",
    target=windows.one_hold_fit,
    intent="Refuse an ESTIMATED total only when it is given in minutes, so the same estimate in seconds fits one HOLD.",
    patch=("    if t.provenance is E:\n", "    if t.provenance is E and total.unit is MIN:\n"),
    must_red={f"{WINDOWS}.an_estimated_total_is_refused_in_either_unit"},
)

case_costs_beyond_twelve_unjudged = Defect(
    id="native.case_costs_beyond_twelve_unjudged",
    target=windows.complete_packet_fit,
    intent="Judge only the first twelve case costs, so a thirteenth cost repeating a check (unmeasured, ESTIMATED or a rate) is never judged.",
    patch=("    for c in costs:\n", "    for c in costs[:12]:\n"),
    must_red={f"{WINDOWS}.every_case_cost_is_judged_at_any_position_and_repeat"},
)

printed_probes_exact_off_the_seeds_tokens = Defect(
    id="native.printed_probes_exact_off_the_seeds_tokens",
    target=windows.window_illustration,
    intent="Scale the printed probe only at the seed's 32 tokens, scaling the exact probe at any other token count.",
    patch=(
        "eight_printed_probes=scaled(rounded(probe, 2),",
        "eight_printed_probes=scaled(rounded(probe, 2) if i.probe_tokens == 32 else probe,",
    ),
    must_red={f"{WINDOWS}.the_printed_probes_scale_the_printed_probe_at_any_count"},
)

hard_bound_judged_only_above_the_window = Defect(
    id="native.hard_bound_judged_only_above_the_window",
    target=windows.one_hold_fit,
    intent="Judge the hard bound only when it lies above the window, so a total past a hard bound below the window is never refused at it.",
    patch=("    if t.hi > hard_bound_min:", "    if t.hi > hard_bound_min and submission_window_min < hard_bound_min:"),
    must_red={f"{WINDOWS}.each_limit_is_judged_independently_of_the_other"},
)

count_refusal_clamps_its_value = Defect(
    id="native.count_refusal_clamps_its_value",
    target=windows.window_illustration,
    intent="Say a count below -1 as -1 in its refusal, so -1000 probes is said as -1.",
    patch=(
        'f"{name} must be positive, got {getattr(inputs, name)}"',
        'f"{name} must be positive, got {max(getattr(inputs, name), -1)}"',
    ),
    must_red={f"{WINDOWS}.a_count_of_any_non_positive_value_is_said_as_given"},
)
