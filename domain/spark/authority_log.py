"""Read the authority log: typed JSON Lines events, parsed purely from text to values.

Seed A4: the dry run's only live read is the authority log; admission is a
pure fold over it "as read at a given time", never over the source row.
Each line is one JSON object whose `event` key names its type; every event
carries `at`, the epoch second it was recorded.  Reading is strict (the
cattrs converter in `domain.core.convert`): no coercion, no unknown keys, no
unknown event types, and each error is located `FILE:LINE: $.path: expected
..., got ...`.  Blank lines are skipped (an operator may end a file with one).
A hostile line (a duplicate key, NaN, an int beyond 64 bits, a lone
surrogate, nesting deeper than `MAX_JSON_DEPTH`) is refused the same way,
by `domain.core.json_text`, never by a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

import attrs
from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.convert import structured
from domain.core.json_text import MAX_JSON_DEPTH, InvalidJson, JsonTooDeep, member_path, parse_json
from domain.core.outcome import Admitted, Reason, Refused


@frozen
class PairRealizationKeyed:
    """Name the exact candidate realization a suspension authorizes (#12370's shape)."""

    key: str = field(validator=vf.non_empty_str)


@frozen
class GroupSuspendedForAuthorizedSuccessor:
    """Record that a group's incumbent is suspended for one authorized successor, under a lease."""

    at: int = field(validator=vf.non_negative_int)
    group: str = field(validator=vf.non_empty_str)
    exact_candidate_realization: PairRealizationKeyed = field(validator=vf.instance_of(PairRealizationKeyed))
    lease_expires_at: int = field(validator=vf.non_negative_int)


@frozen
class GroupActive:
    """Record that a group serves an Active incumbent (no successor may launch)."""

    at: int = field(validator=vf.non_negative_int)
    group: str = field(validator=vf.non_empty_str)
    incumbent: str = field(validator=vf.non_empty_str)


@frozen
class ImageAdmitted:
    """Record that a produced image (its config digest) was admitted against a runtime key."""

    at: int = field(validator=vf.non_negative_int)
    config_digest: str = field(validator=vf.sha256_digest)
    runtime_key: str = field(validator=vf.non_empty_str)


@frozen
class RegistryReadingRecorded:
    """Record what was read inside an image; a field never read is null (Absent)."""

    at: int = field(validator=vf.non_negative_int)
    config_digest: str = field(validator=vf.sha256_digest)
    hub_cli_path: str | None = field(validator=vf.optional(vf.non_empty_str))
    vllm_version: str | None = field(validator=vf.optional(vf.non_empty_str))


@frozen
class HostHeld:
    """Record that a subject holds a host (the latest holding event for a host wins)."""

    at: int = field(validator=vf.non_negative_int)
    host: str = field(validator=vf.non_empty_str)
    subject: str = field(validator=vf.non_empty_str)


AuthorityEvent = GroupSuspendedForAuthorizedSuccessor | GroupActive | ImageAdmitted | RegistryReadingRecorded | HostHeld

EVENT_TYPES: Mapping[str, type] = MappingProxyType(
    {
        "group_suspended_for_authorized_successor": GroupSuspendedForAuthorizedSuccessor,
        "group_active": GroupActive,
        "image_admitted": ImageAdmitted,
        "registry_reading": RegistryReadingRecorded,
        "host_held": HostHeld,
    }
)
"""The event tag each JSON line carries in its `event` key, and the value it reads as."""

_EVENT_CLASSES = (GroupSuspendedForAuthorizedSuccessor, GroupActive, ImageAdmitted, RegistryReadingRecorded, HostHeld)


@frozen
class LoggedEvent:
    """Carry one event with the line it was read from."""

    line: int = field(validator=vf.positive_int)
    event: AuthorityEvent = field(validator=vf.instance_of(_EVENT_CLASSES))


@frozen
class AuthorityLog:
    """Carry every event of one authority log, in file order, and where it was read from."""

    source: str = field(validator=vf.non_empty_str)
    events: tuple[LoggedEvent, ...] = field(validator=vf.tuple_of(LoggedEvent))


@frozen
class MalformedAuthorityLine(Reason):
    """Say a line of the authority log is not one well-typed event (located FILE:LINE: $.path)."""


def _located(source: str, line: int, path: str, why: str) -> MalformedAuthorityLine:
    return MalformedAuthorityLine(where=f"{source}:{line}: {path}", why=why)


def _structure_event(source: str, line: int, document: dict[str, Any]) -> AuthorityEvent | list[MalformedAuthorityLine]:
    tag = document.get("event")
    if type(tag) is not str or tag not in EVENT_TYPES:
        known = ", ".join(sorted(EVENT_TYPES))
        got = "nothing (the key is missing)" if "event" not in document else f"{type(tag).__name__} {tag!r}"
        return [_located(source, line, "$.event", f"expected one of {known}, got {got}")]
    kind = EVENT_TYPES[tag]
    body = {key: value for key, value in document.items() if key != "event"}
    # Name unknown keys one by one (cattrs reports them together at the parent).
    fields = {a.name for a in attrs.fields(kind)}
    unknown = [
        _located(
            source,
            line,
            member_path("$", key),
            f"expected one of the keys of {tag} ({', '.join(sorted(fields))}), got an unknown key",
        )
        for key in body
        if key not in fields
    ]
    if unknown:
        return unknown
    read = structured(body, kind)
    if isinstance(read, Refused):
        return [_located(source, line, r.where, r.why) for r in read.reasons]
    event: AuthorityEvent = read.value
    return event


def _json_refusal(source: str, line: int, reason: Reason) -> MalformedAuthorityLine:
    if isinstance(reason, InvalidJson):
        return _located(
            source, line, "$", f"expected a JSON object, got invalid JSON ({reason.message} at column {reason.column})"
        )
    if isinstance(reason, JsonTooDeep):  # the line is FILE:LINE already
        return _located(
            source,
            line,
            "$",
            f"expected JSON nested at most {MAX_JSON_DEPTH} deep, got deeper nesting at column {reason.column}",
        )
    return _located(source, line, reason.where, reason.why)


def read_authority_log(text: str, source: str) -> Admitted[AuthorityLog] | Refused:
    """Parse authority-log text into typed events, or refuse with every malformed line located."""
    events: list[LoggedEvent] = []
    errors: list[Reason] = []
    # JSON Lines end lines at "\n" only; splitlines() would also split inside a string holding U+2028.
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip():
            continue
        parsed = parse_json(raw)
        if isinstance(parsed, Refused):
            errors.extend(_json_refusal(source, number, reason) for reason in parsed.reasons)
            continue
        document = parsed.value
        if type(document) is not dict:
            errors.append(
                _located(source, number, "$", f"expected a JSON object, got {type(document).__name__} {document!r}")
            )
            continue
        read = _structure_event(source, number, document)
        if isinstance(read, list):
            errors.extend(read)
        else:
            events.append(LoggedEvent(line=number, event=read))
    if errors:
        return Refused(tuple(errors))
    return Admitted(AuthorityLog(source=source, events=tuple(events)))


E = TypeVar("E", GroupSuspendedForAuthorizedSuccessor | GroupActive, HostHeld, ImageAdmitted, RegistryReadingRecorded)


def _latest(events: list[E]) -> E | None:
    """Return the event with the greatest `at`; on a tie the later line supersedes."""
    latest: E | None = None
    for event in events:
        if latest is None or event.at >= latest.at:
            latest = event
    return latest


def events_as_read_at(log: AuthorityLog, at: int) -> tuple[AuthorityEvent, ...]:
    """Return the events recorded at or before `at`, in file order (a later line supersedes)."""
    return tuple(logged.event for logged in log.events if logged.event.at <= at)


def group_state_at(log: AuthorityLog, group: str, at: int) -> GroupSuspendedForAuthorizedSuccessor | GroupActive | None:
    """Return a group's latest authority state as read at `at`, or None when the log names none."""
    states = [
        event
        for event in events_as_read_at(log, at)
        if isinstance(event, (GroupSuspendedForAuthorizedSuccessor, GroupActive)) and event.group == group
    ]
    return _latest(states)


def holder_of_at(log: AuthorityLog, host: str, at: int) -> str | None:
    """Return the subject holding a host as read at `at`, or None when no holding is recorded."""
    held = [event for event in events_as_read_at(log, at) if isinstance(event, HostHeld) and event.host == host]
    latest = _latest(held)
    return None if latest is None else latest.subject


def latest_image_at(log: AuthorityLog, at: int) -> ImageAdmitted | None:
    """Return the latest admitted image as read at `at` (the produced image), or None."""
    images = [event for event in events_as_read_at(log, at) if isinstance(event, ImageAdmitted)]
    return _latest(images)


def registry_reading_at(log: AuthorityLog, config_digest: str, at: int) -> RegistryReadingRecorded | None:
    """Return the latest registry reading of one image as read at `at`, or None when none exists."""
    readings = [
        event
        for event in events_as_read_at(log, at)
        if isinstance(event, RegistryReadingRecorded) and event.config_digest == config_digest
    ]
    return _latest(readings)
