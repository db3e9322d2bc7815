"""Declare the seeded defects of the native checkpoint wait: min(call + wait, submission deadline), wait ≤ 900 s (seed B2)."""

from __future__ import annotations

from claims.defects import Defect
from domain.native import waits

WAITS = "native.waits"

wait_ends_at_the_later_deadline = Defect(
    id="native.wait_ends_at_the_later_deadline",
    target=waits.native_wait_deadline,
    intent="End a native wait at the later of call time plus the wait and the submission deadline, inventing a later deadline (seed B2: min, never later).",
    patch=("Fraction(min(", "Fraction(max("),
    must_red={
        f"{WAITS}.wait_ends_at_submission_deadline_when_earlier",
        f"{WAITS}.deadline_never_later_than_submission_or_900_s",
    },
    must_green={f"{WAITS}.wait_beyond_900_s_is_refused"},
)

wait_cap_doubled = Defect(
    id="native.wait_cap_doubled",
    target=waits.native_wait_deadline,
    intent="Refuse only waits beyond twice the 900 s cap, so a 1000 s native wait is admitted (seed B2: native_wait ≤ 900 s).",
    patch=("if native_wait > MAX_NATIVE_WAIT_S or", "if native_wait > 2 * MAX_NATIVE_WAIT_S or"),
    must_red={f"{WAITS}.wait_beyond_900_s_is_refused", f"{WAITS}.deadline_never_later_than_submission_or_900_s"},
    must_green={f"{WAITS}.wait_ends_at_call_plus_wait_when_earlier"},
)

wait_at_time_zero_ignores_the_deadline = Defect(
    id="native.wait_at_time_zero_ignores_the_deadline",
    target=waits.native_wait_deadline,
    intent="End a wait called at time 0 at call + wait even past the submission deadline, keeping every later call right (seed B2: never a later deadline).",
    patch=(
        "Fraction(min(time_at_call + native_wait, submission_deadline))",
        "Fraction(min(time_at_call + native_wait, submission_deadline) if time_at_call else time_at_call + native_wait)",
    ),
    must_red={f"{WAITS}.every_call_time_ends_at_the_earlier_of_call_plus_wait_and_deadline"},
)

wait_before_the_clocks_zero_ignores_the_deadline = Defect(
    id="native.wait_before_the_clocks_zero_ignores_the_deadline",
    target=waits.native_wait_deadline,
    intent="End a wait called at a negative clock time at call + wait even past the submission deadline.",
    patch=(
        "Fraction(min(time_at_call + native_wait, submission_deadline))",
        "Fraction(min(time_at_call + native_wait, submission_deadline) if time_at_call >= 0 else time_at_call + native_wait)",
    ),
    must_red={f"{WAITS}.every_call_time_ends_at_the_earlier_of_call_plus_wait_and_deadline"},
)

long_wait_admitted_before_the_clocks_zero = Defect(
    id="native.long_wait_admitted_before_the_clocks_zero",
    target=waits.native_wait_deadline,
    intent="Refuse a wait beyond 900 s only for a call at or after the clock's zero, so a call at a negative time may wait any length.",
    patch=(
        "if native_wait > MAX_NATIVE_WAIT_S or native_wait < 0:",
        "if (native_wait > MAX_NATIVE_WAIT_S and time_at_call >= 0) or native_wait < 0:",
    ),
    must_red={f"{WAITS}.a_wait_outside_0_to_900_s_is_refused_at_any_call_time"},
)
