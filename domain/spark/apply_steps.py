"""Plan the transactional apply of any arm as typed steps, and render each step to a script.

Seed A2 (`native_serving_apply`): preflight (every mount source must exist),
preserve (keep each host's current unit), head-first apply, per-rank
readback, then commit or rollback, the front door (the head answers its API)
and cleanup.  Each step carries its own log path; "head" is `node_rank ==
0`, never a comparison against a unit name; the scripts take the container
name from the plan.  `spark_native_arm_steps_of` plans the steps of any arm.
"""

from __future__ import annotations

import enum
import shlex

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.spark.launcher import ArmLaunchPlan, RankPlan
from domain.spark.render import render_unit

SYSTEMD_UNIT_DIR = "/etc/systemd/system"
FRONT_DOOR_ATTEMPTS = 90
"""FIXTURE: the front door polls every 10 s for up to 15 minutes (a V4.1 engine starts in ~7)."""


class ApplyStage(enum.Enum):
    """Name the stages of the transactional apply, in the order they run."""

    PREFLIGHT = "preflight"
    PRESERVE = "preserve"
    APPLY = "apply"
    READBACK = "readback"
    COMMIT = "commit"
    ROLLBACK = "rollback"
    FRONT_DOOR = "front-door"
    CLEANUP = "cleanup"


@frozen
class ApplyStep:
    """Carry one stage on one rank's host: its unit, container, image, mounts and its own log."""

    stage: ApplyStage = field(validator=vf.instance_of(ApplyStage))
    host: str = field(validator=vf.name_token)
    node_rank: int = field(validator=vf.non_negative_int)
    unit_name: str = field(validator=vf.name_token)
    container_name: str = field(validator=vf.name_token)
    image: str = field(validator=vf.non_empty_str)
    mount_sources: tuple[str, ...] = field(validator=vf.tuple_of(str))
    unit_text: str = field(validator=vf.non_empty_str)
    serve_port: int = field(validator=vf.positive_int)
    served_model: str = field(validator=vf.non_empty_str)
    log_path: str = field(validator=vf.non_empty_str)


@frozen
class ArmApplySteps:
    """Carry every stage's steps; `apply` runs head first, `rollback` head last."""

    preflight: tuple[ApplyStep, ...] = field(validator=vf.tuple_of(ApplyStep, min_len=1))
    preserve: tuple[ApplyStep, ...] = field(validator=vf.tuple_of(ApplyStep, min_len=1))
    apply: tuple[ApplyStep, ...] = field(validator=vf.tuple_of(ApplyStep, min_len=1))
    readback: tuple[ApplyStep, ...] = field(validator=vf.tuple_of(ApplyStep, min_len=1))
    commit: tuple[ApplyStep, ...] = field(validator=vf.tuple_of(ApplyStep, min_len=1))
    rollback: tuple[ApplyStep, ...] = field(validator=vf.tuple_of(ApplyStep, min_len=1))
    front_door: tuple[ApplyStep, ...] = field(validator=vf.tuple_of(ApplyStep, min_len=1))
    cleanup: tuple[ApplyStep, ...] = field(validator=vf.tuple_of(ApplyStep, min_len=1))


def _step(plan: ArmLaunchPlan, stage: ApplyStage, rank: RankPlan, unit_text: str) -> ApplyStep:
    request = plan.request
    name = request.container.container_name
    return ApplyStep(
        stage=stage,
        host=rank.host.name,
        node_rank=rank.node_rank,
        unit_name=rank.unit_name,
        container_name=name,
        image=request.image,
        mount_sources=tuple(mount.source for mount in plan.mounts),
        unit_text=unit_text,
        serve_port=request.serve_port,
        served_model=request.row.served_model,
        # Each step logs on its own: one file per stage and rank.
        log_path=f"{request.units.apply_log_dir}/{name}.{stage.value}.rank{rank.node_rank}.log",
    )


def spark_native_arm_steps_of(plan: ArmLaunchPlan) -> ArmApplySteps:
    """Plan the transactional apply of any arm: head first in, head last out."""
    head_first = tuple(sorted(plan.ranks, key=lambda rank: rank.node_rank != 0))
    head = tuple(rank for rank in plan.ranks if rank.node_rank == 0)
    # Each rank's unit is rendered once, and every stage of that rank carries the same text.
    units = {rank.node_rank: render_unit(plan, rank) for rank in plan.ranks}
    return ArmApplySteps(
        preflight=_stage(plan, ApplyStage.PREFLIGHT, plan.ranks, units),
        preserve=_stage(plan, ApplyStage.PRESERVE, plan.ranks, units),
        # The followers dial the head's rendezvous, so the head's unit lands first.
        apply=_stage(plan, ApplyStage.APPLY, head_first, units),
        readback=_stage(plan, ApplyStage.READBACK, head_first, units),
        commit=_stage(plan, ApplyStage.COMMIT, plan.ranks, units),
        rollback=_stage(plan, ApplyStage.ROLLBACK, tuple(reversed(head_first)), units),
        front_door=_stage(plan, ApplyStage.FRONT_DOOR, head, units),
        cleanup=_stage(plan, ApplyStage.CLEANUP, plan.ranks, units),
    )


def _stage(
    plan: ArmLaunchPlan, kind: ApplyStage, ranks: tuple[RankPlan, ...], units: dict[int, str]
) -> tuple[ApplyStep, ...]:
    # A module-level function, not a closure: its statements are then reached and mutated like the rule's.
    return tuple(_step(plan, kind, rank, units[rank.node_rank]) for rank in ranks)


def _body(step: ApplyStep) -> list[str]:
    q = shlex.quote
    unit = f"{SYSTEMD_UNIT_DIR}/{step.unit_name}"
    kept = f"{unit}.preserved"
    if step.stage is ApplyStage.PREFLIGHT:
        lines = [
            # The message is quoted whole too: a source may hold a quote, a `;` or `$(...)`.
            f"test -e {q(s)} || {{ echo {q(f'preflight: mount source {s} is missing')}; exit 1; }}"
            for s in step.mount_sources
        ]
        return [*lines, f"docker image inspect {q(step.image)} >/dev/null"]
    if step.stage is ApplyStage.PRESERVE:
        return [
            f"rm -f {q(kept)} {q(kept + '.absent')}",
            f"if [ -e {q(unit)} ]; then cp -p {q(unit)} {q(kept)}; else touch {q(kept + '.absent')}; fi",
        ]
    if step.stage is ApplyStage.APPLY:
        return [
            f"cat > {q(unit + '.staged')} <<'GUNBC_UNIT'",
            step.unit_text.rstrip("\n"),
            "GUNBC_UNIT",
            f"mv {q(unit + '.staged')} {q(unit)}",
            "systemctl daemon-reload",
            f"systemctl restart {q(step.unit_name)}",
        ]
    if step.stage is ApplyStage.READBACK:
        return [
            f"systemctl is-active --quiet {q(step.unit_name)}",
            f"test \"$(docker inspect --format '{{{{.State.Running}}}}' {q(step.container_name)})\" = true",
            f"test \"$(docker inspect --format '{{{{.Config.Image}}}}' {q(step.container_name)})\" = {q(step.image)}",
        ]
    if step.stage is ApplyStage.COMMIT:
        return [f"systemctl enable {q(step.unit_name)}", f"rm -f {q(kept)} {q(kept + '.absent')}"]
    if step.stage is ApplyStage.ROLLBACK:
        return [
            f"systemctl stop {q(step.unit_name)} || true",
            f"if [ -e {q(kept)} ]; then mv {q(kept)} {q(unit)}; systemctl daemon-reload; systemctl start {q(step.unit_name)};",
            f"else rm -f {q(unit)} {q(kept + '.absent')}; systemctl daemon-reload; fi",
        ]
    if step.stage is ApplyStage.FRONT_DOOR:
        url = f"http://127.0.0.1:{step.serve_port}/v1/models"
        return [
            f"for attempt in $(seq 1 {FRONT_DOOR_ATTEMPTS}); do",
            f"  if curl --fail --silent --max-time 10 {q(url)} | grep -F -- {q(step.served_model)} >/dev/null; then exit 0; fi",
            "  sleep 10",
            "done",
            f"echo {q(f'front door: {step.served_model} never answered on port {step.serve_port}')}",
            "exit 1",
        ]
    # Cleanup touches only this arm: a staged unit left by a failed apply, and this container if it is dead.
    return [
        f"rm -f {q(unit + '.staged')}",
        f"if ! systemctl is-active --quiet {q(step.unit_name)}; then docker rm --force {q(step.container_name)} >/dev/null 2>&1 || true; fi",
    ]


def render_step_script(step: ApplyStep) -> str:
    """Render one step as a POSIX shell script that logs to the step's own log path."""
    q = shlex.quote
    log_dir = step.log_path.rsplit("/", 1)[0] or "/"
    return "\n".join(
        [
            "#!/bin/sh",
            f"# {step.container_name}: {step.stage.value} on {step.host} (node rank {step.node_rank}, unit {step.unit_name})",
            "set -eu",
            f"mkdir -p {q(log_dir)}",
            f"exec >>{q(step.log_path)} 2>&1",
            *_body(step),
            "",
        ]
    )
