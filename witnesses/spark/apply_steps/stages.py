"""Witness the transactional apply: typed steps for any arm, head first, each with its own log."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.spark import apply_steps, launcher
from domain.spark.apply_steps import ApplyStage, render_step_script, spark_native_arm_steps_of
from domain.spark.launcher import MountSourceMissing
from domain.spark.render import render_unit
from domain.spark.v41_group_a_launch import plan_v41_group_a_launch
from witnesses.spark.apply_steps import witness
from witnesses.spark.fixtures import DIGEST, every_step, glm_plan, v41_inputs


@witness.positive(
    "The apply runs the head first and rolls it back last, with the front door on the head alone.",
    rules=[apply_steps.spark_native_arm_steps_of],
)
def the_head_applies_first_and_rolls_back_last() -> None:
    steps = spark_native_arm_steps_of(glm_plan())
    check.equal("apply order", [s.node_rank for s in steps.apply], [0, 1, 2, 3])
    check.equal("readback order", [s.node_rank for s in steps.readback], [0, 1, 2, 3])
    check.equal("rollback order", [s.node_rank for s in steps.rollback], [3, 2, 1, 0])
    check.equal("front door", [(s.host, s.node_rank) for s in steps.front_door], [("srv1", 0)])
    check.equal(
        "stage counts", [len(getattr(steps, f.name)) for f in attrs.fields(type(steps))], [4, 4, 4, 4, 4, 4, 1, 4]
    )


@witness.positive(
    "The head is the rank at node rank 0 even when the arm's ranks are listed followers first.",
    rules=[apply_steps.spark_native_arm_steps_of],
)
def the_head_is_found_by_node_rank_not_by_position() -> None:
    plan = glm_plan()
    shuffled = attrs.evolve(plan, ranks=tuple(reversed(plan.ranks)))
    steps = spark_native_arm_steps_of(shuffled)
    check.equal("apply order", [s.node_rank for s in steps.apply], [0, 3, 2, 1])
    check.equal("front door host", steps.front_door[0].host, "srv1")


@witness.positive(
    "Every step of every stage carries its own rank's rendered unit, in both arms, whatever order the ranks are listed in.",
    rules=[apply_steps.spark_native_arm_steps_of],
)
def every_step_carries_its_own_ranks_unit() -> None:
    glm = glm_plan()
    v41 = check.admitted(plan_v41_group_a_launch(v41_inputs()))
    for arm, plan, steps in (
        ("glm", glm, spark_native_arm_steps_of(glm)),
        ("glm followers first", glm, spark_native_arm_steps_of(attrs.evolve(glm, ranks=tuple(reversed(glm.ranks))))),
        ("v41", v41.arm, v41.steps),
    ):
        units = {rank.node_rank: render_unit(plan, rank) for rank in plan.ranks}
        check.equal(f"{arm}: distinct units", len(set(units.values())), len(plan.ranks))
        for step in every_step(steps):
            check.equal(f"{arm}: {step.stage.value} rank {step.node_rank} unit", step.unit_text, units[step.node_rank])


@witness.positive(
    "Every step logs to its own path and the preflight requires every mount source of the V4.1 arm.",
    rules=[apply_steps.spark_native_arm_steps_of, apply_steps.render_step_script],
)
def each_step_has_its_own_log_and_preflight_checks_every_mount() -> None:
    plan = check.admitted(plan_v41_group_a_launch(v41_inputs()))
    every = every_step(plan.steps)
    check.equal("distinct logs", len({s.log_path for s in every}), len(every))
    check.equal("a log path", plan.steps.readback[2].log_path, "/var/log/gunbc/apply/gunbc-v41-tp4.readback.rank2.log")
    script = render_step_script(plan.steps.preflight[1])
    for source in (
        "/srv/gunbc/checkpoints/DeepseekV41FlashDba1be0a",
        "/srv/gunbc/engram/row-stores/DeepseekV41FlashDba1be0a",
        "/srv/gunbc/engram/manifests/gunbc-v41-tp4",
        "/srv/gunbc/engram/touch-receipts/gunbc-v41-tp4",
    ):
        check.contains(f"preflight tests {source}", f"test -e {source} ||", script)
    check.contains("logs to its own file", "exec >>/var/log/gunbc/apply/gunbc-v41-tp4.preflight.rank1.log 2>&1", script)


@witness.positive(
    "The stage scripts take the container name and unit from the plan: preserve, apply, readback, commit, rollback.",
    rules=[apply_steps.render_step_script],
)
def stage_scripts_take_the_container_name() -> None:
    steps = spark_native_arm_steps_of(glm_plan())
    unit = "/etc/systemd/system/glm-native-rank.service"
    check.contains("preserve", f"cp -p {unit} {unit}.preserved", render_step_script(steps.preserve[1]))
    check.contains(
        "apply",
        f"mv {unit}.staged {unit}\nsystemctl daemon-reload\nsystemctl restart glm-native-rank.service",
        render_step_script(steps.apply[1]),
    )
    check.contains(
        "readback", "docker inspect --format '{{.State.Running}}' glm-native", render_step_script(steps.readback[1])
    )
    check.contains("commit", "systemctl enable glm-native-rank.service", render_step_script(steps.commit[1]))
    check.contains("rollback", f"mv {unit}.preserved {unit}", render_step_script(steps.rollback[0]))
    check.equal("stage of the rollback step", steps.rollback[0].stage, ApplyStage.ROLLBACK)


@witness.refusal(
    "An arm whose mount source is missing never reaches the apply: the plan refuses it first.",
    rules=[launcher.plan_arm_launch_for, apply_steps.spark_native_arm_steps_of, apply_steps.render_step_script],
    reasons=[because(MountSourceMissing, at="$.container.extra_mounts[0].source", saying="relative/stores")],
)
def a_missing_mount_source_never_reaches_the_apply():
    request = glm_plan().request
    container = attrs.evolve(
        request.container,
        extra_mounts=(launcher.ArmMount(source="relative/stores", target="/srv/stores", read_only=True),),
    )
    return launcher.plan_arm_launch_for(attrs.evolve(request, container=container))


@witness.positive(
    "A step whose log lies in the root directory renders a script that makes `/` and logs there.",
    rules=[apply_steps.render_step_script],
)
def a_root_log_path_makes_the_root_directory() -> None:
    step = attrs.evolve(spark_native_arm_steps_of(glm_plan()).commit[0], log_path="/commit.log")
    check.contains("log lines", "set -eu\nmkdir -p /\nexec >>/commit.log 2>&1\n", render_step_script(step))


@witness.positive(
    "Every stage script of both arms starts with its shell line and ends in exactly one newline, so it can be written to a file as is.",
    rules=[apply_steps.render_step_script],
)
def every_stage_script_ends_in_one_newline() -> None:
    for arm, steps in (
        ("GLM", spark_native_arm_steps_of(glm_plan())),
        ("V4.1", check.admitted(plan_v41_group_a_launch(v41_inputs())).steps),
    ):
        for step in every_step(steps):
            script = render_step_script(step)
            label = f"{arm} {step.stage.value} rank {step.node_rank}"
            check.holds(f"{label} starts with its shell line", script.startswith("#!/bin/sh\n"), script[:20])
            check.holds(
                f"{label} ends in one newline", script.endswith("\n") and not script.endswith("\n\n"), script[-20:]
            )


def _body_of(script: str) -> list[str]:
    return script.split(" 2>&1\n", 1)[1].splitlines()


@witness.positive(
    "The V4.1 stage scripts preserve, read back, commit, roll back, answer at the front door and clean up only the V4.1 unit, container and image.",
    rules=[apply_steps.render_step_script],
)
def v41_stage_scripts_touch_only_the_v41_arm() -> None:
    steps = check.admitted(plan_v41_group_a_launch(v41_inputs())).steps
    rank, head = "gunbc-v41-tp4-rank.service", "gunbc-v41-tp4-head.service"
    unit, head_unit = f"/etc/systemd/system/{rank}", f"/etc/systemd/system/{head}"
    check.equal(
        "preserve, rank 3",
        _body_of(render_step_script(steps.preserve[3])),
        [
            f"rm -f {unit}.preserved {unit}.preserved.absent",
            f"if [ -e {unit} ]; then cp -p {unit} {unit}.preserved; else touch {unit}.preserved.absent; fi",
        ],
    )
    check.equal(
        "readback, rank 3",
        _body_of(render_step_script(steps.readback[3])),
        [
            f"systemctl is-active --quiet {rank}",
            "test \"$(docker inspect --format '{{.State.Running}}' gunbc-v41-tp4)\" = true",
            f"test \"$(docker inspect --format '{{{{.Config.Image}}}}' gunbc-v41-tp4)\" = {DIGEST}",
        ],
    )
    check.equal(
        "commit, rank 3",
        _body_of(render_step_script(steps.commit[3])),
        [f"systemctl enable {rank}", f"rm -f {unit}.preserved {unit}.preserved.absent"],
    )
    check.equal(
        "rollback, the head last",
        _body_of(render_step_script(steps.rollback[3])),
        [
            f"systemctl stop {head} || true",
            f"if [ -e {head_unit}.preserved ]; then mv {head_unit}.preserved {head_unit}; systemctl daemon-reload; systemctl start {head};",
            f"else rm -f {head_unit} {head_unit}.preserved.absent; systemctl daemon-reload; fi",
        ],
    )
    check.equal(
        "front door, the head",
        _body_of(render_step_script(steps.front_door[0])),
        [
            "for attempt in $(seq 1 90); do",
            "  if curl --fail --silent --max-time 10 http://127.0.0.1:8000/v1/models | grep -F -- deepseek-v4.1-flash >/dev/null; then exit 0; fi",
            "  sleep 10",
            "done",
            "echo 'front door: deepseek-v4.1-flash never answered on port 8000'",
            "exit 1",
        ],
    )
    check.equal(
        "cleanup, rank 3",
        _body_of(render_step_script(steps.cleanup[3])),
        [
            f"rm -f {unit}.staged",
            f"if ! systemctl is-active --quiet {rank}; then docker rm --force gunbc-v41-tp4 >/dev/null 2>&1 || true; fi",
        ],
    )


@witness.positive(
    "Every V4.1 step logs to /var/log/gunbc/apply/gunbc-v41-tp4.<stage>.rank<R>.log, each stage spelled by its name: preflight, preserve, apply, readback, front-door, commit, rollback, cleanup.",
    rules=[apply_steps.spark_native_arm_steps_of],
)
def every_step_logs_under_its_stage_and_rank() -> None:
    plan = check.admitted(plan_v41_group_a_launch(v41_inputs()))
    stages = ("preflight", "preserve", "apply", "readback", "front-door", "commit", "rollback", "cleanup")
    check.equal(
        "log paths",
        [s.log_path for s in every_step(plan.steps)],
        [
            f"/var/log/gunbc/apply/gunbc-v41-tp4.{stage}.rank{rank}.log"
            for stage in stages
            for rank in ((0,) if stage == "front-door" else (3, 2, 1, 0) if stage == "rollback" else (0, 1, 2, 3))
        ],
    )


@witness.positive(
    "Every step carries each mount's host source, never its container target: a mount binding /srv/host/stores onto /srv/stores is tested at its source by every rank's preflight.",
    rules=[apply_steps.spark_native_arm_steps_of, apply_steps.render_step_script],
)
def every_step_carries_each_mounts_host_source_not_its_target() -> None:
    request = glm_plan().request
    container = attrs.evolve(
        request.container,
        extra_mounts=(launcher.ArmMount(source="/srv/host/stores", target="/srv/stores", read_only=True),),
    )
    plan = check.admitted(launcher.plan_arm_launch_for(attrs.evolve(request, container=container)))
    sources = ("/srv/gunbc/checkpoints/Glm46Fp8", "/srv/host/stores")
    steps = spark_native_arm_steps_of(plan)
    for step in every_step(steps):
        check.equal(f"{step.stage.value} rank {step.node_rank} mount sources", step.mount_sources, sources)
    for step in steps.preflight:
        script = render_step_script(step)
        check.contains(f"preflight rank {step.node_rank}", "test -e /srv/host/stores ||", script)
        check.absent(f"preflight rank {step.node_rank}", "test -e /srv/stores ", script)
