"""Witness how a report says an epoch second: ISO 8601 in UTC to the second, with the epoch second beside it.

The oracle inside datetime's years (1 to 9999) is datetime itself, adding
the seconds to the epoch directly; beyond them, the claims are the known
spellings at each edge and the calendar's own law, that 400 years later
every date and time of day recurs.
"""

from __future__ import annotations

import datetime

from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, check
from domain.core import utc_time
from domain.core.json_text import JSON_INT_MAX, JSON_INT_MIN
from domain.edges.dry_run_command import read_time

witness = Witness("core.utc_time", never_refuses=[utc_time.iso_utc, utc_time.iso_utc_with_epoch])

_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
FIRST_DATETIME = -62_135_596_800
"""0001-01-01T00:00:00Z, the first second datetime holds."""
LAST_DATETIME = 253_402_300_799
"""9999-12-31T23:59:59Z, the last second datetime holds (and the last a four-digit year spells)."""
ERA = 146_097 * 86_400
"""400 Gregorian years, in seconds (the witness's own count: 97 leap days in 400 years of 365)."""

EDGES = (
    (0, "1970-01-01T00:00:00Z"),
    (86_399, "1970-01-01T23:59:59Z"),
    (86_400, "1970-01-02T00:00:00Z"),
    (951_782_399, "2000-02-28T23:59:59Z"),
    (951_782_400, "2000-02-29T00:00:00Z"),
    (951_868_800, "2000-03-01T00:00:00Z"),
    (1_767_225_599, "2025-12-31T23:59:59Z"),
    (1_767_229_200, "2026-01-01T01:00:00Z"),
    (4_107_542_399, "2100-02-28T23:59:59Z"),
    (4_107_542_400, "2100-03-01T00:00:00Z"),
    (LAST_DATETIME, "9999-12-31T23:59:59Z"),
    (LAST_DATETIME + 1, "+10000-01-01T00:00:00Z"),
    (JSON_INT_MAX, "+292277026596-12-04T15:30:07Z"),
    (-1, "1969-12-31T23:59:59Z"),
    (FIRST_DATETIME, "0001-01-01T00:00:00Z"),
    (-62_167_219_200, "0000-01-01T00:00:00Z"),
    (-62_167_219_201, "-00001-12-31T23:59:59Z"),
    (JSON_INT_MIN, "-292277022657-01-27T08:29:52Z"),
)
"""Seconds at each edge a spelling can go wrong at, and how they are spelled: a day's last second, a leap day (2000,
a 400th year), 2100's missing one, a year's end, datetime's first and last seconds, year 0 and the first before it,
and both ends of a signed 64-bit integer."""


@witness.positive(
    "Each edge second is spelled as ISO 8601 UTC to the second: a day's last second, 2000's leap day, 2100's missing one, a year's end, the witnesses' read second, and datetime's first and last seconds.",
    rules=[utc_time.iso_utc],
)
def edge_seconds_are_spelled_exactly() -> None:
    for seconds, said in EDGES:
        if FIRST_DATETIME <= seconds <= LAST_DATETIME:
            check.equal(f"{seconds}", utc_time.iso_utc(seconds), said)


@witness.positive(
    "A year outside 0000-9999 is written in ISO 8601's expanded form, a sign and at least five digits, and one inside it in four: 9999 then +10000, 0000 then -00001, and both ends of a 64-bit second.",
    rules=[utc_time.iso_utc],
)
def years_beyond_four_digits_are_expanded() -> None:
    for seconds, said in EDGES:
        if not FIRST_DATETIME <= seconds <= LAST_DATETIME:
            check.equal(f"{seconds}", utc_time.iso_utc(seconds), said)
    check.equal("the last four-digit second", utc_time.iso_utc(LAST_DATETIME), "9999-12-31T23:59:59Z")


@witness.property(
    "Every second datetime can hold, from year 1 to 9999, is spelled as datetime spells the epoch plus that many seconds.",
    rules=[utc_time.iso_utc],
)
@given(st.integers(min_value=FIRST_DATETIME, max_value=LAST_DATETIME))
@example(0)
@example(951_782_400)
@example(4_107_542_400)
@example(FIRST_DATETIME)
@example(LAST_DATETIME)
@example(ERA - 1)
@example(ERA)
@example(-ERA)
@example(-ERA - 1)
def every_second_datetime_holds_is_spelled_as_datetime_spells_it(seconds: int) -> None:
    moment = _EPOCH + datetime.timedelta(seconds=seconds)
    check.equal(f"{seconds}", utc_time.iso_utc(seconds), moment.isoformat().replace("+00:00", "Z"))


@witness.property(
    "For every 64-bit second, the second 400 years later is spelled with the year 400 greater and the same month, day and time of day (the Gregorian calendar repeats every 146097 days).",
    rules=[utc_time.iso_utc],
)
@given(st.integers(min_value=JSON_INT_MIN, max_value=JSON_INT_MAX - ERA))
@example(LAST_DATETIME - ERA)
@example(LAST_DATETIME - ERA + 1)
@example(-62_167_219_200)
@example(-62_167_219_201)
@example(-62_167_219_200 - ERA)
@example(JSON_INT_MIN)
@example(JSON_INT_MAX - ERA)
def four_hundred_years_later_the_date_recurs(seconds: int) -> None:
    now, later = utc_time.iso_utc(seconds), utc_time.iso_utc(seconds + ERA)
    year_now, rest_now = now.rsplit("-", 2)[0], now[len(now.rsplit("-", 2)[0]) :]
    year_later, rest_later = later.rsplit("-", 2)[0], later[len(later.rsplit("-", 2)[0]) :]
    check.equal(f"{seconds}: month, day and time", rest_later, rest_now)
    check.equal(f"{seconds}: year", int(year_later), int(year_now) + 400)
    for year in (year_now, year_later):
        expanded = not 0 <= int(year) <= 9999
        check.equal(
            f"{seconds}: {year} written",
            year,
            f"{int(year):+06d}" if expanded else f"{int(year):04d}",
        )


@witness.positive(
    "A time said in a report carries its epoch second in parentheses after the ISO time, at the epoch itself, a day's second and a 64-bit one.",
    rules=[utc_time.iso_utc_with_epoch],
)
def a_time_is_said_with_its_epoch_second() -> None:
    check.equal("0", utc_time.iso_utc_with_epoch(0), "1970-01-01T00:00:00Z (epoch 0)")
    check.equal(
        "the read second", utc_time.iso_utc_with_epoch(1_767_229_200), "2026-01-01T01:00:00Z (epoch 1767229200)"
    )
    check.equal(
        "the largest",
        utc_time.iso_utc_with_epoch(JSON_INT_MAX),
        "+292277026596-12-04T15:30:07Z (epoch 9223372036854775807)",
    )


@witness.property(
    "Every time a report says from the epoch to year 9999 reads back, typed as --at in either of its forms, as the very second it names.",
    rules=[utc_time.iso_utc_with_epoch, read_time],
)
@given(st.integers(min_value=0, max_value=LAST_DATETIME))
@example(0)
@example(1_767_229_200)
@example(LAST_DATETIME)
def a_time_said_reads_back_as_its_second(seconds: int) -> None:
    said = utc_time.iso_utc_with_epoch(seconds)
    iso, epoch = said.removesuffix(")").split(" (epoch ")
    check.equal(f"{said}: the ISO time read back", read_time(iso), read_time(str(seconds)))
    check.equal(f"{said}: the epoch second read back", check.admitted(read_time(epoch)), seconds)
