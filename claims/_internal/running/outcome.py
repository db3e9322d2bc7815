"""Read domain outcomes structurally, without importing any domain.

The protocol: an outcome whose `refused` attribute is True carries `reasons`,
a non-empty sequence of objects each with `where` (a location such as a
conjunct or `$.field.path`) and `why` (a sentence).  The reason's class names
its kind.  Anything else is an admit (or a plain value).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from claims._internal.declare import Because


def read_reasons(outcome: Any) -> tuple[Any, ...] | None:
    """Return the reasons of a refusal, or None when the outcome is not a refusal."""
    if getattr(outcome, "refused", False) is not True:
        return None
    return tuple(getattr(outcome, "reasons", ()) or ())


def describe_reason(reason: Any) -> str:
    """Render one reason as `Kind @ where: why`."""
    return f"{type(reason).__name__} @ {getattr(reason, 'where', '?')}: {getattr(reason, 'why', '?')}"


def describe_reasons(reasons: Sequence[Any]) -> str:
    """Render reasons on one line, separated by semicolons."""
    return "; ".join(describe_reason(r) for r in reasons) if reasons else "(no reasons)"


def matches(expected: Because, reason: Any) -> bool:
    """Say whether an observed reason is the expected one (kind, location, words)."""
    why = str(getattr(reason, "why", ""))
    return (
        isinstance(reason, expected.kind)
        and getattr(reason, "where", None) == expected.at
        and all(word in why for word in expected.saying)
    )


def unmatched(expected: Sequence[Because], observed: Sequence[Any]) -> tuple[list[Because], list[Any]]:
    """Pair expected with observed reasons one to one; return what is left on each side."""
    left = list(observed)
    missing: list[Because] = []
    for want in expected:
        hit = next((r for r in left if matches(want, r)), None)
        if hit is None:
            missing.append(want)
        else:
            left.remove(hit)
    return missing, left
