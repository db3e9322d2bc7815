"""Witness the values json.loads would accept and a reader must not, each refused at its own path, and how a member's path is spelled."""

from __future__ import annotations

import ast
import json

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core import json_text
from domain.core.json_text import (
    JSON_INT_MAX,
    JSON_INT_MIN,
    JsonOutOfBounds,
    parse_json,
)
from witnesses.core.json_text import INT_RANGE, witness

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


@witness.positive(
    "A key is dotted exactly when it is a plain ASCII name: every ASCII character, placed first or inside a key, decides it alike (a hyphen, a dot, a digit first each bracket it).",
    rules=[json_text.member_path],
)
def every_ascii_character_decides_a_plain_key_alike() -> None:
    for code in range(128):
        for key in (f"a{chr(code)}b", f"{chr(code)}b", f"ab{chr(code)}"):
            plain = key.isascii() and key.isidentifier()
            check.equal(f"path of {key!r}", json_text.member_path("$", key), f"$.{key}" if plain else f"$[{key!r}]")


@witness.positive(
    "A key repeated two or three times is refused at its own path with its count, whatever its shape: empty, blank, hyphenated, a digit, non-ASCII or long.",
    rules=[parse_json],
)
def a_duplicate_key_of_every_shape_is_refused_with_its_count() -> None:
    for key in ("", " ", "a-b", "1", "é", "k " + "x" * 70, "a"):
        for count in (2, 3):
            text = "{" + ", ".join(f"{json.dumps(key)}: {n}" for n in range(count)) + ', "u": 0}'
            shown = repr(key) if len(key) <= 60 else f"{key[:60]!r}... ({len(key)} characters)"
            check.equal(
                f"{key!r} {count} times",
                [(r.where, r.why) for r in check.refused(parse_json(text))],
                [(json_text.member_path("$", key), f"expected unique keys, got duplicate key {shown} ({count} times)")],
            )


@witness.positive(
    "A literal beyond a 64-bit float is named as written up to 40 characters and by its length past that, with or without a minus sign.",
    rules=[parse_json],
)
def an_overflowing_literal_of_any_length_and_sign_is_named_alike() -> None:
    for sign in ("", "-"):
        for digits in range(1, 61):
            literal = f"{sign}{'9' * digits}e400"
            got = literal if len(literal) <= 40 else f"a number of {len(literal)} characters"
            check.equal(
                literal,
                [(r.where, r.why) for r in check.refused(parse_json(f"[{literal}]"))],
                [("$[0]", f"expected a JSON number within a 64-bit float, got {got}")],
            )
