"""Say where a claim's expected and observed values differ when their shortened forms read the same.

A FAIL shows both values through `reprlib`, which keeps the first six items of a list and the first four of a
dict: two long lists that differ at their seventh item print identically, and the report hides the very thing
that failed. Then the first difference is named by its path, with both sides at that path.
"""

from __future__ import annotations

import reprlib
from collections.abc import Mapping, Sequence
from typing import Any

SHORT = reprlib.Repr()
SHORT.maxstring = 300
SHORT.maxother = 300


def shown(value: Any) -> str:
    """Return how a FAIL report shows a value: a text as it is, anything else shortened."""
    return value if isinstance(value, str) else SHORT.repr(value)


def hidden_difference(expected: Any, observed: Any) -> str:
    """Return where two unequal values first differ if their shown forms are the same; else ''."""
    if shown(expected) != shown(observed):
        return ""
    return _first(expected, observed, "") or ""


def _is_items(value: Any) -> bool:
    return isinstance(value, Sequence) and not isinstance(value, (str, bytes, bytearray))


def _first(expected: Any, observed: Any, path: str) -> str | None:
    """Decide where two values first differ: inside both mappings, inside both sequences, or here."""
    if isinstance(expected, Mapping) and isinstance(observed, Mapping):
        return _first_in_mappings(expected, observed, path)
    if _is_items(expected) and _is_items(observed):
        return _first_in_items(expected, observed, path)
    return f"first difference at {path or 'the top'}: expected {shown(expected)}, observed {shown(observed)}"


def _first_in_mappings(expected: Mapping[Any, Any], observed: Mapping[Any, Any], path: str) -> str | None:
    """Decide where two mappings first differ: in their keys, else at the first key whose values differ."""
    keys = _key_difference(expected, observed, path)
    if keys:
        return keys
    for key in expected:
        if expected[key] != observed[key]:
            return _first(expected[key], observed[key], f"{path}[{key!r}]")
    return None


def _key_difference(expected: Mapping[Any, Any], observed: Mapping[Any, Any], path: str) -> str | None:
    """Decide whether two mappings hold different keys, and name the keys only one of them holds."""
    missing = [k for k in expected if k not in observed]
    extra = [k for k in observed if k not in expected]
    if missing or extra:
        return f"keys at {path or 'the top'}: only expected {SHORT.repr(missing)}, only observed {SHORT.repr(extra)}"
    return None


def _first_in_items(expected: Sequence[Any], observed: Sequence[Any], path: str) -> str | None:
    """Decide where two sequences first differ: at the first unequal item, else in their lengths."""
    for index, (left, right) in enumerate(zip(expected, observed, strict=False)):
        if left != right:
            return _first(left, right, f"{path}[{index}]")
    if len(expected) != len(observed):
        return f"lengths at {path or 'the top'}: expected {len(expected)} items, observed {len(observed)}"
    return None
