"""Build what witnesses share to read validators and documents: misuse as a message or a refusal, leaves of a document (no claims here)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from attrs import frozen

from claims import check
from domain.core.outcome import Admitted, Reason, Refused


@frozen
class ValueRefused(Reason):
    """Say a value was refused at construction: its validator's message, read as a reason."""


def misuse(build: Callable[[], object]) -> str:
    """Return the message of the ValueError `build` raises, or say that the value was built."""
    try:
        build()
    except ValueError as exc:
        return str(exc)
    return "(built without error)"


def constructed(*builds: Callable[[], object]) -> Admitted[str] | Refused:
    """Build each value; refuse with one `ValueRefused` at `construction` per build whose validator raised."""
    reasons = []
    for build in builds:
        try:
            build()
        except ValueError as exc:
            reasons.append(ValueRefused(where="construction", why=str(exc)))
    return Refused(tuple(reasons)) if reasons else Admitted("every value constructed")


# --- times: the witnesses' own spelling of an epoch second (datetime, never the domain's calendar arithmetic) ---

_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
ERA_SECONDS = 146_097 * 86_400
"""400 Gregorian years in seconds: the calendar, and every time of day, repeats after it."""


def utc_said(seconds: int) -> str:
    """Spell an epoch second as ISO 8601 UTC by datetime, shifted by whole 400-year eras to reach years it cannot hold."""
    eras, rest = divmod(seconds, ERA_SECONDS)
    moment = _EPOCH + datetime.timedelta(seconds=rest)
    year = moment.year + 400 * eras
    # ISO 8601's expanded form outside 0000-9999: a sign and at least five digits.
    year_text = f"{year:04d}" if 0 <= year <= 9999 else f"{year:+06d}"
    return f"{year_text}-{moment.month:02d}-{moment.day:02d}T{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d}Z"


def said_at(seconds: int) -> str:
    """Spell an epoch second as a report says it: `2026-01-01T01:00:00Z (epoch 1767229200)`."""
    return f"{utc_said(seconds)} (epoch {seconds})"


# --- documents: the strict converter's witnesses walk, retype and replace leaves, and read what it raised ---


def leaves(document: Any, path: str = "$") -> list[tuple[str, Any]]:
    """List every leaf of a JSON document with its path, keys sorted."""
    if isinstance(document, dict):
        return [leaf for key in sorted(document) for leaf in leaves(document[key], f"{path}.{key}")]
    if isinstance(document, list):
        return [leaf for i, item in enumerate(document) for leaf in leaves(item, f"{path}[{i}]")]
    return [(path, document)]


def retyped(leaf: Any) -> Any:
    """Return what a lax reader would coerce back: "121" for 121, 1 for True, 7 for a text, a list for null."""
    if type(leaf) is bool:
        return int(leaf)
    if type(leaf) is int:
        return str(leaf)
    if type(leaf) is str:
        return 7
    return []


def replaced_leaf(document: Any, path: str, value: Any, here: str = "$") -> Any:
    """Return a copy of the document with the leaf at `path` replaced by `value`."""
    if here == path:
        return value
    if isinstance(document, dict):
        return {k: replaced_leaf(v, path, value, f"{here}.{k}") for k, v in document.items()}
    if isinstance(document, list):
        return [replaced_leaf(v, path, value, f"{here}[{i}]") for i, v in enumerate(document)]
    return document


def raised_by(build: Callable[[], object]) -> BaseException:
    """Return the exception `build` raises (a structuring error), failing the claim if none is."""
    try:
        build()
    except Exception as exc:  # cattrs raises groups; primitive hooks raise TypeError
        return exc
    check.holds("the converter raised", False, "it structured the document")
    raise AssertionError("unreachable")


def innermost(exc: BaseException) -> list[str]:
    """List the innermost errors of a (nested) validation error, as `Type: message`."""
    if isinstance(exc, BaseExceptionGroup):
        return [line for inner in exc.exceptions for line in innermost(inner)]
    return [f"{type(exc).__name__}: {exc}"]


def raised(build: Callable[[], object]) -> str:
    """Say what `build` raised (attrs' own validators raise TypeError with the message first), or what it built."""
    try:
        built = build()
    except (ValueError, TypeError) as exc:
        return f"{type(exc).__name__}: {exc.args[0]}"
    return f"built {built!r}"
