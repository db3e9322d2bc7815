"""Declare the seeded defects of the checks' table: a sync need dropped, and the final tails 36·q + {1, 127, 128, 129} for the start's solo q (seed B1)."""

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

k4_sync_needs_no_sync_mode = Defect(
    id="native.k4_sync_needs_no_sync_mode",
    target=checks.subcases,
    intent="Table the K4 sync subcase without the sync mode it needs, so it passes before the mode's owner resolves it (seed B1: unsupported modes stay NOT RUN/HOLD; lowering a check is prohibited).",
    patch=('Subcase("k4_sync", SubcaseSource.SEED, _SYNC)', 'Subcase("k4_sync", SubcaseSource.SEED)'),
    must_red={
        "native.checks.the_table_names_every_subcase_with_its_source_and_modes",
        "native.verdict.unresolved_sync_mode_holds_even_when_observed",
    },
)

subcase_table_mutable = Defect(
    id="native.subcase_table_mutable",
    target=checks.subcases,
    intent="Build the subcase table as a plain dict, so a caller can drop or rename a check's subcases in the table it was handed (seed B1: lowering a check or renaming a subcase is prohibited).",
    patch=("    return MappingProxyType(\n        {", "    return dict(\n        {"),
    must_red={"native.checks.the_subcase_table_is_read_only_and_fresh"},
    must_green={"native.checks.the_table_is_keyed_by_the_seeds_twelve_names"},
)

tails_past_32_bits_lose_one = Defect(
    id="native.tails_past_32_bits_lose_one",
    target=checks.tail_sizes,
    intent="Derive every tail one token short for a q of 2**31 or more, keeping every smaller q right.",
    patch=(
        "FINAL_TAIL_FACTOR * q + k for k in FINAL_TAIL_OFFSETS))",
        "FINAL_TAIL_FACTOR * q + (k if q < 2**31 else k - 1) for k in FINAL_TAIL_OFFSETS))",
    ),
    must_red={"native.checks.tails_of_a_q_of_any_size_are_36q_plus_offsets"},
)
