"""Declare the seeded defects of the fit wall: the Engram allowance, the 5/4 requirement and its refusals (seed A3).

The wall's comparison and its reasons live in a private helper; these
defects reach it through the public rules, by a patch of their own text or
by a wrapper of their outcome.  The seed's zero-allowance control lives with
the V4.1 call site it is judged on (`mutations.spark.v41_group_a_launch`).
"""

from __future__ import annotations

import attrs

from claims.defects import Defect, original
from domain.core.outcome import Admitted, Refused
from domain.spark import fit_wall
from domain.spark.checkpoint import CheckpointRow, NothingBeyondWeights
from domain.spark.fit_wall import FitFigures, WeightsOverflowPool
from domain.spark.fleet import HostGroup


def fit_on_weights_alone(row: CheckpointRow, group: HostGroup) -> Admitted[FitFigures] | Refused:
    """Fit a row with no profile as if it declared nothing beyond its weights."""
    return original(fit_wall.serving_arm_admits)(
        attrs.evolve(row, resident_beyond_weights=NothingBeyondWeights()), group
    )


def refuse_a_full_pool(row: CheckpointRow, group: HostGroup) -> Admitted[FitFigures] | Refused:
    """Fit a row with no profile, but refuse one whose requirement exactly fills the pool (a strict bound)."""
    fit = original(fit_wall.serving_arm_admits)(row, group)
    if isinstance(fit, Admitted) and fit.value.margin_gib == 0:
        return Refused(
            (
                WeightsOverflowPool(
                    where="$.row.weight_gib", why=f"{row.name}'s weights x 5/4 reach the {fit.value.pool_gib} GiB pool"
                ),
            )
        )
    return fit


allowance_rounded_down = Defect(
    id="spark.allowance_rounded_down",
    target=fit_wall.engram_page_cache_allowance_gib,
    intent="Round the allowance down with int() instead of the one shared rounding, so 96.8 GiB charges 96 and 7933 bp fits (seed A2: one byte count is never rounded two ways).",
    patch=(
        "return gibibyte_ceiling(gib_bytes(outside * group_pool_gib(group)))",
        "return int(outside * group_pool_gib(group))",
    ),
    must_red={
        "spark.fit_wall.the_allowance_is_the_pool_share_outside_the_engine",
        "spark.fit_wall.rounding_up_to_101_gib_refuses_at_7933_bp",
    },
)

allowance_is_the_engine_share = Defect(
    id="spark.allowance_is_the_engine_share",
    target=fit_wall.engram_page_cache_allowance_gib,
    intent="Charge the pool share inside the engine (u × pool) instead of the share it leaves outside, so 0.80 utilization charges 388 GiB (seed A3: (1 − u) × pool = 97).",
    patch=(
        "fraction_of_bp(complement_bp(profile.gpu_memory_utilization_bp))",
        "fraction_of_bp(profile.gpu_memory_utilization_bp)",
    ),
    must_red={
        "spark.fit_wall.the_allowance_is_the_pool_share_outside_the_engine",
        "spark.fit_wall.v41_fits_group_a_at_080_utilization_by_4_gib",
    },
)

no_profile_fits_on_weights_alone = Defect(
    id="spark.no_profile_fits_on_weights_alone",
    target=fit_wall.serving_arm_admits,
    intent="Fit a row with no profile on its weights alone instead of refusing its unknown page-cache charge (seed A3's warning).",
    replacement=fit_on_weights_alone,
    must_red={
        "spark.fit_wall.without_a_profile_the_v41_row_is_refused",
        "spark.fit_wall.the_unknown_charge_refusal_reads_exactly",
    },
    must_green={"spark.fit_wall.glm_is_charged_zero_beyond_weights"},
)

full_pool_refused = Defect(
    id="spark.full_pool_refused",
    target=fit_wall.serving_arm_admits,
    intent="Refuse a requirement equal to the pool, a strict bound where seed A3's wall fits requirement ≤ pool.",
    replacement=refuse_a_full_pool,
    must_red={"spark.fit_wall.a_requirement_equal_to_the_pool_fits_with_zero_margin"},
)

glm_charged_the_allowance = Defect(
    id="spark.glm_charged_the_allowance",
    target=fit_wall.serving_arm_admits_under,
    intent="Compare the row's residency with the NothingBeyondWeights class itself, so GLM is charged an allowance it never declared (seed A3: charged zero).",
    patch=(
        "if isinstance(row.resident_beyond_weights, NothingBeyondWeights):",
        "if row.resident_beyond_weights is NothingBeyondWeights:",
    ),
    must_red={
        "spark.fit_wall.glm_is_charged_zero_beyond_weights",
        "spark.fit_wall.nothing_beyond_weights_is_charged_zero",
    },
)

refusal_omits_the_utilization = Defect(
    id="spark.refusal_omits_the_utilization",
    target=fit_wall.serving_arm_admits_under,
    intent="Leave the utilization out of the allowance refusal, so it no longer says which --gpu-memory-utilization set the charge.",
    patch=('charge = f" at {format_bp(profile.gpu_memory_utilization_bp)} utilization"', 'charge = ""'),
    must_red={"spark.fit_wall.rounding_up_to_101_gib_refuses_at_7933_bp"},
)

allowance_charged_only_with_an_engram_request = Defect(
    id="spark.allowance_charged_only_with_an_engram_request",
    target=fit_wall.serving_arm_admits_under,
    intent="Charge the declared page cache only when the profile carries an Engram request, so V4.1 under an Engram-less profile fits on weights alone (seed A3: the allowance is (1 - u) x pool for a row that declares it).",
    patch=(
        '    if isinstance(row.resident_beyond_weights, NothingBeyondWeights):\n        return _fit(row, group, 0, "")\n    allowance',
        '    if isinstance(row.resident_beyond_weights, NothingBeyondWeights) or profile.engram is None:\n        return _fit(row, group, 0, "")\n    allowance',
    ),
    must_red={"spark.fit_wall.the_declared_page_cache_is_charged_without_an_engram_request"},
)

heavy_rows_fitted_on_weights_alone = Defect(
    id="spark.heavy_rows_fitted_on_weights_alone",
    target=fit_wall.serving_arm_admits,
    intent="Fit a page-cache row on its weights alone when those overflow the pool, so with no profile it is refused at its weights instead of for its unknown charge (seed A3: without a profile the charge is unknown and the row is refused).",
    patch=(
        '    if isinstance(row.resident_beyond_weights, NothingBeyondWeights):\n        return _fit(row, group, 0, "")\n    return Refused(',
        '    if isinstance(row.resident_beyond_weights, NothingBeyondWeights) or row.weight_gib * FIT_REQUIREMENT_FACTOR > group_pool_gib(group):\n        return _fit(row, group, 0, "")\n    return Refused(',
    ),
    must_red={"spark.fit_wall.without_a_profile_heavy_weights_are_refused_for_the_unknown_charge"},
)

allowance_waived_without_a_kv_dtype = Defect(
    id="spark.allowance_waived_without_a_kv_dtype",
    target=fit_wall.serving_arm_admits_under,
    intent="Charge a declared page cache nothing under a profile that leaves --kv-cache-dtype unset, so only some profiles pay the allowance (seed A3: the charge is the pool share the utilization leaves outside the engine).",
    patch=(
        "    allowance = engram_page_cache_allowance_gib(profile, group)\n",
        "    allowance = 0 if profile.kv_cache_dtype is None else engram_page_cache_allowance_gib(profile, group)\n",
    ),
    must_red={"spark.fit_wall.the_charge_follows_the_utilization_under_every_profile"},
)

light_page_cache_row_fitted_without_a_profile = Defect(
    id="spark.light_page_cache_row_fitted_without_a_profile",
    target=fit_wall.serving_arm_admits,
    intent="Fit a page-cache row under 100 GiB on its weights alone when no profile is given, so only heavy rows are refused for their unknown charge (seed A3).",
    patch=(
        "    if isinstance(row.resident_beyond_weights, NothingBeyondWeights):\n",
        "    if isinstance(row.resident_beyond_weights, NothingBeyondWeights) or row.weight_gib < 100:\n",
    ),
    must_red={"spark.fit_wall.without_a_profile_only_a_row_of_nothing_beyond_weights_is_fitted"},
)

per_rank_allowance_split_at_most_four_ways = Defect(
    id="spark.per_rank_allowance_split_at_most_four_ways",
    target=fit_wall.per_rank_allowance_gib,
    intent="Split the allowance over at most four ranks, so a group of five or six hosts is said to carry more per rank than it does.",
    patch=("len(group.hosts))", "min(len(group.hosts), 4))"),
    must_red={"spark.capacity.the_per_rank_allowance_splits_over_groups_of_every_size"},
)

charge_unsaid_above_9000_bp = Defect(
    id="spark.charge_unsaid_above_9000_bp",
    target=fit_wall.serving_arm_admits_under,
    intent="Drop the utilization from an allowance refusal above 9000 bp, so a refusal at a high utilization no longer says what the charge was taken at (seed A3: the refusal names the declared allowance and its utilization).",
    patch=(
        '    charge = f" at {format_bp(profile.gpu_memory_utilization_bp)} utilization"',
        '    charge = f" at {format_bp(profile.gpu_memory_utilization_bp)} utilization" if profile.gpu_memory_utilization_bp <= 9000 else ""',
    ),
    must_red={"spark.fit_wall.every_refusal_says_its_figures_whole"},
)
