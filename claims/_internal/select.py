"""Select claims by id patterns, and suggest the closest ids for a pattern that matches nothing."""

from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Sequence

from claims._internal.declare import Claim


def matches(claim: Claim, pattern: str) -> bool:
    """Say whether a pattern (an id, a dotted prefix, or a glob) selects a claim."""
    return (
        claim.id == pattern
        or claim.id.startswith(pattern + ".")
        or fnmatch.fnmatchcase(claim.id, pattern)
        or fnmatch.fnmatchcase(claim.witness, pattern)
    )


def select(claims: Sequence[Claim], patterns: Sequence[str]) -> tuple[list[Claim], list[str]]:
    """Return the selected claims in order and the patterns that selected nothing."""
    if not patterns:
        return list(claims), []
    unknown = [p for p in patterns if not any(matches(c, p) for c in claims)]
    return [c for c in claims if any(matches(c, p) for p in patterns)], unknown


def closest(pattern: str, claims: Sequence[Claim], n: int = 5) -> list[str]:
    """Return the ids and witness names most like a pattern."""
    names = sorted({c.id for c in claims} | {c.witness for c in claims})
    close = difflib.get_close_matches(pattern, names, n=n, cutoff=0.4)
    if not close:
        # A misspelt leaf name still deserves a suggestion: compare the last segment too.
        leaf = pattern.rsplit(".", 1)[-1]
        close = [c.id for c in claims if difflib.SequenceMatcher(None, leaf, c.name).ratio() > 0.6][:n]
    return close


def unknown_message(unknown: Sequence[str], claims: Sequence[Claim]) -> str:
    """Explain which patterns matched nothing, with the closest ids for each."""
    lines = []
    for pattern in unknown:
        close = closest(pattern, claims)
        hint = ("; closest: " + ", ".join(close)) if close else "; `claim_batch --list` shows every id"
        lines.append(f"claim_batch: no claim or witness matches {pattern!r}{hint}")
    return "\n".join(lines)
