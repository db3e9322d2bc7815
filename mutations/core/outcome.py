"""Declare the seeded defects of saying a reason: the one line every command and report prints for it."""

from __future__ import annotations

from claims.defects import Defect
from domain.core import outcome

reason_line_drops_a_multiline_why = Defect(
    id="core.reason_line_drops_a_multiline_why",
    target=outcome.reason_line,
    intent="Say a reason whose why spans lines without its why, so only `Kind @ where` is printed for it.",
    patch=(
        'return f"{type(reason).__name__} @ {reason.where}: {reason.why}"',
        'return f"{type(reason).__name__} @ {reason.where}: {reason.why}" if "\\n" not in reason.why else f"{type(reason).__name__} @ {reason.where}"',
    ),
    must_red={"core.outcome.every_reason_line_keeps_its_kind_where_and_why_whole"},
)
