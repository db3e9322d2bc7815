"""Claims about native checkpoint waits: min(call + wait, submission deadline), wait ≤ 900 s, never later."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.native.waits import (
    AwaitExpectation, AwaitFileRestarted, AwaitFileStale, AwaitReading, LaterDeadlineRefused, NativeWaitTooLong,
    await_deadline, native_wait_deadline,
)

witness = Witness("native.waits")

# FIXTURE times, in seconds on one clock: the start's q checkpoint is called
# at or after 10_000 s; submissions close at 12_000 s.
EXPECTED = AwaitExpectation(start_id="up2-on-20261025T143000Z", generation=2, earliest_call=10_000, submission_deadline=12_000)
FRESH = AwaitReading(start_id="up2-on-20261025T143000Z", generation=2, mtime=10_004, submission_deadline=12_000)


@witness.positive("The wait ends at call time plus the wait when that comes before the submission deadline.", rules=[native_wait_deadline])
def wait_ends_at_call_plus_wait_when_earlier() -> None:
    check.equal("deadline (s)", check.admitted(native_wait_deadline(10_000, 900, 12_000)), Fraction(10_900))


@witness.positive("The wait ends at the submission deadline when that comes first.", rules=[native_wait_deadline])
def wait_ends_at_submission_deadline_when_earlier() -> None:
    check.equal("deadline (s)", check.admitted(native_wait_deadline(11_500, 900, 12_000)), Fraction(12_000))


@witness.refusal(
    "A native wait of 901 s is refused.",
    rules=[native_wait_deadline],
    reasons=[because(NativeWaitTooLong, at="$.native_wait", saying=["0..900 s", "901 s"])],
)
def wait_beyond_900_s_is_refused():
    return native_wait_deadline(10_000, 901, 12_000)


_TIMES = st.fractions(min_value=0, max_value=10**6, max_denominator=1000)


@witness.property("No admitted deadline is later than the submission deadline or than call time plus 900 s.", rules=[native_wait_deadline])
@settings(max_examples=100, deadline=None)
@given(_TIMES, st.fractions(min_value=-10, max_value=2000, max_denominator=10), _TIMES)
# Must hold: a 1000 s wait is refused, never admitted as a deadline past call + 900 s.
@example(Fraction(0), Fraction(1000), Fraction(10**6))
def deadline_never_later_than_submission_or_900_s(call: Fraction, wait: Fraction, submission: Fraction) -> None:
    outcome = native_wait_deadline(call, wait, submission)
    if outcome.refused:
        check.holds("only a wait outside 0..900 s is refused", wait > 900 or wait < 0, wait)
        return
    check.holds("deadline <= submission deadline", outcome.value <= submission, outcome.value)
    check.holds("deadline <= call + 900 s", outcome.value <= call + 900, outcome.value)
    check.equal("deadline", outcome.value, min(call + wait, submission))


@witness.positive("A fresh await file bounds the watcher from the earliest call, not the file's mtime.", rules=[await_deadline])
def fresh_await_file_bounds_from_earliest_call() -> None:
    check.equal("deadline (s)", check.admitted(await_deadline(FRESH, EXPECTED, 900)), Fraction(10_900))


@witness.refusal(
    "An await file written before the wait could begin is stale.",
    rules=[await_deadline],
    reasons=[because(AwaitFileStale, at="$.await.mtime", saying=["9000", "10000"])],
)
def stale_await_file_is_refused():
    return await_deadline(AwaitReading("up2-on-20261025T143000Z", 2, 9_000, 12_000), EXPECTED, 900)


@witness.refusal(
    "An await file from another start and generation is a restart, refused on both counts.",
    rules=[await_deadline],
    reasons=[
        because(AwaitFileRestarted, at="$.await.start_id", saying="up2-on-20261026T090000Z"),
        because(AwaitFileRestarted, at="$.await.generation", saying="generation 3"),
    ],
)
def restarted_await_file_is_refused():
    return await_deadline(AwaitReading("up2-on-20261026T090000Z", 3, 10_004, 12_000), EXPECTED, 900)


@witness.refusal(
    "An await file naming a later submission deadline is refused.",
    rules=[await_deadline],
    reasons=[because(LaterDeadlineRefused, at="$.await.submission_deadline", saying=["12600", "12000"])],
)
def await_file_with_later_deadline_is_refused():
    return await_deadline(AwaitReading("up2-on-20261025T143000Z", 2, 10_004, 12_600), EXPECTED, 900)


@witness.property("The watcher's deadline is never later than the runner's for any call time the file allows.", rules=[await_deadline])
@settings(max_examples=100, deadline=None)
@given(
    st.integers(0, 10**6), st.integers(0, 3600), st.integers(0, 900), st.integers(0, 10**6), st.integers(0, 3600),
)
def watcher_deadline_never_later_than_runner_deadline(earliest: int, lag: int, wait: int, submission: int, before_write: int) -> None:
    mtime = earliest + lag
    expected = AwaitExpectation("s", 1, earliest, submission)
    watcher = check.admitted(await_deadline(AwaitReading("s", 1, mtime, submission), expected, wait))
    call = mtime - min(before_write, lag)  # any true call time within [earliest, mtime]
    runner = min(call + wait, submission)
    check.holds("watcher deadline <= runner deadline", watcher <= runner, (watcher, runner))


@witness.refusal(
    "A stale await file with a 901 s wait is refused on both counts, the wait named with its bounds.",
    rules=[await_deadline],
    reasons=[
        because(AwaitFileStale, at="$.await.mtime", saying="await file written at 9000 s, before the earliest call 10000 s"),
        because(NativeWaitTooLong, at="$.native_wait", saying="native_wait must be within 0..900 s, got 901 s"),
    ],
)
def stale_await_file_with_wait_beyond_900_s_is_refused_on_both_counts():
    return await_deadline(AwaitReading("up2-on-20261025T143000Z", 2, 9_000, 12_000), EXPECTED, 901)
