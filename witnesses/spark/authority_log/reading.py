"""Witness the authority log's strict reading: typed events from JSON Lines, every error located."""

from __future__ import annotations

import json

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core import value_fields as vf
from domain.spark import authority_log
from domain.spark.authority_log import (
    GroupSuspendedForAuthorizedSuccessor,
    ImageAdmitted,
    MalformedAuthorityLine,
    RegistryReadingRecorded,
)
from witnesses.core import strategies as near
from witnesses.core.fixtures import ValueRefused, constructed
from witnesses.spark.authority_log import witness
from witnesses.spark.fixtures import HELD_A, IMAGE, READ_AT, READING, SUSPENSION

SUSPENSION_LINE = (
    '{"event": "group_suspended_for_authorized_successor", "at": 1767225600, "group": "FabricGroupA", '
    '"exact_candidate_realization": {"key": "gunbc-v41-tp4@FabricGroupA/deepseek-v41-flash-dba1be0a"}, "lease_expires_at": 1767232800}'
)


@witness.positive(
    "A suspension line and a registry reading with an absent CLI path read as typed events, blank lines skipped.",
    rules=[authority_log.read_authority_log],
)
def typed_lines_read_as_events() -> None:
    reading = (
        f'{{"event": "registry_reading", "at": 1767220100, "config_digest": "{READING.config_digest}", '
        '"hub_cli_path": null, "vllm_version": "0.1.dev1+gd2d649e6"}'
    )
    log = check.admitted(authority_log.read_authority_log(f"{SUSPENSION_LINE}\n\n{reading}\n", "a.jsonl"))
    check.equal("lines", [e.line for e in log.events], [1, 3])
    check.equal("suspension", log.events[0].event, SUSPENSION)
    check.equal(
        "absent CLI path",
        log.events[1].event,
        RegistryReadingRecorded(
            at=1767220100, config_digest=READING.config_digest, hub_cli_path=None, vllm_version="0.1.dev1+gd2d649e6"
        ),
    )
    check.equal("type", type(log.events[0].event), GroupSuspendedForAuthorizedSuccessor)


@witness.refusal(
    "A string where an int belongs, an unknown key, an unknown event and a non-object are each refused, located by file and line.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(MalformedAuthorityLine, at="log.jsonl:1: $.at", saying="expected int, got str '1767200000'"),
        because(MalformedAuthorityLine, at="log.jsonl:2: $.note", saying="unknown key"),
        because(MalformedAuthorityLine, at="log.jsonl:3: $.event", saying="got str 'lease_renewed'"),
        because(MalformedAuthorityLine, at="log.jsonl:4: $", saying="expected a JSON object, got list"),
        because(MalformedAuthorityLine, at="log.jsonl:5: $.lease_expires_at", saying="expected int, got float 1.5"),
    ],
)
def every_malformed_line_is_refused_located():
    text = "\n".join(
        [
            '{"event": "host_held", "at": "1767200000", "host": "srv5", "subject": "s"}',
            '{"event": "host_held", "at": 1767200000, "host": "srv6", "subject": "s", "note": "x"}',
            '{"event": "lease_renewed", "at": 1767200000}',
            "[1, 2]",
            SUSPENSION_LINE.replace("1767232800", "1.5"),
        ]
    )
    return authority_log.read_authority_log(text, "log.jsonl")


@witness.refusal(
    "A missing key, a bool for an int and a malformed digest are refused; no coercion happens.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(MalformedAuthorityLine, at="x:1: $.subject", saying="expected a value, got nothing"),
        because(MalformedAuthorityLine, at="x:2: $.at", saying="expected int, got bool True"),
        because(MalformedAuthorityLine, at="x:3: $.config_digest", saying="64 lowercase hex digits"),
        because(MalformedAuthorityLine, at="x:4: $", saying="invalid JSON"),
    ],
)
def missing_keys_and_coercions_are_refused():
    text = "\n".join(
        [
            '{"event": "host_held", "at": 1, "host": "srv5"}',
            '{"event": "host_held", "at": true, "host": "srv5", "subject": "s"}',
            '{"event": "image_admitted", "at": 1, "config_digest": "sha256:abc", "runtime_key": "k"}',
            "{not json",
        ]
    )
    return authority_log.read_authority_log(text, "x")


MALFORMED_LOG_LINES = (
    "{not json",
    '{"at": 1, "host": "srv5", "subject": "s"}',
    '{"event": 7, "at": 1}',
    '{"event": "lease_renewed", "at": 1}',
    '"host_held"',
    '{"event": "host_held", "at": 1, "host": "srv5", "subject": "s", "note": "x", "by": "y"}',
    '{"event": "host_held", "at": "1", "host": "srv5"}',
    '{"event": "image_admitted", "at": 1, "config_digest": "sha256:abc", "runtime_key": "k"}',
    '{"event": "image_admitted", "at": 1, "config_digest": 5, "runtime_key": "k"}',
    '{"event": "group_suspended_for_authorized_successor", "at": 1, "group": "G", "exact_candidate_realization": {"key": 3}, "lease_expires_at": true}',
    '{"event": "registry_reading", "at": -1, "config_digest": "sha256:'
    + "5e" * 32
    + '", "hub_cli_path": null, "vllm_version": null}',
    "",
    '{"event": "group_active", "at": 1, "group": "G", "incumbent": "i"}',
)
"""One malformed line of each kind an operator may write (invalid JSON first, so reading must go on past it)."""


@witness.snapshot(
    "The located errors an operator reads for a malformed authority log, one per fault on every line, stay byte-identical, as a regression control.",
    rules=[authority_log.read_authority_log],
)
def malformed_log_errors_are_byte_identical() -> str:
    refused = authority_log.read_authority_log("\n".join(MALFORMED_LOG_LINES), "authority.jsonl")
    return "".join(f"{type(r).__name__} @ {r.where}: {r.why}\n" for r in check.refused(refused))


@witness.refusal(
    "An invalid JSON line does not stop the read: the lines after it are still read and refused, each located.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(
            MalformedAuthorityLine,
            at="a.jsonl:1: $",
            saying="expected a JSON object, got invalid JSON (Expecting property name enclosed in double quotes at column 2)",
        ),
        because(
            MalformedAuthorityLine,
            at="a.jsonl:2: $.event",
            saying="expected one of group_active, group_suspended_for_authorized_successor, host_held, image_admitted, registry_reading, got nothing (the key is missing)",
        ),
        because(
            MalformedAuthorityLine,
            at="a.jsonl:3: $.by",
            saying="expected one of the keys of host_held (at, host, subject), got an unknown key",
        ),
    ],
)
def reading_goes_on_past_invalid_json():
    return authority_log.read_authority_log(
        "{not json\n"
        + MALFORMED_LOG_LINES[1]
        + '\n{"event": "host_held", "at": 1, "host": "srv5", "subject": "s", "by": "y"}',
        "a.jsonl",
    )


@witness.positive(
    "An image event accepts a config digest of 'sha256:' and 64 hex digits.",
    rules=[vf.sha256_digest],
)
def a_sha256_digest_is_accepted() -> None:
    digest = "sha256:" + "0f" * 32
    check.equal("digest", ImageAdmitted(at=1, config_digest=digest, runtime_key="k").config_digest, digest)


@witness.refusal(
    "An image event constructed with a short digest is refused, naming the class and field.",
    rules=[vf.sha256_digest],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="ImageAdmitted.config_digest: expected 'sha256:' and 64 lowercase hex digits, got str 'sha256:abc'",
        )
    ],
)
def a_short_digest_is_refused_at_construction():
    return constructed(lambda: ImageAdmitted(at=1, config_digest="sha256:abc", runtime_key="k"))


# --- near misses: an event tag or a config digest that almost is one is refused, located ---

HELD_LINE = {"event": "host_held", "at": 1, "host": "srv5", "subject": "spark-serving-group-a"}
DIGEST = READING.config_digest


@witness.property(
    "A line whose event tag is a near miss of a known one is refused at $.event, and the tag itself reads.",
    rules=[authority_log.read_authority_log],
)
@settings(max_examples=25)
@given(near.sampled_then(sorted(authority_log.EVENT_TYPES), near.near_misses))
@example(near.case_flipped("host_held"))
@example(near.strict_prefix("host_held"))
@example(near.extended("host_held", "s"))
@example(near.padded("host_held", after="\n"))
@example(near.lookalike("image_admitted"))
def near_misses_of_an_event_tag_are_refused(miss: str) -> None:
    check.admitted(authority_log.read_authority_log(json.dumps(HELD_LINE), "log.jsonl"))
    reasons = check.refused(authority_log.read_authority_log(json.dumps({**HELD_LINE, "event": miss}), "log.jsonl"))
    check.equal(
        f"{miss!r} refused at",
        [(type(r), r.where) for r in reasons],
        [(MalformedAuthorityLine, "log.jsonl:1: $.event")],
    )


@witness.property(
    "An image admitted under a near miss of a config digest is refused at $.config_digest, and the digest itself reads.",
    rules=[authority_log.read_authority_log, vf.sha256_digest],
)
@settings(max_examples=25)
@given(near.near_misses(DIGEST))
@example(near.case_flipped(DIGEST, 3))
@example(near.strict_prefix(DIGEST))
@example(near.extended(DIGEST, "5e"))
@example(near.padded(DIGEST, after="\n"))
@example(near.lookalike(DIGEST, 8))
def near_misses_of_a_config_digest_are_refused(miss: str) -> None:
    line = {"event": "image_admitted", "at": 1, "config_digest": DIGEST, "runtime_key": "vllm-openai@d2d649e6"}
    check.admitted(authority_log.read_authority_log(json.dumps(line), "log.jsonl"))
    reasons = check.refused(authority_log.read_authority_log(json.dumps({**line, "config_digest": miss}), "log.jsonl"))
    check.equal(
        f"{miss!r} refused at",
        [(type(r), r.where) for r in reasons],
        [(MalformedAuthorityLine, "log.jsonl:1: $.config_digest")],
    )


@witness.refusal(
    "A line nested too deep and a line with hostile JSON values are each refused at FILE:LINE and the value's path, and reading goes on.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(
            MalformedAuthorityLine,
            at="log.jsonl:2: $",
            saying="expected JSON nested at most 64 deep, got deeper nesting at column 67",
        ),
        because(
            MalformedAuthorityLine,
            at="log.jsonl:3: $.at",
            saying="expected unique keys, got duplicate key 'at' (2 times)",
        ),
        because(MalformedAuthorityLine, at="log.jsonl:3: $.at", saying="expected a JSON number, got NaN"),
        because(
            MalformedAuthorityLine,
            at="log.jsonl:3: $.host",
            saying="expected Unicode text, got '\\udc00', which holds a lone surrogate",
        ),
    ],
)
def too_deep_and_hostile_lines_are_refused_located():
    deep = "  " + "[" * 65 + "]" * 65
    hostile = '{"event": "host_held", "at": 1, "at": NaN, "host": "\\udc00", "subject": "s"}'
    return authority_log.read_authority_log(f"{json.dumps(HELD_LINE)}\n{deep}\n{hostile}\n", "log.jsonl")


@witness.refusal(
    "A key that only resembles the event tag is an unknown key of the event, each refused at its own path.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(MalformedAuthorityLine, at="log.jsonl:1: $.Event", saying="unknown key"),
        because(MalformedAuthorityLine, at="log.jsonl:2: $.event_id", saying="unknown key"),
        because(MalformedAuthorityLine, at="log.jsonl:3: $.prior_event", saying="unknown key"),
        because(MalformedAuthorityLine, at="log.jsonl:4: $['event ']", saying="unknown key"),
    ],
)
def keys_resembling_the_event_tag_are_unknown_keys():
    lines = [{**HELD_LINE, key: "host_held"} for key in ("Event", "event_id", "prior_event", "event ")]
    return authority_log.read_authority_log("\n".join(json.dumps(line) for line in lines), "log.jsonl")


@witness.positive(
    "An event logged at the very second of the read is read, and one second earlier it is not yet.",
    rules=[authority_log.events_as_read_at, authority_log.holder_of_at],
)
def an_event_at_the_read_second_is_read() -> None:
    held = HELD_A[0]
    log = _log(held)
    check.equal("at its second", authority_log.events_as_read_at(log, held.at), (held,))
    check.equal("holder at its second", authority_log.holder_of_at(log, held.host, held.at), held.subject)
    check.equal("one second before", authority_log.events_as_read_at(log, held.at - 1), ())
    check.equal("holder one second before", authority_log.holder_of_at(log, held.host, held.at - 1), None)


def _log(*events: object) -> authority_log.AuthorityLog:
    return authority_log.AuthorityLog(
        source="witness.jsonl",
        events=tuple(authority_log.LoggedEvent(line=n, event=e) for n, e in enumerate(events, 1)),
    )


def _near_misses(exact: str) -> list[str]:
    """Return near misses the exact identity starts, ends or contains, or equals stripped or case-folded."""
    return [
        near.case_flipped(exact),
        near.strict_prefix(exact),
        exact[1:],
        exact[1:-1],
        near.extended(exact, "0"),
        near.padded(exact, before=" ", after=""),
        near.padded(exact, after="\t"),
        "x" + exact,
        "x" + exact + "x",
    ]


@witness.positive(
    "A lookup by a near miss of a host, a group or a config digest finds nothing, and the exact one finds its event.",
    rules=[authority_log.holder_of_at, authority_log.group_state_at, authority_log.registry_reading_at],
)
def near_misses_find_nothing() -> None:
    held, host = HELD_A[0], HELD_A[0].host
    group = SUSPENSION.group
    digest = READING.config_digest
    check.equal("the exact host", authority_log.holder_of_at(_log(held), host, READ_AT), held.subject)
    check.equal("the exact group", authority_log.group_state_at(_log(SUSPENSION), group, READ_AT), SUSPENSION)
    check.equal("the exact digest", authority_log.registry_reading_at(_log(READING), digest, READ_AT), READING)
    hosts = [
        (logged, asked)
        for miss in _near_misses(host)
        for logged, asked in ((host, miss), (miss, host))
        if authority_log.holder_of_at(_log(attrs.evolve(held, host=logged)), asked, READ_AT) is not None
    ]
    check.equal("host near misses holding", hosts, [])
    groups = [
        (logged, asked)
        for miss in _near_misses(group)
        for logged, asked in ((group, miss), (miss, group))
        if authority_log.group_state_at(_log(attrs.evolve(SUSPENSION, group=logged)), asked, READ_AT) is not None
    ]
    check.equal("group near misses in a state", groups, [])
    # A logged digest is validated, so only the digest asked for can miss.
    digests = [miss for miss in _near_misses(digest) if authority_log.registry_reading_at(_log(READING), miss, READ_AT)]
    check.equal("digest near misses read", digests, [])


@witness.property(
    "As read at any second, each lookup (holder, group state, registry reading, latest image) answers the event with the greatest time not after it (a later line on a tie), and nothing before the first.",
    rules=[
        authority_log.events_as_read_at,
        authority_log.group_state_at,
        authority_log.holder_of_at,
        authority_log.registry_reading_at,
        authority_log.latest_image_at,
    ],
)
@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(["held", "suspended", "reading", "image"]), min_size=1, max_size=6),
    st.lists(st.integers(min_value=0, max_value=4), min_size=6, max_size=6),
    st.integers(min_value=-1, max_value=5),
)
@example(["held", "held"], [2, 2, 0, 0, 0, 0], 2)
@example(["reading", "reading"], [3, 1, 0, 0, 0, 0], 2)
@example(["image", "image"], [3, 1, 0, 0, 0, 0], 2)
def each_lookup_answers_the_latest_event_not_after_the_read(kinds: list[str], times: list[int], at: int) -> None:
    base = READ_AT - 10
    made = {
        "held": lambda n, t: attrs.evolve(HELD_A[0], at=t, subject=f"subject-{n}"),
        "suspended": lambda n, t: attrs.evolve(SUSPENSION, at=t),
        "reading": lambda n, t: attrs.evolve(READING, at=t),
        "image": lambda n, t: attrs.evolve(IMAGE, at=t, runtime_key=f"runtime-{n}"),
    }
    events = [made[kind](n, base + times[n]) for n, kind in enumerate(kinds)]
    log = _log(*events)

    def latest(kind: str) -> object:
        seen = [
            (e.at, n) for n, (k, e) in enumerate(zip(kinds, events, strict=True)) if k == kind and e.at <= base + at
        ]
        return events[max(seen)[1]] if seen else None

    check.equal(
        "events", authority_log.events_as_read_at(log, base + at), tuple(e for e in events if e.at <= base + at)
    )
    held = latest("held")
    check.equal(
        "holder",
        authority_log.holder_of_at(log, HELD_A[0].host, base + at),
        None if held is None else held.subject,  # type: ignore[attr-defined]
    )
    check.equal("group state", authority_log.group_state_at(log, SUSPENSION.group, base + at), latest("suspended"))
    check.equal(
        "registry reading",
        authority_log.registry_reading_at(log, READING.config_digest, base + at),
        latest("reading"),
    )
    check.equal("latest image", authority_log.latest_image_at(log, base + at), latest("image"))
