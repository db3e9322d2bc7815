"""Declare the seeded defects of the dry run's fold and what it prints, where the report goes and in which form."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import dry_run_command

W = "edges.dry_run_command"

default_report_ignores_the_directory = Defect(
    id="edges.default_report_ignores_the_directory",
    target=dry_run_command.report_path,
    intent="Put the default report under the process's working directory whatever directory the shell names.",
    patch=(
        "return f\"{directory.rstrip('/')}/{default}\" if directory else default",
        "return default",
    ),
    must_red={
        f"{W}.the_report_goes_to_out_or_under_the_directory",
        f"{W}.the_report_path_is_out_or_under_the_directory",
    },
)


empty_out_takes_the_default = Defect(
    id="edges.empty_out_takes_the_default",
    target=dry_run_command.report_path,
    intent="Test --out for truth instead of presence, so an empty --out silently writes the default report instead of being refused as bad input.",
    patch=("    if call.out is not None:\n        return call.out", "    if call.out:\n        return call.out"),
    must_red={
        f"{W}.an_empty_or_blank_out_is_used_as_given",
        "edges.launch_dry_run.an_empty_out_is_bad_input_never_the_default",
    },
    must_green={f"{W}.the_report_goes_to_out_or_under_the_directory"},
)


refused_out_not_bad_input = Defect(
    id="edges.refused_out_not_bad_input",
    target=dry_run_command.dry_run_report,
    intent="Fold the command line without the --out check, so a report is written over a link or the log itself (seed A4's dry run writes only its report).",
    patch=("*_combination_reasons(call, keys), *_refusals(out)]", "*_combination_reasons(call, keys)]"),
    must_red={f"{W}.every_bad_input_is_refused_together", "edges.launch_dry_run.the_authority_log_is_never_the_report"},
)


glm_takes_frontiers = Defect(
    id="edges.glm_takes_frontiers",
    target=dry_run_command.dry_run_report,
    intent="Fold the command line without checking which options combine, so the GLM arm takes --open and --engram-bets silently though it declares no frontier and bets nothing.",
    patch=("*_combination_reasons(call, keys), ", ""),
    must_red={f"{W}.glm_refuses_frontiers_and_bets", f"{W}.a_utilization_with_the_shape_left_open_is_refused"},
)


first_bad_input_only = Defect(
    id="edges.first_bad_input_only",
    target=dry_run_command.dry_run_report,
    intent="Report only the first bad input, so an operator fixes one argument per run.",
    patch=("return Refused(tuple(reasons))", "return Refused(tuple(reasons[:1]))"),
    must_red={f"{W}.every_bad_input_is_refused_together"},
)


refused_report_exits_0 = Defect(
    id="edges.refused_report_exits_0",
    target=dry_run_command.dry_run_output,
    intent="Exit 0 for a refused report, so CI reads a refused launch as admitted (seed A4: exit 0 only when the plan rendered and admission holds).",
    patch=("return CommandOutput(EXIT_NO, (head,", "return CommandOutput(EXIT_YES, (head,"),
    must_red={
        f"{W}.a_refused_report_exits_1",
        "edges.launch_dry_run.a_refused_world_exits_1_and_still_writes_the_report",
    },
)


unwritten_report_said_written = Defect(
    id="edges.unwritten_report_said_written",
    target=dry_run_command.dry_run_output,
    intent="Say the report was written when writing it failed.",
    patch=("if isinstance(written, Refused):", "if False:"),
    must_red={f"{W}.bad_input_and_an_unwritten_report_exit_2"},
)


admitted_line_unexplained = Defect(
    id="edges.admitted_line_unexplained",
    target=dry_run_command.dry_run_output,
    intent="Print ADMITTED without saying what was admitted (the plan rendered and admission holds).",
    patch=(
        '(f"{arm}: ADMITTED ({verdict.value}); report written to {out}",)',
        '(f"{arm}: ADMITTED; report written to {out}",)',
    ),
    must_red={
        f"{W}.an_admitted_report_exits_0",
        "edges.launch_dry_run.the_admitting_world_exits_0_and_writes_the_report",
    },
)


produced_image_read_a_second_late = Defect(
    id="edges.produced_image_read_a_second_late",
    target=dry_run_command.dry_run_report,
    intent="Read the produced image (#12353) a second after --at, so an image admitted after the read is already the one every rank names (seed A4: the authority log as read at a given time).",
    patch=("produced=v41_produced_from_log(log, when),", "produced=v41_produced_from_log(log, when + 1),"),
    must_red={"edges.dry_run_command.an_image_logged_after_the_read_is_not_yet_the_produced_one"},
)


fixture_discharges_unnamed = Defect(
    id="edges.fixture_discharges_unnamed",
    target=dry_run_command.dry_run_report,
    intent="Discharge #12351 and the wet runner by their reasons alone, without the FIXTURE_ names, so a fixture value reads in the report as a fact.",
    patch=(
        "*(d for d in (FIXTURE_OCCUPANCY_DISCHARGE, FIXTURE_HOST_EFFECTS_DISCHARGE) if d.key not in keys),",
        "*(attrs.evolve(d, by=d.by.split(': ', 1)[1]) for d in (FIXTURE_OCCUPANCY_DISCHARGE, FIXTURE_HOST_EFFECTS_DISCHARGE) if d.key not in keys),",
    ),
    must_red={"edges.dry_run_command.every_fixture_discharge_is_named_as_a_fixture"},
)


open_frontiers_sorted = Defect(
    id="edges.open_frontiers_sorted",
    target=dry_run_command.dry_run_report,
    intent="Read the --open values as a sorted set, so GLM's refusal names the frontiers in another order than the operator gave them.",
    patch=(
        "keys = tuple(o.value for o in opened if isinstance(o, Admitted))",
        "keys = tuple(sorted({o.value for o in opened if isinstance(o, Admitted)}))",
    ),
    must_red={"edges.dry_run_command.glm_names_every_open_frontier_in_the_order_given"},
)


open_frontiers_deduplicated = Defect(
    id="edges.open_frontiers_deduplicated",
    target=dry_run_command.dry_run_report,
    intent="Fold repeated --open values into one, so GLM's refusal names a frontier given twice only once.",
    patch=(
        "keys = tuple(o.value for o in opened if isinstance(o, Admitted))",
        "keys = tuple(dict.fromkeys(o.value for o in opened if isinstance(o, Admitted)))",
    ),
    must_red={f"{W}.glm_names_a_repeated_open_frontier_as_often_as_given"},
)


empty_at_read_as_now = Defect(
    id="edges.empty_at_read_as_now",
    target=dry_run_command.dry_run_report,
    intent="Take an empty --at for an absent one, so the log is read at the current second instead of the empty time being refused.",
    patch=(
        "at = read_time(call.at) if call.at is not None else Admitted(now)",
        "at = read_time(call.at) if call.at else Admitted(now)",
    ),
    must_red={f"{W}.empty_options_are_bad_input_never_absent", f"{W}.an_empty_option_alone_is_refused_alone"},
)


empty_utilization_ignored = Defect(
    id="edges.empty_utilization_ignored",
    target=dry_run_command.dry_run_report,
    intent="Take an empty --gpu-memory-utilization for an absent one, so the launch shape's utilization stands instead of the empty value being refused.",
    patch=(
        "bp = utilization_bp(call.utilization) if call.utilization is not None else None",
        "bp = utilization_bp(call.utilization) if call.utilization else None",
    ),
    must_red={f"{W}.empty_options_are_bad_input_never_absent", f"{W}.an_empty_option_alone_is_refused_alone"},
)


root_directory_left_relative = Defect(
    id="edges.root_directory_left_relative",
    target=dry_run_command.report_path,
    intent="Treat the root directory as none, so a report meant under / lands relative to the working directory.",
    patch=("if directory else default", 'if directory and directory != "/" else default'),
    must_red={"edges.dry_run_command.the_directory_is_kept_whole"},
)


manifest_open_only_when_first = Defect(
    id="edges.manifest_open_only_when_first",
    target=dry_run_command.dry_run_report,
    intent="Withhold the Engram manifest only when --open 12359 is the first --open given.",
    patch=(
        "engram_manifest=None if ENGRAM_MANIFEST.key in keys else",
        "engram_manifest=None if ENGRAM_MANIFEST.key in keys[:1] else",
    ),
    must_red={"edges.dry_run_command.any_frontiers_in_any_order_are_left_open"},
)


glm_override_ignored_off_whole_hundreds = Defect(
    id="edges.glm_override_ignored_off_whole_hundreds",
    target=dry_run_command.dry_run_report,
    intent="Ignore a GLM utilization that is not a whole hundred of basis points, so 0.8125 plans GLM at its profile's 8500 bp.",
    patch=(
        "GLM_GROUP_B_PROFILE if share is None else attrs.evolve",
        "GLM_GROUP_B_PROFILE if share is None or share % 100 else attrs.evolve",
    ),
    must_red={"edges.dry_run_command.a_glm_utilization_of_any_places_reaches_the_report"},
)


printed_path_loses_its_dot_slash = Defect(
    id="edges.printed_path_loses_its_dot_slash",
    target=dry_run_command.dry_run_output,
    intent="Print a refused report's path without its leading ./, so the line no longer names the --out the operator typed.",
    patch=(
        'report written to {out}"\n        return CommandOutput(EXIT_NO',
        "report written to {out.removeprefix('./')}\"\n        return CommandOutput(EXIT_NO",
    ),
    must_red={"edges.dry_run_command.the_printed_path_is_the_out_as_given"},
)


bets_dropped_when_occupancy_opened = Defect(
    id="edges.bets_dropped_when_occupancy_opened",
    target=dry_run_command.dry_run_report,
    intent="Drop --engram-bets when #12351 is opened, so the bets go unreported beside an open occupancy frontier.",
    patch=(
        "return Admitted(v41_group_a_launch_dry_run(log, when, inputs, engram_bets=call.engram_bets))",
        "return Admitted(v41_group_a_launch_dry_run(log, when, inputs, engram_bets=call.engram_bets and OCCUPANCY.key not in keys))",
    ),
    must_red={"edges.dry_run_command.the_bets_are_reported_beside_any_open_frontier"},
)


directory_trailing_spaces_stripped = Defect(
    id="edges.directory_trailing_spaces_stripped",
    target=dry_run_command.report_path,
    intent="Strip spaces as well as slashes from the end of the directory, so a report meant under 'reports ' lands under 'reports'.",
    patch=(
        "return f\"{directory.rstrip('/')}/{default}\" if directory else",
        "return f\"{directory.rstrip('/ ')}/{default}\" if directory else",
    ),
    must_red={"edges.dry_run_command.the_directory_is_kept_whole"},
)


json_default_keeps_txt = Defect(
    id="edges.json_default_keeps_txt",
    target=dry_run_command.report_path,
    intent="Write a --json report without --out to the text report's default path, so JSON lands in a .txt file and replaces the last text report.",
    patch=("default = (DEFAULT_JSON_OUT if call.json else DEFAULT_OUT)[call.arm]", "default = DEFAULT_OUT[call.arm]"),
    must_red={
        f"{W}.a_json_report_goes_to_out_or_its_json_default",
        f"{W}.the_report_path_is_out_or_under_the_directory",
    },
)


json_asked_but_text_written = Defect(
    id="edges.json_asked_but_text_written",
    target=dry_run_command.rendered_report,
    intent="Render the text report whatever --json asks, so automation around the dry run must parse the text after all.",
    patch=(
        "return render_dry_run_json(report) if call.json else render_dry_run_report(report)",
        "return render_dry_run_report(report)",
    ),
    must_red={f"{W}.json_asks_for_the_json_document_and_text_otherwise", f"{W}.the_json_and_the_text_say_one_verdict"},
)
