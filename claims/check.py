"""Assertions for claim bodies that show expected against observed.

    fit = check.admitted(outcome)
    check.equal("allowance (GiB)", fit.allowance_gib, 97)

A failed check raises `Mismatch` (an AssertionError), which the runner turns
into a FAIL showing what was checked, what was expected and what came.  Any
other exception is a crash: ERROR, never a pass.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from claims._internal.running.outcome import describe_reasons, read_reasons

T = TypeVar("T")


class Mismatch(AssertionError):
    """Carry what a claim checked, what it expected and what it observed."""

    def __init__(self, what: str, expected: Any, observed: Any) -> None:
        super().__init__(f"{what}: expected {expected!r}, observed {observed!r}")
        self.what = what
        self.expected = expected
        self.observed = observed


def equal(what: str, observed: Any, expected: Any) -> None:
    """Check that `observed == expected`."""
    if not observed == expected:
        raise Mismatch(what, expected, observed)


def holds(what: str, condition: bool, observed: Any = None) -> None:
    """Check that a condition holds; `observed` is shown when it does not."""
    if condition is not True:
        raise Mismatch(what, "true", observed if observed is not None else condition)


def absent(what: str, needle: str, haystack: str | Iterable[str]) -> None:
    """Check that `needle` appears nowhere in a text or in any of several texts."""
    texts = [haystack] if isinstance(haystack, str) else list(haystack)
    hits = [t for t in texts if needle in t]
    if hits:
        raise Mismatch(what, f"no {needle!r}", f"{len(hits)} text(s) containing it, first: {hits[0][:200]!r}")


def contains(what: str, needle: Any, haystack: Any) -> None:
    """Check that `needle in haystack`."""
    if needle not in haystack:
        raise Mismatch(what, f"contains {needle!r}", haystack)


def admitted(outcome: Any) -> Any:
    """Return an admitted outcome's value; a refusal is a Mismatch listing its reasons."""
    reasons = read_reasons(outcome)
    if reasons is not None:
        raise Mismatch("outcome", "admitted", f"refused: {describe_reasons(reasons)}")
    return getattr(outcome, "value", outcome)


def refused(outcome: Any) -> tuple[Any, ...]:
    """Return a refusal's reasons; an admit is a Mismatch."""
    reasons = read_reasons(outcome)
    if reasons is None:
        raise Mismatch("outcome", "refused", outcome)
    return reasons
