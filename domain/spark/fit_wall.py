"""Decide whether a checkpoint row fits a host group's unified memory (the fit wall).

Seed A3: on a GB10 the page cache lives in the same unified pool, so a row
declaring `PageCacheFromNonKvHeadroom` is charged the pool share that
`--gpu-memory-utilization` leaves outside the engine:

    allowance   = gibibyte_ceiling((1 - u) x pool)      0.20 x 484 = 96.8 -> 97 GiB
    resident    = weights + allowance                   287 + 97 = 384 GiB
    requirement = resident x 5/4 <= pool                480 <= 484: fits by 4 GiB

At u = 0.50 the allowance is 242 GiB and 529 x 5/4 = 661.25 > 484: the wall
refuses, naming the declared allowance.  Without a profile the charge is
unknown, so `serving_arm_admits` refuses such a row rather than fitting it on
weights alone.  A row declaring nothing beyond weights is charged zero.
"""

from __future__ import annotations

from fractions import Fraction

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused
from domain.core.sizes import complement_bp, format_bp, format_gib, fraction_of_bp, gib_bytes, gibibyte_ceiling
from domain.spark.checkpoint import CheckpointRow, NothingBeyondWeights
from domain.spark.fleet import HostGroup, group_pool_gib
from domain.spark.profile import ServingLaunchProfile

FIT_REQUIREMENT_FACTOR = Fraction(5, 4)
"""Seed A3: the requirement is the resident size x 5/4."""


@frozen
class FitFigures:
    """Carry the wall's exact figures, in GiB: what was charged, required and left."""

    weights_gib: int = field(validator=vf.positive_int)
    allowance_gib: int = field(validator=vf.non_negative_int)
    resident_gib: int = field(validator=vf.positive_int)
    requirement_gib: Fraction = field(validator=vf.non_negative_fraction)
    pool_gib: int = field(validator=vf.positive_int)
    margin_gib: Fraction = field(validator=vf.non_negative_fraction)


@frozen
class BeyondWeightsChargeUnknown(Reason):
    """Say the row's beyond-weights charge depends on a profile the caller did not give."""


@frozen
class EngramAllowanceOverflowsPool(Reason):
    """Say the weights fit, but weights plus the declared page-cache allowance overflow the pool."""


@frozen
class WeightsOverflowPool(Reason):
    """Say the weights alone, x 5/4, overflow the pool."""


def engram_page_cache_allowance_gib(profile: ServingLaunchProfile, group: HostGroup) -> int:
    """Return the pool share the profile's utilization leaves outside the engine, in whole GiB."""
    outside = fraction_of_bp(complement_bp(profile.gpu_memory_utilization_bp))
    return gibibyte_ceiling(gib_bytes(outside * group_pool_gib(group)))


def per_rank_allowance_gib(profile: ServingLaunchProfile, group: HostGroup) -> Fraction:
    """Return the allowance each host's rank carries (97/4 = 24.25 GiB on Group A at 8000 bp)."""
    return Fraction(engram_page_cache_allowance_gib(profile, group), len(group.hosts))


def _fit(row: CheckpointRow, group: HostGroup, allowance_gib: int, charge: str) -> Admitted[FitFigures] | Refused:
    pool = group_pool_gib(group)
    resident = row.weight_gib + allowance_gib
    requirement = resident * FIT_REQUIREMENT_FACTOR
    if requirement <= pool:
        return Admitted(
            FitFigures(
                weights_gib=row.weight_gib,
                allowance_gib=allowance_gib,
                resident_gib=resident,
                requirement_gib=requirement,
                pool_gib=pool,
                margin_gib=pool - requirement,
            )
        )
    if row.weight_gib * FIT_REQUIREMENT_FACTOR > pool:
        # The weights alone overflow: the allowance is not what refuses.
        return Refused(
            (
                WeightsOverflowPool(
                    where="$.row.weight_gib",
                    why=(
                        f"{row.name}'s {format_gib(row.weight_gib)} of weights x 5/4 = "
                        f"{format_gib(row.weight_gib * FIT_REQUIREMENT_FACTOR)} exceeds the "
                        f"{format_gib(pool)} pool of {group.name}"
                    ),
                ),
            )
        )
    return Refused(
        (
            EngramAllowanceOverflowsPool(
                where="$.row.resident_beyond_weights",
                why=(
                    f"({format_gib(row.weight_gib)} weights + {format_gib(allowance_gib)} declared "
                    f"Engram page-cache allowance{charge}) x 5/4 = {format_gib(requirement)} exceeds the "
                    f"{format_gib(pool)} pool of {group.name} by {format_gib(requirement - pool)}"
                ),
            ),
        )
    )


def serving_arm_admits(row: CheckpointRow, group: HostGroup) -> Admitted[FitFigures] | Refused:
    """Fit a row with no profile: charge zero beyond weights, or refuse a charge that needs one."""
    if isinstance(row.resident_beyond_weights, NothingBeyondWeights):
        return _fit(row, group, 0, "")
    return Refused(
        (
            BeyondWeightsChargeUnknown(
                where="$.row.resident_beyond_weights",
                why=(
                    f"{row.name} declares {type(row.resident_beyond_weights).__name__}, charged from the "
                    "profile's --gpu-memory-utilization; with no profile the charge is unknown, so the row is "
                    "refused rather than fitted on weights alone (use serving_arm_admits_under)"
                ),
            ),
        )
    )


def serving_arm_admits_under(
    row: CheckpointRow, group: HostGroup, profile: ServingLaunchProfile
) -> Admitted[FitFigures] | Refused:
    """Fit a row under the profile it launches with, charging its declared page cache."""
    if isinstance(row.resident_beyond_weights, NothingBeyondWeights):
        return _fit(row, group, 0, "")
    allowance = engram_page_cache_allowance_gib(profile, group)
    charge = f" at {format_bp(profile.gpu_memory_utilization_bp)} utilization"
    return _fit(row, group, allowance, charge)
