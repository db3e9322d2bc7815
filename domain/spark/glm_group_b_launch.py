"""Name Group B's GLM arm on the shared launcher: its container, units, image, request and admission.

Seed A2: the launcher stopped being a GLM launcher; each GLM literal it used
to spell moved here, to the call site that owns it
(`glm_native_arm_container`, `glm_native_arm_units`), and the parsers moved
to the GLM checkpoint row.  Group B's rendering is the regression control
for any refactor of the shared launcher (the byte-identity snapshot).
"""

from __future__ import annotations

from domain.core.outcome import Admitted, Refused
from domain.spark.admission import LaunchAdmitted, admit_host_held_by_subject_among
from domain.spark.authority_log import AuthorityLog
from domain.spark.checkpoint import GLM_CHECKPOINT_ROW
from domain.spark.fleet import GROUP_B, spark_pair_serve_port
from domain.spark.launcher import (
    ArmContainerIdentity,
    ArmLaunchPlan,
    ArmLaunchRequest,
    ArmUnitIdentity,
    plan_arm_launch_for,
)
from domain.spark.profile import ServingLaunchProfile

GLM_IMAGE = "nvcr.io/nvidia/vllm:25.10-py3"
"""FIXTURE: the pinned image Group B serves GLM from (the seeds name no tag)."""

GLM_RENDEZVOUS_PORT = 29501
"""FIXTURE: Group B's mp rendezvous port (--master-port)."""


def glm_native_arm_container() -> ArmContainerIdentity:
    """Return Group B's container identity: the values the launcher used to spell itself (fixtures)."""
    return ArmContainerIdentity(
        container_name="glm-native",
        rendezvous_port=GLM_RENDEZVOUS_PORT,
        shm_size="64g",
        extra_mounts=(),
    )


def glm_native_arm_units() -> ArmUnitIdentity:
    """Return Group B's unit identity: GLM's unit names, logs and description (fixtures)."""
    return ArmUnitIdentity(
        head_unit_name="glm-native-head.service",
        rank_unit_name="glm-native-rank.service",
        head_log_path="/var/log/gunbc/glm-native-head.log",
        rank_log_path="/var/log/gunbc/glm-native-rank.log",
        apply_log_dir="/var/log/gunbc/apply",
        description="GLM native TP4 arm on Group B",
    )


def glm_group_b_launch_request(profile: ServingLaunchProfile | None) -> ArmLaunchRequest:
    """Return Group B's launch request under the profile given; with None the launcher refuses it as ProfileAbsent."""
    return ArmLaunchRequest(
        group=GROUP_B,
        row=GLM_CHECKPOINT_ROW,
        profile=profile,
        image=GLM_IMAGE,
        serve_port=spark_pair_serve_port(),
        container=glm_native_arm_container(),
        units=glm_native_arm_units(),
        env=(),
    )


def plan_glm_group_b_launch(profile: ServingLaunchProfile | None) -> Admitted[ArmLaunchPlan] | Refused:
    """Plan Group B's GLM arm on the shared launcher."""
    return plan_arm_launch_for(glm_group_b_launch_request(profile))


def glm_group_b_launch_admission(log: AuthorityLog, at: int) -> Admitted[LaunchAdmitted] | Refused:
    """Admit Group B's GLM arm when its subject holds all four hosts (GLM succeeds no one: one conjunct)."""
    held = admit_host_held_by_subject_among(log, GROUP_B, at)
    if isinstance(held, Refused):
        return held
    return Admitted(
        LaunchAdmitted(
            group=GROUP_B.name, at=at, lease_expires_at=None, config_digest=None, hosts_held_by=GROUP_B.subject
        )
    )
