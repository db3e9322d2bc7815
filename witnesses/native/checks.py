"""Witness the native checks' table: the final tails 36·q + {1, 127, 128, 129} the runner sends."""

from __future__ import annotations

from claims import Witness, because, check
from domain.native.checks import QNotPositive, tail_sizes

witness = Witness("native.checks")


@witness.positive("The final tails for q 4092 are 36q plus 1, 127, 128 and 129.", rules=[tail_sizes])
def final_tails_are_36q_plus_offsets() -> None:
    check.equal("tails", check.admitted(tail_sizes(4092)), (147313, 147439, 147440, 147441))


@witness.refusal(
    "A q of zero has no tails.",
    rules=[tail_sizes],
    reasons=[because(QNotPositive, at="$.q", saying="got 0")],
)
def zero_q_has_no_tails():
    return tail_sizes(0)


@witness.positive("The final tails for a q of one token are 37, 163, 164 and 165.", rules=[tail_sizes])
def final_tails_for_a_one_token_q() -> None:
    check.equal("tails", check.admitted(tail_sizes(1)), (37, 163, 164, 165))
