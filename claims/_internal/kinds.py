"""Control kinds and verdicts, as enums whose values read as sentences."""

from __future__ import annotations

import enum


class Kind(enum.Enum):
    """Name the control a claim provides."""

    POSITIVE = "positive"
    REFUSAL = "refusal"
    SNAPSHOT = "snapshot"
    PROPERTY = "property"


class Verdict(enum.Enum):
    """Say how a claim ended."""

    PASS = "PASS"
    FAIL = "FAIL"
    ERROR = "ERROR"

    @property
    def red(self) -> bool:
        """Say whether the verdict counts as failed (an ERROR counts as failed)."""
        return self is not Verdict.PASS
