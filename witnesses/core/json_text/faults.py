"""Witness the fold of out-of-bounds values: each kind alone is one reason at its path, and several are said together in document order."""

from __future__ import annotations

from claims import because, check
from domain.core.json_text import JSON_INT_MAX, JsonOutOfBounds, parse_json
from domain.core.outcome import Refused
from witnesses.core.json_text import INT_RANGE, witness

SURROGATE_KEY = "expected a key of Unicode text, got '\\udc00', which holds a lone surrogate"

ALONE = (
    ("NaN", "$.v", "expected a JSON number, got NaN"),
    ("Infinity", "$.v", "expected a JSON number, got Infinity"),
    ("-Infinity", "$.v", "expected a JSON number, got -Infinity"),
    ("1e400", "$.v", "expected a JSON number within a 64-bit float, got 1e400"),
    ("-1e400", "$.v", "expected a JSON number within a 64-bit float, got -1e400"),
    (str(JSON_INT_MAX + 1), "$.v", f"{INT_RANGE}, got int {JSON_INT_MAX + 1}"),
    ("-" + "9" * 40, "$.v", f"{INT_RANGE}, got int -{'9' * 40}"),
    ("-" + "9" * 41, "$.v", f"{INT_RANGE}, got an int of 41 digits"),
    ('"\\ud800"', "$.v", "expected Unicode text, got '\\ud800', which holds a lone surrogate"),
    ('{"\\udc00": 1}', "$.v['\\udc00']", SURROGATE_KEY),
    ('{"a": 1, "a": 2}', "$.v.a", "expected unique keys, got duplicate key 'a' (2 times)"),
)


@witness.positive(
    "Each out-of-bounds value alone is refused with exactly one reason at its path: NaN, either infinity, a float or an int past 64 bits (a sign never counted as a digit), a lone surrogate in a value or a key, a duplicate key.",
    rules=[parse_json],
)
def each_out_of_bounds_value_alone_is_one_reason() -> None:
    for literal, where, why in ALONE:
        check.equal(literal[:24], parse_json(f'{{"v": {literal}}}'), Refused((JsonOutOfBounds(where, why),)))


@witness.positive(
    "Several out-of-bounds values are said together in document order: an object's duplicate keys first, then each member in turn, its key before its value, an array's items by index.",
    rules=[parse_json],
)
def out_of_bounds_values_are_said_together_in_document_order() -> None:
    text = (
        '{"d": 1, "n": [NaN, 1e400], "\\udc00": "\\ud800", "d": 2, "i": -99999999999999999999, "o": {"x": -Infinity}}'
    )
    check.equal(
        "reasons",
        [(r.where, r.why) for r in check.refused(parse_json(text))],
        [
            ("$.d", "expected unique keys, got duplicate key 'd' (2 times)"),
            ("$.n[0]", "expected a JSON number, got NaN"),
            ("$.n[1]", "expected a JSON number within a 64-bit float, got 1e400"),
            ("$['\\udc00']", SURROGATE_KEY),
            ("$['\\udc00']", "expected Unicode text, got '\\ud800', which holds a lone surrogate"),
            ("$.i", f"{INT_RANGE}, got int -99999999999999999999"),
            ("$.o.x", "expected a JSON number, got -Infinity"),
        ],
    )


@witness.refusal(
    "A lone surrogate anywhere in a key or a value, not only its first character, is refused at its path.",
    rules=[parse_json],
    reasons=[
        because(
            JsonOutOfBounds,
            at="$['ab\\udc00']",
            saying="expected a key of Unicode text, got 'ab\\udc00', which holds a lone surrogate",
        ),
        because(
            JsonOutOfBounds,
            at="$['ab\\udc00']",
            saying="expected Unicode text, got 'cd\\ud800ef', which holds a lone surrogate",
        ),
    ],
)
def a_lone_surrogate_after_text_is_refused():
    return parse_json('{"ab\\udc00": "cd\\ud800ef"}')
