"""Declare the seeded defects of reading a native_verdict command line and choosing what each report prints and returns."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import verdict_command

W = "edges.verdict_command"

two_reports_asked = Defect(
    id="edges.two_reports_asked",
    target=verdict_command.report_asked,
    intent="Take the first report asked for when a command line asks for two, silently ignoring the other.",
    patch=("if len(asked) != 1:", "if not asked:"),
    must_red={f"{W}.a_packet_and_the_window_are_a_usage_error", f"{W}.exactly_one_report_is_admitted"},
)

schema_refusal_still_qualifies = Defect(
    id="edges.schema_refusal_still_qualifies",
    target=verdict_command.packet_verdict,
    intent="Qualify a packet whose twelve checks pass though its schema or binding is refused.",
    patch=(
        "ok = not schema.refused and not binding.refused and len(passed) == len(verdicts)",
        "ok = len(passed) == len(verdicts)",
    ),
    must_red={f"{W}.a_refused_schema_or_binding_never_qualifies"},
    must_green={f"{W}.a_complete_packet_exits_0"},
)

malformed_packet_unlocated = Defect(
    id="edges.malformed_packet_unlocated",
    target=verdict_command.packet_verdict,
    intent="Say a malformed packet's errors without the file they are in.",
    patch=('bad_input(tuple(type(r)(f"{path}: {r.where}", r.why) for r in read.reasons))', "bad_input(read.reasons)"),
    must_red={f"{W}.a_malformed_packet_exits_2", "edges.native_verdict.a_malformed_packet_exits_2"},
)

held_check_exits_0 = Defect(
    id="edges.held_check_exits_0",
    target=verdict_command.packet_verdict,
    intent="Exit 0 when any check is HOLD, reading the packet's own PASS strings rather than the observations (seed B1).",
    patch=(
        "return CommandOutput(EXIT_YES if ok else EXIT_NO, tuple(lines))",
        "return CommandOutput(EXIT_YES, tuple(lines))",
    ),
    must_red={f"{W}.a_missing_subcase_exits_1", "edges.native_verdict.a_missing_subcase_exits_1"},
)

unestablished_window_exits_0 = Defect(
    id="edges.unestablished_window_exits_0",
    target=verdict_command.window_verdict,
    intent="Exit 0 for the window though neither fit is established (seed B2: no established fit).",
    patch=("EXIT_NO if any(fit.refused for fit in fits) else EXIT_YES", "EXIT_YES"),
    must_red={f"{W}.the_window_exits_1", "edges.native_verdict.the_window_and_the_records_exit_1"},
)

refused_records_exit_0 = Defect(
    id="edges.refused_records_exit_0",
    target=verdict_command.records_verdict,
    intent="Exit 0 for the saved records though their rules refuse them.",
    patch=("EXIT_NO if facts.verdict.refused else EXIT_YES", "EXIT_YES"),
    must_red={f"{W}.the_records_exit_1", "edges.native_verdict.the_window_and_the_records_exit_1"},
)

missing_packet_taken_as_asked = Defect(
    id="edges.missing_packet_taken_as_asked",
    target=verdict_command.report_asked,
    intent="Take a command line without PACKET.json as asking for the packet report, so a bare `native_verdict` is no usage error.",
    patch=("(Asked.PACKET, packet is not None)", "(Asked.PACKET, True)"),
    must_red={
        f"{W}.no_report_is_a_usage_error",
        f"{W}.one_report_alone_is_asked",
        f"{W}.exactly_one_report_is_admitted",
    },
)

held_check_says_its_first_reason_only = Defect(
    id="edges.held_check_says_its_first_reason_only",
    target=verdict_command.packet_verdict,
    intent="Print only the first reason of a check held for several, so the others go unsaid (seed B1: every reason of a held check is named).",
    patch=("*_reason_lines(v.reasons)]", "*_reason_lines(v.reasons[:1])]"),
    must_red={f"{W}.a_held_check_prints_every_reason"},
    must_green={f"{W}.a_missing_subcase_exits_1"},
)

malformed_packet_says_its_first_error_only = Defect(
    id="edges.malformed_packet_says_its_first_error_only",
    target=verdict_command.packet_verdict,
    intent="Print only the first located error of a packet malformed in several places.",
    patch=("r.why) for r in read.reasons))", "r.why) for r in read.reasons[:1]))"),
    must_red={f"{W}.a_packet_malformed_in_several_places_prints_every_error"},
    must_green={f"{W}.a_malformed_packet_exits_2"},
)

refused_schema_says_its_first_reason_only = Defect(
    id="edges.refused_schema_says_its_first_reason_only",
    target=verdict_command.packet_verdict,
    intent="Print only the first reason of a schema refused for several, under a line that still counts them all.",
    patch=("*_reason_lines(schema.reasons)]", "*_reason_lines(schema.reasons[:1])]"),
    must_red={f"{W}.a_schema_refused_for_several_reasons_prints_every_one"},
    must_green={f"{W}.a_refused_schema_or_binding_never_qualifies"},
)

unreadable_packet_relocated_at_its_path = Defect(
    id="edges.unreadable_packet_relocated_at_its_path",
    target=verdict_command.packet_verdict,
    intent="Locate an unreadable packet at the raw path instead of where the reader located it, so a blank path prints unquoted and unseen.",
    patch=('type(r)(f"{r.where}: $", r.why)', 'type(r)(f"{path}: $", r.why)'),
    must_red={f"{W}.an_unreadable_packet_keeps_its_readers_location"},
    must_green={f"{W}.an_unreadable_packet_exits_2"},
)

window_defaults_to_no_case_costs = Defect(
    id="edges.window_defaults_to_no_case_costs",
    target=verdict_command.window_verdict,
    intent="Default the window report's case costs to none instead of the seed's twelve unbounded costs, so --window names every check 'no cost at all' (seed B2: no check has an established native bound).",
    patch=("costs: tuple[CaseCost, ...] = SEED_CASE_COSTS,", "costs: tuple[CaseCost, ...] = (),"),
    must_red={f"{W}.the_command_reports_fold_the_seeds_values_by_default"},
)

records_default_to_one_near_cap_arm = Defect(
    id="edges.records_default_to_one_near_cap_arm",
    target=verdict_command.records_verdict,
    intent="Default the records report's near-cap results to the OFF arm's alone, so --records never says the ON request (seed B2: both near-cap API requests report 327675 + 5).",
    patch=(
        "near_cap: tuple[NearCapResult, ...] = SAVED_NEAR_CAP,",
        "near_cap: tuple[NearCapResult, ...] = SAVED_NEAR_CAP[:1],",
    ),
    must_red={f"{W}.the_command_reports_fold_the_seeds_values_by_default"},
)

check_line_says_status_name = Defect(
    id="edges.check_line_says_status_name",
    target=verdict_command.packet_verdict,
    intent="Say each check's status by its enum name, so a NOT RUN check's line reads NOT_RUN while the verdict line says NOT RUN (seed B1: the status is PASS, NOT RUN or HOLD).",
    patch=(
        'lines += [f"{v.check.value}: {v.status.value}{note}"',
        'lines += [f"{v.check.value}: {v.status.name}{note}"',
    ),
    must_red={f"{W}.each_check_line_says_its_status_as_the_verdict_line_does"},
)

valid_schema_said_without_its_caveat = Defect(
    id="edges.valid_schema_said_without_its_caveat",
    target=verdict_command.packet_verdict,
    intent="Say a valid schema without its caveat, so the report reads as if a schema-valid packet were evidence (seed B1: a schema-valid packet is not evidence).",
    patch=(
        'lines.append("schema: valid (schema-valid is not native evidence)")',
        'lines.append("schema: valid")',
    ),
    must_red={f"{W}.a_valid_schema_is_said_not_to_be_native_evidence"},
)

verdict_line_skips_the_first_check = Defect(
    id="edges.verdict_line_skips_the_first_check",
    target=verdict_command.packet_verdict,
    intent="Name the short checks in the verdict line from the second check on, so a packet whose first check is NOT RUN says only 'not qualified'.",
    patch=(
        'rest = [f"{v.check.value} {v.status.value}" for v in verdicts if',
        'rest = [f"{v.check.value} {v.status.value}" for v in verdicts[1:] if',
    ),
    must_red={f"{W}.every_short_check_is_named_with_its_reasons"},
)

not_run_checks_print_no_reason = Defect(
    id="edges.not_run_checks_print_no_reason",
    target=verdict_command.packet_verdict,
    intent="Print the reasons of HOLD checks only, so a NOT RUN check never says why.",
    patch=("*_reason_lines(v.reasons)]", "*_reason_lines(v.reasons if v.status is Status.HOLD else ())]"),
    must_red={f"{W}.every_short_check_is_named_with_its_reasons"},
)

schema_prints_three_reasons_at_most = Defect(
    id="edges.schema_prints_three_reasons_at_most",
    target=verdict_command.packet_verdict,
    intent="Print at most three schema reasons under a REFUSED line that counts them all.",
    patch=("*_reason_lines(schema.reasons)]", "*_reason_lines(schema.reasons[:3])]"),
    must_red={f"{W}.every_schema_reason_and_shape_error_is_printed_however_many"},
)

malformed_prints_two_errors_at_most = Defect(
    id="edges.malformed_prints_two_errors_at_most",
    target=verdict_command.packet_verdict,
    intent="Print at most two located shape errors of a malformed packet.",
    patch=(
        'return bad_input(tuple(type(r)(f"{path}: {r.where}", r.why) for r in read.reasons))',
        'return bad_input(tuple(type(r)(f"{path}: {r.where}", r.why) for r in read.reasons[:2]))',
    ),
    must_red={f"{W}.every_schema_reason_and_shape_error_is_printed_however_many"},
)

note_blind_to_surrounding_space = Defect(
    id="edges.note_blind_to_surrounding_space",
    target=verdict_command.packet_verdict,
    intent="Compare the packet's claimed string to the status with its surrounding space stripped, so 'PASS ' on a passing check carries no note.",
    patch=(
        "if claimed is not None and claimed != v.status.value",
        "if claimed is not None and claimed.strip() != v.status.value",
    ),
    must_red={f"{W}.every_claimed_string_differing_from_the_status_is_noted"},
)

many_observations_excuse_one_short_check = Defect(
    id="edges.many_observations_excuse_one_short_check",
    target=verdict_command.packet_verdict,
    intent="Qualify a packet one check short when it carries more than 110 observations, so duplicates stand in for a check.",
    patch=(
        "len(passed) == len(verdicts)",
        "len(passed) >= len(verdicts) - (1 if len(packet.observations) > 110 else 0)",
    ),
    must_red={f"{W}.duplicated_observations_never_qualify_a_short_check"},
)

records_exit_0_without_near_cap = Defect(
    id="edges.records_exit_0_without_near_cap",
    target=verdict_command.records_verdict,
    intent="Exit 0 on refused records when no near-cap result is given.",
    patch=(
        "EXIT_NO if facts.verdict.refused else EXIT_YES",
        "EXIT_NO if facts.verdict.refused and near_cap else EXIT_YES",
    ),
    must_red={f"{W}.the_records_exit_code_follows_the_verdict_however_many_near_cap_results"},
)

binding_line_says_off_for_a_non_ascii_on_start = Defect(
    id="edges.binding_line_says_off_for_a_non_ascii_on_start",
    target=verdict_command.packet_verdict,
    intent="Say the OFF start as the ON start when the ON start id is not ASCII.",
    patch=(
        "ON start {b.on_start_id}, manifest",
        "ON start {b.on_start_id if b.on_start_id.isascii() else b.off_start_id}, manifest",
    ),
    must_red={f"{W}.the_binding_line_names_each_arms_own_start"},
)

refused_window_counts_three_at_most = Defect(
    id="edges.refused_window_counts_three_at_most",
    target=verdict_command.window_verdict,
    intent="Count at most three reasons on a refused window's line while printing them all.",
    patch=(
        'f"window: REFUSED ({len(feasibility.reasons)} reason(s))"',
        'f"window: REFUSED ({min(len(feasibility.reasons), 3)} reason(s))"',
    ),
    must_red={f"{W}.a_refused_window_counts_and_prints_every_reason"},
)
