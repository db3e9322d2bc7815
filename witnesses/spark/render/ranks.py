"""Witness the renderers: each rank's docker create argv and its create-then-start systemd unit.

The properties read a rendered argv, and a unit's `ExecStartPre=` lines, back
into the plan's values with the witnesses' own reader
(`witnesses.spark.fixtures.read_create_argv`), never the domain's parsing.
"""

from __future__ import annotations

import attrs
from hypothesis import given

from claims import because, check
from domain.spark import glm_group_b_launch, launcher, render
from domain.spark.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A
from domain.spark.fleet import GROUP_B, GroupNotFourHosts
from domain.spark.glm_group_b_launch import glm_group_b_launch_request
from domain.spark.launcher import ArmLaunchPlan, ArmMount
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.spark import strategies as gen
from witnesses.spark.fixtures import argv_of_unit, expected_values, glm_plan, read_create_argv, v41_plan
from witnesses.spark.render import witness


@witness.positive(
    "Prefix caching renders as its own flag on every rank: on, explicitly off, or absent when the profile leaves it unset.",
    rules=[render.vllm_serve_args],
)
def prefix_caching_renders_in_each_of_its_three_states() -> None:
    plan = glm_plan()
    flags = ("--enable-prefix-caching", "--no-enable-prefix-caching")
    for setting, expected in ((True, [flags[0]]), (False, [flags[1]]), (None, [])):
        chosen = attrs.evolve(plan, profile=attrs.evolve(plan.profile, enable_prefix_caching=setting))
        for rank in chosen.ranks:
            words = render.vllm_serve_args(chosen, rank)
            check.equal(f"{setting} rank {rank.node_rank}", [w for w in words if w in flags], expected)


@witness.positive(
    "The head's argv serves the API while a follower's runs headless, both mp over four nodes.",
    rules=[render.docker_create_argv, render.vllm_serve_args],
)
def head_serves_and_followers_run_headless() -> None:
    plan = glm_plan()
    head, follower = (render.docker_create_argv(plan, plan.ranks[i]) for i in (0, 2))
    check.equal(
        "head tail",
        head[head.index("--master-addr") : head.index("--gpu-memory-utilization")],
        ("--master-addr", "10.77.1.1", "--master-port", "29501", "--host", "0.0.0.0", "--port", "8000"),
    )
    check.equal(
        "follower tail",
        follower[follower.index("--node-rank") : follower.index("--gpu-memory-utilization")],
        ("--node-rank", "2", "--master-addr", "10.77.1.1", "--master-port", "29501", "--headless"),
    )
    check.equal("create head", head[:4], ("docker", "create", "--name", "glm-native"))
    check.contains("own rail address", "VLLM_HOST_IP=10.77.1.3", follower)


@witness.positive(
    "An absent tokenizer mode renders no flag while a present one renders its value.",
    rules=[render.vllm_serve_args],
)
def an_absent_tokenizer_mode_renders_no_flag() -> None:
    plan = glm_plan()
    check.absent("tokenizer flag for GLM", "--tokenizer-mode", render.vllm_serve_args(plan, plan.ranks[0]))
    parsers = attrs.evolve(plan.request.row.parsers, tokenizer_mode="deepseek_v4")
    moded = attrs.evolve(plan, request=attrs.evolve(plan.request, row=attrs.evolve(plan.request.row, parsers=parsers)))
    words = render.vllm_serve_args(moded, moded.ranks[0])
    check.equal("tokenizer flag", words[words.index("--tokenizer-mode") + 1], "deepseek_v4")


@witness.positive(
    "Utilization renders exactly from basis points with at least two places.",
    rules=[render.utilization_words],
)
def utilization_renders_exactly_from_basis_points() -> None:
    check.equal(
        "renderings",
        [render.utilization_words(bp) for bp in (8000, 8500, 8125, 10000, 1)],
        ["0.80", "0.85", "0.8125", "1.00", "0.0001"],
    )


@witness.positive(
    "A unit removes a stale container, creates this rank's container and starts it attached, logging to the rank's log.",
    rules=[render.render_unit],
)
def a_unit_creates_then_starts_attached() -> None:
    plan = glm_plan()
    unit = render.render_unit(plan, plan.ranks[1])
    check.contains("stale removal", "ExecStartPre=-/usr/bin/docker rm --force glm-native\n", unit)
    check.contains("create", "ExecStartPre=/usr/bin/docker create \\\n    --name glm-native \\\n", unit)
    check.contains("start attached", "ExecStart=/usr/bin/docker start --attach glm-native\n", unit)
    check.contains("log", "StandardOutput=append:/var/log/gunbc/glm-native-rank.log\n", unit)
    check.contains(
        "description", "Description=GLM native TP4 arm on Group B (headless rank, node rank 1 of 4 on srv2)\n", unit
    )


@witness.positive(
    "A systemd word doubles percent and dollar signs and quotes a word with spaces.",
    rules=[render.systemd_word],
)
def systemd_words_escape_specifiers() -> None:
    check.equal("plain", render.systemd_word("--max-model-len"), "--max-model-len")
    check.equal("percent", render.systemd_word("50%"), '"50%%"')
    check.equal("dollar and space", render.systemd_word("a $b"), '"a $$b"')


@witness.refusal(
    "A group the launcher refuses renders no argv and no unit, because rendering takes only a planned arm.",
    rules=[
        launcher.plan_arm_launch_for,
        render.docker_create_argv,
        render.render_unit,
        render.vllm_serve_args,
        render.utilization_words,
        render.systemd_word,
    ],
    reasons=[because(GroupNotFourHosts, at="$.group.hosts", saying="has 5")],
)
def a_refused_group_renders_nothing():
    five = attrs.evolve(
        GROUP_B, hosts=(*GROUP_B.hosts, attrs.evolve(GROUP_B.hosts[0], name="srv9", fabric_address="10.77.1.9"))
    )
    request = attrs.evolve(
        glm_group_b_launch_request(GLM_GROUP_B_PROFILE),
        group=five,
        row=DEEPSEEK_V41_FLASH_DBA1BE0A,
        profile=attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=9500),
    )
    return launcher.plan_arm_launch_for(request)


@witness.positive(
    "A systemd word with a backslash or a double quote is quoted with each one escaped by a backslash.",
    rules=[render.systemd_word],
)
def systemd_words_escape_backslashes_and_quotes() -> None:
    check.equal("backslash", render.systemd_word("a\\b"), '"a\\\\b"')
    check.equal("double quote", render.systemd_word('say "hi"'), '"say \\"hi\\""')


# ---------------------------------------------------------------------------
# Rendering over generated plans: deterministic, parseable back to the plan, rank 0 alone serves.


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
        check.equal(
            f"rank {a.node_rank} unit bytes",
            render.render_unit(again, b).encode(),
            render.render_unit(first, a).encode(),
        )


def _argv_parses_back(plan: ArmLaunchPlan) -> None:
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


_PARSED_BACK = [
    render.docker_create_argv,
    render.vllm_serve_args,
    render.render_unit,
    render.systemd_word,
    render.utilization_words,
]


@witness.property(
    "Each rank's docker create argv, and the unit line that carries it, parse back to the plan's values.",
    rules=_PARSED_BACK,
)
@given(gen.planned_arms)
def each_rank_argv_parses_back_to_the_plan(plan: ArmLaunchPlan) -> None:
    _argv_parses_back(plan)


@witness.positive(
    "An arm with an uppercase, dotted KV dtype and five mounts (the checkpoint and four extra) parses back whole.",
    rules=_PARSED_BACK,
)
def five_mounts_and_an_uppercase_kv_dtype_parse_back() -> None:
    # Built when the claim runs, not at import: a witness module runs no rule as it loads.
    request = glm_group_b_launch_request(attrs.evolve(GLM_GROUP_B_PROFILE, kv_cache_dtype="FP8.e4m3-X"))
    container = attrs.evolve(
        glm_group_b_launch.glm_native_arm_container(),
        extra_mounts=tuple(ArmMount(source=f"/srv/m{n}", target=f"/mnt/m{n}", read_only=n % 2 == 0) for n in range(4)),
    )
    _argv_parses_back(check.admitted(launcher.plan_arm_launch_for(attrs.evolve(request, container=container))))


@witness.positive(
    "An arm with a digest-pinned image, an explicit auto tokenizer mode, and env values and a mount source systemd"
    " would expand or split parses back whole.",
    rules=_PARSED_BACK,
)
def a_pinned_image_an_auto_tokenizer_and_expandable_values_parse_back() -> None:
    request = glm_group_b_launch_request(GLM_GROUP_B_PROFILE)
    spelled = attrs.evolve(
        request,
        image="registry.example/vllm@sha256:" + "0" * 64,
        row=attrs.evolve(request.row, parsers=attrs.evolve(request.row.parsers, tokenizer_mode="auto")),
        env=(launcher.ArmEnv(name="RATIO", value="50% of $HOME a b"), launcher.ArmEnv(name="EMPTY", value="")),
        container=attrs.evolve(
            glm_group_b_launch.glm_native_arm_container(),
            extra_mounts=(ArmMount(source="/srv/Row Stores %1", target="/mnt/$x", read_only=False),),
        ),
    )
    _argv_parses_back(check.admitted(launcher.plan_arm_launch_for(spelled)))


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
        check.equal(
            f"rank {rank.node_rank} unit",
            rank.unit_name,
            plan.request.units.head_unit_name if rank.node_rank == 0 else plan.request.units.rank_unit_name,
        )


def _names(plan: ArmLaunchPlan) -> set[str]:
    units = plan.request.units
    return {
        plan.request.container.container_name,
        units.head_unit_name,
        units.rank_unit_name,
        units.head_log_path,
        units.rank_log_path,
    }


@witness.property(
    "The V4.1 and GLM arms never share a container, unit or log name, nor spell one another's names.",
    rules=[
        launcher.plan_arm_launch_for,
        glm_group_b_launch.plan_glm_group_b_launch,
        render.render_unit,
        render.docker_create_argv,
    ],
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


@witness.positive(
    "Every unit file of both arms opens with [Unit], closes its [Install] section and ends in exactly one newline.",
    rules=[render.render_unit],
)
def every_unit_file_ends_in_one_newline() -> None:
    for arm, plan in (("GLM", glm_plan()), ("V4.1", v41_plan().arm)):
        for rank in plan.ranks:
            unit = render.render_unit(plan, rank)
            label = f"{arm} node rank {rank.node_rank}"
            check.holds(f"{label} opens with [Unit]", unit.startswith("[Unit]\n"), unit[:20])
            check.holds(
                f"{label} ends its [Install] section in one newline",
                unit.endswith("\n[Install]\nWantedBy=multi-user.target\n"),
                unit[-40:],
            )


@witness.positive(
    "A unit's create line reads back as the rank's argv for any word in any position of its line: an image carrying a space, a percent or a dollar sign follows --entrypoint vllm and is still escaped.",
    rules=[render.render_unit, render.systemd_word],
)
def every_word_of_a_continued_line_reads_back() -> None:
    for image in ("registry.example/vllm@sha256:" + "0" * 64, "local image:%v $TAG", 'quoted "tag"\\x'):
        plan = attrs.evolve(glm_plan(), request=attrs.evolve(glm_plan().request, image=image))
        for rank in plan.ranks:
            argv = render.docker_create_argv(plan, rank)
            check.equal(
                f"image {image!r} rank {rank.node_rank}",
                argv_of_unit(render.render_unit(plan, rank)),
                ("/usr/bin/docker", *argv[1:]),
            )


@witness.positive(
    "The head serves the API on every address at its own serve port, privileged or not (80, 443, 1023, 1024, 8000, 65535).",
    rules=[render.vllm_serve_args],
)
def the_head_serves_on_every_address_at_any_port() -> None:
    plan = glm_plan()
    for port in (80, 443, 1023, 1024, 8000, 65535):
        ported = attrs.evolve(plan, request=attrs.evolve(plan.request, serve_port=port))
        words = render.vllm_serve_args(ported, ported.ranks[0])
        at = words.index("--host")
        check.equal(f"port {port}", words[at : at + 4], ("--host", "0.0.0.0", "--port", str(port)))
