"""Seeded defects for Part A's launch: authority log, admission, launcher, rendering, apply, remote steps, frontiers, dry run, V4.1 call site.

One plausible operator error per rule, written as code; each names the
exact claims it turns red over the whole suite (no scope).  A replacement
is the rule with one thing changed; where only the outcome changes, it
wraps an untouched copy of the rule (`originals.original`).
"""

from __future__ import annotations

import json
import posixpath
import hashlib

from attrs import evolve

from claims.defects import Defect
from domain.spark import admission, apply_steps, dry_run, glm_group_b_launch, launcher, remote_steps, render, v41_group_a_launch
from domain.spark.admission import HostNotHeldBySubject, HOSTS_HELD, LaunchAdmitted, V41CandidateKeyed, successor_launch_admission, V41_GROUP_A_CANDIDATE
from domain.spark.apply_steps import ApplyStage, ArmApplySteps, ApplyStep, _step
from domain.spark.authority_log import AuthorityLog, GroupSuspendedForAuthorizedSuccessor, LoggedEvent, _located, _structure_event, holder_of_at, latest_image_at, registry_reading_at
from domain.spark.checkpoint import spark_local_checkpoint_directory
from domain.spark.fit_wall import serving_arm_admits, serving_arm_admits_under
from domain.spark.fleet import GROUP_A, GROUP_B, HostGroup, four_spark_tp4
from domain.spark.frontiers import V41_DECLARED_FRONTIERS, DeclaredFrontier, ObligationOpen, PRODUCED_IMAGE, V41RuntimeProductionUnestablished
from domain.spark.launcher import ArmLaunchPlan, ArmLaunchRequest, ArmMount, ProfileAbsent, RankPlan, RendezvousPortCollides, _mount_reasons, _relocated
from domain.core.outcome import Admitted, Reason, Refused
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile, profile_subject_key
from domain.spark.remote_steps import FileTreeScope, RemoteStep, TypedRemoteFileWrite
from domain.spark.runtime import GunbcDeepseekV41EngramProduced, ProducedArtifact, RegistryReading, arm_wall_admits_runtime
from domain.spark.v41_group_a_launch import (
    V41_ENGRAM_MANIFEST_DIR,
    EngramStoreManifest,
    V41EngramStaging,
    V41GroupALaunchPlan,
    V41LaunchInputs,
    _open_reasons,
    v41_group_a_launch_request,
    v41_launch_profile,
)
from domain.spark.remote_steps import mkdir_step, seal_remote_file_write
from domain.spark.apply_steps import spark_native_arm_steps_of
from domain.spark.dry_run import DryRunReport
from mutations.originals import original

_create_argv = original(render.docker_create_argv)
_glm_dry_run = original(dry_run.glm_group_b_launch_dry_run)
_image_rule = original(admission.image_admitted_for_runtime_artifact)
_render_report = original(dry_run.render_dry_run_report)
_render_unit = original(render.render_unit)
_script = original(apply_steps.render_step_script)
_serve_args = original(render.vllm_serve_args)
_systemd_word = original(render.systemd_word)
_v41_dry_run = original(dry_run.v41_group_a_launch_dry_run)
_render_remote = original(remote_steps.render_remote_step)


# --- authority log and admission ------------------------------------------


def read_log_numbering_from_zero(text: str, source: str) -> Admitted[AuthorityLog] | Refused:
    # Off by one: lines are numbered from 0, so every located error names the line before.
    events: list[LoggedEvent] = []
    errors: list[Reason] = []
    for number, raw in enumerate(text.splitlines(), start=0):
        if not raw.strip():
            continue
        try:
            document = json.loads(raw)
        except json.JSONDecodeError as exc:
            errors.append(_located(source, number, "$", f"expected a JSON object, got invalid JSON ({exc.msg} at column {exc.colno})"))
            continue
        if type(document) is not dict:
            errors.append(_located(source, number, "$", f"expected a JSON object, got {type(document).__name__} {document!r}"))
            continue
        read = _structure_event(source, number, document)
        if isinstance(read, list):
            errors.extend(read)
        else:
            events.append(LoggedEvent(line=number, event=read))
    if errors:
        return Refused(tuple(errors))
    return Admitted(AuthorityLog(source=source, events=tuple(events)))


def admit_any_successor(state: GroupSuspendedForAuthorizedSuccessor, candidate: V41CandidateKeyed) -> Admitted[str] | Refused:
    # Dropped conjunct 2: whatever successor the suspension authorizes is taken as this candidate.
    return Admitted(state.exact_candidate_realization.key)


def image_admitted_for_any_runtime_key(log: AuthorityLog, candidate: V41CandidateKeyed, at: int) -> Admitted[str] | Refused:
    # Dropped comparison: the latest image is admitted whatever runtime key it was built for.
    image = latest_image_at(log, at)
    if image is not None:
        return Admitted(image.config_digest)
    return _image_rule(log, candidate, at)


def only_the_head_host_must_be_held(log: AuthorityLog, group: HostGroup, at: int) -> Admitted[str] | Refused:
    # Checks rank 0's host only: a follower held by another subject goes unseen.
    strays = [(host.name, holder_of_at(log, host.name, at)) for host in group.hosts[:1]]
    strays = [(name, holder) for name, holder in strays if holder != group.subject]
    if strays:
        said = ", ".join(f"{name} (held by {holder})" if holder else f"{name} (no holding recorded)" for name, holder in strays)
        return Refused((HostNotHeldBySubject(where=HOSTS_HELD, why=f"{len(strays)} of {len(group.hosts)} hosts are not held by {group.subject}: {said}"),))
    return Admitted(group.subject)


def v41_admission_over_group_b(log: AuthorityLog, at: int) -> Admitted[LaunchAdmitted] | Refused:
    # Copy-paste from the GLM call site: the V4.1 fold reads Group B.
    return successor_launch_admission(log, at, GROUP_B, V41_GROUP_A_CANDIDATE)


def glm_admission_over_group_a(log: AuthorityLog, at: int) -> Admitted[LaunchAdmitted] | Refused:
    # Copy-paste from the V4.1 call site: the GLM conjunct checks Group A's hosts.
    held = admission.admit_host_held_by_subject_among(log, GROUP_A, at)
    if isinstance(held, Refused):
        return held
    return Admitted(LaunchAdmitted(group=GROUP_B.name, at=at, lease_expires_at=None, config_digest=None, hosts_held_by=GROUP_B.subject))


# --- launcher and Group B's call site --------------------------------------


def plan_with_the_head_by_unit_name(request: ArmLaunchRequest) -> Admitted[ArmLaunchPlan] | Refused:
    # Seed A2's warning: "head" decided by comparing unit names, not by node_rank == 0.
    reasons: list[Reason] = []
    shape = four_spark_tp4(request.group)
    if isinstance(shape, Refused):
        reasons.extend(_relocated("$.group", shape.reasons))
    fit = serving_arm_admits(request.row, request.group) if request.profile is None else serving_arm_admits_under(request.row, request.group, request.profile)
    if isinstance(fit, Refused):
        reasons.extend(fit.reasons)
    if request.profile is None:
        reasons.append(ProfileAbsent(where="$.profile", why="no serving launch profile was named, so no rank's flags can be rendered"))
    model_directory = spark_local_checkpoint_directory(request.row)
    mounts = (ArmMount(source=model_directory, target=model_directory, read_only=True), *request.container.extra_mounts)
    reasons.extend(_mount_reasons(request, mounts))
    if request.container.rendezvous_port == request.serve_port:
        reasons.append(RendezvousPortCollides(
            where="$.container.rendezvous_port", why=f"port {request.serve_port} is both the API port and the mp rendezvous (--master-port)",
        ))
    if reasons:
        return Refused(tuple(reasons))
    assert isinstance(shape, Admitted) and isinstance(fit, Admitted) and request.profile is not None
    units = request.units
    ranks = []
    for seat in shape.value.seats:
        unit_name = units.head_unit_name if seat.node_rank == 0 else units.rank_unit_name
        ranks.append(RankPlan(
            node_rank=seat.node_rank, host=seat.host, unit_name=unit_name,
            log_path=units.head_log_path if seat.node_rank == 0 else units.rank_log_path,
            headless=unit_name != units.head_unit_name,
        ))
    return Admitted(ArmLaunchPlan(
        request=request, profile=request.profile, model_directory=model_directory, master_addr=shape.value.master_addr,
        mounts=mounts, ranks=tuple(ranks), fit=fit.value, subject_key=profile_subject_key(request.row, request.profile),
    ))


def glm_container_on_29500() -> launcher.ArmContainerIdentity:
    # A typo in Group B's rendezvous port: 29500 for 29501.
    return launcher.ArmContainerIdentity(container_name="glm-native", rendezvous_port=29500, shm_size="64g", extra_mounts=())


def glm_units_logging_the_head_to_the_rank_log() -> launcher.ArmUnitIdentity:
    # Wrong field: the head unit logs to the rank log path.
    return launcher.ArmUnitIdentity(
        head_unit_name="glm-native-head.service",
        rank_unit_name="glm-native-rank.service",
        head_log_path="/var/log/gunbc/glm-native-rank.log",
        rank_log_path="/var/log/gunbc/glm-native-rank.log",
        apply_log_dir="/var/log/gunbc/apply",
        description="GLM native TP4 arm on Group B",
    )


def plan_glm_ignoring_the_named_profile(profile: ServingLaunchProfile | None) -> Admitted[ArmLaunchPlan] | Refused:
    # The caller's profile is dropped: Group B always plans under the GLM fixture profile.
    return launcher.plan_arm_launch_for(glm_group_b_launch.glm_group_b_launch_request(GLM_GROUP_B_PROFILE))


# --- rendering --------------------------------------------------------------


def create_argv_binding_every_rank_to_the_head(plan: ArmLaunchPlan, rank: RankPlan) -> tuple[str, ...]:
    # Wrong field: VLLM_HOST_IP is the head's rail address (master_addr) on every rank.
    argv = _create_argv(plan, rank)
    return tuple(f"VLLM_HOST_IP={plan.master_addr}" if w.startswith("VLLM_HOST_IP=") else w for w in argv)


def unit_starting_detached(plan: ArmLaunchPlan, rank: RankPlan) -> str:
    # A missing flag: `docker start` without `--attach`, so the container's output never reaches the unit's log.
    return _render_unit(plan, rank).replace(" start --attach ", " start ")


def systemd_word_leaving_dollars(word: str) -> str:
    # Only `%` is doubled: a `$` in a word is expanded by systemd.
    escaped = word.replace("$", "\x00")
    return _systemd_word(escaped).replace("\x00", "$")


def utilization_words_without_padding(bp: int) -> str:
    # The two-place padding dropped: 8000 bp renders 0.8.
    whole, part = divmod(bp, 10_000)
    decimals = f"{part:04d}".rstrip("0") or "0"
    return f"{whole}.{decimals}"


def serve_args_without_prefix_caching_off(plan: ArmLaunchPlan, rank: RankPlan) -> tuple[str, ...]:
    # A missing flag (#12371): prefix caching "off" renders nothing, leaving vLLM's default on.
    return tuple(w for w in _serve_args(plan, rank) if w != "--no-enable-prefix-caching")


# --- apply steps and remote steps ------------------------------------------


def steps_rolling_back_head_first(plan: ArmLaunchPlan) -> ArmApplySteps:
    # Rollback not reversed: the head is restored before its followers.
    head_first = tuple(sorted(plan.ranks, key=lambda rank: rank.node_rank != 0))
    head = tuple(rank for rank in plan.ranks if rank.node_rank == 0)

    def stage(kind: ApplyStage, ranks: tuple[RankPlan, ...]) -> tuple[ApplyStep, ...]:
        return tuple(_step(plan, kind, rank) for rank in ranks)

    return ArmApplySteps(
        preflight=stage(ApplyStage.PREFLIGHT, plan.ranks), preserve=stage(ApplyStage.PRESERVE, plan.ranks),
        apply=stage(ApplyStage.APPLY, head_first), readback=stage(ApplyStage.READBACK, head_first),
        commit=stage(ApplyStage.COMMIT, plan.ranks), rollback=stage(ApplyStage.ROLLBACK, head_first),
        front_door=stage(ApplyStage.FRONT_DOOR, head), cleanup=stage(ApplyStage.CLEANUP, plan.ranks),
    )


def script_dropping_set_eu(step: ApplyStep) -> str:
    # A missing line: no `set -eu`, so a failed preflight check runs on.
    return _script(step).replace("set -eu\n", "", 1)


def seal_allowing_subdirectories(host: str, path: str, content: bytes, scope: FileTreeScope) -> Admitted[TypedRemoteFileWrite] | Refused:
    # A prefix test for the direct-child test: a write into a subdirectory of the scope is sealed.
    normal = posixpath.normpath(path)
    if not path.startswith("/") or normal != path or not normal.startswith(posixpath.normpath(scope.root) + "/"):
        return Refused((remote_steps.WriteOutsideScope(where="$.path", why=f"{path} is not a file directly inside the sealed scope {scope.root}"),))
    return Admitted(TypedRemoteFileWrite(host=host, path=path, content=content, scope=scope, readback_sha256=hashlib.sha256(content).hexdigest()))


def remote_write_without_its_size(step: RemoteStep) -> str:
    # A missing field: the sealed write's line drops its byte count.
    if isinstance(step, TypedRemoteFileWrite):
        return (f"write-file on {step.host}: {step.path} (sha256 {step.readback_sha256}) "
                f"sealed to FileTreeScope({step.scope.root}); lands when the readback digest matches")
    return _render_remote(step)


# --- frontiers, dry run, V4.1 call site ------------------------------------


def obligation_located_at_its_owner(frontier: DeclaredFrontier, context: str) -> ObligationOpen:
    # Wrong field: the refusal is located at the owner, not at the frontier's key.
    kind = V41RuntimeProductionUnestablished if frontier.key == PRODUCED_IMAGE.key else ObligationOpen
    return kind(
        where=frontier.owner,
        why=(f"{context} waits on {frontier.input} (owner {frontier.owner}); today: {frontier.today}; "
             f"TRIGGER: {frontier.trigger}; SUFFICIENT FOR: {frontier.sufficient_for}"),
    )


def open_frontiers_missing_the_last(discharged: tuple[str, ...]) -> tuple[DeclaredFrontier, ...]:
    # Off by one: the table's last frontier (#12370) is never checked.
    return tuple(f for f in V41_DECLARED_FRONTIERS[:-1] if f.key not in discharged)


def _plan_only_verdict(arm: str, report: DryRunReport, plan: Admitted[object] | Refused) -> DryRunReport:
    verdict = plan if isinstance(plan, Refused) else Admitted(f"the {arm} plan rendered and admission holds")
    return evolve(report, verdict=verdict)


def v41_dry_run_ignoring_admission(log: AuthorityLog, at: int, inputs: V41LaunchInputs) -> DryRunReport:
    # Dropped conjunct: the V4.1 dry run admits when the plan rendered, whatever admission says.
    return _plan_only_verdict("v41-group-a", _v41_dry_run(log, at, inputs), v41_group_a_launch.plan_v41_group_a_launch(inputs))


def glm_dry_run_ignoring_admission(log: AuthorityLog, at: int, profile: ServingLaunchProfile) -> DryRunReport:
    # Dropped conjunct: the GLM dry run admits when the plan rendered, whatever admission says.
    return _plan_only_verdict("glm-group-b", _glm_dry_run(log, at, profile), glm_group_b_launch.plan_glm_group_b_launch(profile))


def report_without_staging_sections(report: DryRunReport) -> str:
    # A missing section: the report leaves out each host's Engram staging.
    return _render_report(evolve(report, hosts=tuple(evolve(h, staging=()) for h in report.hosts)))


def plan_v41_naming_the_runtime_key_as_image(inputs: V41LaunchInputs) -> Admitted[V41GroupALaunchPlan] | Refused:
    # Wrong field (seed A4: image = the produced config digest): every rank names the runtime key instead.
    reasons = _open_reasons(inputs)
    if inputs.produced is not None:
        wall = arm_wall_admits_runtime(inputs.produced)
        if isinstance(wall, Refused):
            reasons.extend(type(r)(where="$.produced" + r.where[1:], why=r.why) for r in wall.reasons)
    arm = None
    if inputs.produced is not None and inputs.launch_shape is not None:
        request = v41_group_a_launch_request(v41_launch_profile(inputs.launch_shape), inputs.produced.artifact.runtime_key)
        arm = launcher.plan_arm_launch_for(request)
        if isinstance(arm, Refused):
            reasons.extend(arm.reasons)
    if reasons:
        return Refused(tuple(reasons))
    assert isinstance(arm, Admitted) and inputs.engram_manifest is not None
    staging: list[V41EngramStaging] = []
    for rank in arm.value.ranks:
        staged = v41_group_a_launch.v41_engram_staging_steps(rank.host.name, inputs.engram_manifest)
        if isinstance(staged, Refused):
            return staged
        staging.append(staged.value)
    return Admitted(V41GroupALaunchPlan(arm=arm.value, staging=tuple(staging), steps=spark_native_arm_steps_of(arm.value), discharges=inputs.discharges))


def staging_making_the_manifest_dir_twice(host: str, manifest: EngramStoreManifest) -> Admitted[V41EngramStaging] | Refused:
    # Wrong field: the second mkdir makes the manifest directory again, never the receipt directory.
    write = seal_remote_file_write(host, v41_group_a_launch.V41_ENGRAM_MANIFEST_PATH, manifest.text.encode(), FileTreeScope(root=V41_ENGRAM_MANIFEST_DIR))
    if isinstance(write, Refused):
        return write
    return Admitted(V41EngramStaging(manifest_dir=mkdir_step(host, V41_ENGRAM_MANIFEST_DIR), receipt_dir=mkdir_step(host, V41_ENGRAM_MANIFEST_DIR), manifest=write.value))


def produced_reading_as_of_the_image(log: AuthorityLog, at: int) -> GunbcDeepseekV41EngramProduced | None:
    # Wrong field: the reading is read as of the image's admission time, so a later probe is never seen.
    image = latest_image_at(log, at)
    if image is None:
        return None
    reading = registry_reading_at(log, image.config_digest, image.at)
    return GunbcDeepseekV41EngramProduced(
        artifact=ProducedArtifact(config_digest=image.config_digest, runtime_key=image.runtime_key),
        registry_reading=None if reading is None else RegistryReading(hub_cli_path=reading.hub_cli_path, vllm_version=reading.vllm_version),
    )


# --- declared defects ------------------------------------------------------

log_lines_numbered_from_zero = Defect(
    id="spark.launch.log_lines_numbered_from_zero",
    target="domain.spark.authority_log.read_authority_log",
    replacement=read_log_numbering_from_zero,
    description="Number authority-log lines from 0, so every located error names the line before.",
    expect_red={"spark.authority_log.malformed_log_errors_are_byte_identical", "spark.authority_log.reading_goes_on_past_invalid_json", 
        "spark.authority_log.every_malformed_line_is_refused_located",
        "spark.authority_log.missing_keys_and_coercions_are_refused",
        "spark.authority_log.typed_lines_read_as_events",
    },
)

any_successor_is_the_candidate = Defect(
    id="spark.launch.any_successor_is_the_candidate",
    target="domain.spark.admission.successor_is_candidate",
    replacement=admit_any_successor,
    description="Take whatever successor a suspension authorizes as this candidate.",
    expect_red={"spark.dry_run.the_v41_dry_run_without_a_shape_reports_every_reason", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.admission.admission_names_exactly_the_failing_conjuncts",
        "spark.admission.a_longer_key_is_another_successor",
        "spark.admission.the_fold_reports_every_failing_conjunct",
        "spark.v41_group_a_launch.suspension_for_another_successor_refuses_the_launch",
    },
)

image_runtime_key_not_compared = Defect(
    id="spark.launch.image_runtime_key_not_compared",
    target="domain.spark.admission.image_admitted_for_runtime_artifact",
    replacement=image_admitted_for_any_runtime_key,
    description="Admit the latest image whatever runtime key it was built for.",
    expect_red={"spark.dry_run.the_v41_dry_run_without_a_shape_reports_every_reason", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.admission.admission_names_exactly_the_failing_conjuncts",
        "spark.v41_group_a_launch.image_for_another_runtime_key_refuses_the_launch",
    },
)

only_the_head_host_checked = Defect(
    id="spark.launch.only_the_head_host_checked",
    target="domain.spark.admission.admit_host_held_by_subject_among",
    replacement=only_the_head_host_must_be_held,
    description="Check only rank 0's host is held by the group's subject.",
    expect_red={"spark.admission.the_unheld_hosts_are_listed_exactly", "spark.dry_run.glm_dry_run_reports_are_byte_identical", "spark.dry_run.the_v41_dry_run_without_a_shape_reports_every_reason", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.admission.admission_names_exactly_the_failing_conjuncts",
        "spark.glm_group_b_launch.glm_refuses_hosts_held_by_another_subject",
        "spark.admission.one_reason_names_every_unheld_host",
        "spark.admission.the_fold_reports_every_failing_conjunct",
        "spark.dry_run.the_glm_dry_run_refuses_an_unheld_host",
        "spark.v41_group_a_launch.host_not_held_by_the_subject_refuses_the_launch",
    },
)

v41_admission_reads_group_b = Defect(
    id="spark.launch.v41_admission_reads_group_b",
    target="domain.spark.v41_group_a_launch.v41_group_a_launch_admission",
    replacement=v41_admission_over_group_b,
    description="Fold the V4.1 admission over Group B, copied from the GLM call site.",
    expect_red={"spark.dry_run.the_logs_own_transition_discharges_12370", "spark.dry_run.admitted_reports_name_the_arm_the_verdict_and_the_head", "spark.dry_run.the_v41_dry_run_without_a_shape_reports_every_reason", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.admission.admission_names_exactly_the_failing_conjuncts",
        "spark.dry_run.a_refused_dry_run_reports_every_reason",
        "spark.v41_group_a_launch.active_incumbent_refuses_the_launch",
        "spark.v41_group_a_launch.correct_suspension_admits_the_launch",
        "spark.v41_group_a_launch.dry_run_renders_four_hosts_with_create_unit_staging_preflight_apply",
        "spark.v41_group_a_launch.expired_lease_refuses_the_launch",
        "spark.v41_group_a_launch.host_not_held_by_the_subject_refuses_the_launch",
        "spark.v41_group_a_launch.image_for_another_runtime_key_refuses_the_launch",
        "spark.v41_group_a_launch.suspension_for_another_successor_refuses_the_launch",
    },
)

glm_admission_reads_group_a = Defect(
    id="spark.launch.glm_admission_reads_group_a",
    target="domain.spark.glm_group_b_launch.glm_group_b_launch_admission",
    replacement=glm_admission_over_group_a,
    description="Check Group A's hosts in the GLM admission, copied from the V4.1 call site.",
    expect_red={"spark.dry_run.admitted_reports_name_the_arm_the_verdict_and_the_head", "spark.dry_run.glm_dry_run_reports_are_byte_identical", 
        "spark.glm_group_b_launch.glm_admits_when_group_b_holds_its_hosts",
        "spark.glm_group_b_launch.glm_refuses_hosts_held_by_another_subject",
        "spark.dry_run.the_glm_dry_run_admits",
        "spark.dry_run.the_glm_dry_run_refuses_an_unheld_host",
    },
)

head_decided_by_unit_name = Defect(
    id="spark.launch.head_decided_by_unit_name",
    target="domain.spark.launcher.plan_arm_launch_for",
    replacement=plan_with_the_head_by_unit_name,
    description="Decide which rank serves by comparing unit names instead of node_rank == 0.",
    expect_red={
        "spark.launcher.the_head_is_node_rank_zero_not_a_unit_name",
    },
)

glm_rendezvous_port_typo = Defect(
    id="spark.launch.glm_rendezvous_port_typo",
    target="domain.spark.glm_group_b_launch.glm_native_arm_container",
    replacement=glm_container_on_29500,
    description="Give Group B's container rendezvous port 29500 instead of 29501.",
    expect_red={"spark.dry_run.glm_dry_run_reports_are_byte_identical", 
        "spark.glm_group_b_launch.glm_carries_its_own_container_and_unit_values",
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
        "spark.render.head_serves_and_followers_run_headless",
    },
)

glm_head_logs_to_the_rank_log = Defect(
    id="spark.launch.glm_head_logs_to_the_rank_log",
    target="domain.spark.glm_group_b_launch.glm_native_arm_units",
    replacement=glm_units_logging_the_head_to_the_rank_log,
    description="Log Group B's head unit to the rank log path.",
    expect_red={"spark.dry_run.glm_dry_run_reports_are_byte_identical", 
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
    },
)

glm_plan_ignores_the_named_profile = Defect(
    id="spark.launch.glm_plan_ignores_the_named_profile",
    target="domain.spark.glm_group_b_launch.plan_glm_group_b_launch",
    replacement=plan_glm_ignoring_the_named_profile,
    description="Plan Group B under the GLM fixture profile whatever profile the caller names.",
    expect_red={
        "spark.glm_group_b_launch.glm_without_a_profile_is_refused",
    },
)

every_rank_binds_the_head_address = Defect(
    id="spark.launch.every_rank_binds_the_head_address",
    target="domain.spark.render.docker_create_argv",
    replacement=create_argv_binding_every_rank_to_the_head,
    description="Bind every rank's VLLM_HOST_IP to the head's rail address.",
    expect_red={"spark.dry_run.glm_dry_run_reports_are_byte_identical", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.render.each_rank_argv_parses_back_to_the_plan",
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
        "spark.render.head_serves_and_followers_run_headless",
    },
)

unit_starts_detached = Defect(
    id="spark.launch.unit_starts_detached",
    target="domain.spark.render.render_unit",
    replacement=unit_starting_detached,
    description="Start the container without --attach, so its output never reaches the unit's log.",
    expect_red={"spark.dry_run.glm_dry_run_reports_are_byte_identical", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
        "spark.render.a_unit_creates_then_starts_attached",
    },
)

systemd_dollar_not_doubled = Defect(
    id="spark.launch.systemd_dollar_not_doubled",
    target="domain.spark.render.systemd_word",
    replacement=systemd_word_leaving_dollars,
    description="Leave `$` undoubled in a systemd word, so systemd expands it.",
    expect_red={
        "spark.render.each_rank_argv_parses_back_to_the_plan",
        "spark.render.systemd_words_escape_specifiers",
    },
)

utilization_unpadded = Defect(
    id="spark.launch.utilization_unpadded",
    target="domain.spark.render.utilization_words",
    replacement=utilization_words_without_padding,
    description="Render 8000 bp as 0.8 instead of 0.80.",
    expect_red={"spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.render.utilization_renders_exactly_from_basis_points",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

prefix_caching_off_not_rendered = Defect(
    id="spark.launch.prefix_caching_off_not_rendered",
    target="domain.spark.render.vllm_serve_args",
    replacement=serve_args_without_prefix_caching_off,
    description="Render nothing for prefix caching off, leaving vLLM's default on.",
    expect_red={"spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.render.each_rank_argv_parses_back_to_the_plan",
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

rollback_head_first = Defect(
    id="spark.launch.rollback_head_first",
    target="domain.spark.apply_steps.spark_native_arm_steps_of",
    replacement=steps_rolling_back_head_first,
    description="Roll back the head before its followers instead of last.",
    expect_red={
        "spark.apply_steps.stage_scripts_take_the_container_name",
        "spark.apply_steps.the_head_applies_first_and_rolls_back_last",
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
    },
)

script_without_set_eu = Defect(
    id="spark.launch.script_without_set_eu",
    target="domain.spark.apply_steps.render_step_script",
    replacement=script_dropping_set_eu,
    description="Render step scripts without `set -eu`, so a failed check runs on.",
    expect_red={"spark.apply_steps.a_root_log_path_makes_the_root_directory", "spark.dry_run.glm_dry_run_reports_are_byte_identical", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.glm_group_b_launch.glm_group_b_rendering_is_byte_identical",
    },
)

seal_allows_subdirectories = Defect(
    id="spark.launch.seal_allows_subdirectories",
    target="domain.spark.remote_steps.seal_remote_file_write",
    replacement=seal_allowing_subdirectories,
    description="Seal a write anywhere below its scope instead of directly inside it.",
    expect_red={
        "spark.remote_steps.a_write_into_a_subdirectory_is_refused",
    },
)

write_line_without_its_size = Defect(
    id="spark.launch.write_line_without_its_size",
    target="domain.spark.remote_steps.render_remote_step",
    replacement=remote_write_without_its_size,
    description="Render a sealed write's line without its byte count.",
    expect_red={"spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.remote_steps.a_write_inside_its_scope_is_sealed",
    },
)

obligation_at_its_owner = Defect(
    id="spark.launch.obligation_at_its_owner",
    target="domain.spark.frontiers.obligation_open",
    replacement=obligation_located_at_its_owner,
    description="Locate an open obligation at its owner instead of its frontier key.",
    expect_red={"spark.dry_run.the_v41_dry_run_without_a_shape_reports_every_reason", "spark.dry_run.v41_dry_run_reports_are_byte_identical", "spark.v41_group_a_launch.no_produced_image_is_called_unestablished", 
        "spark.dry_run.a_refused_dry_run_reports_every_reason",
        "spark.v41_group_a_launch.a_withheld_occupancy_discharge_refuses",
        "spark.frontiers.every_discharge_leaves_no_frontier_open",
        "spark.frontiers.nothing_supplied_refuses_every_frontier_by_name",
        "spark.v41_group_a_launch.live_inputs_reach_the_planner_naming_the_image_and_the_open_gaps",
    },
)

last_frontier_never_open = Defect(
    id="spark.launch.last_frontier_never_open",
    target="domain.spark.frontiers.open_frontiers",
    replacement=open_frontiers_missing_the_last,
    description="Skip the table's last frontier (#12370) when listing open ones.",
    expect_red={
        "spark.frontiers.nothing_supplied_refuses_every_frontier_by_name",
    },
)

v41_dry_run_ignores_admission = Defect(
    id="spark.launch.v41_dry_run_ignores_admission",
    target="domain.spark.dry_run.v41_group_a_launch_dry_run",
    replacement=v41_dry_run_ignoring_admission,
    description="Admit the V4.1 dry run when the plan rendered, whatever admission says.",
    expect_red={"spark.dry_run.the_v41_dry_run_without_a_shape_reports_every_reason", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.dry_run.a_refused_dry_run_reports_every_reason",
    },
)

glm_dry_run_ignores_admission = Defect(
    id="spark.launch.glm_dry_run_ignores_admission",
    target="domain.spark.dry_run.glm_group_b_launch_dry_run",
    replacement=glm_dry_run_ignoring_admission,
    description="Admit the GLM dry run when the plan rendered, whatever admission says.",
    expect_red={"spark.dry_run.glm_dry_run_reports_are_byte_identical", 
        "spark.dry_run.the_glm_dry_run_refuses_an_unheld_host",
    },
)

report_without_staging = Defect(
    id="spark.launch.report_without_staging",
    target="domain.spark.dry_run.render_dry_run_report",
    replacement=report_without_staging_sections,
    description="Leave each host's Engram staging out of the dry-run report.",
    expect_red={"spark.dry_run.each_host_section_carries_its_own_rank_scripts", "spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.v41_group_a_launch.dry_run_renders_four_hosts_with_create_unit_staging_preflight_apply",
    },
)

v41_image_is_the_runtime_key = Defect(
    id="spark.launch.v41_image_is_the_runtime_key",
    target="domain.spark.v41_group_a_launch.plan_v41_group_a_launch",
    replacement=plan_v41_naming_the_runtime_key_as_image,
    description="Name the runtime key as every rank's image instead of the produced config digest.",
    expect_red={"spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.v41_group_a_launch.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
    },
)

staging_makes_the_manifest_dir_twice = Defect(
    id="spark.launch.staging_makes_the_manifest_dir_twice",
    target="domain.spark.v41_group_a_launch.v41_engram_staging_steps",
    replacement=staging_making_the_manifest_dir_twice,
    description="Make the manifest directory twice and never the receipt directory.",
    expect_red={"spark.dry_run.v41_dry_run_reports_are_byte_identical", 
        "spark.v41_group_a_launch.engram_staging_is_three_modeled_steps_with_no_next_temp_file",
    },
)

reading_as_of_the_image = Defect(
    id="spark.launch.reading_as_of_the_image",
    target="domain.spark.v41_group_a_launch.v41_produced_from_log",
    replacement=produced_reading_as_of_the_image,
    description="Read the image's registry reading as of the image's admission instead of the read time.",
    expect_red={"spark.v41_group_a_launch.the_produced_reading_carries_the_vllm_version", 
        "spark.v41_group_a_launch.the_produced_image_is_read_from_the_log",
        "spark.v41_group_a_launch.live_inputs_reach_the_planner_naming_the_image_and_the_open_gaps",
    },
)
