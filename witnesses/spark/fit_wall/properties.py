"""The fit wall over drawn figures: monotone in utilization and weight, exact at the pool on groups of every size, whole in every refusal."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import check
from domain.spark import fit_wall
from domain.spark.checkpoint import GLM_CHECKPOINT_ROW, CheckpointRow, NothingBeyondWeights
from domain.spark.fit_wall import BeyondWeightsChargeUnknown, EngramAllowanceOverflowsPool, WeightsOverflowPool
from domain.spark.fleet import GROUP_A, GROUP_B, HostGroup
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile
from witnesses.core.strategies import basis_points
from witnesses.spark import strategies as gen
from witnesses.spark.fit_wall import GROUP_480, V41, exact_text, group_of_size, refused, requirement_of, witness
from witnesses.spark.fixtures import v41_profile_at


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
