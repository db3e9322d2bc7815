"""Declare the seeded defects of reading a launch_dry_run command line and choosing what it prints and returns."""

from __future__ import annotations

import re

from claims.defects import Defect, original
from domain.core.outcome import Admitted, Refused
from domain.edges import dry_run_command

W = "edges.dry_run_command"

five_places_read = Defect(
    id="edges.five_places_read",
    target=dry_run_command.utilization_bp,
    intent="Accept a utilization with five decimal places, which basis points cannot hold exactly.",
    patch=('len(match.group(2) or "") > 4', 'len(match.group(2) or "") > 5'),
    must_red={f"{W}.five_places_are_refused"},
    must_green={f"{W}.a_utilization_converts_exactly"},
)

zero_utilization_read = Defect(
    id="edges.zero_utilization_read",
    target=dry_run_command.utilization_bp,
    intent="Read a utilization of 0 as a share, so a profile with no GPU memory reaches the plan instead of being bad input.",
    patch=(
        "if bp.denominator != 1 or not bp_in_unit_range(int(bp)):",
        "if bp.denominator != 1 or not 0 <= bp <= BASIS_POINTS_PER_UNIT:",
    ),
    must_red={f"{W}.a_zero_utilization_is_refused"},
)

naive_time_read = Defect(
    id="edges.naive_time_read",
    target=dry_run_command.read_time,
    intent="Read an ISO time without a zone in the machine's own zone, so the same --at reads the log at different seconds on different hosts.",
    patch=(
        "if moment is None or moment.tzinfo is None:",
        "moment = moment.astimezone() if moment is not None and moment.tzinfo is None else moment\n    if moment is None:",
    ),
    must_red={f"{W}.a_time_without_a_zone_is_refused"},
    must_green={f"{W}.epoch_seconds_and_iso_times_read_alike"},
)

frontier_key_read_loosely = Defect(
    id="edges.frontier_key_read_loosely",
    target=dry_run_command.frontier_key,
    intent="Read an --open value with surrounding whitespace stripped and case folded, so a near miss of a frontier key withholds that frontier.",
    patch=(
        'key = f"#{text}" if _EPOCH.fullmatch(text) else text',
        'key = f"#{text.strip()}" if _EPOCH.fullmatch(text.strip()) else text.strip().lower()',
    ),
    must_red={f"{W}.near_misses_of_a_frontier_key_are_refused"},
    must_green={f"{W}.open_values_name_their_frontier"},
)

default_report_ignores_the_directory = Defect(
    id="edges.default_report_ignores_the_directory",
    target=dry_run_command.report_path,
    intent="Put the default report under the process's working directory whatever directory the shell names.",
    patch=(
        "return f\"{directory.rstrip('/')}/{DEFAULT_OUT[call.arm]}\" if directory else DEFAULT_OUT[call.arm]",
        "return DEFAULT_OUT[call.arm]",
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

utilization_read_per_mille = Defect(
    id="edges.utilization_read_per_mille",
    target=dry_run_command.utilization_bp,
    intent="Scale the decimal by 1000 instead of 10000, so 0.80 reads as 800 bp.",
    patch=(") * BASIS_POINTS_PER_UNIT", ") * 1000"),
    must_red={f"{W}.a_utilization_converts_exactly", f"{W}.every_four_place_share_reads_back"},
)

share_above_one_read = Defect(
    id="edges.share_above_one_read",
    target=dry_run_command.utilization_bp,
    intent="Read a utilization above one as a share, so 1.5 reaches the plan instead of being bad input.",
    patch=("if bp.denominator != 1 or not bp_in_unit_range(int(bp)):", "if bp.denominator != 1 or not 0 < bp:"),
    must_red={f"{W}.a_utilization_above_one_is_refused"},
)

offset_ignored = Defect(
    id="edges.offset_ignored",
    target=dry_run_command.read_time,
    intent="Read an ISO time's wall clock as UTC, ignoring its offset, so 02:00+01:00 reads the log an hour late.",
    patch=(
        "return Admitted((moment - _EPOCH_START) // datetime.timedelta(seconds=1))",
        "return Admitted((moment.replace(tzinfo=datetime.UTC) - _EPOCH_START) // datetime.timedelta(seconds=1))",
    ),
    must_red={f"{W}.epoch_seconds_and_iso_times_read_alike"},
)

epoch_beyond_64_bits_read = Defect(
    id="edges.epoch_beyond_64_bits_read",
    target=dry_run_command.read_time,
    intent="Read epoch seconds by their digit count only, so one second past 64 bits is read.",
    patch=(
        "if len(text) > len(str(JSON_INT_MAX)) or int(text) > JSON_INT_MAX:",
        "if len(text) > len(str(JSON_INT_MAX)):",
    ),
    must_red={f"{W}.epoch_seconds_beyond_64_bits_are_refused"},
)

hash_required = Defect(
    id="edges.hash_required",
    target=dry_run_command.frontier_key,
    intent="Require the leading # of an --open value, so `--open 12371` (as the docs spell it) is refused.",
    patch=('key = f"#{text}" if _EPOCH.fullmatch(text) else text', "key = text"),
    must_red={f"{W}.open_values_name_their_frontier"},
)

refusal_lists_hashed_keys = Defect(
    id="edges.refusal_lists_hashed_keys",
    target=dry_run_command.frontier_key,
    intent="List the openable frontiers with their # in the refusal, not as an operator types them.",
    patch=('spelled = ", ".join(k.removeprefix("#") for k in OPENABLE)', 'spelled = ", ".join(OPENABLE)'),
    must_red={f"{W}.an_unopenable_frontier_is_refused"},
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


def read_time_truncating_long_fractions(text: str) -> Admitted[int] | Refused:
    """Read --at after cutting a fraction of a second to six digits, as if the ISO pattern took any number of digits."""
    return original(dry_run_command.read_time)(re.sub(r"(\.[0-9]{6})[0-9]+", r"\1", text))


long_fraction_truncated = Defect(
    id="edges.long_fraction_truncated",
    target=dry_run_command.read_time,
    intent="Read an --at whose fraction of a second has seven or more digits by truncating it to microseconds, instead of refusing a time the ISO pattern does not take (a `{1,6}` widened to `{1,9}`).",
    replacement=read_time_truncating_long_fractions,
    must_red={f"{W}.a_fraction_reads_up_to_six_digits_and_no_further"},
    must_green={f"{W}.iso_times_with_minutes_fractions_or_offsets_read"},
)


def read_time_taking_a_signed_epoch(text: str) -> Admitted[int] | Refused:
    """Read --at as the rule does, except that epoch seconds with a leading + read as the same seconds."""
    signed = re.fullmatch(r"\+([0-9]+)", text)
    return original(dry_run_command.read_time)(signed.group(1) if signed else text)


signed_epoch_read = Defect(
    id="edges.signed_epoch_read",
    target=dry_run_command.read_time,
    intent="Read epoch seconds spelled with a leading + as those seconds, a near miss of the plain digits (`_EPOCH` widened to `\\+?[0-9]+`).",
    replacement=read_time_taking_a_signed_epoch,
    must_red={f"{W}.near_misses_of_epoch_seconds_are_refused"},
    must_green={f"{W}.epoch_seconds_and_iso_times_read_alike"},
)

produced_image_read_a_second_late = Defect(
    id="edges.produced_image_read_a_second_late",
    target=dry_run_command.dry_run_report,
    intent="Read the produced image (#12353) a second after --at, so an image admitted after the read is already the one every rank names (seed A4: the authority log as read at a given time).",
    patch=("produced=v41_produced_from_log(log, when),", "produced=v41_produced_from_log(log, when + 1),"),
    must_red={"edges.dry_run_command.an_image_logged_after_the_read_is_not_yet_the_produced_one"},
)

time_before_the_epoch_read = Defect(
    id="edges.time_before_the_epoch_read",
    target=dry_run_command.read_time,
    intent="Read an ISO time before the epoch as negative (or truncated) seconds instead of refusing it at --at, so the dry run crashes on a negative read time or reads the log at the epoch.",
    patch=("if moment < _EPOCH_START:", "if False:"),
    must_red={"edges.dry_run_command.a_time_before_the_epoch_is_refused"},
)

time_read_through_a_float = Defect(
    id="edges.time_read_through_a_float",
    target=dry_run_command.read_time,
    intent="Read an ISO time's second through a float timestamp, so a late enough second's last microsecond rounds up into the next second and events of that second are seen.",
    patch=(
        "return Admitted((moment - _EPOCH_START) // datetime.timedelta(seconds=1))",
        "return Admitted(int(moment.timestamp()))",
    ),
    must_red={"edges.dry_run_command.a_last_microsecond_reads_as_its_own_second"},
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

five_places_admitted_over_a_whole_one = Defect(
    id="edges.five_places_admitted_over_a_whole_one",
    target=dry_run_command.utilization_bp,
    intent="Refuse five or more places only when the whole part is 0, so 1.00000 is read as 10000 bp.",
    patch=(
        'if not match or len(match.group(2) or "") > 4:',
        'if not match or (len(match.group(2) or "") > 4 and match.group(1) == "0"):',
    ),
    must_red={"edges.dry_run_command.more_than_four_places_are_refused_whatever_the_whole_part"},
)

epoch_second_zero_refused = Defect(
    id="edges.epoch_second_zero_refused",
    target=dry_run_command.read_time,
    intent="Read every epoch second but 0, which falls through to the ISO reading and is refused.",
    patch=("    if _EPOCH.fullmatch(text):\n", '    if _EPOCH.fullmatch(text) and text != "0":\n'),
    must_red={"edges.dry_run_command.every_epoch_second_reads_and_no_zone_less_time_does"},
)

zone_less_time_with_seconds_admitted = Defect(
    id="edges.zone_less_time_with_seconds_admitted",
    target=dry_run_command.read_time,
    intent="Refuse a zone-less ISO time only on a whole minute, so 01:00:05 with no zone reads as a local time.",
    patch=(
        "if moment is None or moment.tzinfo is None:",
        "if moment is None or (moment.tzinfo is None and moment.second == 0):",
    ),
    must_red={"edges.dry_run_command.every_epoch_second_reads_and_no_zone_less_time_does"},
)

padded_frontier_number_admitted = Defect(
    id="edges.padded_frontier_number_admitted",
    target=dry_run_command.frontier_key,
    intent="Strip whitespace from a bare frontier number, so `12371 ` names #12371.",
    patch=(
        'key = f"#{text}" if _EPOCH.fullmatch(text) else text',
        'key = f"#{text.strip()}" if _EPOCH.fullmatch(text.strip()) else text',
    ),
    must_red={"edges.dry_run_command.a_bare_frontier_number_admits_only_itself"},
)

root_directory_left_relative = Defect(
    id="edges.root_directory_left_relative",
    target=dry_run_command.report_path,
    intent="Treat the root directory as none, so a report meant under / lands relative to the working directory.",
    patch=("if directory else DEFAULT_OUT[call.arm]", 'if directory and directory != "/" else DEFAULT_OUT[call.arm]'),
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

whole_part_guard_skipped_with_places = Defect(
    id="edges.whole_part_guard_skipped_with_places",
    target=dry_run_command.utilization_bp,
    intent="Refuse a whole part of ten or more before conversion only when it has no places, so 5,000 nines and a place are converted (and crash).",
    patch=("if len(whole) > 1:", "if len(whole) > 1 and not places:"),
    must_red={"edges.dry_run_command.the_whole_part_is_read_exactly"},
)

frontier_key_strips_every_hash = Defect(
    id="edges.frontier_key_strips_every_hash",
    target=dry_run_command.frontier_key,
    intent="Strip every leading # before reading a numeric frontier, so ##12371 names #12371 instead of being refused.",
    patch=(
        'key = f"#{text}" if _EPOCH.fullmatch(text) else text',
        "key = f\"#{text.lstrip('#')}\" if _EPOCH.fullmatch(text.lstrip('#')) else text",
    ),
    must_red={"edges.dry_run_command.a_frontier_takes_at_most_one_leading_hash"},
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
        "return f\"{directory.rstrip('/')}/{DEFAULT_OUT[call.arm]}\" if directory else",
        "return f\"{directory.rstrip('/ ')}/{DEFAULT_OUT[call.arm]}\" if directory else",
    ),
    must_red={"edges.dry_run_command.the_directory_is_kept_whole"},
)
