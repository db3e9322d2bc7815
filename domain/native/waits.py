"""Bound a native checkpoint wait: never past the submission deadline, never past 900 s, never later.

Seed: "`Live.native` waits until `min(time_at_call + native_wait,
submission_deadline)`, with max wait 900 s ... Await JSON contains
submission deadline but no explicit checkpoint creation time or 900 s
expiry. A future watcher must conservatively bound arrival (and handle
restart/stale files), never invent a later deadline."  Times are exact
seconds (ints or Fractions) on one clock.
"""

from __future__ import annotations

from fractions import Fraction

import attrs
from attrs import field, frozen

from domain.outcome import Admitted, Reason, Refused
from domain.value_fields import InstanceOf

MAX_NATIVE_WAIT_S = 900

_TIME = InstanceOf((int, Fraction))
_STR = InstanceOf(str)


@frozen
class NativeWaitTooLong(Reason):
    """Say a native wait exceeds the 900 s maximum (or is negative)."""


@frozen
class AwaitFileRestarted(Reason):
    """Say an await file belongs to another start or generation (the engine restarted)."""


@frozen
class AwaitFileStale(Reason):
    """Say an await file was written before this wait could have begun."""


@frozen
class LaterDeadlineRefused(Reason):
    """Say an await file names a submission deadline later than the one already known."""


@frozen
class AwaitReading:
    """Hold what the watcher read from an await file: its start, generation, mtime and submission deadline."""

    start_id: str = field(validator=_STR)
    generation: int = field(validator=attrs.validators.instance_of(int))
    mtime: int | Fraction = field(validator=_TIME)
    submission_deadline: int | Fraction = field(validator=_TIME)


@frozen
class AwaitExpectation:
    """Hold what the watcher already knows: the start and generation it awaits, the earliest call time, the submission deadline.

    `earliest_call` is a lower bound on the checkpoint call (e.g. the last
    poll that saw this start before its checkpoint).  Using it rather than
    the file's mtime keeps the watcher's deadline no later than the runner's.
    """

    start_id: str = field(validator=_STR)
    generation: int = field(validator=attrs.validators.instance_of(int))
    earliest_call: int | Fraction = field(validator=_TIME)
    submission_deadline: int | Fraction = field(validator=_TIME)


def native_wait_deadline(
    time_at_call: int | Fraction, native_wait: int | Fraction, submission_deadline: int | Fraction
) -> Admitted[Fraction] | Refused:
    """Return min(time_at_call + native_wait, submission_deadline); refuse a wait beyond 900 s or below 0."""
    if native_wait > MAX_NATIVE_WAIT_S or native_wait < 0:
        return Refused((NativeWaitTooLong("$.native_wait", f"native_wait must be within 0..{MAX_NATIVE_WAIT_S} s, got {native_wait} s"),))
    return Admitted(Fraction(min(time_at_call + native_wait, submission_deadline)))


def await_deadline(
    reading: AwaitReading, expected: AwaitExpectation, native_wait: int | Fraction
) -> Admitted[Fraction] | Refused:
    """Bound a watcher's deadline from an await file, refusing restarted, stale and later-deadline files."""
    reasons: list[Reason] = []
    if reading.start_id != expected.start_id:
        reasons.append(AwaitFileRestarted("$.await.start_id", f"await file is for start {reading.start_id}, not the awaited start {expected.start_id}"))
    if reading.generation != expected.generation:
        reasons.append(AwaitFileRestarted("$.await.generation", f"await file is generation {reading.generation}, not the awaited generation {expected.generation}"))
    if reading.mtime < expected.earliest_call:
        reasons.append(AwaitFileStale("$.await.mtime", f"await file written at {reading.mtime} s, before the earliest call {expected.earliest_call} s"))
    if reading.submission_deadline > expected.submission_deadline:
        reasons.append(LaterDeadlineRefused("$.await.submission_deadline", f"await file names {reading.submission_deadline} s, later than the known submission deadline {expected.submission_deadline} s"))
    if native_wait > MAX_NATIVE_WAIT_S or native_wait < 0:
        reasons.append(NativeWaitTooLong("$.native_wait", f"native_wait must be within 0..{MAX_NATIVE_WAIT_S} s, got {native_wait} s"))
    if reasons:
        return Refused(tuple(reasons))
    return native_wait_deadline(expected.earliest_call, native_wait, min(reading.submission_deadline, expected.submission_deadline))
