"""Witness Group B's GLM arm on the shared launcher: its own values, its shape, its admission and its byte-identity control."""

from __future__ import annotations

import attrs
from hypothesis import given, settings

from claims import Witness, because, check
from domain.spark import apply_steps, glm_group_b_launch, render
from domain.spark.admission import HostNotHeldBySubject
from domain.spark.apply_steps import render_step_script, spark_native_arm_steps_of
from domain.spark.checkpoint import GLM_CHECKPOINT_ROW
from domain.spark.fleet import spark_pair_serve_port
from domain.spark.launcher import ProfileAbsent
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile, profile_subject_key
from witnesses.spark import strategies as gen
from witnesses.spark.fixtures import ACTIVE, HELD_A, HELD_B, READ_AT, authority_log, every_step, glm_plan

witness = Witness("spark.glm_group_b_launch")

GLM_RULES = [
    glm_group_b_launch.plan_glm_group_b_launch,
    glm_group_b_launch.glm_native_arm_container,
    glm_group_b_launch.glm_native_arm_units,
]


@witness.positive(
    "Group B's container and units carry GLM's own names, port, shm size and logs.",
    rules=GLM_RULES,
)
def glm_carries_its_own_container_and_unit_values() -> None:
    container, units = glm_group_b_launch.glm_native_arm_container(), glm_group_b_launch.glm_native_arm_units()
    check.equal(
        "container",
        (container.container_name, container.rendezvous_port, container.shm_size, container.extra_mounts),
        ("glm-native", 29501, "64g", ()),
    )
    check.equal(
        "units", (units.head_unit_name, units.rank_unit_name), ("glm-native-head.service", "glm-native-rank.service")
    )
    check.equal(
        "logs",
        (units.head_log_path, units.rank_log_path),
        ("/var/log/gunbc/glm-native-head.log", "/var/log/gunbc/glm-native-rank.log"),
    )
    check.equal("plan's container", glm_plan().request.container, container)


@witness.positive(
    "Every GLM rank renders glm45 parsers, no tokenizer mode, no Engram flag and the pinned image.",
    rules=GLM_RULES,
)
def glm_ranks_render_the_glm_shape() -> None:
    plan = glm_plan()
    for rank in plan.ranks:
        argv = render.docker_create_argv(plan, rank)
        check.equal(
            "parsers",
            (argv[argv.index("--tool-call-parser") + 1], argv[argv.index("--reasoning-parser") + 1]),
            ("glm45", "glm45"),
        )
        check.absent("tokenizer mode", "--tokenizer-mode", argv)
        check.equal("Engram words", [w for w in argv if w.startswith("--engram-config")], [])
        check.equal("image", argv[argv.index("--entrypoint") + 2], "nvcr.io/nvidia/vllm:25.10-py3")
        check.equal(
            "kv and utilization",
            (argv[argv.index("--kv-cache-dtype") + 1], argv[argv.index("--gpu-memory-utilization") + 1]),
            ("fp8", "0.85"),
        )
        check.absent("prefix caching flag (unset)", "prefix-caching", " ".join(argv))


@witness.positive(
    "The GLM subject key is the one spelled before the Engram field existed.",
    rules=[glm_group_b_launch.plan_glm_group_b_launch],
)
def glm_subject_key_is_unchanged() -> None:
    check.equal(
        "subject key",
        glm_plan().subject_key,
        "checkpoint=Glm46Fp8;served_model=glm-4.6-fp8;gpu_memory_utilization_bp=8500;max_model_len=131072;max_num_seqs=8;kv_cache_dtype=fp8",
    )


@witness.refusal(
    "Group B without a profile is refused: the launcher renders flags only from a named profile.",
    rules=GLM_RULES,
    reasons=[because(ProfileAbsent, at="$.profile", saying="no serving launch profile")],
)
def glm_without_a_profile_is_refused():
    return glm_group_b_launch.plan_glm_group_b_launch(None)


def _separated(title: str, body: str) -> str:
    return f"======== {title} ========\n{body.rstrip(chr(10))}\n"


@witness.snapshot(
    "Group B's whole rendering stays byte-identical across launcher refactors, as a regression control.",
    rules=[
        glm_group_b_launch.plan_glm_group_b_launch,
        render.render_unit,
        render.docker_create_argv,
        apply_steps.render_step_script,
    ],
)
def glm_group_b_rendering_is_byte_identical() -> str:
    plan = glm_plan()
    parts = [_separated(f"unit {r.unit_name} on {r.host.name}", render.render_unit(plan, r)) for r in plan.ranks]
    parts += [
        _separated(f"docker create argv on {r.host.name}", "\n".join(render.docker_create_argv(plan, r)))
        for r in plan.ranks
    ]
    parts += [
        _separated(f"{s.stage.value} script on {s.host}", render_step_script(s))
        for s in every_step(spark_native_arm_steps_of(plan))
    ]
    parts.append(_separated("compatibility subject key", profile_subject_key(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE)))
    return "".join(parts)


@witness.positive(
    "Group B's GLM arm admits when its subject holds srv1..srv4.",
    rules=[glm_group_b_launch.glm_group_b_launch_admission],
)
def glm_admits_when_group_b_holds_its_hosts() -> None:
    admitted = check.admitted(glm_group_b_launch.glm_group_b_launch_admission(authority_log(*HELD_B), READ_AT))
    check.equal(
        "held by",
        (admitted.group, admitted.hosts_held_by, admitted.lease_expires_at),
        ("FabricGroupB", "spark-serving-group-b", None),
    )


@witness.refusal(
    "Group B's GLM arm refuses when its hosts are held by Group A's subject.",
    rules=[glm_group_b_launch.glm_group_b_launch_admission],
    reasons=[
        because(
            HostNotHeldBySubject,
            at="admit_host_held_by_subject_among",
            saying="4 of 4 hosts are not held by spark-serving-group-b",
        )
    ],
)
def glm_refuses_hosts_held_by_another_subject():
    return glm_group_b_launch.glm_group_b_launch_admission(authority_log(ACTIVE, *HELD_A), READ_AT)


@witness.positive(
    "Group B's GLM arm reads its holdings as of the read second: a holding logged at that second counts, one logged a second later does not yet.",
    rules=[glm_group_b_launch.glm_group_b_launch_admission],
)
def glm_reads_its_holdings_as_of_the_read_second() -> None:
    at_the_read = authority_log(*HELD_B[:3], attrs.evolve(HELD_B[3], at=READ_AT))
    check.equal(
        "srv4 held at the read second",
        check.admitted(glm_group_b_launch.glm_group_b_launch_admission(at_the_read, READ_AT)).hosts_held_by,
        "spark-serving-group-b",
    )
    after = authority_log(*HELD_B[:3], attrs.evolve(HELD_B[3], at=READ_AT + 1))
    reasons = check.refused(glm_group_b_launch.glm_group_b_launch_admission(after, READ_AT))
    check.equal(
        "srv4 held a second later",
        [(r.where, r.why) for r in reasons],
        [
            (
                "admit_host_held_by_subject_among",
                "1 of 4 hosts is not held by spark-serving-group-b: srv4 (no holding recorded)",
            )
        ],
    )


@witness.positive(
    "Group B's admission carries what it read: its group, the very second it was read at (the epoch's second 0 as well as a later one), its subject, and no lease or image (GLM succeeds no one).",
    rules=[glm_group_b_launch.glm_group_b_launch_admission],
)
def glm_admission_carries_what_it_read() -> None:
    at_zero = authority_log(*(attrs.evolve(held, at=0) for held in HELD_B))
    for at in (0, 1, READ_AT, READ_AT + 7):
        admitted = check.admitted(glm_group_b_launch.glm_group_b_launch_admission(at_zero, at))
        check.equal(
            f"admitted at {at}",
            (admitted.group, admitted.at, admitted.hosts_held_by, admitted.lease_expires_at, admitted.config_digest),
            ("FabricGroupB", at, "spark-serving-group-b", None, None),
        )


@witness.property(
    "Under any profile (any utilization, batched tokens, sequence count, KV dtype and prefix caching, or none of them), Group B's GLM plan serves on the pair's serve port with GLM's own image, container and units, and its head says that port.",
    rules=GLM_RULES,
)
@settings(max_examples=20)
@given(gen.launch_profiles())
def glm_keeps_its_own_values_under_any_profile(profile: ServingLaunchProfile) -> None:
    plan = check.admitted(glm_group_b_launch.plan_glm_group_b_launch(profile))
    request = plan.request
    check.equal(
        "request",
        (request.serve_port, request.image, request.container, request.units, request.env, request.profile),
        (
            spark_pair_serve_port(),
            glm_group_b_launch.GLM_IMAGE,
            glm_group_b_launch.glm_native_arm_container(),
            glm_group_b_launch.glm_native_arm_units(),
            (),
            profile,
        ),
    )
    argv = render.docker_create_argv(plan, plan.ranks[0])
    check.equal("head's --port", argv[argv.index("--port") + 1], str(spark_pair_serve_port()))
