"""Witness both sides of --at's two boundaries: the epoch (in any zone, to the microsecond) and the 64-bit limit of epoch seconds (to the digit), each refusal located at --at and said exactly."""

from __future__ import annotations

import datetime

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core.json_text import JSON_INT_MAX
from domain.core.outcome import Admitted
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import BadArgument
from witnesses.edges.dry_run_command import witness

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)


def _iso(offset_us: int, zone_minutes: int) -> str:
    """Write the instant `offset_us` microseconds after the epoch as an ISO 8601 time in a zone `zone_minutes` east."""
    zone = datetime.timezone(datetime.timedelta(minutes=zone_minutes))
    moment = (EPOCH + datetime.timedelta(microseconds=offset_us)).astimezone(zone)
    text = moment.isoformat(timespec="microseconds" if offset_us % 1_000_000 else "seconds")
    return text.replace("+00:00", "Z") if zone_minutes == 0 else text


@witness.refusal(
    "A time one second before the epoch is refused at --at, saying the epoch and quoting the time as typed.",
    rules=[cmd.read_time],
    reasons=[
        because(
            BadArgument,
            at="--at",
            saying="expected a time at or after the epoch 1970-01-01T00:00:00Z, got '1969-12-31T23:59:59Z'",
        )
    ],
)
def a_time_one_second_before_the_epoch_is_refused_saying_the_epoch():
    return cmd.read_time("1969-12-31T23:59:59Z")


@witness.property(
    "A time within a day of the epoch, in any zone and to the microsecond, is refused at --at exactly when it is before the epoch (saying the epoch and quoting it), and otherwise reads as the whole seconds since the epoch, never rounded up.",
    rules=[cmd.read_time],
)
@settings(max_examples=40)
@given(st.integers(-86_400_000_000, 86_400_000_000), st.sampled_from([0, 60, -60, 330, -570, 840, -720]))
@example(offset_us=-1, zone_minutes=0)  # the last microsecond before the epoch
@example(offset_us=0, zone_minutes=60)  # the epoch itself, an hour east
@example(offset_us=-1_000_000, zone_minutes=-60)  # a second before, an hour west
@example(offset_us=999_999, zone_minutes=0)  # the last microsecond of second 0
@example(offset_us=1_000_000, zone_minutes=330)  # second 1, in a half-hour zone
def a_time_near_the_epoch_is_refused_exactly_when_before_it(offset_us: int, zone_minutes: int) -> None:
    text = _iso(offset_us, zone_minutes)
    outcome = cmd.read_time(text)
    if offset_us < 0:
        check.equal(
            f"{text!r} refused",
            [(type(r), r.where, r.why) for r in check.refused(outcome)],
            [(BadArgument, "--at", f"expected a time at or after the epoch 1970-01-01T00:00:00Z, got {text!r}")],
        )
    else:
        check.equal(f"{text!r} read", outcome, Admitted(offset_us // 1_000_000))


@witness.property(
    "Epoch seconds read as themselves up to the 64-bit limit and in up to 19 digits (zeros before them included); one more, or a 20th digit, is refused at --at naming the limit and quoting the text.",
    rules=[cmd.read_time],
)
@settings(max_examples=40)
@given(st.integers(-3, 3), st.integers(0, 2))
@example(below=0, zeros=0)  # the limit itself
@example(below=-1, zeros=0)  # one more than the limit
@example(below=3, zeros=1)  # under the limit, but a 20th digit
def epoch_seconds_read_exactly_up_to_the_limit_in_19_digits(below: int, zeros: int) -> None:
    seconds = JSON_INT_MAX - below
    text = "0" * zeros + str(seconds)
    outcome = cmd.read_time(text)
    if seconds <= JSON_INT_MAX and len(text) <= len(str(JSON_INT_MAX)):
        check.equal(f"{text} read", outcome, Admitted(seconds))
    else:
        check.equal(
            f"{text} refused",
            [(type(r), r.where, r.why) for r in check.refused(outcome)],
            [(BadArgument, "--at", f"expected epoch seconds of at most {JSON_INT_MAX}, got {text!r}")],
        )
