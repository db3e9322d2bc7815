"""Declare the seeded defects of the window's feasibility and how it is said (seed B2: no established one-HOLD or complete-packet fit)."""

from __future__ import annotations

from claims.defects import Defect, original
from domain.native import feasibility

FEASIBILITY = "native.feasibility"

window_and_bound_swapped = Defect(
    id="native.window_and_bound_swapped",
    target=feasibility.window_feasibility,
    intent="Pass the hard bound where the submission window belongs and back, so the seed's diagnostic is judged against a 90 min window and a 75 min bound.",
    patch=(
        "inputs.submission_window_min,\n                inputs.hard_bound_min,\n",
        "inputs.hard_bound_min,\n                inputs.submission_window_min,\n",
    ),
    must_red={f"{FEASIBILITY}.the_seed_window_establishes_no_one_hold_fit"},
    must_green={f"{FEASIBILITY}.a_measured_window_establishes_both_fits"},
)

prohibition_left_unsaid = Defect(
    id="native.prohibition_left_unsaid",
    target=feasibility.window_feasibility_lines,
    intent="Leave out the line that prohibits publishing PASS from an incomplete probe set to meet the clock (seed B2), when no fit is established.",
    patch=(
        '        lines.append("publishing PASS from an incomplete probe set to meet the clock is prohibited")\n',
        "",
    ),
    must_red={f"{FEASIBILITY}.the_seed_window_says_every_figure_with_its_provenance"},
    must_green={f"{FEASIBILITY}.a_measured_window_establishes_both_fits"},
)


def lines_saying_two_reasons_as_one(fit: feasibility.WindowFeasibility) -> tuple[str, ...]:
    """Say the window's lines with a fit refused for two reasons said as '2 reason'."""
    return tuple(
        line.replace("(2 reasons)", "(2 reason)") for line in original(feasibility.window_feasibility_lines)(fit)
    )


two_reasons_said_as_one = Defect(
    id="native.two_reasons_said_as_one",
    target=feasibility.window_feasibility_lines,
    intent="Say a fit refused for two reasons as '2 reason', so the plural follows a threshold instead of every count but one.",
    replacement=lines_saying_two_reasons_as_one,
    must_red={f"{FEASIBILITY}.a_fits_reason_count_and_plural_follow_every_reason"},
    must_green={f"{FEASIBILITY}.a_fit_refused_for_one_reason_says_so"},
)

hard_bound_said_as_90_min = Defect(
    id="native.hard_bound_said_as_90_min",
    target=feasibility.window_feasibility_lines,
    intent="Say the seed's 90 min hard bound whatever the window's own hard bound is.",
    patch=(
        'bound = point(i.hard_bound_min, Unit.MINUTES, window.provenance, "hard_bound")',
        'bound = point(90, Unit.MINUTES, window.provenance, "hard_bound")',
    ),
    must_red={f"{FEASIBILITY}.a_window_says_its_own_window_and_hard_bound"},
    must_green={f"{FEASIBILITY}.the_seed_window_says_every_figure_with_its_provenance"},
)

empty_costs_read_as_the_seeds = Defect(
    id="native.empty_costs_read_as_the_seeds",
    target=feasibility.window_feasibility,
    intent="Read an empty tuple of case costs as the seed's unmeasured costs, so a window given no costs says each check has no established bound instead of no cost at all.",
    patch=(
        "complete_packet=complete_packet_fit(costs, inputs.native_wait_s),",
        'complete_packet=complete_packet_fit(costs or __import__("domain.native.windows", fromlist=["x"]).SEED_CASE_COSTS, inputs.native_wait_s),',
    ),
    must_red={"native.feasibility.a_window_without_costs_names_every_check_as_costless"},
)
