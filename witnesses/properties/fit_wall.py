"""Quantify the fit wall over rows, groups and utilizations: monotone, exact, refusing iff over the pool.

The oracle here recomputes seed A3's arithmetic with integers alone
(allowance = ceil((10000 - bp) x pool / 10000); requirement = (weights +
allowance) x 5/4), independently of `domain.sizes`, so a defect in the
wall's rounding, factor or comparison shows as a disagreement.
"""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, check
from domain import fit_wall
from domain.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A, GLM_CHECKPOINT_ROW, CheckpointRow, NothingBeyondWeights
from domain.fit_wall import EngramAllowanceOverflowsPool, WeightsOverflowPool
from domain.fleet import GROUP_A, GROUP_B, HostGroup
from domain.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile, deepseek_v41_measurement_profile
from witnesses import strategies as gen

witness = Witness("properties.fit_wall")

V41 = DEEPSEEK_V41_FLASH_DBA1BE0A
GROUP_480 = attrs.evolve(GROUP_B, hosts=tuple(attrs.evolve(h, memory_gib=120) for h in GROUP_B.hosts))
"""Four 120 GiB hosts: a requirement can equal this 480 GiB pool exactly."""


def at_bp(bp: int) -> ServingLaunchProfile:
    """Return the V4.1 mint at a utilization, with the #12371 launch shape."""
    return deepseek_v41_measurement_profile(bp, 262144, 16, 8192, False)


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
@given(gen.checkpoint_rows(), gen.host_groups(), gen.basis_points)
@example(V41, GROUP_A, 8000)
@example(V41, GROUP_A, 5000)
@example(V41, GROUP_A, 7933)
@example(V41, GROUP_A, 7934)
@example(attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=384), GROUP_480, 8000)
@example(attrs.evolve(V41, weight_gib=304), GROUP_480, 9000)
@example(attrs.evolve(V41, weight_gib=384), GROUP_480, 8000)
def refusal_iff_requirement_exceeds_pool(row: CheckpointRow, group: HostGroup, bp: int) -> None:
    pool, requirement = requirement_of(row, group, bp)
    outcome = fit_wall.serving_arm_admits_under(row, group, at_bp(bp))
    check.equal("refused", refused(outcome), requirement > pool)
    if refused(outcome):
        (reason,) = check.refused(outcome)
        weights_alone = Fraction(row.weight_gib * 5, 4) > pool
        check.equal("reason blamed", type(reason), WeightsOverflowPool if weights_alone else EngramAllowanceOverflowsPool)
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
@given(gen.checkpoint_rows(), gen.host_groups(), gen.basis_points, gen.basis_points)
@example(V41, GROUP_A, 7934, 8000)
@example(V41, GROUP_A, 8000, 10_000)
def more_utilization_never_refuses_a_fit(row: CheckpointRow, group: HostGroup, bp_a: int, bp_b: int) -> None:
    low, high = sorted((bp_a, bp_b))
    at_low = fit_wall.serving_arm_admits_under(row, group, at_bp(low))
    at_high = fit_wall.serving_arm_admits_under(row, group, at_bp(high))
    if not refused(at_low):
        check.holds(f"still fits at {high} bp", not refused(at_high), at_high)
        check.holds("the allowance shrinks", check.admitted(at_high).allowance_gib <= check.admitted(at_low).allowance_gib, (at_low, at_high))


@witness.property(
    "Each extra GiB of weight costs exactly 5/4 GiB of margin, so more weight never fits where less was refused.",
    rules=[fit_wall.serving_arm_admits_under, fit_wall.serving_arm_admits],
)
@given(gen.checkpoint_rows(), gen.host_groups(), gen.basis_points, st.integers(min_value=0, max_value=400))
@example(V41, GROUP_A, 7933, 1)
@example(V41, GROUP_A, 8000, 3)
@example(attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=383), GROUP_480, 8000, 1)
def more_weight_never_fits_where_less_refused(row: CheckpointRow, group: HostGroup, bp: int, extra_gib: int) -> None:
    heavier = attrs.evolve(row, weight_gib=row.weight_gib + extra_gib)
    for name, admits in (
        ("under the profile", lambda r: fit_wall.serving_arm_admits_under(r, group, at_bp(bp))),
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
    check.equal("under a profile as without", fit_wall.serving_arm_admits_under(bare, group, profile), fit_wall.serving_arm_admits(bare, group))
