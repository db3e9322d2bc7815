"""Declare the seeded defects of the transactional apply (seed A2: head first in, head last out; "head" is node_rank == 0)."""

from __future__ import annotations

import attrs

from claims.defects import Defect, original
from domain.spark import apply_steps
from domain.spark.apply_steps import ApplyStage, ApplyStep, ArmApplySteps
from domain.spark.launcher import ArmLaunchPlan

rollback_head_first = Defect(
    id="spark.rollback_head_first",
    target=apply_steps.spark_native_arm_steps_of,
    intent="Roll back the head first instead of last, so followers lose their rendezvous while they are still being restored.",
    patch=(
        "rollback=_stage(plan, ApplyStage.ROLLBACK, tuple(reversed(head_first)), units),",
        "rollback=_stage(plan, ApplyStage.ROLLBACK, head_first, units),",
    ),
    must_red={"spark.apply_steps.the_head_applies_first_and_rolls_back_last"},
)

head_found_by_position = Defect(
    id="spark.head_found_by_position",
    target=apply_steps.spark_native_arm_steps_of,
    intent="Take the first listed rank as the head instead of node rank 0, so an arm listed followers first gets its front door on a follower (seed A2).",
    patch=("head = tuple(rank for rank in plan.ranks if rank.node_rank == 0)", "head = plan.ranks[:1]"),
    must_red={"spark.apply_steps.the_head_is_found_by_node_rank_not_by_position"},
    must_green={"spark.apply_steps.the_head_applies_first_and_rolls_back_last"},
)

every_rank_gets_the_head_unit = Defect(
    id="spark.every_rank_gets_the_head_unit",
    target=apply_steps.spark_native_arm_steps_of,
    intent="Give every rank's steps the head's rendered unit, so each follower is applied a unit that serves as the head.",
    patch=(
        "units = {rank.node_rank: render_unit(plan, rank) for rank in plan.ranks}",
        "units = dict.fromkeys((rank.node_rank for rank in plan.ranks), render_unit(plan, plan.ranks[0]))",
    ),
    must_red={"spark.apply_steps.every_step_carries_its_own_ranks_unit"},
)

script_without_set_eu = Defect(
    id="spark.script_without_set_eu",
    target=apply_steps.render_step_script,
    intent="Render step scripts without `set -eu`, so a failed preflight check runs on into the apply.",
    patch=('        "set -eu",\n', ""),
    must_red={"spark.apply_steps.a_root_log_path_makes_the_root_directory"},
)


def render_with_the_front_door_on_a_fixed_port(step: ApplyStep) -> str:
    """Render a step as the rule does, but poll the front door on 8000 whatever port the step serves on."""
    script = original(apply_steps.render_step_script)(step)
    if step.stage is not ApplyStage.FRONT_DOOR:
        return script
    return script.replace(f"http://127.0.0.1:{step.serve_port}/", "http://127.0.0.1:8000/")


front_door_on_a_fixed_port = Defect(
    id="spark.front_door_on_a_fixed_port",
    target=apply_steps.render_step_script,
    intent="Poll the front door on port 8000 whatever port the step serves on (both arms happen to serve on 8000), while its give-up line still names the step's port.",
    replacement=render_with_the_front_door_on_a_fixed_port,
    must_red={"spark.apply_steps.the_front_door_polls_the_steps_own_serve_port"},
)


def steps_with_the_commit_stage_misspelled(plan: ArmLaunchPlan) -> ArmApplySteps:
    """Plan the steps as the rule does, but log each commit step under a misspelled stage name (ApplyStage.COMMIT = "comit")."""
    steps = original(apply_steps.spark_native_arm_steps_of)(plan)
    commit = tuple(attrs.evolve(s, log_path=s.log_path.replace(".commit.", ".comit.")) for s in steps.commit)
    return attrs.evolve(steps, commit=commit)


commit_stage_misspelled = Defect(
    id="spark.commit_stage_misspelled",
    target=apply_steps.spark_native_arm_steps_of,
    intent="Spell the commit stage 'comit' in its steps' log paths, so an operator looking for <container>.commit.rank<R>.log finds nothing.",
    replacement=steps_with_the_commit_stage_misspelled,
    must_red={"spark.apply_steps.every_step_logs_under_its_stage_and_rank"},
)

log_directory_bare_without_a_space = Defect(
    id="spark.log_directory_bare_without_a_space",
    target=apply_steps.render_step_script,
    intent="Quote the log directory only when it has a space, so a directory with a $ or a ; is expanded or split by the shell.",
    patch=('f"mkdir -p {q(log_dir)}",', "f\"mkdir -p {log_dir if ' ' not in log_dir else q(log_dir)}\","),
    must_red={"spark.apply_steps.every_script_keeps_its_log_directory_and_image_whole"},
)
