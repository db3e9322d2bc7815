"""Generate the shared core's values for property claims: byte counts, basis points, names, texts, and near misses of identities.

Each strategy respects the validator of the field it feeds (`domain.core.value_fields`),
so a value built from it never fails at construction.  Plain module-level
strategies, imported explicitly: nothing is registered on import.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Hashable, Sequence
from types import MappingProxyType
from typing import TypeVar

from hypothesis import strategies as st

from domain.core.sizes import BASIS_POINTS_PER_UNIT

_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

byte_counts = st.one_of(
    st.integers(min_value=0, max_value=1 << 50),
    st.fractions(min_value=0, max_value=1 << 40, max_denominator=10_000),
)
"""Byte counts as the wall meets them: whole bytes, or an exact share of a pool."""

basis_points = st.integers(min_value=1, max_value=BASIS_POINTS_PER_UNIT)
"""A share in (0, 1] as basis points, the validator's range."""

_E = TypeVar("_E", bound=Hashable)
_V = TypeVar("_V")


def sampled_then(elements: Sequence[_E], strategy_of: Callable[[_E], st.SearchStrategy[_V]]) -> st.SearchStrategy[_V]:
    """Draw as `st.sampled_from(elements).flatmap(strategy_of)` does, the same values, calling `strategy_of` once
    per element here rather than on every draw (a strategy built in a draw is validated again in each)."""
    built = {element: strategy_of(element) for element in elements}
    return st.sampled_from(elements).flatmap(built.__getitem__)


NAME_POOL = ("srv5", "srv6", "a", "B-2", "x.y_z", "0", "gunbc-v41-tp4", "glm-native", "Host.7", "n_8")
name_tokens = st.sampled_from(NAME_POOL) | st.builds(
    lambda head, tail: head + tail, st.sampled_from(_ALNUM), st.text(alphabet=_ALNUM + "._-", max_size=6)
)
"""Names safe as one path segment or unit word (`value_fields.name_token`): a pool, or drawn."""

TEXT_POOL = ("spark-serving-group-a", "GLM arm on Group B", '50% of "V4" at $HOME', "back\\slash", "x")
plain_texts = st.sampled_from(TEXT_POOL)
"""Non-empty texts, including the characters systemd quoting must escape (%, $, quotes, backslash)."""


# ---------------------------------------------------------------------------
# Near misses of an identity (a key, a name, a digest, an id): strings that almost
# match it.  A rule that compares identities must refuse every one, and admit
# the identity itself.  Each explicit function returns the named near miss for
# an `@example`; `near_misses` draws them all for a property.


class NearMiss(enum.Enum):
    """Name each way a string can almost be an identity."""

    CASE_FLIP = "one letter's case flipped"
    STRICT_PREFIX = "a strict prefix"
    EXTENSION = "the identity with a suffix"
    WHITESPACE = "the identity with surrounding whitespace"
    LOOKALIKE = "one character replaced by a Unicode look-alike"


LOOKALIKES = MappingProxyType(
    {
        # Cyrillic, Ukrainian and Greek letters that render as Latin ones.
        "a": "\u0430",
        "c": "\u0441",
        "e": "\u0435",
        "i": "\u0456",
        "o": "\u043e",
        "p": "\u0440",
        "s": "\u0455",
        "x": "\u0445",
        "y": "\u0443",
        "A": "\u0410",
        "B": "\u0412",
        "C": "\u0421",
        "E": "\u0415",
        "H": "\u041d",
        "K": "\u041a",
        "M": "\u041c",
        "N": "\u039d",
        "O": "\u041e",
        "P": "\u0420",
        "S": "\u0405",
        "T": "\u0422",
        "X": "\u0425",
        # Fullwidth digits and punctuation, a hyphen that is not U+002D, a one-dot leader.
        **{str(d): chr(0xFF10 + d) for d in range(10)},
        "-": "\u2010",
        "_": "\uff3f",
        ".": "\u2024",
        ":": "\uff1a",
        "/": "\u2215",
        "#": "\uff03",
        "@": "\uff20",
    }
)
"""Each character with one look-alike a reader cannot tell from it."""

WHITESPACE = (" ", "\t", "\n", "\r", "\u00a0", "\u3000", "\u200b")
"""Characters that surround an identity unseen: spaces, controls, a no-break and an ideographic space, a zero-width space."""
WHITESPACE_CHARS = "".join(WHITESPACE)

EXTENSIONS = ("-rerun", "0", ".1", "x", "/", "\u0301")
"""Suffixes that extend an identity: a word, a digit, a version, a letter, a separator, a combining accent."""


def case_flipped(identity: str, nth: int = 0) -> str:
    """Flip the case of the identity's `nth` cased character (`srv5` -> `Srv5`)."""
    cased = [i for i, char in enumerate(identity) if char.swapcase() != char]
    if nth >= len(cased):
        raise ValueError(f"{identity!r} has {len(cased)} cased characters, no case to flip at #{nth}")
    i = cased[nth]
    return identity[:i] + identity[i].swapcase() + identity[i + 1 :]


def strict_prefix(identity: str, length: int | None = None) -> str:
    """Return the identity cut to `length` characters (default: all but the last)."""
    cut = len(identity) - 1 if length is None else length
    if not 0 <= cut < len(identity):
        raise ValueError(f"a strict prefix of {identity!r} has 0..{len(identity) - 1} characters, not {cut}")
    return identity[:cut]


def extended(identity: str, suffix: str = "-rerun") -> str:
    """Return the identity followed by a non-empty suffix (`key` -> `key-rerun`)."""
    if not suffix:
        raise ValueError("an extension needs a non-empty suffix")
    return identity + suffix


def padded(identity: str, before: str = "", after: str = " ") -> str:
    """Return the identity surrounded by whitespace (default: one trailing space)."""
    if not (before + after) or (before + after).strip(WHITESPACE_CHARS):
        raise ValueError(f"padding is whitespace from WHITESPACE, got {before!r} and {after!r}")
    return before + identity + after


def lookalike(identity: str, nth: int = 0) -> str:
    """Replace the identity's `nth` character that has a look-alike by it (`gunbc` -> `gunbс`, Cyrillic `с`)."""
    swappable = [i for i, char in enumerate(identity) if char in LOOKALIKES]
    if nth >= len(swappable):
        raise ValueError(f"{identity!r} has {len(swappable)} characters with a look-alike, none at #{nth}")
    i = swappable[nth]
    return identity[:i] + LOOKALIKES[identity[i]] + identity[i + 1 :]


def named_near_misses(identity: str) -> dict[NearMiss, str]:
    """Return one near miss of each kind the identity admits (an identity with no letters has no case to flip)."""
    named: dict[NearMiss, str] = {NearMiss.EXTENSION: extended(identity), NearMiss.WHITESPACE: padded(identity)}
    if len(identity) > 1:
        named[NearMiss.STRICT_PREFIX] = strict_prefix(identity)
    if any(char.swapcase() != char for char in identity):
        named[NearMiss.CASE_FLIP] = case_flipped(identity)
    if any(char in LOOKALIKES for char in identity):
        named[NearMiss.LOOKALIKE] = lookalike(identity)
    return {kind: named[kind] for kind in NearMiss if kind in named}


def near_misses(
    identity: str, kinds: tuple[NearMiss, ...] = tuple(NearMiss), min_size: int = 1
) -> st.SearchStrategy[str]:
    """Draw near misses of `identity` of the given kinds, each different from it and at least `min_size` characters."""
    drawn: list[st.SearchStrategy[str]] = []
    cased = sum(char.swapcase() != char for char in identity)
    swappable = sum(char in LOOKALIKES for char in identity)
    if NearMiss.CASE_FLIP in kinds and cased:
        drawn.append(st.integers(0, cased - 1).map(lambda n: case_flipped(identity, n)))
    if NearMiss.STRICT_PREFIX in kinds and len(identity) > min_size:
        drawn.append(st.integers(min_size, len(identity) - 1).map(lambda n: strict_prefix(identity, n)))
    if NearMiss.EXTENSION in kinds:
        drawn.append(st.sampled_from(EXTENSIONS).map(lambda suffix: extended(identity, suffix)))
    if NearMiss.WHITESPACE in kinds:
        sides = st.text(alphabet=WHITESPACE, max_size=2)
        drawn.append(
            st.tuples(sides, sides).filter(lambda pad: bool(pad[0] + pad[1])).map(lambda pad: padded(identity, *pad))
        )
    if NearMiss.LOOKALIKE in kinds and swappable:
        drawn.append(st.integers(0, swappable - 1).map(lambda n: lookalike(identity, n)))
    if not drawn:
        raise ValueError(f"{identity!r} has no near miss of the kinds {', '.join(k.name for k in kinds)}")
    return st.one_of(drawn).filter(lambda miss: miss != identity)
