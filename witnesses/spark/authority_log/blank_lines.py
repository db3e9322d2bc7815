"""Witness which lines the reader skips as blank: an empty line and one of only whitespace, never a line with content."""

from __future__ import annotations

from claims import because, check
from domain.spark import authority_log
from domain.spark.authority_log import MalformedAuthorityLine
from witnesses.spark.authority_log import witness
from witnesses.spark.fixtures import HELD_A

HELD_LINE = '{"event": "host_held", "at": 1767200000, "host": "srv5", "subject": "spark-serving-group-a"}'


@witness.positive(
    "A line of only spaces, tabs or a carriage return is blank and skipped like an empty one, keeping every later line's number.",
    rules=[authority_log.read_authority_log],
)
def whitespace_only_lines_are_blank() -> None:
    text = "\n".join(["", "   ", "\t", "\r", " \t ", HELD_LINE, ""])
    log = check.admitted(authority_log.read_authority_log(text, "blank.jsonl"))
    check.equal("events and their lines", [(e.line, e.event) for e in log.events], [(6, HELD_A[0])])


@witness.refusal(
    "A line holding a lone character that is not whitespace is no blank line: it is refused as invalid JSON at its line.",
    rules=[authority_log.read_authority_log],
    reasons=[because(MalformedAuthorityLine, at="lone.jsonl:2: $", saying="expected a JSON object, got invalid JSON")],
)
def a_lone_character_is_not_a_blank_line():
    return authority_log.read_authority_log(f"{HELD_LINE}\n . \n", "lone.jsonl")
