"""Say an epoch second as a person reads it: an ISO 8601 time in UTC, with the epoch second beside it.

The authority log records every time as seconds since 1970-01-01T00:00:00Z
(`at`, `lease_expires_at`), and `--at` reads either form.  A report and its
reasons say each time once, as `2026-01-01T01:00:00Z (epoch 1767229200)`:
the ISO form to read, the epoch second to find the log line by.

Every second a log may hold (any signed 64-bit integer) has one exact
spelling.  `datetime` holds years 1 to 9999 only, but the Gregorian calendar,
and with it every date and time of day, repeats every 400 years (146097
days): a second is moved into the 400 years after the epoch, spelled there,
and its year moved back by whole eras.  A year outside 0000-9999 is written
in ISO 8601's expanded form, a sign and at least five digits
(`+10000-01-01T00:00:00Z`, `-00001-12-31T23:59:59Z`).
"""

from __future__ import annotations

import datetime

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)

ERA_SECONDS = 146_097 * 86_400
"""Seconds in 400 Gregorian years: the calendar repeats after them, leap days and all."""


def iso_utc(seconds: int) -> str:
    """Spell an epoch second as ISO 8601 in UTC to the second: `2026-01-01T01:00:00Z` (year 10000 on as `+10000`)."""
    eras, within = divmod(seconds, ERA_SECONDS)
    moment = EPOCH + datetime.timedelta(seconds=within)
    year = moment.year + 400 * eras
    year_text = f"{year:04d}" if 0 <= year <= 9999 else f"{year:+06d}"
    return f"{year_text}-{moment:%m-%dT%H:%M:%S}Z"


def iso_utc_with_epoch(seconds: int) -> str:
    """Spell an epoch second for a report or a reason: `2026-01-01T01:00:00Z (epoch 1767229200)`."""
    return f"{iso_utc(seconds)} (epoch {seconds})"
