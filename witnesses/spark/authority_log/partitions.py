"""Witness the reading and the lookups across their input partitions: every non-object JSON type, every non-JSON line shape, unknown keys of any spelling, CRLF endings, and generated logs of both groups and every event type."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.spark import authority_log
from domain.spark.authority_log import (
    AuthorityLog,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    ImageAdmitted,
    MalformedAuthorityLine,
    RegistryReadingRecorded,
)
from domain.spark.fleet import GROUP_A, GROUP_B
from witnesses.spark import strategies as gen
from witnesses.spark.authority_log import witness
from witnesses.spark.fixtures import latest_by_time

HELD_LINE = '{"event": "host_held", "at": 1, "host": "srv5", "subject": "s"}'


@witness.positive(
    "A line holding any JSON value but an object (null, a boolean, an integer, a float, a string, an array) is refused at its own line saying that value's type and the value.",
    rules=[authority_log.read_authority_log],
)
def every_json_value_but_an_object_is_refused_by_its_type() -> None:
    for text, said in (
        ("null", "NoneType None"),
        ("true", "bool True"),
        ("false", "bool False"),
        ("0", "int 0"),
        ("-7", "int -7"),
        ("1.5", "float 1.5"),
        ('"s"', "str 's'"),
        ('""', "str ''"),
        ("[]", "list []"),
        ('[{"event": "host_held"}]', "list [{'event': 'host_held'}]"),
    ):
        reasons = check.refused(authority_log.read_authority_log(f"{HELD_LINE}\n{text}\n", "v.jsonl"))
        check.equal(
            f"the line {text}",
            [(type(r), r.where, r.why) for r in reasons],
            [(MalformedAuthorityLine, "v.jsonl:2: $", f"expected a JSON object, got {said}")],
        )


@witness.positive(
    "A line of any non-JSON shape (a '#' or '//' comment, a bare word, a semicolon, a single-quoted string, an unclosed brace) is refused as invalid JSON at its own line, never skipped.",
    rules=[authority_log.read_authority_log],
)
def every_non_json_line_shape_is_refused() -> None:
    for text in ("# a comment", "#", "// a note", "word", ";", "'s'", "{", " # indented", "-"):
        reasons = check.refused(authority_log.read_authority_log(f"{HELD_LINE}\n{text}\n{HELD_LINE}", "c.jsonl"))
        check.equal(
            f"the line {text!r}", [(type(r), r.where) for r in reasons], [(MalformedAuthorityLine, "c.jsonl:2: $")]
        )
        check.holds(
            f"the line {text!r} is said invalid JSON",
            reasons[0].why.startswith("expected a JSON object, got invalid JSON ("),
            reasons[0].why,
        )


@witness.property(
    "An unknown key of any spelling (a leading underscore, uppercase, digits, one letter) is refused at its own path, one reason each.",
    rules=[authority_log.read_authority_log],
)
@given(
    st.lists(
        st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,20}", fullmatch=True).filter(
            lambda key: key not in ("event", "at", "host", "subject")
        ),
        min_size=1,
        max_size=4,
        unique=True,
    )
)
@example(["_note"])
@example(["_", "__x"])
@example(["Note", "n0te", "x"])
def unknown_keys_of_any_spelling_are_each_refused(keys: list[str]) -> None:
    extra = "".join(f', "{key}": {n}' for n, key in enumerate(keys))
    line = f'{{"event": "host_held", "at": 1, "host": "srv5", "subject": "s"{extra}}}'
    reasons = check.refused(authority_log.read_authority_log(line, "k.jsonl"))
    check.equal(
        "reasons",
        [(type(r), r.where, r.why) for r in reasons],
        [
            (
                MalformedAuthorityLine,
                f"k.jsonl:1: $.{key}",
                "expected one of the keys of host_held (at, host, subject), got an unknown key",
            )
            for key in keys
        ],
    )


@witness.positive(
    "A log whose lines end in CRLF reads every event at its own line number, blank CRLF lines counted, and refuses a bad line at its own number.",
    rules=[authority_log.read_authority_log],
)
def crlf_lines_keep_their_numbers() -> None:
    second = '{"event": "host_held", "at": 2, "host": "srv6", "subject": "s"}'
    log = check.admitted(authority_log.read_authority_log(f"{HELD_LINE}\r\n\r\n{second}\r\n{HELD_LINE}\r\n", "crlf"))
    check.equal("lines", [e.line for e in log.events], [1, 3, 4])
    reasons = check.refused(authority_log.read_authority_log(f"{HELD_LINE}\r\n\r\n{second}\r\nnull\r\n", "crlf"))
    check.equal("the bad line", [r.where for r in reasons], ["crlf:4: $"])


@witness.property(
    "Over logs of every event type, of both groups, with readings of nothing or something read, each lookup answers the latest event of its own group, host or image at or before the read (a later line wins a tie), and None when there is none.",
    rules=[
        authority_log.group_state_at,
        authority_log.holder_of_at,
        authority_log.latest_image_at,
        authority_log.registry_reading_at,
    ],
)
@settings(max_examples=150, deadline=None)
@given(gen.authority_logs, gen.READ_TIMES)
@example(
    gen.authority_log_of(
        [
            GroupSuspendedForAuthorizedSuccessor(
                at=1,
                group=GROUP_A.name,
                exact_candidate_realization=authority_log.PairRealizationKeyed(key="k"),
                lease_expires_at=9,
            ),
            GroupActive(at=2, group=GROUP_B.name, incumbent="glm"),
            RegistryReadingRecorded(at=1, config_digest="sha256:" + "ab" * 32, hub_cli_path=None, vllm_version=None),
        ]
    ),
    5,
)
def each_lookup_reads_its_own_key_over_every_event_type(log: AuthorityLog, at: int) -> None:
    seen = [e.event for e in log.events if e.event.at <= at]
    for group in (GROUP_A.name, GROUP_B.name):
        expected = latest_by_time(
            [e for e in seen if isinstance(e, (GroupActive, GroupSuspendedForAuthorizedSuccessor)) and e.group == group]
        )
        check.equal(f"state of {group}", authority_log.group_state_at(log, group, at), expected)
    for host in (*GROUP_A.hosts, *GROUP_B.hosts):
        held = latest_by_time([e for e in seen if isinstance(e, HostHeld) and e.host == host.name])
        check.equal(f"holder of {host.name}", authority_log.holder_of_at(log, host.name, at), held and held.subject)
    check.equal(
        "image",
        authority_log.latest_image_at(log, at),
        latest_by_time([e for e in seen if isinstance(e, ImageAdmitted)]),
    )
    for digest in {e.event.config_digest for e in log.events if isinstance(e.event, RegistryReadingRecorded)}:
        expected = latest_by_time(
            [e for e in seen if isinstance(e, RegistryReadingRecorded) and e.config_digest == digest]
        )
        check.equal(f"reading of {digest}", authority_log.registry_reading_at(log, digest, at), expected)


@witness.positive(
    "For every event type a line with every field ill-typed is refused at each field's own path, nested keys included, one reason each and in the line's order.",
    rules=[authority_log.read_authority_log],
)
def every_ill_typed_field_of_every_event_type_is_refused() -> None:
    for line, expected in (
        (
            '{"event": "group_suspended_for_authorized_successor", "at": "1", "group": 5, '
            '"exact_candidate_realization": {"key": 7}, "lease_expires_at": true}',
            [
                ("$.at", "expected int, got str '1'"),
                ("$.group", "expected str, got int 5"),
                ("$.exact_candidate_realization.key", "expected str, got int 7"),
                ("$.lease_expires_at", "expected int, got bool True"),
            ],
        ),
        (
            '{"event": "group_active", "at": 1.5, "group": [], "incumbent": null}',
            [
                ("$.at", "expected int, got float 1.5"),
                ("$.group", "expected str, got list []"),
                ("$.incumbent", "expected str, got NoneType None"),
            ],
        ),
        (
            '{"event": "image_admitted", "at": "x", "config_digest": 1, "runtime_key": false}',
            [
                ("$.at", "expected int, got str 'x'"),
                ("$.config_digest", "expected str, got int 1"),
                ("$.runtime_key", "expected str, got bool False"),
            ],
        ),
        (
            '{"event": "registry_reading", "at": null, "config_digest": "sha256:" , "hub_cli_path": 3, "vllm_version": []}',
            [
                ("$.at", "expected int, got NoneType None"),
                ("$.hub_cli_path", "expected str, got int 3"),
                ("$.vllm_version", "expected str, got list []"),
            ],
        ),
        (
            '{"event": "host_held", "at": "1", "host": 5, "subject": {}}',
            [
                ("$.at", "expected int, got str '1'"),
                ("$.host", "expected str, got int 5"),
                ("$.subject", "expected str, got dict {}"),
            ],
        ),
    ):
        reasons = check.refused(authority_log.read_authority_log(line, "t.jsonl"))
        check.equal(
            f"the fields of {line[:40]}",
            [(r.where, r.why) for r in reasons],
            [(f"t.jsonl:1: {path}", why) for path, why in expected],
        )


@witness.property(
    "A line nested deeper than 64 levels (arrays or objects, at any line and indent) is refused at FILE:LINE: $ alone, saying the limit and the column where the 65th level opens; nested 64 deep or less it is read as JSON, and refused, if at all, for what it holds.",
    rules=[authority_log.read_authority_log],
)
@settings(max_examples=30)
@given(st.integers(62, 67), st.sampled_from(["[", '{"k": ']), st.integers(0, 3), st.integers(0, 2))
@example(depth=65, opener="[", indent=2, before=1)  # one level too deep
@example(depth=64, opener="[", indent=0, before=0)  # the limit exactly
@example(depth=65, opener='{"k": ', indent=1, before=2)  # objects: the 65th opens at column 1 + 64 * 6 + 1
def a_line_is_refused_for_its_depth_exactly_past_64_levels(depth: int, opener: str, indent: int, before: int) -> None:
    closer = "]" if opener == "[" else "}"
    line = " " * indent + opener * depth + "1" + closer * depth
    reasons = check.refused(authority_log.read_authority_log(f"{HELD_LINE}\n" * before + line + "\n", "log.jsonl"))
    number = before + 1
    if depth > 64:
        column = indent + 64 * len(opener) + 1
        check.equal(
            f"{depth} deep at line {number}",
            [(type(r), r.where, r.why) for r in reasons],
            [
                (
                    MalformedAuthorityLine,
                    f"log.jsonl:{number}: $",
                    f"expected JSON nested at most 64 deep, got deeper nesting at column {column}",
                )
            ],
        )
    else:
        check.equal(f"{depth} deep: a reason of its depth", [r.why for r in reasons if "nested" in r.why], [])
        check.holds(
            f"{depth} deep: refused at its line",
            all(r.where.startswith(f"log.jsonl:{number}: $") for r in reasons),
            reasons,
        )
