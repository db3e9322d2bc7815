"""Witness the bounded JSON parser every domain reader shares: each hostile document refused, located and worded.

`parse_json` is what stands between a file an operator hands a command and
the strict converter: a duplicate key, NaN, a 64-bit overflow, a lone
surrogate or nesting past MAX_JSON_DEPTH must each come back as a reason at
its JSON path, never as a silently chosen value or a crash.
"""

from __future__ import annotations

from claims import Witness
from domain.core import json_text
from domain.core.json_text import JSON_INT_MAX, JSON_INT_MIN

witness = Witness("core.json_text", never_refuses=[json_text.too_deep_at, json_text.member_path])

INT_RANGE = f"expected an int from {JSON_INT_MIN} to {JSON_INT_MAX} (64-bit)"


def nested(depth: int) -> str:
    """Return an array nested `depth` deep, alternating arrays and objects so both brackets count."""
    text = "0"
    for level in range(depth):
        text = f"[{text}]" if level % 2 else f'{{"k": {text}}}'
    return text


def nested_brackets(depth: int) -> str:
    return "[" * depth + "]" * depth


# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.core.json_text import faults, parsing, values  # noqa: E402, F401
