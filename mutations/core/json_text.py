"""Declare the seeded defects of the bounded JSON parser: a lone surrogate looked for only at the start of a text, a string token that stops at a raw newline."""

from __future__ import annotations

import json
import re
from typing import Any

from claims.defects import Defect, original
from domain.core import json_text
from domain.core.outcome import Admitted, Refused

W = "core.json_text"

# A reason's text is a repr: a lone surrogate first in it is spelled `'\udXXX`.
_FIRST_IS_SURROGATE = re.compile(r"got '\\ud[89a-f][0-9a-f]{2}")


def parse_json_matching_surrogates_at_the_start(text: str) -> Admitted[Any] | Refused:
    """Parse as the rule does, except that a lone surrogate counts only as a key's or a value's first character."""
    outcome = original(json_text.parse_json)(text)
    if not isinstance(outcome, Refused):
        return outcome
    kept = tuple(
        r for r in outcome.reasons if "lone surrogate" not in r.why or _FIRST_IS_SURROGATE.search(r.why) is not None
    )
    return Refused(kept) if kept else Admitted(json.loads(text))


surrogate_matched_only_first = Defect(
    id="core.surrogate_matched_only_first",
    target=json_text.parse_json,
    intent="Look for a lone surrogate with `match` instead of `search`, so one after the first character of a key or a value is admitted and later cannot be encoded.",
    replacement=parse_json_matching_surrogates_at_the_start,
    must_red={f"{W}.a_lone_surrogate_after_text_is_refused"},
)


string_token_stops_at_a_raw_newline = Defect(
    id="core.string_token_stops_at_a_raw_newline",
    target=json_text.too_deep_at,
    intent="Drop re.DOTALL from the scan's string token, so a backslash before a raw newline ends the string early and the brackets inside it are counted as nesting.",
    patch=("_TOKEN.finditer(text)", "re.compile(_TOKEN.pattern).finditer(text)"),  # the same pattern, without its flags
    must_red={f"{W}.an_escaped_raw_newline_keeps_brackets_inside_the_string"},
)

hyphenated_key_dotted = Defect(
    id="core.hyphenated_key_dotted",
    target=json_text.member_path,
    intent="Dot a key holding a hyphen as if it were a plain name, so `$.a-b` reads as a subtraction, not the key 'a-b'.",
    patch=("if _NAME.fullmatch(key) else", 'if _NAME.fullmatch(key.replace("-", "_")) else'),
    must_red={"core.json_text.every_ascii_character_decides_a_plain_key_alike"},
)
