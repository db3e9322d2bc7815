"""Seeded defects for Part A (spark): the seed's two mutation controls (DOMAIN.md A4).

The seed judged its controls over its own witness, so the controls are
scoped to `spark.v41_group_a_launch`; the same defects also run unscoped,
with their exact red sets over every claim.  One defect per Part A rule
lives in `spark_rows.py` (values, walls, profiles) and `spark_launch.py`
(admission, launcher, rendering, apply, dry run).

Each replacement is a copy of the rule with exactly one thing taken away;
the comment above it names what, and the seed fact it breaks.
"""

# TODO(layout): these claim ids in the intents below no longer exist; their claims were deleted with their rules or
#  rewritten (issue 13 item 3): spark.profile.a_request_without_the_engram_part_names_it_absent.

from __future__ import annotations

from claims.defects import Defect, DefectGroup
from domain.spark.admission import (
    SUCCESSOR_MAY_LAUNCH,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    LaunchAdmitted,
    SuccessorMayNotLaunch,
    group_state_at,
    image_admitted_for_runtime_artifact,
    pair_serving_successor_may_launch,
    successor_is_candidate,
)
from domain.spark.authority_log import AuthorityLog
from domain.spark.fleet import HostGroup
from domain.core.outcome import Admitted, Reason, Refused
from domain.spark.profile import ServingLaunchProfile

LAUNCH = "spark.v41_group_a_launch"


def zero_allowance(profile: ServingLaunchProfile, group: HostGroup) -> int:
    # Seed A4 control 1: the pool share outside the engine is charged as nothing.
    return 0


def mint_without_engram(
    gpu_memory_utilization_bp: int,
    max_model_len: int,
    max_num_seqs: int,
    max_num_batched_tokens: int,
    enable_prefix_caching: bool,
) -> ServingLaunchProfile:
    # Seed A3: the mint fixes the Engram request; this copy drops it.
    from domain.spark.profile import V41_KV_CACHE_DTYPE

    return ServingLaunchProfile(
        gpu_memory_utilization_bp=gpu_memory_utilization_bp,
        max_model_len=max_model_len,
        max_num_seqs=max_num_seqs,
        max_num_batched_tokens=max_num_batched_tokens,
        kv_cache_dtype=V41_KV_CACHE_DTYPE,
        enable_prefix_caching=enable_prefix_caching,
        engram=None,
    )


def admission_without_held_hosts(log: AuthorityLog, at: int, group: HostGroup, candidate: object) -> Admitted[LaunchAdmitted] | Refused:
    # Seed A4 conjunct 4 (all four hosts held by Group A's subject) is left out of the fold.
    reasons: list[Reason] = []
    may_launch = pair_serving_successor_may_launch(log, group, at)
    if isinstance(may_launch, Refused):
        reasons.extend(may_launch.reasons)
    state = group_state_at(log, group.name, at)
    if isinstance(state, GroupSuspendedForAuthorizedSuccessor):
        is_candidate = successor_is_candidate(state, candidate)  # type: ignore[arg-type]
        if isinstance(is_candidate, Refused):
            reasons.extend(is_candidate.reasons)
    image = image_admitted_for_runtime_artifact(log, candidate, at)  # type: ignore[arg-type]
    if isinstance(image, Refused):
        reasons.extend(image.reasons)
    if reasons:
        return Refused(tuple(reasons))
    assert isinstance(state, GroupSuspendedForAuthorizedSuccessor) and isinstance(image, Admitted)
    return Admitted(LaunchAdmitted(
        group=group.name, at=at, lease_expires_at=state.lease_expires_at, config_digest=image.value, hosts_held_by=group.subject,
    ))


def may_launch_without_lease(log: AuthorityLog, group: HostGroup, at: int) -> Admitted[GroupSuspendedForAuthorizedSuccessor] | Refused:
    # Seed A4 conjunct 1 without its lease: a suspension admits whatever its lease says (the other refusals verbatim).
    state = group_state_at(log, group.name, at)
    if isinstance(state, GroupActive):
        return Refused((SuccessorMayNotLaunch(
            where=SUCCESSOR_MAY_LAUNCH,
            why=f"{group.name} serves the Active incumbent {state.incumbent} (recorded at {state.at}); no successor may launch",
        ),))
    if state is None:
        return Refused((SuccessorMayNotLaunch(
            where=SUCCESSOR_MAY_LAUNCH,
            why=f"the authority log {log.source} records no state for {group.name} at or before {at}",
        ),))
    return Admitted(state)


SEED_SCOPE = (LAUNCH,)
"""The seed judged its two controls over its own V4.1 witness (DOMAIN.md A4)."""

zero_engram_allowance = Defect(
    id="spark.zero_engram_allowance",
    target="domain.spark.fit_wall.engram_page_cache_allowance_gib",
    replacement=zero_allowance,
    description="Charge a zero Engram page-cache allowance, so 0.50 utilization no longer overflows the pool (seed A4 control 1).",
    expect_red={f"{LAUNCH}.half_utilization_refuses_naming_the_allowance"},
    scope=SEED_SCOPE,
)

zero_engram_allowance_full_suite = Defect(
    id="spark.zero_engram_allowance_full_suite",
    target="domain.spark.fit_wall.engram_page_cache_allowance_gib",
    replacement=zero_allowance,
    description="Charge a zero Engram page-cache allowance, judged over every claim that reads the allowance.",
    expect_red={"spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.fit_wall.refusal_iff_requirement_exceeds_pool",
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.dry_run.the_v41_dry_run_states_the_fit_figures",
        "spark.fit_wall.half_utilization_refuses_naming_the_242_gib_allowance",
        "spark.fit_wall.rounding_up_to_101_gib_refuses_at_7933_bp",
        "spark.fit_wall.the_allowance_is_the_pool_share_outside_the_engine",
        "spark.fit_wall.three_hosts_refuse_v41_naming_their_363_gib_pool",
        "spark.fit_wall.v41_fits_at_7934_bp_by_a_quarter_gib",
        "spark.fit_wall.v41_fits_exactly_when_the_exact_figures_fit",
        "spark.fit_wall.v41_fits_group_a_at_080_utilization_by_4_gib",
        "spark.fit_wall.weights_that_exactly_fill_the_pool_leave_the_allowance_blamed",
        "spark.v41_group_a_launch.half_utilization_refuses_naming_the_allowance",
    },
)

engram_dropped_from_the_mint = Defect(
    id="spark.engram_dropped_from_the_mint",
    target="domain.spark.profile.deepseek_v41_measurement_profile",
    replacement=mint_without_engram,
    description="Mint the V4.1 profile without its Engram request.",
    expect_red={"spark.dry_run.v41_dry_run_reports_are_byte_identical", "spark.profile.a_request_without_the_engram_part_names_it_absent", 
        "spark.profile.the_mint_fixes_what_v41_decides",
        "spark.profile.the_v41_key_carries_the_explicit_engram_request",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

held_host_conjunct_removed = Defect(
    id="spark.held_host_conjunct_removed",
    target="domain.spark.admission.successor_launch_admission",
    replacement=admission_without_held_hosts,
    description="Fold the V4.1 admission without the all-hosts-held conjunct.",
    expect_red={"spark.dry_run.the_v41_dry_run_without_a_shape_reports_every_reason", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.admission.admission_names_exactly_the_failing_conjuncts",
        "spark.admission.the_fold_reports_every_failing_conjunct",
        "spark.v41_group_a_launch.host_not_held_by_the_subject_refuses_the_launch",
    },
)

lease_check_removed = Defect(
    id="spark.lease_check_removed",
    target="domain.spark.admission.pair_serving_successor_may_launch",
    replacement=may_launch_without_lease,
    description="Let a suspension admit the successor after its lease expired.",
    expect_red={"spark.dry_run.the_v41_dry_run_without_a_shape_reports_every_reason", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.admission.admission_names_exactly_the_failing_conjuncts",
        "spark.admission.a_live_lease_admits_until_it_expires",
        "spark.admission.the_fold_reports_every_failing_conjunct",
        "spark.dry_run.a_refused_dry_run_reports_every_reason",
        "spark.v41_group_a_launch.expired_lease_refuses_the_launch",
    },
)

seed_three_defects = DefectGroup(
    id="spark.seed_three_defects",
    description="Drop the mint's Engram request, the held-host conjunct and the lease check at once (seed A4 control 2).",
    defects=[engram_dropped_from_the_mint, held_host_conjunct_removed, lease_check_removed],
    expect_red={
        f"{LAUNCH}.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
        f"{LAUNCH}.host_not_held_by_the_subject_refuses_the_launch",
        f"{LAUNCH}.expired_lease_refuses_the_launch",
    },
    expect_green={f"{LAUNCH}.correct_suspension_admits_the_launch"},
    scope=SEED_SCOPE,
)
