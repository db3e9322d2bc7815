"""Parse JSON text within the bounds every domain reader keeps, refusing hostile documents located.

`json.loads` alone accepts what a domain reader must not: a duplicate key
(the last one silently wins), `NaN`/`Infinity` and a literal such as `1e400`
that float() reads as infinity, an integer of thousands of digits (Python's
int-digit limit then raises mid-parse), a lone surrogate escape
(`"\\ud800"`, which no UTF-8 output can encode), and nesting deep enough to
exhaust the interpreter's recursion.  `parse_json` refuses each of these as a
value with its JSON path, so the authority-log and packet readers
share one set of bounds and one wording.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from functools import partial
from typing import Any

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused

MAX_JSON_DEPTH = 64
"""The deepest nesting of arrays and objects a document may have (domain documents nest 4 deep)."""

JSON_INT_MIN = -(2**63)
JSON_INT_MAX = 2**63 - 1
"""Every integer field of the domain (epoch seconds, counts, token sizes) fits a signed 64-bit integer."""

# A string literal (escapes included), or one bracket outside any string.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_SURROGATE = re.compile("[\ud800-\udfff]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_SHOWN = 60


@frozen
class InvalidJson(Reason):
    """Say the text is not JSON: the parser's own message, line and column (each reader words it)."""

    message: str = field(validator=vf.non_empty_str)
    line: int = field(validator=vf.positive_int)
    column: int = field(validator=vf.positive_int)


@frozen
class JsonTooDeep(Reason):
    """Say where a document first nests deeper than MAX_JSON_DEPTH (a JSON Lines reader names the column only)."""

    line: int = field(validator=vf.positive_int)
    column: int = field(validator=vf.positive_int)


@frozen
class JsonOutOfBounds(Reason):
    """Say where a JSON document breaks a bound the domain's readers keep, expected against got."""


@frozen
class _OutOfRange:
    """Stand in, while parsing, for an integer literal beyond 64 bits (never converted)."""

    digits: str


@frozen
class _Overflow:
    """Stand in, while parsing, for a number literal beyond a 64-bit float (float() would read it as infinity)."""

    literal: str


@frozen
class _Constant:
    """Stand in, while parsing, for NaN, Infinity or -Infinity (not JSON numbers)."""

    name: str


def _shown(text: str) -> str:
    # repr escapes lone surrogates and control characters, so a message is always printable.
    return repr(text) if len(text) <= _SHOWN else f"{text[:_SHOWN]!r}... ({len(text)} characters)"


def member_path(path: str, key: str) -> str:
    """Return the JSON path of `key` under `path`: `$.at` for a plain name, `$['a b']` (escaped) otherwise."""
    return f"{path}.{key}" if _NAME.fullmatch(key) else f"{path}[{_shown(key)}]"


def _line_and_column(text: str, offset: int) -> tuple[int, int]:
    return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset)


def too_deep_at(text: str) -> int | None:
    """Return the offset of the first bracket nested deeper than MAX_JSON_DEPTH, or None.

    Scans without recursing (json.loads itself recurses once per level, so it
    must never see a document this deep); brackets inside strings are skipped.
    """
    depth = 0
    for token in _TOKEN.finditer(text):
        char = token.group()
        if char in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                return token.start()
        elif char in "]}":
            depth -= 1
    return None


def _bounded_int(digits: str) -> int | _OutOfRange:
    # Count digits before converting: int() of a 5,000-digit literal raises mid-parse.
    if len(digits.lstrip("-")) <= len(str(JSON_INT_MAX)):
        value = int(digits)
        if JSON_INT_MIN <= value <= JSON_INT_MAX:
            return value
    return _OutOfRange(digits)


def _bounded_float(literal: str) -> float | _Overflow:
    value = float(literal)
    return value if math.isfinite(value) else _Overflow(literal)


def _int_why(digits: str) -> str:
    size = len(digits.lstrip("-"))
    got = f"int {digits}" if size <= 40 else f"an int of {size} digits"
    return f"expected an int from {JSON_INT_MIN} to {JSON_INT_MAX} (64-bit), got {got}"


def _faults(value: Any, path: str, duplicates: dict[int, list[tuple[str, int]]]) -> list[tuple[str, str]]:
    """Walk a parsed document (at most MAX_JSON_DEPTH deep) for every out-of-bounds value, with its path."""
    if isinstance(value, dict):
        found = [
            (member_path(path, key), f"expected unique keys, got duplicate key {_shown(key)} ({count} times)")
            for key, count in duplicates.get(id(value), [])
        ]
        for key, item in value.items():
            if _SURROGATE.search(key):
                found.append(
                    (
                        member_path(path, key),
                        f"expected a key of Unicode text, got {_shown(key)}, which holds a lone surrogate",
                    )
                )
            found.extend(_faults(item, member_path(path, key), duplicates))
        return found
    if isinstance(value, list):
        return [fault for i, item in enumerate(value) for fault in _faults(item, f"{path}[{i}]", duplicates)]
    if isinstance(value, str) and _SURROGATE.search(value):
        return [(path, f"expected Unicode text, got {_shown(value)}, which holds a lone surrogate")]
    if isinstance(value, _OutOfRange):
        return [(path, _int_why(value.digits))]
    if isinstance(value, _Overflow):
        got = value.literal if len(value.literal) <= 40 else f"a number of {len(value.literal)} characters"
        return [(path, f"expected a JSON number within a 64-bit float, got {got}")]
    if isinstance(value, _Constant):
        return [(path, f"expected a JSON number, got {value.name}")]
    return []


def _keep_pairs(
    duplicates: dict[int, list[tuple[str, int]]], kept: list[object], pairs: list[tuple[str, Any]]
) -> dict[str, Any]:
    # A module-level function bound with partial, not a closure: its statements are then a rule's own (reached, mutated).
    document = dict(pairs)
    if len(document) < len(pairs):
        counts = Counter(key for key, _ in pairs)
        duplicates[id(document)] = [(key, count) for key, count in counts.items() if count > 1]
        kept.append(document)  # keep it alive, so its id stays its own until the walk
    return document


def parse_json(text: str) -> Admitted[Any] | Refused:
    """Parse one JSON document, or refuse it: not JSON, too deep, a duplicate key, an unbounded int or float, NaN, a lone surrogate."""
    deep = too_deep_at(text)
    if deep is not None:
        line, column = _line_and_column(text, deep)
        return Refused(
            (
                JsonTooDeep(
                    "$",
                    f"expected JSON nested at most {MAX_JSON_DEPTH} deep, got deeper nesting at line {line} column {column}",
                    line,
                    column,
                ),
            )
        )
    duplicates: dict[int, list[tuple[str, int]]] = {}
    kept: list[object] = []
    try:
        document = json.loads(
            text,
            object_pairs_hook=partial(_keep_pairs, duplicates, kept),
            parse_int=_bounded_int,
            parse_float=_bounded_float,
            parse_constant=_Constant,
        )
    except json.JSONDecodeError as exc:
        return Refused(
            (
                InvalidJson(
                    "$",
                    f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}",
                    exc.msg,
                    exc.lineno,
                    exc.colno,
                ),
            )
        )
    except RecursionError:  # unreachable after the depth scan; kept so no document can crash a reader
        return Refused(
            (JsonOutOfBounds("$", f"expected JSON nested at most {MAX_JSON_DEPTH} deep, got deeper nesting"),)
        )
    faults = _faults(document, "$", duplicates)
    if faults:
        return Refused(tuple(JsonOutOfBounds(where, why) for where, why in faults))
    return Admitted(document)
