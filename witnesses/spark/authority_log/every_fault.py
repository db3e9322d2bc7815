"""Witness that reading names every fault of one line, each at its own path, and that only a newline ends a line."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.spark import authority_log
from domain.spark.authority_log import HostHeld, MalformedAuthorityLine
from witnesses.spark.authority_log import witness

KEYS = "expected one of the keys of host_held (at, host, subject), got an unknown key"


@witness.refusal(
    "A line carrying two unknown keys is refused at each of them, not only the first.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(MalformedAuthorityLine, at="two.jsonl:1: $.note", saying=KEYS),
        because(MalformedAuthorityLine, at="two.jsonl:1: $.extra", saying=KEYS),
    ],
)
def two_unknown_keys_are_each_refused():
    line = '{"event": "host_held", "at": 1, "host": "srv5", "subject": "s", "note": 1, "extra": 2}'
    return authority_log.read_authority_log(line, "two.jsonl")


@witness.refusal(
    "A line with two ill-typed fields is refused at each of them, not only the first.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(MalformedAuthorityLine, at="typed.jsonl:1: $.at", saying="expected int, got str '1'"),
        because(MalformedAuthorityLine, at="typed.jsonl:1: $.host", saying="expected str, got int 5"),
    ],
)
def two_ill_typed_fields_are_each_refused():
    return authority_log.read_authority_log(
        '{"event": "host_held", "at": "1", "host": 5, "subject": "s"}', "typed.jsonl"
    )


@witness.positive(
    "Only a newline ends a line: a string holding a Unicode line or paragraph separator or a next-line character reads whole, and the next line keeps its number.",
    rules=[authority_log.read_authority_log],
)
def only_a_newline_ends_a_line() -> None:
    subject = "a\u2028b\u2029c\u0085d"
    text = (
        f'{{"event": "host_held", "at": 1, "host": "srv5", "subject": "{subject}"}}\n'
        '{"event": "host_held", "at": 2, "host": "srv6", "subject": "s"}'
    )
    log = check.admitted(authority_log.read_authority_log(text, "sep.jsonl"))
    check.equal(
        "events",
        [(e.line, e.event) for e in log.events],
        [(1, HostHeld(at=1, host="srv5", subject=subject)), (2, HostHeld(at=2, host="srv6", subject="s"))],
    )


_TAGS = "expected one of group_active, group_suspended_for_authorized_successor, host_held, image_admitted, registry_reading, got"


@witness.refusal(
    "An event tag of every other JSON type (an array, an object, a number, a boolean, null) is refused at $.event naming its type, never by a crash.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(MalformedAuthorityLine, at="tags.jsonl:1: $.event", saying=f"{_TAGS} list ['host_held']"),
        because(MalformedAuthorityLine, at="tags.jsonl:2: $.event", saying=f"{_TAGS} dict {{'host_held': 1}}"),
        because(MalformedAuthorityLine, at="tags.jsonl:3: $.event", saying=f"{_TAGS} int 1"),
        because(MalformedAuthorityLine, at="tags.jsonl:4: $.event", saying=f"{_TAGS} bool True"),
        because(MalformedAuthorityLine, at="tags.jsonl:5: $.event", saying=f"{_TAGS} NoneType None"),
    ],
)
def an_event_tag_of_another_json_type_is_refused():
    rest = '"at": 1, "host": "srv5", "subject": "s"'
    tags = ('["host_held"]', '{"host_held": 1}', "1", "true", "null")
    return authority_log.read_authority_log("\n".join(f'{{"event": {tag}, {rest}}}' for tag in tags), "tags.jsonl")


@witness.refusal(
    "A registry reading names its image by the same config digest an admission does: one in uppercase hex is refused at its $.config_digest, so it can never probe an image by a near miss.",
    rules=[authority_log.read_authority_log],
    reasons=[
        because(
            MalformedAuthorityLine,
            at="reading.jsonl:1: $.config_digest",
            saying=f"expected 'sha256:' and 64 lowercase hex digits, got str 'sha256:{'AB' * 32}'",
        )
    ],
)
def a_reading_of_an_ill_spelled_digest_is_refused():
    line = f'{{"event": "registry_reading", "at": 1, "config_digest": "sha256:{"AB" * 32}", "hub_cli_path": null, "vllm_version": null}}'
    return authority_log.read_authority_log(line, "reading.jsonl")


VALID_BODIES = {
    "group_suspended_for_authorized_successor": '"at": 1, "group": "g", "exact_candidate_realization": {"key": "k"}, "lease_expires_at": 2',
    "group_active": '"at": 1, "group": "g", "incumbent": "i"',
    "image_admitted": '"at": 1, "config_digest": "sha256:' + "5e" * 32 + '", "runtime_key": "r"',
    "registry_reading": '"at": 1, "config_digest": "sha256:'
    + "5e" * 32
    + '", "hub_cli_path": null, "vllm_version": null',
    "host_held": '"at": 1, "host": "srv5", "subject": "s"',
}
"""One well-typed body for each event tag the log knows."""


@witness.positive(
    "For every event type, a line carrying unknown keys is refused at each unknown key, saying that type's own keys, and the same line without them reads.",
    rules=[authority_log.read_authority_log],
)
def every_event_type_refuses_each_unknown_key() -> None:
    check.equal("a body for every tag", sorted(VALID_BODIES), sorted(authority_log.EVENT_TYPES))
    for tag, body in VALID_BODIES.items():
        keys = ", ".join(sorted(a.name for a in attrs.fields(authority_log.EVENT_TYPES[tag])))
        check.admitted(authority_log.read_authority_log(f'{{"event": "{tag}", {body}}}', "ok.jsonl"))
        reasons = check.refused(
            authority_log.read_authority_log(f'{{"event": "{tag}", {body}, "note": 1, "zz": null}}', "unknown.jsonl")
        )
        check.equal(
            f"{tag}: each unknown key located",
            [(type(r), r.where, r.why) for r in reasons],
            [
                (
                    MalformedAuthorityLine,
                    f"unknown.jsonl:1: $.{key}",
                    f"expected one of the keys of {tag} ({keys}), got an unknown key",
                )
                for key in ("note", "zz")
            ],
        )
