"""Declare the seeded defects of the authority log's strict reading (seed A4: every error located FILE:LINE: $.path)."""

from __future__ import annotations

import json
import re

from claims.defects import Defect, original
from domain.core.json_text import parse_json
from domain.core.outcome import Admitted, Refused
from domain.spark import authority_log
from domain.spark.authority_log import AuthorityLog

lines_numbered_from_zero = Defect(
    id="spark.lines_numbered_from_zero",
    target=authority_log.read_authority_log,
    intent="Number authority-log lines from 0, so every located error names the line before the one at fault.",
    patch=("start=1)", "start=0)"),
    must_red={
        "spark.authority_log.every_malformed_line_is_refused_located",
        "spark.authority_log.reading_goes_on_past_invalid_json",
    },
)

reading_stops_at_invalid_json = Defect(
    id="spark.reading_stops_at_invalid_json",
    target=authority_log.read_authority_log,
    intent="Stop reading at the first invalid JSON line, so the faults on the lines after it go unreported.",
    patch=("for reason in parsed.reasons)\n            continue", "for reason in parsed.reasons)\n            break"),
    must_red={"spark.authority_log.reading_goes_on_past_invalid_json"},
)

# Identities read loosely: each one lets a near miss of an identity through (the near-miss properties).


def read_with_event_tags_folded(text: str, source: str) -> Admitted[AuthorityLog] | Refused:
    """Read the log with every event tag stripped and lower-cased first, as a case-blind reader would."""
    folded = re.sub(r'("event": ")([^"]*)(")', lambda m: m.group(1) + m.group(2).strip().lower() + m.group(3), text)
    return original(authority_log.read_authority_log)(folded, source)


event_tags_read_case_blind = Defect(
    id="spark.event_tags_read_case_blind",
    target=authority_log.read_authority_log,
    intent="Read an event tag case-blind and stripped, so `Host_held` is taken for `host_held` instead of being refused at $.event.",
    replacement=read_with_event_tags_folded,
    must_red={"spark.authority_log.near_misses_of_an_event_tag_are_refused"},
)

host_matched_case_blind = Defect(
    id="spark.host_matched_case_blind",
    target=authority_log.holder_of_at,
    intent="Match a holding's host name case-blind, so a holding recorded for `Srv7` holds srv7.",
    patch=("event.host == host", "event.host.casefold() == host.casefold()"),
    must_red={"spark.admission.near_misses_of_a_host_name_hold_nothing"},
)

group_matched_stripped = Defect(
    id="spark.group_matched_stripped",
    target=authority_log.group_state_at,
    intent="Match a state's group name with surrounding whitespace stripped, so a suspension logged for `\\u200bFabricGroupA` is Group A's.",
    patch=("event.group == group", "event.group.strip('\\u200b \\t\\n') == group"),
    must_red={"spark.admission.near_misses_of_the_group_name_are_no_state"},
)


def read_with_the_tag_looked_up_untyped(text: str, source: str) -> Admitted[AuthorityLog] | Refused:
    """Read the log looking each event tag up among the known tags before checking it is a string, as a reader without the type check would."""
    for raw in text.split("\n"):
        parsed = parse_json(raw) if raw.strip() else None
        if isinstance(parsed, Admitted) and type(parsed.value) is dict and "event" in parsed.value:
            _ = parsed.value["event"] in authority_log.EVENT_TYPES  # an array or object tag is unhashable: TypeError
    return original(authority_log.read_authority_log)(text, source)


event_tag_looked_up_untyped = Defect(
    id="spark.event_tag_looked_up_untyped",
    target=authority_log.read_authority_log,
    intent="Look an event tag up among the known tags without checking it is a string, so an array or object tag crashes the reader instead of being refused at $.event.",
    replacement=read_with_the_tag_looked_up_untyped,
    must_red={"spark.authority_log.an_event_tag_of_another_json_type_is_refused"},
)

first_reading_kept = Defect(
    id="spark.first_reading_kept",
    target=authority_log.registry_reading_at,
    intent="Answer an image's first logged reading instead of its latest, so a re-probe logged on a later line never supersedes it.",
    patch=("return _latest(readings)", "return readings[0] if readings else None"),
    must_red={"spark.authority_log.a_later_reading_of_an_image_supersedes_the_earlier_line"},
)


reading_tie_kept_by_the_earlier_line = Defect(
    id="spark.reading_tie_kept_by_the_earlier_line",
    target=authority_log.registry_reading_at,
    intent="Break a tie between two readings of an image logged at one second in favour of the earlier line, unlike every other lookup.",
    patch=("return _latest(readings)", "return _latest(readings[::-1])"),
    must_red={"spark.authority_log.of_two_readings_at_one_second_the_later_line_is_read"},
)


def read_with_reading_digests_folded(text: str, source: str) -> Admitted[AuthorityLog] | Refused:
    """Read the log folding each registry reading's digest to lowercase first, as a reader that checks only an image admission's digest strictly would."""
    lines = []
    for raw in text.split("\n"):
        parsed = parse_json(raw) if raw.strip() else None
        document = parsed.value if isinstance(parsed, Admitted) else None
        if type(document) is dict and document.get("event") == "registry_reading":
            digest = document.get("config_digest")
            raw = json.dumps({**document, "config_digest": digest.lower()}) if isinstance(digest, str) else raw
        lines.append(raw)
    return original(authority_log.read_authority_log)("\n".join(lines), source)


reading_digest_read_loosely = Defect(
    id="spark.reading_digest_read_loosely",
    target=authority_log.read_authority_log,
    intent="Accept a registry reading's digest in any case (a reading's digest validated less strictly than an admitted image's), so an ill-spelled digest probes the image it almost names.",
    replacement=read_with_reading_digests_folded,
    must_red={"spark.authority_log.a_reading_of_an_ill_spelled_digest_is_refused"},
)

group_state_tie_kept_by_the_earlier_line = Defect(
    id="spark.group_state_tie_kept_by_the_earlier_line",
    target=authority_log.group_state_at,
    intent="Break a tie between two states of a group logged at one second in favour of the earlier line, so an Active state logged after a suspension in the same second does not stop the launch.",
    patch=("return _latest(states)", "return _latest(states[::-1])"),
    must_red={"spark.authority_log.of_two_group_states_at_one_second_the_later_line_is_read"},
)

comment_lines_skipped = Defect(
    id="spark.comment_lines_skipped",
    target=authority_log.read_authority_log,
    intent="Skip a line starting with '#' as a comment, so a line that is not JSON is read as nothing instead of refused (seed A4: the log is typed JSON Lines, read strictly).",
    patch=("        if not raw.strip():", '        if not raw.strip() or raw.lstrip().startswith("#"):'),
    must_red={"spark.authority_log.every_non_json_line_shape_is_refused"},
)

null_line_said_a_list = Defect(
    id="spark.null_line_said_a_list",
    target=authority_log.read_authority_log,
    intent="Say a JSON null line is a list, so the refusal of one JSON type names another.",
    patch=(
        'f"expected a JSON object, got {type(document).__name__} {document!r}"',
        "f\"expected a JSON object, got {'list' if document is None else type(document).__name__} {document!r}\"",
    ),
    must_red={"spark.authority_log.every_json_value_but_an_object_is_refused_by_its_type"},
)

crlf_line_numbered_one_early = Defect(
    id="spark.crlf_line_numbered_one_early",
    target=authority_log.read_authority_log,
    intent="Number every CRLF-ended line after the first one line early, so a log written on another system locates its events and errors on the wrong lines.",
    patch=(
        "        if not raw.strip():\n            continue",
        '        if not raw.strip():\n            continue\n        if raw.endswith("\\r") and number > 1:\n            number -= 1',
    ),
    must_red={"spark.authority_log.crlf_lines_keep_their_numbers"},
)

another_groups_active_state_read = Defect(
    id="spark.another_groups_active_state_read",
    target=authority_log.group_state_at,
    intent="Read any group's Active state as this group's, so another group's incumbent hides this group's suspension.",
    patch=(
        "and event.group == group\n",
        "and (event.group == group or isinstance(event, GroupActive))\n",
    ),
    must_red={"spark.authority_log.each_lookup_reads_its_own_key_over_every_event_type"},
)

empty_reading_ignored = Defect(
    id="spark.empty_reading_ignored",
    target=authority_log.registry_reading_at,
    intent="Ignore a registry reading that read neither a CLI path nor a version, though it is still a reading (seed A3: what was never read is Absent, not unprobed).",
    patch=(
        "and event.config_digest == config_digest\n",
        "and event.config_digest == config_digest and (event.hub_cli_path is not None or event.vllm_version is not None)\n",
    ),
    must_red={"spark.authority_log.each_lookup_reads_its_own_key_over_every_event_type"},
)
