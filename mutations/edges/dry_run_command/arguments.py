"""Declare the seeded defects of reading each launch_dry_run option as typed: the utilization, the time, the frontier keys."""

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
