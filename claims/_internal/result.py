"""What running one claim gives back (`Result`), and what running claims needs besides them (`Settings`).

Below both `runner`, which runs a claim, and `judge`, which turns what it returned into a verdict.
"""

from __future__ import annotations

from pathlib import Path

from attrs import field, frozen

from claims._internal.declare import Claim
from claims._internal.kinds import Verdict
from claims._internal.snapshots import DEFAULT_DIFF_LINES


@frozen
class Result:
    """Say how one claim ended: verdict, expected against observed, located reasons, time, captured output."""

    claim: Claim
    verdict: Verdict
    duration: float
    expected: str | None = None
    observed: str | None = None
    reasons: tuple[str, ...] = ()
    detail: str = ""
    error_type: str | None = None
    digest: str | None = None
    payload: bytes | None = field(default=None, eq=False, repr=False)
    output: str = ""
    cached: bool = False


@frozen
class Settings:
    """Hold what the runner needs besides the claims."""

    timeout: float
    snapshots: Path
    diff_limit: int = DEFAULT_DIFF_LINES
