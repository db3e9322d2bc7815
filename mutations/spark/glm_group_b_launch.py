"""Declare the seeded defects of Group B's GLM call site: its own values, its plan and its one-conjunct admission (seed A2)."""

from __future__ import annotations

from claims.defects import Defect, original
from domain.core.outcome import Admitted, Refused
from domain.spark import glm_group_b_launch
from domain.spark.launcher import ArmLaunchPlan
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile


def plan_under_the_glm_profile_always(profile: ServingLaunchProfile | None) -> Admitted[ArmLaunchPlan] | Refused:
    """Plan Group B under the GLM fixture profile, whatever profile the caller names."""
    return original(glm_group_b_launch.plan_glm_group_b_launch)(GLM_GROUP_B_PROFILE)


glm_rendezvous_port_typo = Defect(
    id="spark.glm_rendezvous_port_typo",
    target=glm_group_b_launch.glm_native_arm_container,
    intent="Give Group B's container rendezvous port 29500 instead of its own 29501, a typo in a value only the call site spells.",
    patch=("rendezvous_port=GLM_RENDEZVOUS_PORT,", "rendezvous_port=29500,"),
    must_red={"spark.glm_group_b_launch.glm_carries_its_own_container_and_unit_values"},
)

glm_head_logs_to_the_rank_log = Defect(
    id="spark.glm_head_logs_to_the_rank_log",
    target=glm_group_b_launch.glm_native_arm_units,
    intent="Log Group B's head unit to the rank log path, so the serving head's output mixes with a follower's.",
    patch=(
        'head_log_path="/var/log/gunbc/glm-native-head.log",',
        'head_log_path="/var/log/gunbc/glm-native-rank.log",',
    ),
    must_red={"spark.glm_group_b_launch.glm_carries_its_own_container_and_unit_values"},
)

glm_plan_ignores_the_named_profile = Defect(
    id="spark.glm_plan_ignores_the_named_profile",
    target=glm_group_b_launch.plan_glm_group_b_launch,
    intent="Plan Group B under the GLM fixture profile whatever profile the caller names, so a request with no profile still renders flags.",
    replacement=plan_under_the_glm_profile_always,
    must_red={"spark.glm_group_b_launch.glm_without_a_profile_is_refused"},
    must_green={"spark.glm_group_b_launch.glm_ranks_render_the_glm_shape"},
)

glm_held_host_refusal_dropped = Defect(
    id="spark.glm_held_host_refusal_dropped",
    target=glm_group_b_launch.glm_group_b_launch_admission,
    intent="Read Group B's holdings but drop their refusal, so GLM launches on hosts another subject holds (its one conjunct removed).",
    patch=("    if isinstance(held, Refused):\n        return held\n", ""),
    must_red={"spark.glm_group_b_launch.glm_refuses_hosts_held_by_another_subject"},
    must_green={"spark.glm_group_b_launch.glm_admits_when_group_b_holds_its_hosts"},
)

glm_admission_dated_at_zero = Defect(
    id="spark.glm_admission_dated_at_zero",
    target=glm_group_b_launch.glm_group_b_launch_admission,
    intent="Date Group B's admission at epoch 0 instead of the second the authority log was read at.",
    patch=("group=GROUP_B.name, at=at,", "group=GROUP_B.name, at=0,"),
    must_red={"spark.glm_group_b_launch.glm_admission_carries_what_it_read"},
)

glm_port_moves_with_many_sequences = Defect(
    id="spark.glm_port_moves_with_many_sequences",
    target=glm_group_b_launch.glm_group_b_launch_request,
    intent="Serve Group B on another port when the profile asks for more than 256 sequences.",
    patch=(
        "serve_port=spark_pair_serve_port(),",
        "serve_port=spark_pair_serve_port() if profile is None or profile.max_num_seqs <= 256 else 8001,",
    ),
    must_red={"spark.glm_group_b_launch.glm_keeps_its_own_values_under_any_profile"},
)

glm_admitted_never_at_second_zero = Defect(
    id="spark.glm_admitted_never_at_second_zero",
    target=glm_group_b_launch.glm_group_b_launch_admission,
    intent="Say a read at the epoch's second 0 was a read at second 1.",
    patch=("group=GROUP_B.name, at=at,", "group=GROUP_B.name, at=max(at, 1),"),
    must_red={"spark.glm_group_b_launch.glm_admission_carries_what_it_read"},
)
