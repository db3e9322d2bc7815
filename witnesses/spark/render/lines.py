"""Witness every rendered element against the arm it belongs to: each line of each rank's unit and each word `docker create` takes before vLLM's.

The expectations spell each arm's names, paths and addresses as seed A4 and
the fixtures name them, never reading them back from the plan, so a renderer
that takes a sibling value (the head's log for a follower, a writable
checkpoint) or drops an element is caught line by line, in both arms.
"""

from __future__ import annotations

import attrs

from claims import check
from domain.spark import launcher, render
from domain.spark.glm_group_b_launch import glm_group_b_launch_request
from domain.spark.launcher import ArmLaunchPlan
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.spark.fixtures import glm_plan, v41_plan
from witnesses.spark.render import witness

CHECKPOINTS = "/srv/gunbc/checkpoints"
ENGRAM = "/srv/gunbc/engram"

ARMS = {
    # arm: (container, description, head log, rank log, hosts, rail addresses, checkpoint, parsers)
    "glm": (
        "glm-native",
        "GLM native TP4 arm on Group B",
        "/var/log/gunbc/glm-native-head.log",
        "/var/log/gunbc/glm-native-rank.log",
        ("srv1", "srv2", "srv3", "srv4"),
        ("10.77.1.1", "10.77.1.2", "10.77.1.3", "10.77.1.4"),
        f"{CHECKPOINTS}/Glm46Fp8",
        ["--tool-call-parser", "glm45", "--reasoning-parser", "glm45"],
    ),
    "v41": (
        "gunbc-v41-tp4",
        "DeepSeek V4.1 Flash TP4 arm on Group A",
        "/var/log/gunbc/gunbc-v41-tp4-head.log",
        "/var/log/gunbc/gunbc-v41-tp4-rank.log",
        ("srv5", "srv6", "srv7", "srv8"),
        ("10.77.0.5", "10.77.0.6", "10.77.0.7", "10.77.0.8"),
        f"{CHECKPOINTS}/DeepseekV41FlashDba1be0a",
        ["--tool-call-parser", "deepseek_v4", "--reasoning-parser", "deepseek_v4", "--tokenizer-mode", "deepseek_v4"],
    ),
}
"""What each arm renders, spelled out (seed A4's names; the fixtures' hosts, addresses and paths)."""

V41_ENGRAM_VOLUMES = [
    # Seed A4: row stores and the manifest directory read-only, the receipt directory writable.
    "--volume",
    f"{ENGRAM}/row-stores/DeepseekV41FlashDba1be0a:{ENGRAM}/row-stores/DeepseekV41FlashDba1be0a:ro",
    "--volume",
    f"{ENGRAM}/manifests/gunbc-v41-tp4:{ENGRAM}/manifests/gunbc-v41-tp4:ro",
    "--volume",
    f"{ENGRAM}/touch-receipts/gunbc-v41-tp4:{ENGRAM}/touch-receipts/gunbc-v41-tp4:rw",
]
V41_ENGRAM_ENV = [
    "--env",
    f"GUNBC_ENGRAM_ROW_STORE_MANIFEST={ENGRAM}/manifests/gunbc-v41-tp4/row-store-manifest.json",
    "--env",
    f"GUNBC_ENGRAM_TOUCH_RECEIPT_DIR={ENGRAM}/touch-receipts/gunbc-v41-tp4",
]


def _plans() -> dict[str, ArmLaunchPlan]:
    return {"glm": glm_plan(), "v41": v41_plan().arm}


def _without_create(unit: str) -> list[str]:
    """Return the unit's lines with the continued `docker create` line folded to one `<create>` marker."""
    lines, out, inside = unit.split("\n"), [], False
    for line in lines:
        if line.startswith("ExecStartPre=/usr/bin/docker create") or inside:
            inside = line.endswith(" \\")
            if not out or out[-1] != "<create>":
                out.append("<create>")
            continue
        out.append(line)
    return out


@witness.positive(
    "Every line of each rank's unit, in both arms, is its own: role, rank and host in the description; network and docker ordering; remove, create, start and stop of its container; both streams to its log; no start timeout, no restart, installed for multi-user.",
    rules=[render.render_unit],
)
def every_unit_line_is_the_ranks_own() -> None:
    for arm, plan in _plans().items():
        name, description, head_log, rank_log, hosts, _, _, _ = ARMS[arm]
        for rank in plan.ranks:
            role, log = ("serving head", head_log) if rank.node_rank == 0 else ("headless rank", rank_log)
            expected = [
                "[Unit]",
                f"Description={description} ({role}, node rank {rank.node_rank} of 4 on {hosts[rank.node_rank]})",
                "Wants=network-online.target",
                "After=network-online.target docker.service",
                "Requires=docker.service",
                "",
                "[Service]",
                "Type=simple",
                # The leading `-`: a missing stale container never fails the start.
                f"ExecStartPre=-/usr/bin/docker rm --force {name}",
                "<create>",
                f"ExecStart=/usr/bin/docker start --attach {name}",
                f"ExecStop=/usr/bin/docker stop --time 60 {name}",
                f"StandardOutput=append:{log}",
                f"StandardError=append:{log}",
                "TimeoutStartSec=infinity",
                "Restart=no",
                "",
                "[Install]",
                "WantedBy=multi-user.target",
                "",
            ]
            check.equal(f"{arm} rank {rank.node_rank} lines", _without_create(render.render_unit(plan, rank)), expected)


@witness.positive(
    "Each rank's container, in both arms, is created with the arm's name on the host network and IPC namespace with every GPU, its checkpoint mounted read-only at its own path, the arm's own mounts and env after the rank's rail address, then the vllm entrypoint serving that checkpoint.",
    rules=[render.docker_create_argv],
)
def every_docker_word_before_vllms_is_the_arms_own() -> None:
    for arm, plan in _plans().items():
        name, _, _, _, _, addresses, checkpoint, _ = ARMS[arm]
        for rank in plan.ranks:
            argv = list(render.docker_create_argv(plan, rank))
            cut = argv.index("serve") + 2
            expected = [
                *("docker", "create", "--name", name, "--network", "host", "--ipc", "host", "--gpus", "all"),
                *("--shm-size", "64g", "--volume", f"{checkpoint}:{checkpoint}:ro"),
                *(V41_ENGRAM_VOLUMES if arm == "v41" else []),
                *("--env", f"VLLM_HOST_IP={addresses[rank.node_rank]}"),
                *(V41_ENGRAM_ENV if arm == "v41" else []),
                *("--entrypoint", "vllm", plan.request.image, "serve", checkpoint),
            ]
            check.equal(f"{arm} rank {rank.node_rank} docker words", argv[:cut], expected)


@witness.positive(
    "Every rank of both arms enables auto tool choice once, followed by its row's tool-call and reasoning parsers and the tokenizer mode only where the row names one.",
    rules=[render.vllm_serve_args],
)
def every_rank_enables_auto_tool_choice_with_its_parsers() -> None:
    for arm, plan in _plans().items():
        parsers = ARMS[arm][7]
        for rank in plan.ranks:
            words = list(render.vllm_serve_args(plan, rank))
            check.equal(f"{arm} rank {rank.node_rank} auto tool choice", words.count("--enable-auto-tool-choice"), 1)
            at = words.index("--enable-auto-tool-choice") + 1
            check.equal(f"{arm} rank {rank.node_rank} parsers", words[at : at + len(parsers)], parsers)


@witness.positive(
    "A unit's description, container lines and logs keep the rank's values whole whatever their spelling: a host name with a dot or an uppercase letter, a container name of 60 characters, a log path with a digit.",
    rules=[render.render_unit],
)
def every_unit_line_keeps_its_value_whole_in_every_spelling() -> None:
    plan = glm_plan()
    name = "arm-" + "x9" * 28
    hosts = tuple(
        attrs.evolve(host, name=spelled)
        for host, spelled in zip(plan.request.group.hosts, ("srv1.lab", "Srv2", "srv-3.example.org", "s4"), strict=True)
    )
    ranks = tuple(attrs.evolve(rank, host=host) for rank, host in zip(plan.ranks, hosts, strict=True))
    request = attrs.evolve(plan.request, container=attrs.evolve(plan.request.container, container_name=name))
    spelled_plan = attrs.evolve(plan, request=request, ranks=ranks)
    for rank in spelled_plan.ranks:
        lines = _without_create(render.render_unit(spelled_plan, rank))
        role = "serving head" if rank.node_rank == 0 else "headless rank"
        check.contains(
            f"rank {rank.node_rank} description",
            f"Description=GLM native TP4 arm on Group B ({role}, node rank {rank.node_rank} of 4 on {rank.host.name})",
            lines,
        )
        for line in (
            f"ExecStartPre=-/usr/bin/docker rm --force {name}",
            f"ExecStart=/usr/bin/docker start --attach {name}",
            f"ExecStop=/usr/bin/docker stop --time 60 {name}",
        ):
            check.contains(f"rank {rank.node_rank} container line", line, lines)


@witness.positive(
    "A description and a log path are written as systemd reads them literally: each `%` doubled, everything else"
    " (a `$`, quotes, a backslash, non-ASCII letters) as given, on the one line of its directive.",
    rules=[render.render_unit],
)
def a_description_and_a_log_path_are_written_literally() -> None:
    request = glm_group_b_launch_request(GLM_GROUP_B_PROFILE)
    for text in ("50% of $HOME", "%n on %H", "say \"hi\" 'a\\b' é"):
        units = attrs.evolve(request.units, description=text, head_log_path=f"/var/log/{text}.log")
        plan = check.admitted(launcher.plan_arm_launch_for(attrs.evolve(request, units=units)))
        head = plan.ranks[0]
        lines = render.render_unit(plan, head).split("\n")
        literal = text.replace("%", "%%")
        check.equal(
            f"{text!r}: description",
            [line for line in lines if line.startswith("Description=")],
            [f"Description={literal} (serving head, node rank 0 of 4 on {head.host.name})"],
        )
        check.equal(
            f"{text!r}: output lines",
            [line for line in lines if line.startswith(("StandardOutput=", "StandardError="))],
            [f"StandardOutput=append:/var/log/{literal}.log", f"StandardError=append:/var/log/{literal}.log"],
        )
