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
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile
from witnesses.core.strategies import basis_points
from witnesses.spark import strategies as gen
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


@witness.property(
    "The wall refuses exactly when the requirement exceeds the pool, and an admit's margin is the pool less the requirement.",
    rules=[fit_wall.serving_arm_admits_under, fit_wall.engram_page_cache_allowance_gib],
)
@given(gen.checkpoint_rows(), gen.host_groups(), basis_points)
@example(V41, GROUP_A, 8000)
@example(V41, GROUP_A, 5000)
@example(V41, GROUP_A, 7933)
@example(V41, GROUP_A, 7934)
@example(attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=384), GROUP_480, 8000)
@example(attrs.evolve(V41, weight_gib=304), GROUP_480, 9000)
@example(attrs.evolve(V41, weight_gib=384), GROUP_480, 8000)
def refusal_iff_requirement_exceeds_pool(row: CheckpointRow, group: HostGroup, bp: int) -> None:
    pool, requirement = requirement_of(row, group, bp)
    outcome = fit_wall.serving_arm_admits_under(row, group, v41_profile_at(bp))
    check.equal("refused", refused(outcome), requirement > pool)
    if refused(outcome):
        (reason,) = check.refused(outcome)
        weights_alone = Fraction(row.weight_gib * 5, 4) > pool
        check.equal(
            "reason blamed", type(reason), WeightsOverflowPool if weights_alone else EngramAllowanceOverflowsPool
        )
        return
    fit = check.admitted(outcome)
    check.equal("requirement (GiB)", fit.requirement_gib, requirement)
    check.equal("margin (GiB)", fit.margin_gib, pool - requirement)
    check.equal("pool (GiB)", fit.pool_gib, pool)
    check.equal("resident (GiB)", fit.resident_gib, fit.weights_gib + fit.allowance_gib)


@witness.property(
    "More utilization never refuses a row that fit at less.",
    rules=[fit_wall.serving_arm_admits_under, fit_wall.engram_page_cache_allowance_gib],
)
@given(gen.checkpoint_rows(), gen.host_groups(), basis_points, basis_points)
@example(V41, GROUP_A, 7934, 8000)
@example(V41, GROUP_A, 8000, 10_000)
def more_utilization_never_refuses_a_fit(row: CheckpointRow, group: HostGroup, bp_a: int, bp_b: int) -> None:
    low, high = sorted((bp_a, bp_b))
    at_low = fit_wall.serving_arm_admits_under(row, group, v41_profile_at(low))
    at_high = fit_wall.serving_arm_admits_under(row, group, v41_profile_at(high))
    if not refused(at_low):
        check.holds(f"still fits at {high} bp", not refused(at_high), at_high)
        check.holds(
            "the allowance shrinks",
            check.admitted(at_high).allowance_gib <= check.admitted(at_low).allowance_gib,
            (at_low, at_high),
        )


@witness.property(
    "Each extra GiB of weight costs exactly 5/4 GiB of margin, so more weight never fits where less was refused.",
    rules=[fit_wall.serving_arm_admits_under, fit_wall.serving_arm_admits],
)
@given(gen.checkpoint_rows(), gen.host_groups(), basis_points, st.integers(min_value=0, max_value=400))
@example(V41, GROUP_A, 7933, 1)
@example(V41, GROUP_A, 8000, 3)
@example(attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=383), GROUP_480, 8000, 1)
def more_weight_never_fits_where_less_refused(row: CheckpointRow, group: HostGroup, bp: int, extra_gib: int) -> None:
    heavier = attrs.evolve(row, weight_gib=row.weight_gib + extra_gib)
    for name, admits in (
        ("under the profile", lambda r: fit_wall.serving_arm_admits_under(r, group, v41_profile_at(bp))),
        ("without a profile", lambda r: fit_wall.serving_arm_admits(r, group)),
    ):
        light, heavy = admits(row), admits(heavier)
        if refused(light):
            check.holds(f"{extra_gib} GiB more is refused too ({name})", refused(heavy), heavy)
        elif not refused(heavy):
            lost = check.admitted(light).margin_gib - check.admitted(heavy).margin_gib
            check.equal(f"margin lost to {extra_gib} GiB more ({name})", lost, Fraction(extra_gib * 5, 4))


@witness.property(
    "A row that declares nothing beyond weights is charged zero under every profile, as without one.",
    rules=[fit_wall.serving_arm_admits, fit_wall.serving_arm_admits_under],
)
@given(gen.checkpoint_rows(), gen.host_groups(), gen.launch_profiles())
@example(GLM_CHECKPOINT_ROW, GROUP_B, GLM_GROUP_B_PROFILE)
def nothing_beyond_weights_is_charged_zero(row: CheckpointRow, group: HostGroup, profile: ServingLaunchProfile) -> None:
    bare = attrs.evolve(row, resident_beyond_weights=NothingBeyondWeights())
    check.equal(
        "under a profile as without",
        fit_wall.serving_arm_admits_under(bare, group, profile),
        fit_wall.serving_arm_admits(bare, group),
    )


# ---------------------------------------------------------------------------
# The wall over every partition of the profile: each optional axis present or absent.


@witness.property(
    "A declared page cache is charged by the utilization alone: under profiles with each optional axis (batched tokens, KV dtype, prefix caching, Engram request) present or absent, the allowance and the verdict follow the integer oracle.",
    rules=[fit_wall.serving_arm_admits_under, fit_wall.engram_page_cache_allowance_gib],
)
@given(gen.checkpoint_rows(), gen.host_groups(), gen.launch_profiles())
@example(V41, GROUP_A, GLM_GROUP_B_PROFILE)
@example(V41, GROUP_A, ServingLaunchProfile(5000, 262144, 16, None, None, None, None))
@example(V41, GROUP_A, ServingLaunchProfile(7933, 262144, 16, 8192, "fp8_ds_mla", False, None))
@example(attrs.evolve(V41, weight_gib=300), GROUP_A, ServingLaunchProfile(8000, 1, 1, None, "auto", True, None))
def the_charge_follows_the_utilization_under_every_profile(
    row: CheckpointRow, group: HostGroup, launched: ServingLaunchProfile
) -> None:
    bp = launched.gpu_memory_utilization_bp
    pool = sum(h.memory_gib for h in group.hosts)
    share = -(-(10_000 - bp) * pool // 10_000)
    check.equal(f"allowance at {bp} bp (GiB)", fit_wall.engram_page_cache_allowance_gib(launched, group), share)
    _, requirement = requirement_of(row, group, bp)
    outcome = fit_wall.serving_arm_admits_under(row, group, launched)
    check.equal("refused", refused(outcome), requirement > pool)
    charged = share if not isinstance(row.resident_beyond_weights, NothingBeyondWeights) else 0
    if refused(outcome):
        (reason,) = check.refused(outcome)
        if isinstance(reason, EngramAllowanceOverflowsPool):
            check.contains("the refusal names the charge", f"+ {charged} GiB declared", reason.why)
        return
    fit = check.admitted(outcome)
    check.equal("allowance (GiB)", fit.allowance_gib, charged)
    check.equal("requirement (GiB)", fit.requirement_gib, requirement)


@witness.property(
    "Without a profile every page-cache row is refused for its unknown charge, whatever its weight, and every row declaring nothing beyond weights is fitted on its weights alone.",
    rules=[fit_wall.serving_arm_admits],
)
@given(gen.checkpoint_rows(), gen.host_groups())
@example(attrs.evolve(V41, weight_gib=1), GROUP_A)
@example(attrs.evolve(V41, weight_gib=99), GROUP_A)
@example(attrs.evolve(V41, weight_gib=387), GROUP_A)
@example(attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=387), GROUP_A)
def without_a_profile_only_a_row_of_nothing_beyond_weights_is_fitted(row: CheckpointRow, group: HostGroup) -> None:
    outcome = fit_wall.serving_arm_admits(row, group)
    pool = sum(h.memory_gib for h in group.hosts)
    if not isinstance(row.resident_beyond_weights, NothingBeyondWeights):
        (reason,) = check.refused(outcome)
        check.equal(
            "reason", (type(reason), reason.where), (BeyondWeightsChargeUnknown, "$.row.resident_beyond_weights")
        )
        return
    check.equal("refused", refused(outcome), Fraction(row.weight_gib * 5, 4) > pool)
    if not refused(outcome):
        fit = check.admitted(outcome)
        check.equal("allowance (GiB)", fit.allowance_gib, 0)
        check.equal("margin (GiB)", fit.margin_gib, pool - Fraction(row.weight_gib * 5, 4))


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


@witness.positive(
    "On a group of every size from 1 to 12 hosts a requirement exactly equal to the pool fits with zero margin, with or without a charged page cache, and one GiB more weight is refused.",
    rules=[fit_wall.serving_arm_admits, fit_wall.serving_arm_admits_under],
)
def a_requirement_equal_to_the_pool_fits_on_groups_of_every_size() -> None:
    for n in range(1, 13):
        group = group_of_size(n)
        weights = 96 * n  # x 5/4 = 120n, the whole pool
        bare = attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=weights)
        charged = attrs.evolve(V41, weight_gib=weights)
        for name, outcome in (
            ("without a profile", fit_wall.serving_arm_admits(bare, group)),
            ("at 10000 bp (zero charge)", fit_wall.serving_arm_admits_under(charged, group, v41_profile_at(10_000))),
        ):
            fit = check.admitted(outcome)
            check.equal(f"margin on {n} hosts ({name})", fit.margin_gib, Fraction(0))
        one_more = attrs.evolve(bare, weight_gib=weights + 1)
        check.holds(f"one GiB more is refused on {n} hosts", refused(fit_wall.serving_arm_admits(one_more, group)), n)


@witness.property(
    "Every refusal of the wall says its figures whole: the row, weights, charge and the utilization it is charged at, the requirement, the pool, the group and the excess, for rows of any weight, groups of any size and name, and every utilization.",
    rules=[fit_wall.serving_arm_admits_under, fit_wall.serving_arm_admits],
)
@given(
    gen.checkpoint_rows(weight=st.integers(min_value=1, max_value=10**6)),
    gen.host_groups(count=st.integers(min_value=1, max_value=8)),
    basis_points,
)
@example(attrs.evolve(V41, weight_gib=293), GROUP_A, 8000)
@example(attrs.evolve(V41, weight_gib=294), GROUP_A, 8000)
@example(attrs.evolve(V41, weight_gib=387), GROUP_A, 9500)
@example(attrs.evolve(V41, weight_gib=387), GROUP_A, 10_000)
@example(attrs.evolve(V41, weight_gib=2000), GROUP_A, 8000)
@example(attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=10**6), GROUP_B, 8000)
@example(attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=300), attrs.evolve(GROUP_B, hosts=GROUP_B.hosts[:2]), 8000)
@example(attrs.evolve(V41, weight_gib=500), attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, *GROUP_B.hosts)), 8000)
def every_refusal_says_its_figures_whole(row: CheckpointRow, group: HostGroup, bp: int) -> None:
    pool, requirement = requirement_of(row, group, bp)
    charged = not isinstance(row.resident_beyond_weights, NothingBeyondWeights)
    allowance = requirement * Fraction(4, 5) - row.weight_gib
    for name, outcome in (
        ("under the profile", fit_wall.serving_arm_admits_under(row, group, v41_profile_at(bp))),
        ("without a profile", fit_wall.serving_arm_admits(row, group) if not charged else None),
    ):
        if outcome is None or not refused(outcome):
            continue
        (reason,) = check.refused(outcome)
        weights_x = Fraction(row.weight_gib * 5, 4)
        if weights_x > pool:
            expected = (
                WeightsOverflowPool,
                "$.row.weight_gib",
                f"{row.name}'s {row.weight_gib} GiB of weights x 5/4 = {exact_text(weights_x)} GiB exceeds the "
                f"{pool} GiB pool of {group.name}",
            )
        else:
            charge = f" at {bp} bp ({exact_text(Fraction(bp, 10_000))}) utilization" if charged else ""
            expected = (
                EngramAllowanceOverflowsPool,
                "$.row.resident_beyond_weights",
                f"({row.weight_gib} GiB weights + {exact_text(allowance)} GiB declared Engram page-cache allowance"
                f"{charge}) x 5/4 = {exact_text(requirement)} GiB exceeds the {pool} GiB pool of {group.name} "
                f"by {exact_text(requirement - pool)} GiB",
            )
        check.equal(f"reason ({name})", (type(reason), reason.where, reason.why), expected)
