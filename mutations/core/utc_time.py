"""Declare the seeded defects of saying an epoch second: ISO 8601 UTC to the second, the expanded year, the epoch beside it."""

from __future__ import annotations

from claims.defects import Defect
from domain.core import utc_time

W = "core.utc_time"

four_digits_past_9999 = Defect(
    id="core.four_digits_past_9999",
    target=utc_time.iso_utc,
    intent="Write a year past 9999 without ISO 8601's sign, so +10000-01-01 reads as 10000-01-01, a year no ISO reader takes.",
    patch=("if 0 <= year <= 9999 else", "if 0 <= year else"),
    must_red={f"{W}.years_beyond_four_digits_are_expanded"},
)

era_shift_forgotten = Defect(
    id="core.era_shift_forgotten",
    target=utc_time.iso_utc,
    intent="Spell a second beyond the first 400 years after the epoch with the year of the era it was moved into, so a lease in 2400 reads as expiring in 2000.",
    patch=("year = moment.year + 400 * eras", "year = moment.year"),
    must_red={
        f"{W}.years_beyond_four_digits_are_expanded",
        f"{W}.every_second_datetime_holds_is_spelled_as_datetime_spells_it",
        f"{W}.four_hundred_years_later_the_date_recurs",
    },
)

said_time_without_its_seconds = Defect(
    id="core.said_time_without_its_seconds",
    target=utc_time.iso_utc,
    intent="Spell a time to the minute only, so a lease that expired at 00:59:55 reads as expiring in the minute of the read at 00:59:00.",
    patch=("%m-%dT%H:%M:%S", "%m-%dT%H:%M:00"),
    must_red={
        f"{W}.edge_seconds_are_spelled_exactly",
        f"{W}.every_second_datetime_holds_is_spelled_as_datetime_spells_it",
    },
)

said_time_without_its_epoch = Defect(
    id="core.said_time_without_its_epoch",
    target=utc_time.iso_utc_with_epoch,
    intent="Say a report's time without its epoch second, so the log line a reason read cannot be found by the number the log holds.",
    patch=('return f"{iso_utc(seconds)} (epoch {seconds})"', "return iso_utc(seconds)"),
    must_red={f"{W}.a_time_is_said_with_its_epoch_second", f"{W}.a_time_said_reads_back_as_its_second"},
)
