"""Declare the seeded defects of the V4.1 staircase shape and the Engram residency bets (seeds A3, A4).

The staircase steps x2/x4/x6/x16; one serve covers it (262144, fold-max 16);
the bets are 19/30/37/46 GiB per rank and press on the ~24 GiB per-rank
allowance from x4 up.  Module constants are reached through the public
functions that read them: a wrapper of their output.
"""

from __future__ import annotations

import attrs

from claims.defects import Defect, original
from domain.spark import capacity
from domain.spark.capacity import ResidentBet


def staircase_topping_at_x8() -> tuple[int, ...]:
    """Return the staircase with its top step typed as x8."""
    steps: tuple[int, ...] = original(capacity.v41_staircase_concurrencies)()
    return (*steps[:-1], 8)


def bets_with_x4_at_24_gib() -> tuple[ResidentBet, ...]:
    """Return the stress model's bets with the x4 bet copied as 24 GiB."""
    bets: tuple[ResidentBet, ...] = original(capacity.v41_engram_resident_bets)()
    return tuple(attrs.evolve(b, per_rank_gib=24) if b.concurrency == 4 else b for b in bets)


def half_the_context() -> int:
    """Return half the one serve's context length."""
    return int(original(capacity.v41_measurement_max_model_len)()) // 2


staircase_tops_at_x8 = Defect(
    id="spark.staircase_tops_at_x8",
    target=capacity.v41_staircase_concurrencies,
    intent="Step the staircase to x8 instead of x16, so the one serve is shaped for 8 sequences and the x16 bet is never read (seed A4: 2, 4, 6, 16).",
    replacement=staircase_topping_at_x8,
    must_red={
        "spark.capacity.one_serve_covers_the_whole_staircase",
        "spark.capacity.readings_off_the_staircase_or_repeated_are_refused",
    },
)

x4_bet_at_24_gib = Defect(
    id="spark.x4_bet_at_24_gib",
    target=capacity.v41_engram_resident_bets,
    intent="Bet 24 GiB per rank at x4 instead of 30, just under the 24.25 GiB per-rank allowance, so x4 no longer presses on it (seed A3).",
    replacement=bets_with_x4_at_24_gib,
    must_red={
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.capacity.a_reading_above_its_bet_falsifies_it",
    },
)

max_num_seqs_counts_the_steps = Defect(
    id="spark.max_num_seqs_counts_the_steps",
    target=capacity.v41_max_num_seqs,
    intent="Count the staircase's steps (4) instead of folding their max (16), so the one serve cannot hold x16 (seed A4: fold-max of the concurrencies).",
    patch=("return max(v41_staircase_concurrencies())", "return len(v41_staircase_concurrencies())"),
    must_red={
        "spark.capacity.one_serve_covers_the_whole_staircase",
        "spark.capacity.a_serve_not_shaped_for_the_staircase_is_refused",
    },
)

context_halved = Defect(
    id="spark.context_halved",
    target=capacity.v41_measurement_max_model_len,
    intent="Serve the staircase at max_model_len 131072 instead of 262144 (seed A4: one serve for the whole staircase).",
    replacement=half_the_context,
    must_red={
        "spark.capacity.one_serve_covers_the_whole_staircase",
        "spark.capacity.a_serve_not_shaped_for_the_staircase_is_refused",
    },
)

equal_bet_presses = Defect(
    id="spark.equal_bet_presses",
    target=capacity.v41_capacity_measurement,
    intent="Count a bet equal to the per-rank allowance as pressing on it, a boundary moved from > to >=.",
    patch=("if b.per_rank_gib > allowance", "if b.per_rank_gib >= allowance"),
    must_red={"spark.capacity.a_bet_equal_to_the_allowance_does_not_press"},
)

measurement_keeps_its_first_reason = Defect(
    id="spark.measurement_keeps_its_first_reason",
    target=capacity.v41_capacity_measurement,
    intent="Refuse the measurement with its first reason only, so a falsified bet after a repeated reading goes unsaid.",
    patch=("return Refused(tuple(reasons))", "return Refused(tuple(reasons[:1]))"),
    must_red={
        "spark.capacity.every_faulty_reading_is_refused",
        "spark.capacity.a_serve_not_shaped_for_the_staircase_is_refused",
    },
)

bet_lines_read_the_unmeasured_steps = Defect(
    id="spark.bet_lines_read_the_unmeasured_steps",
    target=capacity.v41_engram_bet_lines,
    intent="Say a step exceeds the allowance when it is unmeasured instead of when its bet presses, so x2's 19 GiB bet reads as pressing.",
    patch=("if bet.concurrency in m.pressured_concurrencies", "if bet.concurrency in m.unmeasured_concurrencies"),
    must_red={"spark.capacity.the_bet_lines_name_the_steps_that_press"},
)

pressure_against_the_whole_allowance = Defect(
    id="spark.pressure_against_the_whole_allowance",
    target=capacity.v41_capacity_measurement,
    intent="Judge the bets' pressure against the per-rank allowance rounded up to a whole GiB, so a 25 GiB bet no longer presses on 24.25 GiB.",
    patch=("if b.per_rank_gib > allowance)", "if b.per_rank_gib > -(-allowance // 1))"),
    must_red={"spark.capacity.a_bet_a_fraction_above_the_allowance_presses_on_it"},
    must_green={"spark.capacity.a_bet_at_the_allowance_does_not_press_and_one_above_does"},
)

bets_compared_in_any_order = Defect(
    id="spark.bets_compared_in_any_order",
    target=capacity.v41_capacity_measurement,
    intent="Compare the bets' steps with the staircase's as sorted, so bets listed out of the staircase's order are taken.",
    patch=(
        "if tuple(bet.concurrency for bet in bets) != steps:",
        "if tuple(sorted(bet.concurrency for bet in bets)) != tuple(sorted(steps)):",
    ),
    must_red={"spark.capacity.bets_out_of_the_staircases_order_are_refused"},
    must_green={"spark.capacity.a_bet_at_the_allowance_does_not_press_and_one_above_does"},
)

repeated_reading_also_judged = Defect(
    id="spark.repeated_reading_also_judged",
    target=capacity.v41_capacity_measurement,
    intent="Go on judging a repeated reading against its bet after refusing it as repeated, so one repeat one byte over its bet is refused twice.",
    patch=(
        'why=f"x{step} is read twice"))\n            continue',
        'why=f"x{step} is read twice"))',
    ),
    must_red={"spark.capacity.a_repeated_reading_is_never_judged_against_its_bet"},
)

bet_lines_always_name_group_a = Defect(
    id="spark.bet_lines_always_name_group_a",
    target=capacity.v41_engram_bet_lines,
    intent="Name FabricGroupA in the bet lines' allowance line whatever group the allowance was computed for.",
    patch=('on {group.name}"', 'on FabricGroupA"'),
    must_red={"spark.capacity.the_bet_lines_name_their_own_group_and_utilization"},
)

off_staircase_readings_never_seen = Defect(
    id="spark.off_staircase_readings_never_seen",
    target=capacity.v41_capacity_measurement,
    intent="Record a reading's concurrency as seen only when a bet names it, so an off-staircase step read twice is refused twice as off the staircase and never as repeated.",
    patch=("        seen.add(step)\n", "        if step in bet_at:\n            seen.add(step)\n"),
    must_red={"spark.capacity.an_off_staircase_step_read_twice_is_also_repeated"},
)

bets_past_the_last_step_ignored = Defect(
    id="spark.bets_past_the_last_step_ignored",
    target=capacity.v41_capacity_measurement,
    intent="Compare only as many bets as the staircase has steps, so a bet appended after x16 (a new x32 or a second x16) passes as covering the staircase (seed A3: the bets are 19/30/37/46 at x2/x4/x6/x16, exactly).",
    patch=(
        "if tuple(bet.concurrency for bet in bets) != steps:",
        "if tuple(bet.concurrency for bet in bets)[: len(steps)] != steps:",
    ),
    must_red={"spark.capacity.bets_running_past_the_last_step_are_refused"},
)

pressure_judged_on_the_stress_model = Defect(
    id="spark.pressure_judged_on_the_stress_model",
    target=capacity.v41_capacity_measurement,
    intent="Judge the pressure on the stress model's own bets instead of the bets given, so bets of 25/24/10/46 GiB report x4 and x6 as pressing and x2 as not.",
    patch=(
        "pressured_concurrencies=tuple(b.concurrency for b in bets if",
        "pressured_concurrencies=tuple(b.concurrency for b in v41_engram_resident_bets() if",
    ),
    must_red={"spark.capacity.the_bets_given_are_the_ones_that_press"},
)

x1_reading_taken_as_x2 = Defect(
    id="spark.x1_reading_taken_as_x2",
    target=capacity.v41_capacity_measurement,
    intent="Judge a reading at x1, off the staircase, as if taken at x2, so it confirms the x2 bet instead of being refused.",
    patch=(
        "        step = reading.concurrency\n",
        "        step = reading.concurrency if reading.concurrency != 1 else 2\n",
    ),
    must_red={"spark.capacity.a_lone_reading_is_off_the_staircase_exactly_off_its_steps"},
)

x16_always_said_to_press = Defect(
    id="spark.x16_always_said_to_press",
    target=capacity.v41_engram_bet_lines,
    intent="Say the x16 bet exceeds the allowance whatever the utilization, so at 6000 bp (48.5 GiB a rank) its 46 GiB bet is misreported as pressing.",
    patch=(
        "if bet.concurrency in m.pressured_concurrencies else",
        "if bet.concurrency in m.pressured_concurrencies or bet.concurrency == 16 else",
    ),
    must_red={"spark.capacity.the_bet_lines_follow_every_group_and_utilization"},
)

no_bets_taken_as_covering = Defect(
    id="spark.no_bets_taken_as_covering",
    target=capacity.v41_capacity_measurement,
    intent="Check the bets against the staircase only when some are given, so an empty tuple of bets is admitted with nothing pressing.",
    patch=(
        "if tuple(bet.concurrency for bet in bets) != steps:",
        "if bets and tuple(bet.concurrency for bet in bets) != steps:",
    ),
    must_red={"spark.capacity.bets_cover_the_staircase_exactly"},
)

zero_reading_falsifies_its_bet = Defect(
    id="spark.zero_reading_falsifies_its_bet",
    target=capacity.v41_capacity_measurement,
    intent="Falsify a bet whose reading is 0 bytes, though nothing resident is within any bet (seed A3: only a reading above its bet falsifies it).",
    patch=(
        "        if measured > bet.per_rank_gib:",
        "        if measured > bet.per_rank_gib or reading.per_rank_bytes == 0:",
    ),
    must_red={"spark.capacity.readings_from_zero_to_their_bet_confirm_it"},
)

pressured_bets_in_size_order = Defect(
    id="spark.pressured_bets_in_size_order",
    target=capacity.v41_capacity_measurement,
    intent="Name the pressing bets in the order of their sizes, not the staircase's, so bets that do not grow with concurrency are named out of order.",
    patch=(
        "tuple(b.concurrency for b in bets if b.per_rank_gib > allowance)",
        "tuple(b.concurrency for b in sorted(bets, key=lambda b: b.per_rank_gib) if b.per_rank_gib > allowance)",
    ),
    must_red={"spark.capacity.bets_press_in_the_staircase_order"},
)

large_allowance_said_whole = Defect(
    id="spark.large_allowance_said_whole",
    target=capacity.v41_engram_bet_lines,
    intent="Say a per-rank allowance above 30 GiB in whole GiB, dropping its fraction (seed A3: exact arithmetic).",
    patch=(
        'f"per-rank allowance {format_gib(m.per_rank_allowance_gib)} at',
        'f"per-rank allowance {format_gib(int(m.per_rank_allowance_gib) if m.per_rank_allowance_gib > 30 else m.per_rank_allowance_gib)} at',
    ),
    must_red={"spark.capacity.the_allowance_line_says_its_figures_whole"},
)

third_reading_of_a_step_unreported = Defect(
    id="spark.third_reading_of_a_step_unreported",
    target=capacity.v41_capacity_measurement,
    intent="Report only the first repeat of a step, so its third and later readings pass unsaid.",
    patch=(
        "        if step in seen:\n            reasons.append(",
        "        if step in seen:\n            if sum(r.concurrency == step for r in after_requests_resident[:index]) > 1:\n                continue\n            reasons.append(",
    ),
    must_red={"spark.capacity.every_repeat_of_a_step_is_refused"},
)

falsifying_reading_said_rounded = Defect(
    id="spark.falsifying_reading_said_rounded",
    target=capacity.v41_capacity_measurement,
    intent="Say a falsifying reading rounded to two places unless it is a whole quarter GiB (seed A3: exact arithmetic).",
    patch=(
        "{format_gib(measured)} per rank",
        "{format_gib(measured if measured.denominator <= 4 else round(measured, 2))} per rank",
    ),
    must_red={"spark.capacity.a_falsifying_reading_is_said_exactly"},
)

closing_bet_line_dropped_above_six_hosts = Defect(
    id="spark.closing_bet_line_dropped_above_six_hosts",
    target=capacity.v41_engram_bet_lines,
    intent="Drop the closing stop-rule line from the bet lines of a group of more than six hosts.",
    patch=(
        "    lines.append(\n        \"the staircase's refault/PSI stop rules",
        "    if len(group.hosts) <= 6:\n      lines.append(\n        \"the staircase's refault/PSI stop rules",
    ),
    must_red={"spark.capacity.the_bet_lines_are_whole_on_groups_of_every_size"},
)
