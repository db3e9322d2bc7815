"""Witness how every command and report says a reason: `Kind @ where: why`, whatever text the reason holds."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, check
from domain.core.convert import NotOfShape
from domain.core.outcome import Reason, reason_line

# reason_line says a reason; it never refuses anything itself.
witness = Witness("core.outcome", never_refuses=[reason_line])


@witness.positive("A reason is said as its kind, then where, then why: `Kind @ where: why`.", rules=[reason_line])
def a_reason_is_said_as_kind_where_and_why() -> None:
    check.equal(
        "not of shape",
        reason_line(NotOfShape("$.hosts[2].memory", "expected int > 0, got int 0")),
        "NotOfShape @ $.hosts[2].memory: expected int > 0, got int 0",
    )


@witness.property(
    "Whatever text a reason holds (a newline, a colon, an @, non-ASCII, hundreds of characters), its line keeps its kind, where and why whole.",
    rules=[reason_line],
)
@settings(max_examples=40, deadline=None)
@given(st.text(min_size=1, max_size=400).filter(str.strip), st.text(min_size=1, max_size=400).filter(str.strip))
@example("log.jsonl:2: $.at", "expected int,\ngot str '1'")
@example("--out r.txt", "x" * 400)
@example("$['a b'] @ x", "é: ≤ 484 GiB")
def every_reason_line_keeps_its_kind_where_and_why_whole(where: str, why: str) -> None:
    check.equal("plain reason", reason_line(Reason(where, why)), f"Reason @ {where}: {why}")
    check.equal("its kind", reason_line(NotOfShape(where, why)), f"NotOfShape @ {where}: {why}")
