"""Declare the seeded defects of the final tails the runner sends: 36·q + {1, 127, 128, 129} for the start's solo q (seed B1)."""

from __future__ import annotations

from claims.defects import Defect
from domain.native import checks

zero_q_given_tails = Defect(
    id="native.zero_q_given_tails",
    target=checks.tail_sizes,
    intent="Derive tails for a q of zero instead of refusing it, a boundary moved from q <= 0 to q < 0 (a q is a positive token count).",
    patch=("if q <= 0:", "if q < 0:"),
    must_red={"native.checks.zero_q_has_no_tails"},
    must_green={"native.checks.final_tails_are_36q_plus_offsets"},
)

tail_factor_32 = Defect(
    id="native.tail_factor_32",
    target=checks.tail_sizes,
    intent="Derive the final tails as 32·q + offsets instead of the seed's 36·q.",
    patch=("FINAL_TAIL_FACTOR * q + k", "32 * q + k"),
    must_red={"native.checks.final_tails_are_36q_plus_offsets", "native.checks.final_tails_for_a_one_token_q"},
)
