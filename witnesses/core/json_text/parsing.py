"""Witness what parses and how deep: a document within bounds, nesting to the bound and one past it, and text that is not JSON."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core import json_text
from domain.core.json_text import (
    JSON_INT_MAX,
    JSON_INT_MIN,
    MAX_JSON_DEPTH,
    InvalidJson,
    JsonTooDeep,
    parse_json,
)
from witnesses.core.json_text import nested, nested_brackets, witness

# ---------------------------------------------------------------------------
# What parses.


@witness.positive(
    "A document within every bound parses to its value: both 64-bit ends, floats, escapes and brackets inside strings.",
    rules=[parse_json],
)
def a_document_within_bounds_parses_to_its_value() -> None:
    text = '{"at": 9223372036854775807, "low": -9223372036854775808, "u": 0.8, "s": "[[{\\"\\u00e9\\ud83d\\ude00", "l": [1, {"a b": null}]}'
    check.equal(
        "parsed",
        check.admitted(parse_json(text)),
        {"at": JSON_INT_MAX, "low": JSON_INT_MIN, "u": 0.8, "s": '[[{"\u00e9\U0001f600', "l": [1, {"a b": None}]},
    )
    check.equal(
        "a 19-digit int one inside the top", check.admitted(parse_json(str(JSON_INT_MAX - 1))), JSON_INT_MAX - 1
    )
    check.equal("a bare string", check.admitted(parse_json('"x"')), "x")


@witness.positive(
    f"A document nested exactly {MAX_JSON_DEPTH} deep parses, arrays and objects alike.",
    rules=[parse_json, json_text.too_deep_at],
)
def a_document_nested_to_the_bound_parses() -> None:
    for depth in (MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH):
        check.equal(f"scan at depth {depth}", json_text.too_deep_at(nested(depth)), None)
        check.admitted(parse_json(nested(depth)))
    check.equal("brackets inside a string", json_text.too_deep_at('["' + "[" * 100 + '"]'), None)


@witness.positive(
    "A backslash before a raw newline still escapes it for the depth scan: the brackets after it stay inside the string, so the text is refused as not JSON, never as too deep.",
    rules=[parse_json, json_text.too_deep_at],
)
def an_escaped_raw_newline_keeps_brackets_inside_the_string() -> None:
    text = '["\\\n' + "[" * 100 + '"]'
    check.equal("scan", json_text.too_deep_at(text), None)
    check.equal("kinds", [type(r).__name__ for r in check.refused(parse_json(text))], ["InvalidJson"])


# ---------------------------------------------------------------------------
# Depth: refused before json.loads ever recurses, at the first bracket past the bound.


@witness.refusal(
    f"A document nested {MAX_JSON_DEPTH + 1} deep is refused at its root, naming the line and column of the bracket past the bound.",
    rules=[parse_json],
    reasons=[
        because(
            JsonTooDeep,
            at="$",
            saying=f"expected JSON nested at most {MAX_JSON_DEPTH} deep, got deeper nesting at line 3 column 67",
        )
    ],
)
def a_document_one_level_too_deep_is_refused_at_its_bracket():
    # Two newlines before the bracket (the last one counts) and one after it (never counted).
    return parse_json("\n  \n  " + "[" * (MAX_JSON_DEPTH + 1) + "\n" + "]" * (MAX_JSON_DEPTH + 1))


@witness.positive(
    "A too-deep document's line and column count from the start of the text and from the last newline before the bracket.",
    rules=[parse_json],
)
def too_deep_line_and_column_are_counted_from_the_right_newline() -> None:
    for text, line, column in (
        ("[" * (MAX_JSON_DEPTH + 1), 1, MAX_JSON_DEPTH + 1),
        ("\n" + "[" * (MAX_JSON_DEPTH + 1), 2, MAX_JSON_DEPTH + 1),
        ("\n\n\n" + "[" * (MAX_JSON_DEPTH + 1) + "\n\n", 4, MAX_JSON_DEPTH + 1),
        ("[\n" * (MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH + 1, 1),
    ):
        (reason,) = check.refused(parse_json(text))
        check.equal(f"reason of {text[:6]!r}...", (type(reason), reason.where), (JsonTooDeep, "$"))
        check.equal(f"line and column of {text[:6]!r}...", (reason.line, reason.column), (line, column))  # type: ignore[attr-defined]
        check.contains("the sentence", f"at line {line} column {column}", reason.why)


@witness.property(
    "The depth scan finds the first bracket past the bound in any run of sibling nests, closing brackets and strings included.",
    rules=[json_text.too_deep_at],
)
@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=1, max_value=3),
    st.lists(st.integers(min_value=0, max_value=MAX_JSON_DEPTH + 2), min_size=1, max_size=5),
)
@example(2, [2, MAX_JSON_DEPTH - 1])  # a close back to depth 2 must leave depth 2 behind, not reset it to 1
@example(1, [MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH - 1])
@example(1, [MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH])
@example(3, [0, MAX_JSON_DEPTH - 2])
def the_depth_scan_finds_the_first_bracket_past_the_bound(wrap: int, depths: list[int]) -> None:
    # Nests side by side `wrap` levels down, after a string full of brackets the scan must skip.
    parts = ['"]]}[{"'] + [nested_brackets(d) for d in depths]
    text = "[" * wrap + ", ".join(parts) + "]" * wrap
    expected = None
    offset = wrap + len(parts[0]) + len(", ")
    for depth in depths:
        if wrap + depth > MAX_JSON_DEPTH:
            expected = offset + MAX_JSON_DEPTH - wrap
            break
        offset += len(nested_brackets(depth)) + len(", ")
    check.equal(f"first bracket past the bound, {wrap} down, in {depths}", json_text.too_deep_at(text), expected)
    if expected is not None:
        check.equal("the bracket found", text[expected], "[")


# ---------------------------------------------------------------------------
# Not JSON at all.


@witness.refusal(
    "Text that is not JSON is refused at its root with the parser's own message, line and column.",
    rules=[parse_json],
    reasons=[because(InvalidJson, at="$", saying="invalid JSON at line 4 column 1: Expecting value")],
)
def text_that_is_not_json_is_refused_at_its_root():
    return parse_json('{\n "a": 1,\n "b": [\n')


@witness.positive(
    "An invalid document's reason carries the parser's message, line and column as fields, empty text included.",
    rules=[parse_json],
)
def invalid_json_carries_message_line_and_column() -> None:
    for text, fields in (
        ("", ("Expecting value", 1, 1)),
        ('{"a" 1}', ("Expecting ':' delimiter", 1, 6)),
        ("[1,\n 2,,]", ("Expecting value", 2, 4)),
    ):
        (reason,) = check.refused(parse_json(text))
        check.equal(f"kind and place of {text!r}", (type(reason), reason.where), (InvalidJson, "$"))
        check.equal(f"fields of {text!r}", (reason.message, reason.line, reason.column), fields)  # type: ignore[attr-defined]


# ---------------------------------------------------------------------------
# Depth: objects count as arrays do, on the way in and on the way out.


@witness.refusal(
    f"A document of objects alone, nested {MAX_JSON_DEPTH + 1} deep, is refused at the brace past the bound.",
    rules=[parse_json],
    reasons=[
        because(
            JsonTooDeep,
            at="$",
            saying=f"expected JSON nested at most {MAX_JSON_DEPTH} deep, got deeper nesting at line 1 column {MAX_JSON_DEPTH * 6 + 1}",
        )
    ],
)
def objects_alone_nested_one_level_too_deep_are_refused():
    # Each level is `{"k": ` (6 characters), so the brace past the bound opens at offset 64 x 6.
    return parse_json('{"k": ' * (MAX_JSON_DEPTH + 1) + "0" + "}" * (MAX_JSON_DEPTH + 1))


@witness.positive(
    f"The bracket past the bound is found whether it is a brace after {MAX_JSON_DEPTH} arrays or an array after {MAX_JSON_DEPTH} objects.",
    rules=[json_text.too_deep_at],
)
def a_brace_or_a_bracket_past_the_bound_is_found() -> None:
    check.equal(
        "a brace after 64 arrays",
        json_text.too_deep_at("[" * MAX_JSON_DEPTH + "{}" + "]" * MAX_JSON_DEPTH),
        MAX_JSON_DEPTH,
    )
    check.equal(
        "an array after 64 objects",
        json_text.too_deep_at('{"k": ' * MAX_JSON_DEPTH + "[]" + "}" * MAX_JSON_DEPTH),
        MAX_JSON_DEPTH * 6,
    )


@witness.positive(
    "Closing an object leaves its depth as closing an array does: a hundred sibling objects, or nests of 63 side by side, parse.",
    rules=[parse_json, json_text.too_deep_at],
)
def closed_objects_never_add_to_the_depth() -> None:
    siblings = "[" + ", ".join(['{"a": {}}'] * 100) + "]"
    check.equal("scan of 100 siblings", json_text.too_deep_at(siblings), None)
    check.equal("100 siblings parsed", check.admitted(parse_json(siblings)), [{"a": {}}] * 100)
    # Each nest alone is 63 deep under the outer array; together, uncounted closes would reach past 64.
    side_by_side = "[" + ", ".join([nested(MAX_JSON_DEPTH - 1)] * 3) + "]"
    check.equal("scan of three 63-deep nests", json_text.too_deep_at(side_by_side), None)
    check.equal("three nests parsed", len(check.admitted(parse_json(side_by_side))), 3)
