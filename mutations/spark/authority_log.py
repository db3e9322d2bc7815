"""Declare the seeded defects of the authority log's strict reading (seed A4: every error located FILE:LINE: $.path)."""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import authority_log

lines_numbered_from_zero = Defect(
    id="spark.lines_numbered_from_zero",
    target=authority_log.read_authority_log,
    intent="Number authority-log lines from 0, so every located error names the line before the one at fault.",
    patch=("start=1)", "start=0)"),
    must_red={"spark.authority_log.every_malformed_line_is_refused_located", "spark.authority_log.reading_goes_on_past_invalid_json"},
)

reading_stops_at_invalid_json = Defect(
    id="spark.reading_stops_at_invalid_json",
    target=authority_log.read_authority_log,
    intent="Stop reading at the first invalid JSON line, so the faults on the lines after it go unreported.",
    patch=("for reason in parsed.reasons)\n            continue", "for reason in parsed.reasons)\n            break"),
    must_red={"spark.authority_log.reading_goes_on_past_invalid_json"},
)
