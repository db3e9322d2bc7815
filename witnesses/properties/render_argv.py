"""Read a rendered `docker create` argv, and a unit's Exec line, back into values (the witnesses' own reader).

No claims here: `properties.render` uses this reader so a round trip does
not lean on the domain's own parsing.
"""

from __future__ import annotations

import shlex
from fractions import Fraction
from typing import Any

from domain.launcher import ArmLaunchPlan, RankPlan

SWITCHES = frozenset({"--headless", "--enable-auto-tool-choice", "--enable-prefix-caching", "--no-enable-prefix-caching"})
"""vLLM flags that take no value; every other flag takes exactly one."""


def argv_of_unit(unit: str) -> tuple[str, ...]:
    """Read the `ExecStartPre=` line that carries `docker create` back into its argv, by systemd's quoting."""
    lines = unit.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("ExecStartPre=") and " create" in line.split(" \\")[0])
    joined = lines[start]
    i = start
    while joined.endswith(" \\"):
        i += 1
        joined = joined[:-2] + " " + lines[i].strip()
    return tuple(_unescape(word) for word in shlex.split(joined.removeprefix("ExecStartPre="), posix=True))


def _unescape(word: str) -> str:
    # systemd expands `%x` specifiers and `$NAME` variables in Exec lines; only `%%` and `$$` are literal.
    out, i = [], 0
    while i < len(word):
        if word[i] in "%$":
            if word[i + 1:i + 2] != word[i]:
                raise ValueError(f"systemd would expand {word[i:i + 2]!r} in {word!r}")
            i += 1
        out.append(word[i])
        i += 1
    return "".join(out)


def _flags(words: list[str]) -> dict[str, list[str | None]]:
    read: dict[str, list[str | None]] = {}
    i = 0
    while i < len(words):
        flag = words[i]
        if not flag.startswith("--"):
            raise ValueError(f"expected a flag at word {i}, got {flag!r}")
        if flag in SWITCHES:
            read.setdefault(flag, []).append(None)
            i += 1
        else:
            read.setdefault(flag, []).append(words[i + 1])
            i += 2
    return read


def read_create_argv(argv: tuple[str, ...]) -> dict[str, Any]:
    """Read a `docker create ... --entrypoint vllm IMAGE serve MODEL ...` argv into the values it sets."""
    words = list(argv)
    if words[:2] != ["docker", "create"]:
        raise ValueError(f"not a docker create argv: {words[:2]!r}")
    entry = words.index("--entrypoint")
    docker = _flags(words[2:entry])
    if words[entry + 1] != "vllm" or words[entry + 3] != "serve":
        raise ValueError(f"expected `--entrypoint vllm IMAGE serve`, got {words[entry:entry + 4]!r}")
    vllm = _flags(words[entry + 5:])
    one = lambda table, flag: None if flag not in table else (table[flag][0] if len(table[flag]) == 1 else table[flag])  # noqa: E731
    engram = {k.removeprefix("--engram-config."): v[0] for k, v in vllm.items() if k.startswith("--engram-config.")}
    prefix = None if not ({"--enable-prefix-caching", "--no-enable-prefix-caching"} & set(vllm)) else "--enable-prefix-caching" in vllm
    return {
        "container": one(docker, "--name"),
        "shm_size": one(docker, "--shm-size"),
        "volumes": docker.get("--volume", []),
        "env": docker.get("--env", []),
        "image": words[entry + 2],
        "model_directory": words[entry + 4],
        "served_model": one(vllm, "--served-model-name"),
        "tensor_parallel": int(one(vllm, "--tensor-parallel-size")),
        "nnodes": int(one(vllm, "--nnodes")),
        "backend": one(vllm, "--distributed-executor-backend"),
        "node_rank": int(one(vllm, "--node-rank")),
        "master": (one(vllm, "--master-addr"), int(one(vllm, "--master-port"))),
        "headless": "--headless" in vllm,
        "api": None if "--port" not in vllm else (one(vllm, "--host"), int(one(vllm, "--port"))),
        "utilization_bp": Fraction(one(vllm, "--gpu-memory-utilization")) * 10_000,
        "max_model_len": int(one(vllm, "--max-model-len")),
        "max_num_seqs": int(one(vllm, "--max-num-seqs")),
        "max_num_batched_tokens": None if "--max-num-batched-tokens" not in vllm else int(one(vllm, "--max-num-batched-tokens")),
        "kv_cache_dtype": one(vllm, "--kv-cache-dtype"),
        "prefix_caching": prefix,
        "parsers": (one(vllm, "--tool-call-parser"), one(vllm, "--reasoning-parser"), one(vllm, "--tokenizer-mode")),
        "engram": engram or None,
        "flags_given_twice": sorted(k for k, v in {**docker, **vllm}.items() if len(v) > 1 and k not in {"--volume", "--env"}),
    }


def expected_values(plan: ArmLaunchPlan, rank: RankPlan) -> dict[str, Any]:
    """Say what the reader must find in a rank's argv, straight from the plan."""
    request, profile, parsers = plan.request, plan.profile, plan.request.row.parsers
    lower = lambda b: "true" if b else "false"  # noqa: E731
    return {
        "container": request.container.container_name,
        "shm_size": request.container.shm_size,
        "volumes": [f"{m.source}:{m.target}:{'ro' if m.read_only else 'rw'}" for m in plan.mounts],
        "env": [f"VLLM_HOST_IP={rank.host.fabric_address}", *(f"{e.name}={e.value}" for e in request.env)],
        "image": request.image,
        "model_directory": plan.model_directory,
        "served_model": request.row.served_model,
        "tensor_parallel": len(plan.ranks),
        "nnodes": len(plan.ranks),
        "backend": "mp",
        "node_rank": rank.node_rank,
        "master": (plan.ranks[0].host.fabric_address, request.container.rendezvous_port),
        "headless": rank.node_rank != 0,
        "api": ("0.0.0.0", request.serve_port) if rank.node_rank == 0 else None,
        "utilization_bp": profile.gpu_memory_utilization_bp,
        "max_model_len": profile.max_model_len,
        "max_num_seqs": profile.max_num_seqs,
        "max_num_batched_tokens": profile.max_num_batched_tokens,
        "kv_cache_dtype": profile.kv_cache_dtype,
        "prefix_caching": profile.enable_prefix_caching,
        "parsers": (parsers.tool_call_parser, parsers.reasoning_parser, parsers.tokenizer_mode),
        "engram": None if profile.engram is None else {"cpu_offload": lower(profile.engram.cpu_offload), "dp_shared_memory": lower(profile.engram.dp_shared_memory)},
        "flags_given_twice": [],
    }
