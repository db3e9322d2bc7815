"""Build what every witness shares to read a value's validators: misuse as a message, or as a refusal (no claims here)."""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

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
