"""Declare the seeded defects of the saved-record facts (seed B2): the request ledger, the tails, near-cap, the 300K screen.

Most model a check that looks at the wrong thing: that a field is set
instead of what it says, a flag trusted over a classification, a figure
compared at fewer decimals.
"""

from __future__ import annotations

from claims.defects import Defect
from domain.native import records

RECORDS = "native.records"

completions_not_accounted = Defect(
    id="native.completions_not_accounted",
    target=records.requests_accounted,
    intent="Account a diagnostic's requests from send intents and opened responses only, so a missing completion goes unnoticed (seed B2: 28 / 28 / 28).",
    patch=("not r.send_intents == r.opened == r.completions", "not r.send_intents == r.opened"),
    must_red={f"{RECORDS}.unequal_ledger_is_unaccounted"},
    must_green={f"{RECORDS}.saved_diagnostic_accounts_28_of_28", f"{RECORDS}.empty_ledger_is_unaccounted"},
)

estimated_q_verifies_tails = Defect(
    id="native.estimated_q_verifies_tails",
    target=records.tails_verified,
    intent="Check that the q's provenance is recorded instead of that it is MEASURED, so the saved ESTIMATED q4092 passes for the start's actual solo q (seed B2).",
    patch=("if record.q_provenance is not Provenance.MEASURED:", "if record.q_provenance is None:"),
    must_red={f"{RECORDS}.saved_tails_are_not_verified", f"{RECORDS}.zero_q_refuses_with_every_reason"},
    must_green={f"{RECORDS}.measured_verified_q_yields_tails"},
)

near_cap_any_finish = Defect(
    id="native.near_cap_any_finish",
    target=records.near_cap_finish,
    intent="Check that a near-cap request recorded a finish reason instead of that it finished at `length` (seed B2: finish length).",
    patch=('if r.finish != "length":', "if not r.finish:"),
    must_red={f"{RECORDS}.near_cap_stop_finish_is_refused"},
    must_green={f"{RECORDS}.near_cap_requests_total_327680_at_length"},
)

screen_adopted_on_stage_b = Defect(
    id="native.screen_adopted_on_stage_b",
    target=records.screen_adoptable,
    intent="Adopt a SCREEN as native evidence once its Stage-B says PASS (seed B2: the 300K screen stays SCREEN, non-adoptable, whatever its Stage-B PASS).",
    patch=(
        'if screen.classification == "SCREEN" or not screen.adoptable:',
        'if screen.stage_b != "PASS" and (screen.classification == "SCREEN" or not screen.adoptable):',
    ),
    must_red={f"{RECORDS}.saved_screen_is_not_adoptable", f"{RECORDS}.screen_marked_adoptable_is_still_refused"},
    must_green={f"{RECORDS}.adoptable_native_record_is_admitted"},
)

adoptable_flag_trusted_over_screen = Defect(
    id="native.adoptable_flag_trusted_over_screen",
    target=records.screen_adoptable,
    intent="Trust a record's adoptable flag over its SCREEN classification, so a SCREEN marked adoptable is adopted.",
    patch=('if screen.classification == "SCREEN" or not screen.adoptable:', "if not screen.adoptable:"),
    must_red={f"{RECORDS}.screen_marked_adoptable_is_still_refused"},
    must_green={f"{RECORDS}.saved_screen_is_not_adoptable"},
)

gain_compared_at_two_decimals = Defect(
    id="native.gain_compared_at_two_decimals",
    target=records.screen_gain,
    intent="Compare the recorded gain with (1 − median) × 100 at two decimals instead of four, so 6.8252 % passes for 6.8251 % (seed B2).",
    patch=(
        "if Fraction(round(exact, 4)) != screen.gain_percent:",
        "if round(exact, 2) != round(screen.gain_percent, 2):",
    ),
    must_red={f"{RECORDS}.inconsistent_gain_is_refused"},
    must_green={f"{RECORDS}.screen_gain_is_one_minus_median"},
)

facts_keep_the_first_refused_record = Defect(
    id="native.facts_keep_the_first_refused_record",
    target=records.saved_record_facts,
    intent="Refuse the saved records with the first refused record's reasons only, so the SCREEN's refusal is folded away behind the tails'.",
    patch=(
        "reasons = tuple(r for _, outcome, _ in outcomes if isinstance(outcome, Refused) for r in outcome.reasons)",
        "reasons = next((outcome.reasons for _, outcome, _ in outcomes if isinstance(outcome, Refused)), ())",
    ),
    must_red={f"{RECORDS}.saved_record_facts_refuse_the_tails_and_the_screen"},
    must_green={f"{RECORDS}.verified_adoptable_records_are_all_admitted"},
)

finish_compared_case_blind = Defect(
    id="native.finish_compared_case_blind",
    target=records.near_cap_finish,
    intent="Read the finish reason case-blind and stripped, so `Length ` counts as finishing at length.",
    patch=('if r.finish != "length":', 'if r.finish.strip().lower() != "length":'),
    must_red={f"{RECORDS}.near_misses_of_length_are_refused"},
)

classification_compared_case_blind = Defect(
    id="native.classification_compared_case_blind",
    target=records.screen_adoptable,
    intent="Read a record's classification case-blind and stripped, so `native ` is taken for NATIVE evidence.",
    patch=(
        "elif screen.classification != FIXTURE_CLASSIFICATION:",
        "elif screen.classification.strip().upper() != FIXTURE_CLASSIFICATION:",
    ),
    must_red={f"{RECORDS}.near_misses_of_a_classification_are_not_native"},
)

first_record_left_out_of_the_verdict = Defect(
    id="native.first_record_left_out_of_the_verdict",
    target=records.saved_record_facts,
    intent="Fold the verdict from every record but the first, so unaccounted diagnostic requests are said as REFUSED while the verdict admits every saved record.",
    patch=(
        "reasons = tuple(r for _, outcome, _ in outcomes if",
        "reasons = tuple(r for _, outcome, _ in outcomes[1:] if",
    ),
    must_red={f"{RECORDS}.each_refused_record_alone_refuses_the_verdict_with_its_reasons"},
    must_green={f"{RECORDS}.saved_records_are_said_record_by_record"},
)

gain_truncated_to_four_decimals = Defect(
    id="native.gain_truncated_to_four_decimals",
    target=records.screen_gain,
    intent="Cut the exact gain to four decimals instead of rounding it to the nearest, so 6.82516 % is recorded 6.8251 (seed B2: gain 6.8251 % at four decimals).",
    patch=(
        "if Fraction(round(exact, 4)) != screen.gain_percent:",
        "if Fraction(int(exact * 10000), 10000) != screen.gain_percent:",
    ),
    must_red={f"{RECORDS}.a_recorded_gain_rounds_to_the_nearest_four_decimals"},
    must_green={f"{RECORDS}.screen_gain_is_one_minus_median"},
)

gain_rounded_up_to_four_decimals = Defect(
    id="native.gain_rounded_up_to_four_decimals",
    target=records.screen_gain,
    intent="Round the exact gain up to four decimals instead of to the nearest, so 6.825104 % is recorded 6.8252.",
    patch=(
        "if Fraction(round(exact, 4)) != screen.gain_percent:",
        "if Fraction(-int(-exact * 10000), 10000) != screen.gain_percent:",
    ),
    must_red={f"{RECORDS}.a_recorded_gain_rounds_to_the_nearest_four_decimals"},
    must_green={f"{RECORDS}.inconsistent_gain_is_refused"},
)

tails_of_the_q_magnitude = Defect(
    id="native.tails_of_the_q_magnitude",
    target=records.tails_verified,
    intent="Derive a record's tails from its q's magnitude, so a MEASURED, verified record with a negative q is given the tails of -q (seed B1: tails are 36·q + {1, 127, 128, 129} for a solo q, a positive token count).",
    patch=("    tails = tail_sizes(record.q)\n", "    tails = tail_sizes(abs(record.q))\n"),
    must_red={"native.records.a_verified_record_with_a_q_not_positive_is_refused_for_the_q_alone"},
)

screen_says_its_submissions_completed = Defect(
    id="native.screen_says_its_submissions_completed",
    target=records.screen_adoptable,
    intent="Say a record's submissions where its completed count belongs, so 9 of 12 completed reads 12/12.",
    patch=(
        'f"{screen.completed}/{screen.submissions} completed',
        'f"{screen.submissions}/{screen.submissions} completed',
    ),
    must_red={"native.records.a_partly_completed_record_without_observations_says_both_counts"},
)

screen_said_submissions_over_completed = Defect(
    id="native.screen_said_submissions_over_completed",
    target=records.saved_record_facts,
    intent="Say an admitted screen's submissions where its completed count belongs, so 11 of 12 completed reads 12/11 (seed B2: 12/12 completed submissions).",
    patch=(
        'f"{s.completed}/{s.submissions} completed submissions, Stage-B',
        'f"{s.submissions}/{s.completed} completed submissions, Stage-B',
    ),
    must_red={f"{RECORDS}.admitted_records_say_each_field_in_its_own_place"},
)

unadoptable_only_refused_after_a_stage_b_pass = Defect(
    id="native.unadoptable_only_refused_after_a_stage_b_pass",
    target=records.screen_adoptable,
    intent="Refuse a non-adoptable record only when its Stage-B says PASS, so a NATIVE record marked non-adoptable after a Stage-B HOLD is admitted.",
    patch=(
        'if screen.classification == "SCREEN" or not screen.adoptable:',
        'if screen.classification == "SCREEN" or (not screen.adoptable and screen.stage_b == "PASS"):',
    ),
    must_red={"native.records.every_classification_adoptable_and_stage_b_partition_is_decided"},
)

gain_rounded_without_its_sign = Defect(
    id="native.gain_rounded_without_its_sign",
    target=records.screen_gain,
    intent="Round the magnitude of the gain, so a median above 1 (a loss) must be recorded as a positive gain.",
    patch=(
        "if Fraction(round(exact, 4)) != screen.gain_percent:",
        "if Fraction(round(abs(exact), 4)) != screen.gain_percent:",
    ),
    must_red={"native.records.a_gain_either_side_of_zero_is_rounded_signed"},
)

facts_say_two_near_cap_results_at_most = Defect(
    id="native.facts_say_two_near_cap_results_at_most",
    target=records.saved_record_facts,
    intent="Say only the first two near-cap results, so a third result (and its refusal) never reaches the lines or the verdict.",
    patch=("            for r in near_cap\n", "            for r in near_cap[:2]\n"),
    must_red={"native.records.every_near_cap_result_is_said_however_many"},
)

facts_decide_one_records_observations = Defect(
    id="native.facts_decide_one_records_observations",
    target=records.saved_record_facts,
    intent="Decide the checks on the diagnostic's observations alone whenever it has any, dropping the screen's.",
    patch=("decide_all(d.observations + s.observations)", "decide_all(d.observations or s.observations)"),
    must_red={"native.records.the_checks_line_reads_both_records_in_status_order"},
)

facts_order_statuses_by_count = Defect(
    id="native.facts_order_statuses_by_count",
    target=records.saved_record_facts,
    intent="Say the status counts smallest first instead of in status order, so 7 HOLD, 3 NOT RUN, 2 PASS is said 2 PASS, 3 NOT RUN, 7 HOLD.",
    patch=(
        "for status, n in sorted(statuses.items()))",
        "for status, n in sorted(statuses.items(), key=lambda kv: kv[1]))",
    ),
    must_red={"native.records.the_checks_line_reads_both_records_in_status_order"},
)

ledger_count_capped_at_the_seeds = Defect(
    id="native.ledger_count_capped_at_the_seeds",
    target=records.requests_accounted,
    intent="Admit at most the seed's 28 requests, so a ledger of 29 equal counts is said to hold 28.",
    patch=("    return Admitted(r.completions)", "    return Admitted(min(r.completions, 28))"),
    must_red={"native.records.equal_positive_counts_admit_their_count"},
)

empty_finish_taken_as_length = Defect(
    id="native.empty_finish_taken_as_length",
    target=records.near_cap_finish,
    intent="Take an empty finish reason for `length`, so a near-cap request that reported no finish is admitted.",
    patch=('if r.finish != "length":', 'if r.finish not in ("length", ""):'),
    must_red={"native.records.every_count_size_and_finish_is_decided"},
)

total_unchecked_without_completion = Defect(
    id="native.total_unchecked_without_completion",
    target=records.near_cap_finish,
    intent="Check the total only when the completion is positive, so a request completing no token may report any total.",
    patch=(
        "    if r.prompt_tokens + r.completion_tokens != r.total_tokens:",
        "    if r.prompt_tokens + r.completion_tokens != r.total_tokens and r.completion_tokens > 0:",
    ),
    must_red={"native.records.every_count_size_and_finish_is_decided"},
)
