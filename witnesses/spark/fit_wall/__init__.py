"""Witness the fit wall: the Engram page-cache allowance, the 5/4 requirement, the refusals, and the wall over generated rows.

Seed A3's figures: at 8000 bp the allowance is 97 GiB and V4.1 fits Group A's
484 GiB by 4 GiB; at 5000 bp it refuses, naming the 242 GiB allowance; with
no profile the charge is unknown and the row is refused; GLM is charged zero.
The properties' oracle recomputes seed A3's arithmetic with integers alone
(allowance = ceil((10000 - bp) x pool / 10000); requirement = (weights +
allowance) x 5/4), independently of `domain.core.sizes`, so a defect in the
wall's rounding, factor or comparison shows as a disagreement.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core import sizes
from domain.spark import fit_wall, fleet, profile
from domain.spark.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A, GLM_CHECKPOINT_ROW, CheckpointRow, NothingBeyondWeights
from domain.spark.fit_wall import BeyondWeightsChargeUnknown, EngramAllowanceOverflowsPool, WeightsOverflowPool
from domain.spark.fleet import GROUP_A, GROUP_B, HostGroup
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.spark.fixtures import v41_profile_at

witness = Witness("spark.fit_wall")

V41 = DEEPSEEK_V41_FLASH_DBA1BE0A


@witness.positive(
    "At 0.80 utilization V4.1 fits Group A with a 97 GiB allowance and a 4 GiB margin.",
    rules=[
        fit_wall.serving_arm_admits_under,
        fit_wall.engram_page_cache_allowance_gib,
        fleet.group_pool_gib,
        profile.deepseek_v41_measurement_profile,
    ],
)
def v41_fits_group_a_at_080_utilization_by_4_gib() -> None:
    fit = check.admitted(fit_wall.serving_arm_admits_under(V41, GROUP_A, v41_profile_at(8000)))
    check.equal("weights (GiB)", fit.weights_gib, 287)
    check.equal("allowance (GiB)", fit.allowance_gib, 97)
    check.equal("resident (GiB)", fit.resident_gib, 384)
    check.equal("requirement (GiB)", fit.requirement_gib, Fraction(480))
    check.equal("pool (GiB)", fit.pool_gib, 484)
    check.equal("margin (GiB)", fit.margin_gib, Fraction(4))


@witness.refusal(
    "At 0.50 utilization the wall refuses V4.1, naming the 242 GiB declared allowance.",
    rules=[
        fit_wall.serving_arm_admits_under,
        fit_wall.engram_page_cache_allowance_gib,
        profile.deepseek_v41_measurement_profile,
        sizes.format_exact,
    ],
    reasons=[
        because(
            EngramAllowanceOverflowsPool,
            at="$.row.resident_beyond_weights",
            saying=["287 GiB weights", "242 GiB declared Engram page-cache allowance", "661.25 GiB", "484 GiB pool"],
        )
    ],
)
def half_utilization_refuses_naming_the_242_gib_allowance() -> object:
    return fit_wall.serving_arm_admits_under(V41, GROUP_A, v41_profile_at(5000))


@witness.positive(
    "The allowance is the rounded-up pool share outside the engine: 97, 242, 101 or 0 GiB.",
    rules=[fit_wall.engram_page_cache_allowance_gib],
)
def the_allowance_is_the_pool_share_outside_the_engine() -> None:
    for bp, gib in ((8000, 97), (5000, 242), (7933, 101), (7934, 100), (10_000, 0), (1, 484)):
        check.equal(
            f"allowance at {bp} bp (GiB)", fit_wall.engram_page_cache_allowance_gib(v41_profile_at(bp), GROUP_A), gib
        )


@witness.positive(
    "At 7934 bp the allowance rounds up to 100 GiB and V4.1 still fits by a quarter GiB.",
    rules=[fit_wall.serving_arm_admits_under, sizes.gibibyte_ceiling],
)
def v41_fits_at_7934_bp_by_a_quarter_gib() -> None:
    fit = check.admitted(fit_wall.serving_arm_admits_under(V41, GROUP_A, v41_profile_at(7934)))
    check.equal("allowance (GiB)", fit.allowance_gib, 100)
    check.equal("requirement (GiB)", fit.requirement_gib, Fraction(1935, 4))
    check.equal("margin (GiB)", fit.margin_gib, Fraction(1, 4))


@witness.refusal(
    "At 7933 bp rounding 100.0428 GiB up to 101 GiB tips V4.1 over the pool by 1 GiB.",
    rules=[
        fit_wall.serving_arm_admits_under,
        fit_wall.engram_page_cache_allowance_gib,
        sizes.gibibyte_ceiling,
        sizes.fraction_of_bp,
        sizes.complement_bp,
    ],
    reasons=[
        because(
            EngramAllowanceOverflowsPool,
            at="$.row.resident_beyond_weights",
            saying=["101 GiB declared", "7933 bp", "= 485 GiB", "by 1 GiB"],
        )
    ],
)
def rounding_up_to_101_gib_refuses_at_7933_bp() -> object:
    return fit_wall.serving_arm_admits_under(V41, GROUP_A, v41_profile_at(7933))


@witness.refusal(
    "Without a profile the V4.1 row is refused because its page-cache charge is unknown.",
    rules=[fit_wall.serving_arm_admits],
    reasons=[
        because(
            BeyondWeightsChargeUnknown,
            at="$.row.resident_beyond_weights",
            saying=["PageCacheFromNonKvHeadroom", "the charge is unknown", "serving_arm_admits_under"],
        )
    ],
)
def without_a_profile_the_v41_row_is_refused() -> object:
    return fit_wall.serving_arm_admits(V41, GROUP_A)


@witness.refusal(
    "Without a profile a page-cache row is refused for its unknown charge even when its weights alone overflow the pool.",
    rules=[fit_wall.serving_arm_admits],
    reasons=[because(BeyondWeightsChargeUnknown, at="$.row.resident_beyond_weights", saying="the charge is unknown")],
)
def without_a_profile_heavy_weights_are_refused_for_the_unknown_charge() -> object:
    return fit_wall.serving_arm_admits(attrs.evolve(V41, weight_gib=400), GROUP_A)


@witness.positive(
    "The row's declared page cache is charged from the utilization alone: under GLM's 0.85 fp8 profile, with no Engram request, V4.1 is charged 73 GiB.",
    rules=[fit_wall.serving_arm_admits_under, fit_wall.engram_page_cache_allowance_gib],
)
def the_declared_page_cache_is_charged_without_an_engram_request() -> None:
    fit = check.admitted(fit_wall.serving_arm_admits_under(V41, GROUP_A, GLM_GROUP_B_PROFILE))
    check.equal("allowance (GiB)", fit.allowance_gib, 73)
    check.equal("resident (GiB)", fit.resident_gib, 360)
    check.equal("requirement (GiB)", fit.requirement_gib, Fraction(450))


@witness.positive(
    "GLM declares nothing beyond its weights and is charged zero, with or without a profile.",
    rules=[fit_wall.serving_arm_admits, fit_wall.serving_arm_admits_under],
)
def glm_is_charged_zero_beyond_weights() -> None:
    bare = check.admitted(fit_wall.serving_arm_admits(GLM_CHECKPOINT_ROW, GROUP_B))
    check.equal("allowance (GiB)", bare.allowance_gib, 0)
    check.equal("resident (GiB)", bare.resident_gib, 332)
    check.equal("requirement (GiB)", bare.requirement_gib, Fraction(415))
    check.equal("margin (GiB)", bare.margin_gib, Fraction(69))
    under = check.admitted(fit_wall.serving_arm_admits_under(GLM_CHECKPOINT_ROW, GROUP_B, GLM_GROUP_B_PROFILE))
    check.equal("figures under the GLM profile", under, bare)


@witness.refusal(
    "A 400 GiB row that declares nothing beyond weights is refused at its weights.",
    rules=[fit_wall.serving_arm_admits],
    reasons=[
        because(WeightsOverflowPool, at="$.row.weight_gib", saying=["400 GiB of weights", "500 GiB", "484 GiB pool"])
    ],
)
def weights_too_large_for_the_pool_are_refused_at_the_weights() -> object:
    heavy = attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=400, resident_beyond_weights=NothingBeyondWeights())
    return fit_wall.serving_arm_admits(heavy, GROUP_B)


@witness.refusal(
    "When the weights alone overflow, the wall blames the weights and not the allowance.",
    rules=[fit_wall.serving_arm_admits_under],
    reasons=[because(WeightsOverflowPool, at="$.row.weight_gib", saying="400 GiB of weights")],
)
def overflowing_weights_are_blamed_before_the_allowance() -> object:
    return fit_wall.serving_arm_admits_under(attrs.evolve(V41, weight_gib=400), GROUP_A, v41_profile_at(8000))


@witness.positive(
    "A refusal at the weights says, whole, whose weights overflow which pool: the row, its weights, their requirement, the pool and the group.",
    rules=[fit_wall.serving_arm_admits, fit_wall.serving_arm_admits_under],
)
def a_refusal_at_the_weights_names_the_row_and_the_group() -> None:
    glm = fit_wall.serving_arm_admits(
        attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=400, resident_beyond_weights=NothingBeyondWeights()), GROUP_B
    )
    v41 = fit_wall.serving_arm_admits_under(attrs.evolve(V41, weight_gib=401), GROUP_A, v41_profile_at(8000))
    check.equal(
        "whys",
        [reason.why for outcome in (glm, v41) for reason in check.refused(outcome)],
        [
            "Glm46Fp8's 400 GiB of weights x 5/4 = 500 GiB exceeds the 484 GiB pool of FabricGroupB",
            "DeepseekV41FlashDba1be0a's 401 GiB of weights x 5/4 = 501.25 GiB exceeds the 484 GiB pool of FabricGroupA",
        ],
    )


GROUP_AT_480_GIB = attrs.evolve(GROUP_B, hosts=tuple(attrs.evolve(h, memory_gib=120) for h in GROUP_B.hosts))
"""Four 120 GiB hosts: a 480 GiB pool, divisible by 5/4, where a requirement can equal the pool."""


@witness.positive(
    "A requirement exactly equal to the pool fits with a zero margin.",
    rules=[fit_wall.serving_arm_admits],
)
def a_requirement_equal_to_the_pool_fits_with_zero_margin() -> None:
    exact = attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=384)
    fit = check.admitted(fit_wall.serving_arm_admits(exact, GROUP_AT_480_GIB))
    check.equal("requirement (GiB)", fit.requirement_gib, Fraction(480))
    check.equal("margin (GiB)", fit.margin_gib, Fraction(0))


@witness.refusal(
    "When the weights alone exactly fill the pool, the wall blames the allowance that overflows it.",
    rules=[fit_wall.serving_arm_admits_under],
    reasons=[
        because(
            EngramAllowanceOverflowsPool, at="$.row.resident_beyond_weights", saying=["96 GiB declared", "480 GiB pool"]
        )
    ],
)
def weights_that_exactly_fill_the_pool_leave_the_allowance_blamed() -> object:
    return fit_wall.serving_arm_admits_under(attrs.evolve(V41, weight_gib=384), GROUP_AT_480_GIB, v41_profile_at(8000))


@witness.refusal(
    "On three of Group A's hosts V4.1 is refused against the 363 GiB pool and its 73 GiB allowance.",
    rules=[fit_wall.serving_arm_admits_under, fleet.group_pool_gib],
    reasons=[
        because(
            EngramAllowanceOverflowsPool,
            at="$.row.resident_beyond_weights",
            saying=["73 GiB declared", "= 450 GiB", "363 GiB pool"],
        )
    ],
)
def three_hosts_refuse_v41_naming_their_363_gib_pool() -> object:
    return fit_wall.serving_arm_admits_under(V41, attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:3]), v41_profile_at(8000))


@witness.property(
    "At every utilization V4.1 fits exactly when weights plus the rounded-up allowance, times 5/4, fit 484 GiB.",
    rules=[fit_wall.serving_arm_admits_under, fit_wall.engram_page_cache_allowance_gib],
)
@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=1, max_value=10_000))
@example(7933)
@example(7934)
@example(8000)
@example(5000)
def v41_fits_exactly_when_the_exact_figures_fit(bp: int) -> None:
    outside_bytes = Fraction(10_000 - bp, 10_000) * 484 * sizes.GIB
    allowance = fit_wall.engram_page_cache_allowance_gib(v41_profile_at(bp), GROUP_A)
    check.holds("allowance holds the share", allowance * sizes.GIB >= outside_bytes, (bp, allowance))
    check.holds("one GiB less does not", (allowance - 1) * sizes.GIB < outside_bytes or allowance == 0, (bp, allowance))
    outcome = fit_wall.serving_arm_admits_under(V41, GROUP_A, v41_profile_at(bp))
    fits = (287 + allowance) * Fraction(5, 4) <= 484
    check.equal(f"refused at {bp} bp", getattr(outcome, "refused", None), not fits)


@witness.positive(
    "Without a profile the V4.1 refusal says in one exact sentence why the row is not fitted on weights alone.",
    rules=[fit_wall.serving_arm_admits],
)
def the_unknown_charge_refusal_reads_exactly() -> None:
    reasons = check.refused(fit_wall.serving_arm_admits(V41, GROUP_A))
    check.equal(
        "why",
        [r.why for r in reasons],
        [
            "DeepseekV41FlashDba1be0a declares PageCacheFromNonKvHeadroom, charged from the profile's "
            "--gpu-memory-utilization; with no profile the charge is unknown, so the row is refused rather than "
            "fitted on weights alone (use serving_arm_admits_under)"
        ],
    )


# ---------------------------------------------------------------------------
# The wall over generated rows, groups and utilizations: monotone, exact, refusing iff over the pool.


GROUP_480 = attrs.evolve(GROUP_B, hosts=tuple(attrs.evolve(h, memory_gib=120) for h in GROUP_B.hosts))
"""Four 120 GiB hosts: a requirement can equal this 480 GiB pool exactly."""


def requirement_of(row: CheckpointRow, group: HostGroup, bp: int) -> tuple[int, Fraction]:
    """Recompute the pool and the requirement with integers only (seed A3)."""
    pool = sum(h.memory_gib for h in group.hosts)
    charged = not isinstance(row.resident_beyond_weights, NothingBeyondWeights)
    allowance = -(-(10_000 - bp) * pool // 10_000) if charged else 0
    return pool, Fraction((row.weight_gib + allowance) * 5, 4)


def refused(outcome: object) -> bool:
    """Say whether a rule's outcome is a refusal."""
    return getattr(outcome, "refused", None) is True


# ---------------------------------------------------------------------------
# The wall over every partition of the profile: each optional axis present or absent.


# ---------------------------------------------------------------------------
# The wall's sentences and its boundary over every group size, weight and utilization.


def exact_text(value: int | Fraction) -> str:
    """Spell a terminating exact figure as a decimal, independently of `domain.core.sizes`."""
    value = Fraction(value)
    return str(Decimal(value.numerator) / Decimal(value.denominator))


def group_of_size(n: int) -> HostGroup:
    """Build a group of `n` GB10-named hosts of 120 GiB each, so its pool (120n) is divisible by 5/4."""
    hosts = tuple(fleet.Host(name=f"srv{i + 1}", fabric_address=f"10.77.9.{i + 1}", memory_gib=120) for i in range(n))
    return HostGroup(name=f"Group{n}", hosts=hosts, subject="spark-serving-test")
