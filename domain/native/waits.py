"""Bound a native checkpoint wait: never past the submission deadline, never past 900 s.

Seed: "`Live.native` waits until `min(time_at_call + native_wait,
submission_deadline)`, with max wait 900 s".  Times are exact seconds (ints
or Fractions) on one clock.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import frozen

from domain.core.outcome import Admitted, Reason, Refused

MAX_NATIVE_WAIT_S = 900
"""The longest native checkpoint wait, in seconds (seed B2)."""


@frozen
class NativeWaitTooLong(Reason):
    """Say a native wait exceeds the 900 s maximum (or is negative)."""


def native_wait_deadline(
    time_at_call: int | Fraction, native_wait: int | Fraction, submission_deadline: int | Fraction
) -> Admitted[Fraction] | Refused:
    """Return min(time_at_call + native_wait, submission_deadline); refuse a wait beyond 900 s or below 0."""
    if native_wait > MAX_NATIVE_WAIT_S or native_wait < 0:
        return Refused(
            (
                NativeWaitTooLong(
                    "$.native_wait", f"native_wait must be within 0..{MAX_NATIVE_WAIT_S} s, got {native_wait} s"
                ),
            )
        )
    return Admitted(Fraction(min(time_at_call + native_wait, submission_deadline)))
