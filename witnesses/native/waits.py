"""Witness native checkpoint waits: min(call + wait, submission deadline), wait ≤ 900 s."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.native.waits import NativeWaitTooLong, native_wait_deadline

witness = Witness("native.waits")

# FIXTURE times, in seconds on one clock: the start's q checkpoint is called
# at or after 10_000 s; submissions close at 12_000 s.


@witness.positive(
    "The wait ends at call time plus the wait when that comes before the submission deadline.",
    rules=[native_wait_deadline],
)
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


@witness.property(
    "No admitted deadline is later than the submission deadline or than call time plus 900 s.",
    rules=[native_wait_deadline],
)
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


# --- both sides of the 0..900 s bound, and the exact boundary values ---------------------------


@witness.positive(
    "A zero-second wait is a valid wait that ends at the call, and a wait of exactly 900 s is admitted.",
    rules=[native_wait_deadline],
)
def zero_and_900_s_waits_are_admitted() -> None:
    check.equal("zero wait (s)", check.admitted(native_wait_deadline(10_000, 0, 12_000)), Fraction(10_000))
    check.equal("900 s wait (s)", check.admitted(native_wait_deadline(10_000, 900, 20_000)), Fraction(10_900))


@witness.refusal(
    "A negative native wait is refused, naming the bound and the value.",
    rules=[native_wait_deadline],
    reasons=[because(NativeWaitTooLong, at="$.native_wait", saying="native_wait must be within 0..900 s, got -1 s")],
)
def negative_wait_is_refused():
    return native_wait_deadline(10_000, -1, 12_000)


_NEAR_BOUNDS = st.one_of(
    st.fractions(min_value=-2, max_value=2, max_denominator=10),
    st.fractions(min_value=898, max_value=902, max_denominator=10),
)


@witness.property(
    "A native wait near either end of 0..900 s is admitted exactly when it lies within it, ends at min(call + wait, deadline), and is refused otherwise.",
    rules=[native_wait_deadline],
)
@settings(max_examples=40)
@given(_NEAR_BOUNDS)
@example(Fraction(0))
@example(Fraction(-1, 10))
@example(Fraction(900))
@example(Fraction(9001, 10))
@example(Fraction(8999, 10))
@example(Fraction(901))
def a_wait_near_either_bound_is_admitted_iff_within_0_to_900_s(wait: Fraction) -> None:
    outcome = native_wait_deadline(10_000, wait, 20_000)
    if 0 <= wait <= 900:
        check.equal(f"deadline for a {wait} s wait", check.admitted(outcome), 10_000 + wait)
    else:
        reasons = check.refused(outcome)
        check.equal(
            f"a {wait} s wait refused at", [(type(r), r.where) for r in reasons], [(NativeWaitTooLong, "$.native_wait")]
        )


# --- the call time's partitions: negative, zero, positive, fractional; the deadline before, at or after call + wait ---


_CALLS = st.sampled_from([Fraction(-900), Fraction(-1, 2), Fraction(0), Fraction(1, 3), Fraction(10_000)])
_WAITS = st.sampled_from([Fraction(0), Fraction(1, 2), Fraction(450), Fraction(900)])
_DEADLINE_OFFSETS = st.sampled_from(
    [Fraction(-1000), Fraction(-1), Fraction(-1, 7), Fraction(0), Fraction(1), Fraction(5000)]
)


@witness.property(
    "For a call at a negative, zero, fractional or positive time on the clock, any wait in 0..900 s ends at "
    "min(call + wait, deadline), whether the deadline comes before, at or after call + wait.",
    rules=[native_wait_deadline],
)
@settings(max_examples=120)
@given(_CALLS, _WAITS, _DEADLINE_OFFSETS)
@example(Fraction(0), Fraction(900), Fraction(-1))
@example(Fraction(-900), Fraction(900), Fraction(-1))
def every_call_time_ends_at_the_earlier_of_call_plus_wait_and_deadline(
    call: Fraction, wait: Fraction, offset: Fraction
) -> None:
    deadline = call + wait + offset
    check.equal(
        f"call {call}, wait {wait}, deadline {deadline}",
        check.admitted(native_wait_deadline(call, wait, deadline)),
        min(call + wait, deadline),
    )


@witness.property(
    "A wait outside 0..900 s (900 1/10, 901, 10**6, -1/2, -1) is refused at any call time (negative, zero, fractional, "
    "positive) and whatever the deadline.",
    rules=[native_wait_deadline],
)
@settings(max_examples=60)
@given(
    _CALLS,
    st.sampled_from([Fraction(9001, 10), Fraction(901), Fraction(10**6), Fraction(-1, 2), Fraction(-1)]),
    _DEADLINE_OFFSETS,
)
@example(Fraction(-900), Fraction(901), Fraction(0))
def a_wait_outside_0_to_900_s_is_refused_at_any_call_time(call: Fraction, wait: Fraction, offset: Fraction) -> None:
    reasons = check.refused(native_wait_deadline(call, wait, call + offset))
    check.equal(
        f"call {call}, wait {wait}", [(type(r), r.where) for r in reasons], [(NativeWaitTooLong, "$.native_wait")]
    )
