"""Quantify rendering over planned arms: deterministic, parseable back to the plan, rank 0 alone serves.

The argv reader here is the witness's own (never the domain's): it reads a
`docker create` argv back into the plan's values, and reads a unit's
`ExecStartPre=` continuation lines back into that argv by systemd's quoting.
"""

from __future__ import annotations


from hypothesis import given

from claims import Witness, check
from domain import glm_group_b_launch, launcher, render
from domain.launcher import ArmLaunchPlan
from witnesses import strategies as gen
from witnesses.properties.render_argv import argv_of_unit, expected_values, read_create_argv

witness = Witness("properties.render")



def _texts(plan: ArmLaunchPlan) -> list[str]:
    # A unit carries its rank's whole `docker create` argv on its ExecStartPre= line.
    return [render.render_unit(plan, rank) for rank in plan.ranks]


@witness.property(
    "Rendering is deterministic: equal plans render the same unit bytes and the same argv, every time.",
    rules=[render.render_unit, render.docker_create_argv],
)
@given(gen.admitted_launch_requests())
def rendering_is_deterministic(request: launcher.ArmLaunchRequest) -> None:
    first = check.admitted(launcher.plan_arm_launch_for(request))
    again = check.admitted(launcher.plan_arm_launch_for(request))
    for a, b in zip(first.ranks, again.ranks, strict=True):
        # The unit carries the rank's whole `docker create` argv, so equal bytes mean equal argv too.
        check.equal(f"rank {a.node_rank} unit bytes", render.render_unit(again, b).encode(), render.render_unit(first, a).encode())


@witness.property(
    "Each rank's docker create argv, and the unit line that carries it, parse back to the plan's values.",
    rules=[render.docker_create_argv, render.vllm_serve_args, render.render_unit, render.systemd_word, render.utilization_words],
)
@given(gen.planned_arms)
def each_rank_argv_parses_back_to_the_plan(plan: ArmLaunchPlan) -> None:
    for rank in plan.ranks:
        argv = render.docker_create_argv(plan, rank)
        try:
            from_unit, values = argv_of_unit(render.render_unit(plan, rank)), read_create_argv(argv)
        except ValueError as exc:
            check.holds(f"rank {rank.node_rank}'s unit and argv read back", False, str(exc))
            return
        check.equal(f"rank {rank.node_rank} argv read from its unit", from_unit, ("/usr/bin/docker", *argv[1:]))
        for key, value in expected_values(plan, rank).items():
            check.equal(f"rank {rank.node_rank} {key} read back", values[key], value)


@witness.property(
    "Rank 0 is the only rank that serves the API; every other rank runs headless.",
    rules=[render.vllm_serve_args, launcher.plan_arm_launch_for],
)
@given(gen.planned_arms)
def rank_zero_alone_serves(plan: ArmLaunchPlan) -> None:
    words_of = {rank.node_rank: render.vllm_serve_args(plan, rank) for rank in plan.ranks}
    check.equal("ranks without --headless", [r for r, words in words_of.items() if "--headless" not in words], [0])
    for rank in plan.ranks:
        words = words_of[rank.node_rank]
        check.equal(f"rank {rank.node_rank} has --port", "--port" in words, rank.node_rank == 0)
        check.equal(f"rank {rank.node_rank} unit", rank.unit_name, plan.request.units.head_unit_name if rank.node_rank == 0 else plan.request.units.rank_unit_name)


def _names(plan: ArmLaunchPlan) -> set[str]:
    units = plan.request.units
    return {plan.request.container.container_name, units.head_unit_name, units.rank_unit_name, units.head_log_path, units.rank_log_path}


@witness.property(
    "The V4.1 and GLM arms never share a container, unit or log name, nor spell one another's names.",
    rules=[launcher.plan_arm_launch_for, glm_group_b_launch.plan_glm_group_b_launch, render.render_unit, render.docker_create_argv],
)
@given(gen.v41_arm_plans, gen.glm_plans)
def arm_names_never_collide(v41: ArmLaunchPlan, glm: ArmLaunchPlan) -> None:
    mine, theirs = _names(v41), _names(glm)
    check.equal("names shared by both arms", mine & theirs, set())
    v41_texts, glm_texts = _texts(v41), _texts(glm)
    for name in sorted(theirs | {"gunbc-spark-pair", "glm-native"}):
        check.absent(f"GLM's or the V4 pair's {name} in V4.1's rendering", name, v41_texts)
    for name in sorted(mine | {"gunbc-v41"}):
        check.absent(f"V4.1's {name} in GLM's rendering", name, glm_texts)
