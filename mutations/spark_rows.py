"""Seeded defects for Part A's values and walls: sizes, fleet, checkpoint rows, fit wall, profile, Engram, capacity, runtime.

One plausible operator error per rule, written as code; each names the
exact claims it turns red over the whole suite (no scope).  A replacement
is the rule with one thing changed; where only the outcome changes, it
wraps an untouched copy of the rule (`originals.original`).
"""

# TODO(layout): these claim ids in the intents below no longer exist; their claims were deleted with their rules or
#  rewritten (issue 13 item 3): spark.checkpoint.a_byte_count_rounding_to_288_gib_is_refused,
#  spark.checkpoint.a_checkpoint_materialised_elsewhere_is_refused,
#  spark.checkpoint.the_v41_backbone_at_its_placement_is_admitted,
#  spark.engram.every_request_round_trips_through_its_flags, spark.engram.the_dotted_words_read_back_as_the_request,
#  spark.profile.a_recorded_glm_serve_is_compatible_with_its_profile,
#  spark.profile.a_request_without_the_engram_part_names_it_absent,
#  spark.profile.a_value_holding_an_equals_sign_is_compared_whole,
#  spark.profile.the_same_parts_in_another_order_are_refused_as_spelled_differently.

from __future__ import annotations

from fractions import Fraction

from attrs import evolve

from claims.defects import Defect
from domain.spark import capacity, fit_wall, fleet, profile, runtime
from domain.spark.capacity import CapacityMeasurement, ResidentBet, V41AfterRequestsResident
from domain.spark.checkpoint import SPARK_CHECKPOINT_ROOT, CheckpointRow
from domain.spark.engram import ENGRAM_CONFIG_FLAG, VllmEngramConfigRequest
from domain.spark.fit_wall import FitFigures, _fit
from domain.spark.fleet import FOUR_SPARK_TP4_HOSTS, FabricAddressShared, FourSparkTp4, GroupNotFourHosts, Host, HostGroup, RankSeat
from domain.core.outcome import Admitted, Reason, Refused
from domain.spark.profile import ServingLaunchProfile
from domain.spark.runtime import (
    AdmittedRuntime,
    GunbcDeepseekV41EngramProduced,
    NoRegistryReading,
    RegistryReading,
    RuntimeReaderRoute,
    UnmodelledRuntimeExecutor,
)
from domain.core.sizes import GIB, format_bp
from mutations.originals import original

_allowance_rule = original(fit_wall.engram_page_cache_allowance_gib)
_key = original(profile.profile_subject_key)
_measurement = original(capacity.v41_capacity_measurement)
_route = original(runtime.runtime_reader_route)


# --- sizes -----------------------------------------------------------------


def gibibyte_floor(byte_count: int | Fraction) -> int:
    # Seed A2's one rounding, turned down: 96.8 GiB charges 96, 308e9 bytes weigh 286.
    return int(Fraction(byte_count) // GIB)


def per_mille(bp: int) -> Fraction:
    # Read basis points as per-mille (a factor of ten): 8000 bp becomes 8.
    return Fraction(bp, 1000)


def share_not_complemented(bp: int) -> int:
    # Charge the engine's share instead of the share it leaves outside (0.80 instead of 0.20).
    return bp


# --- fleet -----------------------------------------------------------------


def pool_without_the_head(group: HostGroup) -> int:
    # Off by one: sum from the first follower, leaving rank 0's 121 GiB out (363 instead of 484).
    return sum(host.memory_gib for host in group.hosts[1:])


def head_is_the_last_host(group: HostGroup) -> Host:
    # Head = last rank instead of rank 0 (srv8 for Group A).
    return group.hosts[-1]


def four_spark_tp4_refusing_only_larger_groups(group: HostGroup) -> Admitted[FourSparkTp4] | Refused:
    # Boundary flip: `>` for `!=`, so a three-host group is seated as FourSparkTp4.
    head = fleet.spark_pair_serving_head(group)
    reasons: list[Reason] = []
    if len(group.hosts) > FOUR_SPARK_TP4_HOSTS:
        reasons.append(GroupNotFourHosts(
            where="$.hosts",
            why=f"FourSparkTp4 seats one GPU rank on each of {FOUR_SPARK_TP4_HOSTS} hosts; {group.name} has {len(group.hosts)}",
        ))
    seen: dict[str, str] = {}
    for index, host in enumerate(group.hosts):
        owner = seen.setdefault(host.fabric_address, host.name)
        if owner != host.name:
            role = f"the head {head.name}" if owner == head.name else owner
            reasons.append(FabricAddressShared(
                where=f"$.hosts[{index}].fabric_address",
                why=f"{host.name} answers on fabric-rail address {host.fabric_address}, already {role}'s",
            ))
    if reasons:
        return Refused(tuple(reasons))
    seats = tuple(RankSeat(node_rank=rank, host=host) for rank, host in enumerate(group.hosts))
    return Admitted(FourSparkTp4(group_name=group.name, head=head, master_addr=head.fabric_address, seats=seats))


# --- checkpoint rows -------------------------------------------------------


def place_by_served_model(row: CheckpointRow) -> str:
    # Wrong field: place the checkpoint under the served model name, not the row name.
    return f"{SPARK_CHECKPOINT_ROOT}/{row.served_model}"


# --- fit wall --------------------------------------------------------------


def fit_on_weights_alone(row: CheckpointRow, group: HostGroup) -> Admitted[FitFigures] | Refused:
    # Seed A3's warning: with no profile, fit the row on its weights alone instead of refusing it.
    return _fit(row, group, 0, "")


def charge_every_row(row: CheckpointRow, group: HostGroup, profile_: ServingLaunchProfile) -> Admitted[FitFigures] | Refused:
    # Dropped case: charge the page-cache allowance even to a row that declares nothing beyond weights (GLM).
    allowance = _allowance_rule(profile_, group)
    return _fit(row, group, allowance, f" at {format_bp(profile_.gpu_memory_utilization_bp)} utilization")


# --- profile ---------------------------------------------------------------


def key_with_an_engram_part_always(row: CheckpointRow, profile_: ServingLaunchProfile) -> str:
    # Seed A2 broken: the Engram request enters the key even when absent, so every GLM key moves.
    key = _key(row, profile_)
    return key if profile_.engram is not None else key + ";engram=none"


# --- Engram ----------------------------------------------------------------


def flags_with_dp_shared_memory_from_cpu_offload(request: VllmEngramConfigRequest) -> tuple[str, ...]:
    # Wrong field: dp_shared_memory renders cpu_offload's value.
    value = "true" if request.cpu_offload else "false"
    return (f"{ENGRAM_CONFIG_FLAG}.cpu_offload", value, f"{ENGRAM_CONFIG_FLAG}.dp_shared_memory", value)


# --- capacity --------------------------------------------------------------


def staircase_topping_at_x8() -> tuple[int, ...]:
    # A typo in the staircase's top step: x8 for x16.
    return (2, 4, 6, 8)


def bets_with_x4_at_24_gib() -> tuple[ResidentBet, ...]:
    # A wrong figure: the x4 bet copied as 24 GiB, just under the 24.25 GiB per-rank allowance.
    return (
        ResidentBet(concurrency=2, per_rank_gib=19),
        ResidentBet(concurrency=4, per_rank_gib=24),
        ResidentBet(concurrency=6, per_rank_gib=37),
        ResidentBet(concurrency=16, per_rank_gib=46),
    )


def max_num_seqs_as_the_step_count() -> int:
    # Count the staircase's steps (4) instead of folding their max (16).
    return len(capacity.v41_staircase_concurrencies())


def half_the_context() -> int:
    # The one serve's context halved: 131072 for 262144.
    return 131072


def measurement_pressing_at_equal(
    profile_: ServingLaunchProfile,
    group: HostGroup,
    bets: tuple[ResidentBet, ...],
    after_requests_resident: tuple[V41AfterRequestsResident, ...],
) -> Admitted[CapacityMeasurement] | Refused:
    # Boundary flip: a bet equal to the per-rank allowance counts as pressing on it (`>=` for `>`).
    outcome = _measurement(profile_, group, bets, after_requests_resident)
    if isinstance(outcome, Refused):
        return outcome
    allowance = outcome.value.per_rank_allowance_gib
    return Admitted(evolve(outcome.value, pressured_concurrencies=tuple(b.concurrency for b in bets if b.per_rank_gib >= allowance)))


# --- runtime ---------------------------------------------------------------


def route_refusing_an_absent_cli_path(reading: RegistryReading | None) -> Admitted[RuntimeReaderRoute] | Refused:
    # Seed A3 broken: a reading without a Hub CLI path is refused as unprobed instead of routed to the unmodelled executor.
    if reading is not None and reading.hub_cli_path is None:
        return Refused((NoRegistryReading(where="$.registry_reading", why="no registry reading exists: the reading has no Hub CLI path"),))
    return _route(reading)


def wall_admitting_the_unprobed_image(variant: GunbcDeepseekV41EngramProduced) -> Admitted[AdmittedRuntime] | Refused:
    # Seed A3 broken: an image with no registry reading is admitted to the unmodelled executor.
    if variant.registry_reading is None:
        return Admitted(AdmittedRuntime(artifact=variant.artifact, route=UnmodelledRuntimeExecutor(vllm_version=None)))
    routed = runtime.runtime_reader_route(variant.registry_reading)
    if isinstance(routed, Refused):
        return routed
    return Admitted(AdmittedRuntime(artifact=variant.artifact, route=routed.value))


# --- declared defects ------------------------------------------------------

ceiling_rounds_down = Defect(
    id="spark.rows.ceiling_rounds_down",
    target="domain.core.sizes.gibibyte_ceiling",
    replacement=gibibyte_floor,
    description="Round byte counts down to whole GiB instead of up.",
    expect_red={"core.sizes.gib_bytes_is_exact", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.fit_wall.refusal_iff_requirement_exceeds_pool",
        "core.sizes.ceiling_is_the_least_whole_gib_holding_the_bytes",
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.checkpoint.a_byte_count_rounding_to_288_gib_is_refused",
        "spark.checkpoint.a_checkpoint_materialised_elsewhere_is_refused",
        "spark.checkpoint.the_v41_backbone_at_its_placement_is_admitted",
        "spark.dry_run.the_v41_dry_run_states_the_fit_figures",
        "spark.fit_wall.rounding_up_to_101_gib_refuses_at_7933_bp",
        "spark.fit_wall.the_allowance_is_the_pool_share_outside_the_engine",
        "spark.fit_wall.three_hosts_refuse_v41_naming_their_363_gib_pool",
        "spark.fit_wall.v41_fits_at_7934_bp_by_a_quarter_gib",
        "spark.fit_wall.v41_fits_exactly_when_the_exact_figures_fit",
        "spark.fit_wall.v41_fits_group_a_at_080_utilization_by_4_gib",
        "core.sizes.ceiling_is_the_least_covering_gib",
        "core.sizes.ceiling_rounds_bytes_up_to_whole_gib",
        "core.sizes.the_share_outside_080_of_484_gib_rounds_to_97",
    },
)

basis_points_read_as_per_mille = Defect(
    id="spark.rows.basis_points_read_as_per_mille",
    target="domain.core.sizes.fraction_of_bp",
    replacement=per_mille,
    description="Read basis points as per-mille, so 8000 bp is a share of 8.",
    expect_red={"spark.dry_run.the_logs_own_transition_discharges_12370", "spark.dry_run.admitted_reports_name_the_arm_the_verdict_and_the_head", "spark.dry_run.each_host_section_carries_its_own_rank_scripts", "spark.dry_run.glm_dry_run_reports_are_byte_identical", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "core.convert.rows_requests_and_plans_round_trip_byte_stably",
        "spark.fit_wall.refusal_iff_requirement_exceeds_pool",
        "spark.render.arm_names_never_collide",
        "spark.render.each_rank_argv_parses_back_to_the_plan",
        "spark.render.rank_zero_alone_serves",
        "spark.render.rendering_is_deterministic",
        "spark.apply_steps.each_step_has_its_own_log_and_preflight_checks_every_mount",
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.dry_run.a_refused_dry_run_reports_every_reason",
        "spark.dry_run.the_v41_dry_run_states_the_fit_figures",
        "spark.fit_wall.half_utilization_refuses_naming_the_242_gib_allowance",
        "spark.fit_wall.rounding_up_to_101_gib_refuses_at_7933_bp",
        "spark.fit_wall.the_allowance_is_the_pool_share_outside_the_engine",
        "spark.fit_wall.three_hosts_refuse_v41_naming_their_363_gib_pool",
        "spark.fit_wall.v41_fits_at_7934_bp_by_a_quarter_gib",
        "spark.fit_wall.v41_fits_exactly_when_the_exact_figures_fit",
        "spark.fit_wall.v41_fits_group_a_at_080_utilization_by_4_gib",
        "spark.fit_wall.weights_that_exactly_fill_the_pool_leave_the_allowance_blamed",
        "spark.v41_group_a_launch.a_withheld_occupancy_discharge_refuses",
        "spark.frontiers.every_discharge_leaves_no_frontier_open",
        "spark.render.a_refused_group_renders_nothing",
        "core.sizes.basis_points_are_exact_fractions",
        "core.sizes.the_share_outside_080_of_484_gib_rounds_to_97",
        "spark.v41_group_a_launch.dry_run_renders_four_hosts_with_create_unit_staging_preflight_apply",
        "spark.v41_group_a_launch.half_utilization_refuses_naming_the_allowance",
        "spark.v41_group_a_launch.unprobed_image_is_refused_by_the_arm_wall",
        "spark.v41_group_a_launch.v41_engram_env_and_three_mounts_ride_under_gunbc_v41_tp4",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
        "spark.v41_group_a_launch.v41_rendering_names_no_pair_or_glm_arm",
    },
)

utilization_not_complemented = Defect(
    id="spark.rows.utilization_not_complemented",
    target="domain.core.sizes.complement_bp",
    replacement=share_not_complemented,
    description="Return the utilization itself as the share left outside the engine.",
    expect_red={"spark.dry_run.the_logs_own_transition_discharges_12370", "spark.dry_run.admitted_reports_name_the_arm_the_verdict_and_the_head", "spark.dry_run.each_host_section_carries_its_own_rank_scripts", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "core.convert.rows_requests_and_plans_round_trip_byte_stably",
        "spark.fit_wall.more_utilization_never_refuses_a_fit",
        "spark.fit_wall.refusal_iff_requirement_exceeds_pool",
        "spark.render.arm_names_never_collide",
        "spark.render.each_rank_argv_parses_back_to_the_plan",
        "spark.render.rank_zero_alone_serves",
        "spark.render.rendering_is_deterministic",
        "spark.apply_steps.each_step_has_its_own_log_and_preflight_checks_every_mount",
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.dry_run.a_refused_dry_run_reports_every_reason",
        "spark.dry_run.the_v41_dry_run_states_the_fit_figures",
        "spark.fit_wall.rounding_up_to_101_gib_refuses_at_7933_bp",
        "spark.fit_wall.the_allowance_is_the_pool_share_outside_the_engine",
        "spark.fit_wall.three_hosts_refuse_v41_naming_their_363_gib_pool",
        "spark.fit_wall.v41_fits_at_7934_bp_by_a_quarter_gib",
        "spark.fit_wall.v41_fits_exactly_when_the_exact_figures_fit",
        "spark.fit_wall.v41_fits_group_a_at_080_utilization_by_4_gib",
        "spark.fit_wall.weights_that_exactly_fill_the_pool_leave_the_allowance_blamed",
        "spark.v41_group_a_launch.a_withheld_occupancy_discharge_refuses",
        "spark.frontiers.every_discharge_leaves_no_frontier_open",
        "spark.render.a_refused_group_renders_nothing",
        "core.sizes.basis_points_are_exact_fractions",
        "core.sizes.the_share_outside_080_of_484_gib_rounds_to_97",
        "spark.v41_group_a_launch.dry_run_renders_four_hosts_with_create_unit_staging_preflight_apply",
        "spark.v41_group_a_launch.unprobed_image_is_refused_by_the_arm_wall",
        "spark.v41_group_a_launch.v41_engram_env_and_three_mounts_ride_under_gunbc_v41_tp4",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
        "spark.v41_group_a_launch.v41_rendering_names_no_pair_or_glm_arm",
    },
)

pool_leaves_out_the_head = Defect(
    id="spark.rows.pool_leaves_out_the_head",
    target="domain.spark.fleet.group_pool_gib",
    replacement=pool_without_the_head,
    description="Sum a group's pool from its first follower, leaving the head's 121 GiB out.",
    expect_red={"spark.fleet.a_minted_gb10_host_adds_121_gib", "spark.dry_run.the_logs_own_transition_discharges_12370", "core.convert.fractions_travel_exactly", "spark.apply_steps.a_root_log_path_makes_the_root_directory", "spark.dry_run.a_fit_without_a_utilization_renders_no_suffix", "spark.dry_run.admitted_reports_name_the_arm_the_verdict_and_the_head", "spark.dry_run.each_host_section_carries_its_own_rank_scripts", "spark.dry_run.glm_dry_run_reports_are_byte_identical", "spark.dry_run.v41_dry_run_reports_are_byte_identical", "spark.launcher.a_request_without_a_profile_says_why", 
        "spark.fit_wall.refusal_iff_requirement_exceeds_pool",
        "spark.render.arm_names_never_collide",
        "spark.apply_steps.a_missing_mount_source_never_reaches_the_apply",
        "spark.apply_steps.each_step_has_its_own_log_and_preflight_checks_every_mount",
        "spark.apply_steps.stage_scripts_take_the_container_name",
        "spark.apply_steps.the_head_applies_first_and_rolls_back_last",
        "spark.apply_steps.the_head_is_found_by_node_rank_not_by_position",
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.dry_run.a_refused_dry_run_reports_every_reason",
        "spark.dry_run.the_glm_dry_run_admits",
        "spark.dry_run.the_glm_dry_run_refuses_an_unheld_host",
        "spark.dry_run.the_v41_dry_run_states_the_fit_figures",
        "spark.fit_wall.a_requirement_equal_to_the_pool_fits_with_zero_margin",
        "spark.fit_wall.glm_is_charged_zero_beyond_weights",
        "spark.fit_wall.half_utilization_refuses_naming_the_242_gib_allowance",
        "spark.fit_wall.rounding_up_to_101_gib_refuses_at_7933_bp",
        "spark.fit_wall.the_allowance_is_the_pool_share_outside_the_engine",
        "spark.fit_wall.three_hosts_refuse_v41_naming_their_363_gib_pool",
        "spark.fit_wall.v41_fits_at_7934_bp_by_a_quarter_gib",
        "spark.fit_wall.v41_fits_exactly_when_the_exact_figures_fit",
        "spark.fit_wall.v41_fits_group_a_at_080_utilization_by_4_gib",
        "spark.fit_wall.weights_that_exactly_fill_the_pool_leave_the_allowance_blamed",
        "spark.fit_wall.weights_too_large_for_the_pool_are_refused_at_the_weights",
        "spark.fleet.group_a_pools_484_gib",
        "spark.v41_group_a_launch.a_withheld_occupancy_discharge_refuses",
        "spark.frontiers.every_discharge_leaves_no_frontier_open",
        "spark.glm_group_b_launch.glm_carries_its_own_container_and_unit_values",
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
        "spark.glm_group_b_launch.glm_ranks_render_the_glm_shape",
        "spark.glm_group_b_launch.glm_subject_key_is_unchanged",
        "spark.glm_group_b_launch.glm_without_a_profile_is_refused",
        "spark.launcher.a_mount_without_a_source_is_refused",
        "spark.launcher.a_three_host_group_is_refused",
        "spark.launcher.four_hosts_plan_one_head_and_three_headless_ranks",
        "spark.launcher.the_head_is_node_rank_zero_not_a_unit_name",
        "spark.render.a_unit_creates_then_starts_attached",
        "spark.render.an_absent_tokenizer_mode_renders_no_flag",
        "spark.render.head_serves_and_followers_run_headless",
        "spark.v41_group_a_launch.dry_run_renders_four_hosts_with_create_unit_staging_preflight_apply",
        "spark.v41_group_a_launch.half_utilization_refuses_naming_the_allowance",
        "spark.v41_group_a_launch.unprobed_image_is_refused_by_the_arm_wall",
        "spark.v41_group_a_launch.v41_engram_env_and_three_mounts_ride_under_gunbc_v41_tp4",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
        "spark.v41_group_a_launch.v41_rendering_names_no_pair_or_glm_arm",
    },
)

head_is_the_last_rank = Defect(
    id="spark.rows.head_is_the_last_rank",
    target="domain.spark.fleet.spark_pair_serving_head",
    replacement=head_is_the_last_host,
    description="Take a group's last host as its serving head instead of rank 0.",
    expect_red={"spark.dry_run.glm_dry_run_reports_are_byte_identical", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.render.each_rank_argv_parses_back_to_the_plan",
        "spark.fleet.a_follower_on_the_heads_rail_address_is_refused",
        "spark.fleet.group_a_seats_four_ranks_head_first",
        "spark.fleet.the_serving_head_is_the_first_host",
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
        "spark.launcher.four_hosts_plan_one_head_and_three_headless_ranks",
        "spark.render.head_serves_and_followers_run_headless",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

tp4_refuses_only_larger_groups = Defect(
    id="spark.rows.tp4_refuses_only_larger_groups",
    target="domain.spark.fleet.four_spark_tp4",
    replacement=four_spark_tp4_refusing_only_larger_groups,
    description="Refuse only groups of more than four hosts, so three hosts seat as FourSparkTp4.",
    expect_red={
        "spark.fleet.a_three_host_group_is_not_four_spark_tp4",
        "spark.fleet.a_two_host_group_on_one_address_is_refused_twice",
        "spark.launcher.a_three_host_group_is_refused",
    },
)

placement_by_served_model = Defect(
    id="spark.rows.placement_by_served_model",
    target="domain.spark.checkpoint.spark_local_checkpoint_directory",
    replacement=place_by_served_model,
    description="Place a checkpoint under its served model name instead of its row name.",
    expect_red={"spark.dry_run.glm_dry_run_reports_are_byte_identical", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.apply_steps.each_step_has_its_own_log_and_preflight_checks_every_mount",
        "spark.checkpoint.a_byte_count_rounding_to_288_gib_is_refused",
        "spark.checkpoint.a_checkpoint_materialised_elsewhere_is_refused",
        "spark.checkpoint.each_row_has_one_placement",
        "spark.checkpoint.the_v41_backbone_at_its_placement_is_admitted",
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
        "spark.launcher.every_failing_check_is_reported_at_once",
    },
)

# TODO(layout): removed the defect materialized_row_check_dropped and its replacement: its target
# domain.spark.checkpoint.checkpoint_row_admits_materialized was deleted (issue 13 item 3, no command reached it).

no_profile_fits_on_weights_alone = Defect(
    id="spark.rows.no_profile_fits_on_weights_alone",
    target="domain.spark.fit_wall.serving_arm_admits",
    replacement=fit_on_weights_alone,
    description="Fit a row with no profile on its weights alone instead of refusing its unknown charge.",
    expect_red={"spark.fit_wall.the_unknown_charge_refusal_reads_exactly", 
        "spark.fit_wall.without_a_profile_the_v41_row_is_refused",
        "spark.v41_group_a_launch.no_profile_refuses_because_the_charge_is_unknown",
    },
)

allowance_charged_to_every_row = Defect(
    id="spark.rows.allowance_charged_to_every_row",
    target="domain.spark.fit_wall.serving_arm_admits_under",
    replacement=charge_every_row,
    description="Charge the page-cache allowance even to a row that declares nothing beyond weights.",
    expect_red={"spark.apply_steps.a_root_log_path_makes_the_root_directory", "spark.dry_run.a_fit_without_a_utilization_renders_no_suffix", "spark.dry_run.admitted_reports_name_the_arm_the_verdict_and_the_head", "spark.dry_run.glm_dry_run_reports_are_byte_identical", 
        "spark.fit_wall.nothing_beyond_weights_is_charged_zero",
        "spark.fit_wall.refusal_iff_requirement_exceeds_pool",
        "spark.render.arm_names_never_collide",
        "spark.apply_steps.a_missing_mount_source_never_reaches_the_apply",
        "spark.apply_steps.stage_scripts_take_the_container_name",
        "spark.apply_steps.the_head_applies_first_and_rolls_back_last",
        "spark.apply_steps.the_head_is_found_by_node_rank_not_by_position",
        "spark.dry_run.the_glm_dry_run_admits",
        "spark.dry_run.the_glm_dry_run_refuses_an_unheld_host",
        "spark.fit_wall.glm_is_charged_zero_beyond_weights",
        "spark.glm_group_b_launch.glm_carries_its_own_container_and_unit_values",
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
        "spark.glm_group_b_launch.glm_ranks_render_the_glm_shape",
        "spark.glm_group_b_launch.glm_subject_key_is_unchanged",
        "spark.launcher.a_mount_without_a_source_is_refused",
        "spark.launcher.four_hosts_plan_one_head_and_three_headless_ranks",
        "spark.launcher.the_head_is_node_rank_zero_not_a_unit_name",
        "spark.render.a_unit_creates_then_starts_attached",
        "spark.render.an_absent_tokenizer_mode_renders_no_flag",
        "spark.render.head_serves_and_followers_run_headless",
    },
)

engram_part_in_every_key = Defect(
    id="spark.rows.engram_part_in_every_key",
    target="domain.spark.profile.profile_subject_key",
    replacement=key_with_an_engram_part_always,
    description="Write an Engram part into every subject key, even when no request is explicit.",
    expect_red={"spark.profile.a_request_without_the_engram_part_names_it_absent", "spark.profile.a_value_holding_an_equals_sign_is_compared_whole", "spark.profile.the_same_parts_in_another_order_are_refused_as_spelled_differently", 
        "spark.profile.an_absent_request_leaves_the_key_unchanged",
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
        "spark.glm_group_b_launch.glm_subject_key_is_unchanged",
        "spark.profile.a_recorded_glm_serve_is_compatible_with_its_profile",
        "spark.profile.an_explicit_request_only_appends_to_the_key",
        "spark.profile.the_glm_subject_key_has_no_engram_part",
    },
)

# TODO(layout): removed the defect compatible_on_recorded_parts_only and its replacement: its target
# domain.spark.profile.serving_subject_compatible was deleted (issue 13 item 3, no command reached it).

dp_shared_memory_from_cpu_offload = Defect(
    id="spark.rows.dp_shared_memory_from_cpu_offload",
    target="domain.spark.engram.engram_config_flags",
    replacement=flags_with_dp_shared_memory_from_cpu_offload,
    description="Render dp_shared_memory with cpu_offload's value.",
    expect_red={"spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.render.each_rank_argv_parses_back_to_the_plan",
        "spark.engram.every_request_round_trips_through_its_flags",
        "spark.engram.the_dotted_words_read_back_as_the_request",
        "spark.engram.the_v41_request_renders_four_plain_dotted_words",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

# TODO(layout): removed the defect repeated_engram_key_wins and its replacement: its target
# domain.spark.engram.engram_request_of_flags was deleted (issue 13 item 3, no command reached it).

staircase_tops_at_x8 = Defect(
    id="spark.rows.staircase_tops_at_x8",
    target="domain.spark.capacity.v41_staircase_concurrencies",
    replacement=staircase_topping_at_x8,
    description="Step the staircase to x8 instead of x16.",
    expect_red={"spark.capacity.a_reading_without_a_bet_is_refused", "spark.capacity.every_faulty_reading_is_refused", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
        "spark.capacity.a_reading_above_its_bet_falsifies_it",
        "spark.capacity.a_serve_not_shaped_for_the_staircase_is_refused",
        "spark.capacity.bets_missing_a_step_are_refused",
        "spark.capacity.one_serve_covers_the_whole_staircase",
        "spark.capacity.readings_off_the_staircase_or_repeated_are_refused",
        "spark.capacity.readings_within_their_bets_confirm_them",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

x4_bet_at_24_gib = Defect(
    id="spark.rows.x4_bet_at_24_gib",
    target="domain.spark.capacity.v41_engram_resident_bets",
    replacement=bets_with_x4_at_24_gib,
    description="Bet 24 GiB per rank at x4 instead of 30.",
    expect_red={"spark.capacity.every_faulty_reading_is_refused", 
        "spark.capacity.a_reading_above_its_bet_falsifies_it",
        "spark.capacity.readings_within_their_bets_confirm_them",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
    },
)

max_num_seqs_counts_the_steps = Defect(
    id="spark.rows.max_num_seqs_counts_the_steps",
    target="domain.spark.capacity.v41_max_num_seqs",
    replacement=max_num_seqs_as_the_step_count,
    description="Set max_num_seqs to the number of staircase steps instead of their fold-max.",
    expect_red={"spark.capacity.a_reading_without_a_bet_is_refused", "spark.capacity.every_faulty_reading_is_refused", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
        "spark.capacity.a_reading_above_its_bet_falsifies_it",
        "spark.capacity.a_serve_not_shaped_for_the_staircase_is_refused",
        "spark.capacity.bets_missing_a_step_are_refused",
        "spark.capacity.one_serve_covers_the_whole_staircase",
        "spark.capacity.readings_off_the_staircase_or_repeated_are_refused",
        "spark.capacity.readings_within_their_bets_confirm_them",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

context_halved = Defect(
    id="spark.rows.context_halved",
    target="domain.spark.capacity.v41_measurement_max_model_len",
    replacement=half_the_context,
    description="Serve the staircase at max_model_len 131072 instead of 262144.",
    expect_red={"spark.capacity.a_reading_without_a_bet_is_refused", "spark.capacity.every_faulty_reading_is_refused", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
        "spark.capacity.a_reading_above_its_bet_falsifies_it",
        "spark.capacity.a_serve_not_shaped_for_the_staircase_is_refused",
        "spark.capacity.bets_missing_a_step_are_refused",
        "spark.capacity.one_serve_covers_the_whole_staircase",
        "spark.capacity.readings_off_the_staircase_or_repeated_are_refused",
        "spark.capacity.readings_within_their_bets_confirm_them",
        "spark.capacity.the_bets_press_on_the_allowance_from_x4_up",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

equal_bet_presses = Defect(
    id="spark.rows.equal_bet_presses",
    target="domain.spark.capacity.v41_capacity_measurement",
    replacement=measurement_pressing_at_equal,
    description="Count a bet equal to the per-rank allowance as pressing on it.",
    expect_red={
        "spark.capacity.a_bet_equal_to_the_allowance_does_not_press",
    },
)

absent_cli_path_refused = Defect(
    id="spark.rows.absent_cli_path_refused",
    target="domain.spark.runtime.runtime_reader_route",
    replacement=route_refusing_an_absent_cli_path,
    description="Refuse a reading with no Hub CLI path instead of routing it to the unmodelled executor.",
    expect_red={
        "spark.runtime.an_absent_cli_path_routes_to_the_unmodelled_executor",
        "spark.runtime.an_empty_reading_is_admitted_to_the_unmodelled_executor",
    },
)

unprobed_image_admitted = Defect(
    id="spark.rows.unprobed_image_admitted",
    target="domain.spark.runtime.arm_wall_admits_runtime",
    replacement=wall_admitting_the_unprobed_image,
    description="Admit an image with no registry reading, routing it to the unmodelled executor.",
    expect_red={
        "spark.runtime.the_unprobed_image_is_refused",
        "spark.v41_group_a_launch.unprobed_image_is_refused_by_the_arm_wall",
    },
)
