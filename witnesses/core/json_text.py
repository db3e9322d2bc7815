"""Witness the bounded JSON parser every domain reader shares: each hostile document refused, located and worded.

`parse_json` is what stands between a file an operator hands a command and
the strict converter: a duplicate key, NaN, a 64-bit overflow, a lone
surrogate or nesting past MAX_JSON_DEPTH must each come back as a reason at
its JSON path, never as a silently chosen value or a crash.
"""

from __future__ import annotations

import ast

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core import json_text
from domain.core.json_text import (
    JSON_INT_MAX,
    JSON_INT_MIN,
    MAX_JSON_DEPTH,
    InvalidJson,
    JsonOutOfBounds,
    JsonTooDeep,
    parse_json,
)

witness = Witness("core.json_text", never_refuses=[json_text.too_deep_at, json_text.member_path])

INT_RANGE = f"expected an int from {JSON_INT_MIN} to {JSON_INT_MAX} (64-bit)"


def nested(depth: int) -> str:
    """Return an array nested `depth` deep, alternating arrays and objects so both brackets count."""
    text = "0"
    for level in range(depth):
        text = f"[{text}]" if level % 2 else f'{{"k": {text}}}'
    return text


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


def nested_brackets(depth: int) -> str:
    return "[" * depth + "]" * depth


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
# Values json.loads would accept: each refused at its own path.


@witness.refusal(
    "A duplicate key is refused at its path with its count, whichever key repeats, and a unique sibling is never named.",
    rules=[parse_json],
    reasons=[
        because(JsonOutOfBounds, at="$.a", saying="expected unique keys, got duplicate key 'a' (2 times)"),
        because(JsonOutOfBounds, at="$.l[1]['a b']", saying="expected unique keys, got duplicate key 'a b' (3 times)"),
        because(JsonOutOfBounds, at="$.l[1].c", saying="expected unique keys, got duplicate key 'c' (2 times)"),
    ],
)
def duplicate_keys_are_refused_with_their_counts():
    return parse_json('{"a": 1, "a": 2, "u": 0, "l": [{}, {"a b": 1, "c": 0, "a b": 2, "c": 1, "a b": 3, "v": 4}]}')


@witness.refusal(
    "A duplicate key inside a value that a later duplicate discards is never reported on another object.",
    rules=[parse_json],
    reasons=[because(JsonOutOfBounds, at="$[0].a", saying="expected unique keys, got duplicate key 'a' (2 times)")],
)
def a_discarded_duplicate_never_lands_on_another_object():
    # The first "a" (fifty objects with a duplicate each) is dropped by the second; the fifty later objects
    # may then reuse the freed objects' ids, and must not inherit their duplicates.
    return parse_json(
        '[{"a": [' + ", ".join(['{"x": 1, "x": 2}'] * 50) + '], "a": 3}, ' + ", ".join(['{"b": 1}'] * 50) + "]"
    )


@witness.refusal(
    "An int beyond 64 bits on either side is refused at its path, quoted up to 40 digits and counted beyond.",
    rules=[parse_json],
    reasons=[
        because(JsonOutOfBounds, at="$.hi", saying=f"{INT_RANGE}, got int {JSON_INT_MAX + 1}"),
        because(JsonOutOfBounds, at="$.lo", saying=f"{INT_RANGE}, got int {JSON_INT_MIN - 1}"),
        because(JsonOutOfBounds, at="$.n[0]", saying=f"{INT_RANGE}, got int {'9' * 40}"),
        because(JsonOutOfBounds, at="$.n[1]", saying=f"{INT_RANGE}, got an int of 41 digits"),
        because(JsonOutOfBounds, at="$.n[2]", saying=f"{INT_RANGE}, got an int of 5000 digits"),
    ],
)
def ints_beyond_64_bits_are_refused_at_their_paths():
    return parse_json(
        f'{{"hi": {JSON_INT_MAX + 1}, "ok": {JSON_INT_MAX}, "lo": {JSON_INT_MIN - 1}, "n": [{"9" * 40}, -{"9" * 41}, {"1" * 5000}]}}'
    )


@witness.property(
    "An int parses exactly when it is within 64 bits, and is otherwise refused at its path.",
    rules=[parse_json],
)
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=-(2**66), max_value=2**66))
@example(JSON_INT_MAX)
@example(JSON_INT_MIN)
@example(JSON_INT_MAX + 1)
@example(JSON_INT_MIN - 1)
@example(10**18)
@example(-(10**19))
def an_int_parses_exactly_within_64_bits(value: int) -> None:
    outcome = parse_json(f'{{"x": [{value}]}}')
    if JSON_INT_MIN <= value <= JSON_INT_MAX:
        check.equal(f"{value} parsed", check.admitted(outcome), {"x": [value]})
    else:
        check.equal(
            f"{value} refused",
            [(type(r), r.where, r.why) for r in check.refused(outcome)],
            [(JsonOutOfBounds, "$.x[0]", f"{INT_RANGE}, got int {value}")],
        )


FORTY_CHARACTERS = "1" + "0" * 35 + "e400"


@witness.refusal(
    "NaN, Infinity, -Infinity and a literal beyond a 64-bit float are refused at their paths, each named, however deep.",
    rules=[parse_json],
    reasons=[
        because(JsonOutOfBounds, at="$.k[1].n", saying="expected a JSON number, got NaN"),
        because(JsonOutOfBounds, at="$.m", saying="expected a JSON number, got -Infinity"),
        because(JsonOutOfBounds, at="$.i", saying="expected a JSON number, got Infinity"),
        because(JsonOutOfBounds, at="$.big", saying="expected a JSON number within a 64-bit float, got 1e400"),
        because(JsonOutOfBounds, at="$.l[0]", saying="expected a JSON number within a 64-bit float, got -1.5e309"),
        because(
            JsonOutOfBounds, at="$.l[1]", saying=f"expected a JSON number within a 64-bit float, got {FORTY_CHARACTERS}"
        ),
        because(
            JsonOutOfBounds,
            at="$.l[2]",
            saying="expected a JSON number within a 64-bit float, got a number of 41 characters",
        ),
        because(
            JsonOutOfBounds,
            at="$.l[3]",
            saying="expected a JSON number within a 64-bit float, got a number of 402 characters",
        ),
    ],
)
def non_numbers_are_refused_at_their_paths():
    huge = "9" * 400 + ".0"
    return parse_json(
        f'{{"k": [1, {{"n": NaN}}], "m": -Infinity, "ok": 1.5, "i": Infinity, "big": 1e400, "l": [-1.5e309, {FORTY_CHARACTERS}, {FORTY_CHARACTERS}0, {huge}], "max": 1.7976931348623157e308, "tiny": 1e-400}}'
    )


@witness.positive(
    "A float literal parses while it is within a 64-bit float, the largest one and an underflow to zero included.",
    rules=[parse_json],
)
def floats_within_64_bits_parse() -> None:
    long = "1" * 40 + ".5"
    check.equal(
        "floats",
        check.admitted(parse_json(f"[1.5, -0.25, 1.7976931348623157e308, -1.7976931348623157e308, 1e-400, {long}]")),
        [1.5, -0.25, 1.7976931348623157e308, -1.7976931348623157e308, 0.0, float(long)],
    )


@witness.refusal(
    "A lone surrogate in a value or in a key is refused at its path, quoted with escapes.",
    rules=[parse_json],
    reasons=[
        because(
            JsonOutOfBounds, at="$[0]", saying="expected Unicode text, got '\\ud800', which holds a lone surrogate"
        ),
        because(
            JsonOutOfBounds,
            at="$[1]['\\udc00']",
            saying="expected a key of Unicode text, got '\\udc00', which holds a lone surrogate",
        ),
        because(
            JsonOutOfBounds,
            at="$[1].s.t",
            saying="expected Unicode text, got 'a\\udfffb', which holds a lone surrogate",
        ),
    ],
)
def lone_surrogates_are_refused_at_their_paths():
    return parse_json('["\\ud800", {"\\udc00": 1, "s": {"t": "a\\udfffb", "pair": "\\ud83d\\ude00"}}]')


# ---------------------------------------------------------------------------
# Member paths.


@witness.positive(
    "A plain key extends a path with a dot; any other key is bracketed and quoted, cut after 60 characters.",
    rules=[json_text.member_path],
)
def member_paths_dot_plain_keys_and_bracket_others() -> None:
    sixty, sixty_one = "k " + "x" * 58, "k " + "x" * 59
    for key, path in (
        ("at", "$.at"),
        ("_x9", "$._x9"),
        ("a b", "$['a b']"),
        ("9a", "$['9a']"),
        ("", "$['']"),
        (sixty, f"$[{sixty!r}]"),
        (sixty_one, f"$[{sixty_one[:60]!r}... (61 characters)]"),
    ):
        check.equal(f"path of {key!r}", json_text.member_path("$", key), path)
    check.equal("under a path", json_text.member_path("$.l[1]", "a.b"), "$.l[1]['a.b']")


@witness.property(
    "A key that is not a plain name is named in its path so that the key can be read back from it.",
    rules=[json_text.member_path],
)
@settings(max_examples=30, deadline=None)
@given(st.text(min_size=1, max_size=60).filter(lambda key: not key.isidentifier() or not key.isascii()))
@example("a b")
@example("\ud800")
@example("'")
def a_bracketed_key_reads_back_from_its_path(key: str) -> None:
    path = json_text.member_path("$.p", key)
    check.equal(f"path of {key!r}", path, f"$.p[{key!r}]")
    check.equal(f"key read back from {path!r}", ast.literal_eval(path[len("$.p[") : -1]), key)


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
