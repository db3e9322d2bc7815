"""Render a planned arm: each rank's vLLM argv, `docker create` argv and systemd unit text.

Seed A2 (`native_serving_realization`): create-then-start units.  Each rank's
unit removes a stale container, `docker create`s this rank's container and
runs it with `docker start --attach`, so the container's output reaches the
unit's log.  Rank 0 serves the API on the serve port; ranks 1..3 add
`--headless`.  Every word comes from the plan: no model literal lives here.
"""

from __future__ import annotations

import re
import shlex

from domain.core.sizes import BASIS_POINTS_PER_UNIT
from domain.spark.engram import engram_config_flags
from domain.spark.launcher import ArmLaunchPlan, RankPlan

DOCKER = "/usr/bin/docker"
"""FIXTURE: where docker lives on a Spark host (systemd needs an absolute path)."""

STOP_TIMEOUT_SECONDS = 60
"""FIXTURE: how long `docker stop` waits for vLLM to drain before killing it."""

_PLAIN_WORD = re.compile(r"^[A-Za-z0-9@+=:,./_-]+$")


def utilization_words(bp: int) -> str:
    """Render basis points as vLLM's decimal, exactly, at least two places (8000 -> 0.80)."""
    whole, part = divmod(bp, BASIS_POINTS_PER_UNIT)
    decimals = f"{part:04d}".rstrip("0").ljust(2, "0")
    return f"{whole}.{decimals}"


def vllm_serve_args(plan: ArmLaunchPlan, rank: RankPlan) -> tuple[str, ...]:
    """Render one rank's `vllm serve` words (after the image)."""
    request, profile, parsers = plan.request, plan.profile, plan.request.row.parsers
    words = [
        "serve",
        plan.model_directory,
        "--served-model-name",
        request.row.served_model,
        "--tensor-parallel-size",
        str(len(plan.ranks)),
        "--distributed-executor-backend",
        "mp",
        "--nnodes",
        str(len(plan.ranks)),
        "--node-rank",
        str(rank.node_rank),
        "--master-addr",
        plan.master_addr,
        "--master-port",
        str(request.container.rendezvous_port),
    ]
    # Seed A2: rank 0 serves the API; every other rank runs headless.
    words += ["--headless"] if rank.headless else ["--host", "0.0.0.0", "--port", str(request.serve_port)]
    words += [
        "--gpu-memory-utilization",
        utilization_words(profile.gpu_memory_utilization_bp),
        "--max-model-len",
        str(profile.max_model_len),
        "--max-num-seqs",
        str(profile.max_num_seqs),
    ]
    if profile.max_num_batched_tokens is not None:
        words += ["--max-num-batched-tokens", str(profile.max_num_batched_tokens)]
    if profile.kv_cache_dtype is not None:
        words += ["--kv-cache-dtype", profile.kv_cache_dtype]
    if profile.enable_prefix_caching is not None:
        words.append("--enable-prefix-caching" if profile.enable_prefix_caching else "--no-enable-prefix-caching")
    words += [
        "--enable-auto-tool-choice",
        "--tool-call-parser",
        parsers.tool_call_parser,
        "--reasoning-parser",
        parsers.reasoning_parser,
    ]
    # An absent tokenizer mode renders no flag (vLLM's default decides).
    if parsers.tokenizer_mode is not None:
        words += ["--tokenizer-mode", parsers.tokenizer_mode]
    if profile.engram is not None:
        words += engram_config_flags(profile.engram)
    return tuple(words)


def docker_create_argv(plan: ArmLaunchPlan, rank: RankPlan) -> tuple[str, ...]:
    """Render one rank's `docker create` argv: container, mounts, env, image, serve words."""
    container = plan.request.container
    argv = [
        "docker",
        "create",
        "--name",
        container.container_name,
        "--network",
        "host",
        "--ipc",
        "host",
        "--gpus",
        "all",
        "--shm-size",
        container.shm_size,
    ]
    for mount in plan.mounts:
        argv += ["--volume", f"{mount.source}:{mount.target}:{'ro' if mount.read_only else 'rw'}"]
    # Each rank binds its collectives to its own fabric-rail address.
    argv += ["--env", f"VLLM_HOST_IP={rank.host.fabric_address}"]
    for env in plan.request.env:
        argv += ["--env", f"{env.name}={env.value}"]
    argv += ["--entrypoint", "vllm", plan.request.image]
    return (*argv, *vllm_serve_args(plan, rank))


def systemd_word(word: str) -> str:
    """Quote one word for a systemd Exec line: `%` and `$` doubled so systemd expands nothing, and a word that is not
    plain quoted whole, with a line break written as `\\n` or `\\r` so it cannot end the line."""
    escaped = word.replace("%", "%%").replace("$", "$$")
    # fullmatch: `$` alone would let a trailing newline through, unquoted, into the unit file.
    if _PLAIN_WORD.fullmatch(word):
        return escaped
    # A line break is written as systemd's C escape, so no word can end the Exec line or add a directive.
    quoted = escaped.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\r", "\\r")
    return '"' + quoted + '"'


def shell_command_line(argv: tuple[str, ...]) -> str:
    """Render an argv as one POSIX shell command line that runs exactly that argv when pasted (`shlex.split` reads it back).

    A plain word stays bare, so the line reads like the command an operator would type; any other word is quoted
    whole by `shlex.quote` (single quotes, a quote inside written `'"'"'`), so a space, a quote, `$`, `%` or a
    `;` reaches the command as itself.  The line breaks only inside a word that holds a line break itself (quoted,
    it still reads back whole); no planned argv has one.
    """
    return " ".join(shlex.quote(word) for word in argv)


def _literal(text: str) -> str:
    """Write text systemd reads as itself in a setting that expands specifiers: `%` doubled."""
    return text.replace("%", "%%")


def _exec_line(key: str, argv: tuple[str, ...]) -> str:
    # One flag (and its values) per continued line, so a reader sees the argv at a glance.
    lines: list[list[str]] = [[f"{key}={DOCKER}", *argv[1:2]]]
    for word in argv[2:]:
        if word.startswith("-"):
            lines.append([])
        lines[-1].append(systemd_word(word))
    return " \\\n    ".join(" ".join(line) for line in lines)


def render_unit(plan: ArmLaunchPlan, rank: RankPlan) -> str:
    """Render one rank's systemd unit: remove stale, create, then `docker start --attach`."""
    name = plan.request.container.container_name
    role = "serving head" if rank.node_rank == 0 else "headless rank"
    return "\n".join(
        [
            "[Unit]",
            # `%` doubled: systemd expands specifiers in a description and in an output path.
            f"Description={_literal(plan.request.units.description)} ({role}, node rank {rank.node_rank} of {len(plan.ranks)} on {rank.host.name})",
            "Wants=network-online.target",
            "After=network-online.target docker.service",
            "Requires=docker.service",
            "",
            "[Service]",
            "Type=simple",
            f"ExecStartPre=-{DOCKER} rm --force {name}",
            _exec_line("ExecStartPre", docker_create_argv(plan, rank)),
            f"ExecStart={DOCKER} start --attach {name}",
            f"ExecStop={DOCKER} stop --time {STOP_TIMEOUT_SECONDS} {name}",
            f"StandardOutput=append:{_literal(rank.log_path)}",
            f"StandardError=append:{_literal(rank.log_path)}",
            "TimeoutStartSec=infinity",
            "Restart=no",
            "",
            "[Install]",
            "WantedBy=multi-user.target",
            "",
        ]
    )
