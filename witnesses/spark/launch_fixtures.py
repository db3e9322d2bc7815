"""Build the values the launch witnesses share: authority logs, V4.1 inputs, planned arms (no claims here)."""

from __future__ import annotations

import attrs

from domain.admission import V41_GROUP_A_CANDIDATE
from domain.authority_log import (
    AuthorityEvent,
    AuthorityLog,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    ImageAdmitted,
    LoggedEvent,
    PairRealizationKeyed,
    RegistryReadingRecorded,
)
from domain.fleet import GROUP_A, GROUP_B
from domain.frontiers import FIXTURE_HOST_EFFECTS_DISCHARGE, FIXTURE_OCCUPANCY_DISCHARGE, FrontierDischarge
from domain.glm_group_b_launch import plan_glm_group_b_launch
from domain.launcher import ArmLaunchPlan
from domain.profile import GLM_GROUP_B_PROFILE
from domain.runtime import V41_PRODUCED_ARTIFACT, V41_PROBED_RUNTIME, GunbcDeepseekV41EngramProduced
from domain.v41_group_a_launch import (
    FIXTURE_V41_ENGRAM_STORE_MANIFEST,
    FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE,
    EngramStoreManifest,
    V41GroupALaunchPlan,
    V41LaunchInputs,
    V41MeasurementLaunchShape,
    plan_v41_group_a_launch,
)

READ_AT = 1_767_229_200
"""2026-01-01T01:00:00Z: the witnesses read every authority log at this second."""

LEASE_EXPIRES_AT = 1_767_232_800
DIGEST = V41_PRODUCED_ARTIFACT.config_digest
OTHER_DIGEST = "sha256:" + "7a" * 32

ACTIVE = GroupActive(at=1_767_200_000, group=GROUP_A.name, incumbent="gunbc-spark-pair@FabricGroupA/deepseek-v4")
SUSPENSION = GroupSuspendedForAuthorizedSuccessor(
    at=1_767_225_600,
    group=GROUP_A.name,
    exact_candidate_realization=PairRealizationKeyed(key=V41_GROUP_A_CANDIDATE.candidate),
    lease_expires_at=LEASE_EXPIRES_AT,
)
HELD_A = tuple(HostHeld(at=1_767_200_000, host=h.name, subject=GROUP_A.subject) for h in GROUP_A.hosts)
HELD_B = tuple(HostHeld(at=1_767_200_000, host=h.name, subject=GROUP_B.subject) for h in GROUP_B.hosts)
IMAGE = ImageAdmitted(at=1_767_220_000, config_digest=DIGEST, runtime_key=V41_GROUP_A_CANDIDATE.runtime_artifact)
READING = RegistryReadingRecorded(at=1_767_220_100, config_digest=DIGEST, hub_cli_path="/usr/local/bin/hf", vllm_version="0.1.dev1+gd2d649e6")

DRY_RUN_DISCHARGES = (
    FIXTURE_OCCUPANCY_DISCHARGE,
    FIXTURE_HOST_EFFECTS_DISCHARGE,
    FrontierDischarge(key="#12370", by="the witness's authority log, read as #12370's suspension shape"),
)
"""The discharges the dry run supplies besides the typed values (#12351, the wet runner, #12370)."""


def authority_log(*events: AuthorityEvent) -> AuthorityLog:
    """Return a log of these events, one a line, in order."""
    return AuthorityLog(source="witness.jsonl", events=tuple(LoggedEvent(line=n, event=e) for n, e in enumerate(events, 1)))


def admitting_log() -> AuthorityLog:
    """Return the world where Group A is suspended for this candidate, leased, its image admitted and hosts held."""
    return authority_log(ACTIVE, *HELD_A, IMAGE, READING, SUSPENSION)


def shape_at(bp: int) -> V41MeasurementLaunchShape:
    """Return the fixture launch shape at another utilization."""
    return attrs.evolve(FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE, gpu_memory_utilization_bp=bp)


def v41_inputs(
    produced: GunbcDeepseekV41EngramProduced | None = V41_PROBED_RUNTIME,
    shape: V41MeasurementLaunchShape | None = FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE,
    manifest: EngramStoreManifest | None = FIXTURE_V41_ENGRAM_STORE_MANIFEST,
) -> V41LaunchInputs:
    """Return the plan's interface values: fixtures supplied for every frontier unless named."""
    return V41LaunchInputs(produced=produced, launch_shape=shape, engram_manifest=manifest, discharges=DRY_RUN_DISCHARGES)


def v41_plan() -> V41GroupALaunchPlan:
    """Return the V4.1 plan with fixtures supplied at the plan's interface (raises if it refuses)."""
    planned = plan_v41_group_a_launch(v41_inputs())
    assert not planned.refused, planned
    return planned.value


def glm_plan() -> ArmLaunchPlan:
    """Return Group B's planned GLM arm under its profile (raises if it refuses)."""
    planned = plan_glm_group_b_launch(GLM_GROUP_B_PROFILE)
    assert not planned.refused, planned
    return planned.value
