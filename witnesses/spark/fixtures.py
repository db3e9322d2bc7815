"""Build the values the Part A witnesses share: authority logs, V4.1 inputs, planned arms, and an argv reader (no claims here)."""

from __future__ import annotations

import shlex
from fractions import Fraction
from typing import Any

import attrs

from domain.spark.admission import V41_GROUP_A_CANDIDATE
from domain.spark.apply_steps import ApplyStep, ArmApplySteps
from domain.spark.authority_log import (
    AuthorityEvent,
    AuthorityLog,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    ImageAdmitted,
    LoggedEvent,
    PairRealizationKeyed,
    RegistryReadingRecorded,
)
from domain.spark.fleet import GROUP_A, GROUP_B
from domain.spark.frontiers import FIXTURE_HOST_EFFECTS_DISCHARGE, FIXTURE_OCCUPANCY_DISCHARGE, FrontierDischarge
from domain.spark.glm_group_b_launch import plan_glm_group_b_launch
from domain.spark.launcher import ArmLaunchPlan, RankPlan
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile, deepseek_v41_measurement_profile
from domain.spark.runtime import V41_PROBED_RUNTIME, V41_PRODUCED_ARTIFACT, GunbcDeepseekV41EngramProduced
from domain.spark.v41_group_a_launch import (
    FIXTURE_V41_ENGRAM_STORE_MANIFEST,
    FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE,
    EngramStoreManifest,
    V41GroupALaunchPlan,
    V41LaunchInputs,
    V41MeasurementLaunchShape,
    plan_v41_group_a_launch,
)

READ_AT = 1_767_229_200
"""2026-01-01T01:00:00Z: the witnesses read every authority log at this second."""

LEASE_EXPIRES_AT = 1_767_232_800
DIGEST = V41_PRODUCED_ARTIFACT.config_digest
OTHER_DIGEST = "sha256:" + "7a" * 32

ACTIVE = GroupActive(at=1_767_200_000, group=GROUP_A.name, incumbent="gunbc-spark-pair@FabricGroupA/deepseek-v4")
SUSPENSION = GroupSuspendedForAuthorizedSuccessor(
    at=1_767_225_600,
    group=GROUP_A.name,
    exact_candidate_realization=PairRealizationKeyed(key=V41_GROUP_A_CANDIDATE.candidate),
    lease_expires_at=LEASE_EXPIRES_AT,
)
HELD_A = tuple(HostHeld(at=1_767_200_000, host=h.name, subject=GROUP_A.subject) for h in GROUP_A.hosts)
HELD_B = tuple(HostHeld(at=1_767_200_000, host=h.name, subject=GROUP_B.subject) for h in GROUP_B.hosts)
IMAGE = ImageAdmitted(at=1_767_220_000, config_digest=DIGEST, runtime_key=V41_GROUP_A_CANDIDATE.runtime_artifact)
READING = RegistryReadingRecorded(
    at=1_767_220_100, config_digest=DIGEST, hub_cli_path="/usr/local/bin/hf", vllm_version="0.1.dev1+gd2d649e6"
)

DRY_RUN_DISCHARGES = (
    FIXTURE_OCCUPANCY_DISCHARGE,
    FIXTURE_HOST_EFFECTS_DISCHARGE,
    FrontierDischarge(key="#12370", by="the witness's authority log, read as #12370's suspension shape"),
)
"""The discharges the dry run supplies besides the typed values (#12351, the wet runner, #12370)."""


def authority_log(*events: AuthorityEvent) -> AuthorityLog:
    """Return a log of these events, one a line, in order."""
    return AuthorityLog(
        source="witness.jsonl", events=tuple(LoggedEvent(line=n, event=e) for n, e in enumerate(events, 1))
    )


def admitting_log() -> AuthorityLog:
    """Return the world where Group A is suspended for this candidate, leased, its image admitted and hosts held."""
    return authority_log(ACTIVE, *HELD_A, IMAGE, READING, SUSPENSION)


def shape_at(bp: int) -> V41MeasurementLaunchShape:
    """Return the fixture launch shape at another utilization."""
    return attrs.evolve(FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE, gpu_memory_utilization_bp=bp)


def v41_inputs(
    produced: GunbcDeepseekV41EngramProduced | None = V41_PROBED_RUNTIME,
    shape: V41MeasurementLaunchShape | None = FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE,
    manifest: EngramStoreManifest | None = FIXTURE_V41_ENGRAM_STORE_MANIFEST,
) -> V41LaunchInputs:
    """Return the plan's interface values: fixtures supplied for every frontier unless named."""
    return V41LaunchInputs(
        produced=produced, launch_shape=shape, engram_manifest=manifest, discharges=DRY_RUN_DISCHARGES
    )


def v41_plan() -> V41GroupALaunchPlan:
    """Return the V4.1 plan with fixtures supplied at the plan's interface (raises if it refuses)."""
    planned = plan_v41_group_a_launch(v41_inputs())
    assert not planned.refused, planned
    return planned.value


def v41_profile_at(bp: int) -> ServingLaunchProfile:
    """Mint the V4.1 measurement profile with the #12371 launch shape at a utilization."""
    return deepseek_v41_measurement_profile(bp, 262144, 16, 8192, False)


def glm_plan() -> ArmLaunchPlan:
    """Return Group B's planned GLM arm under its profile (raises if it refuses)."""
    planned = plan_glm_group_b_launch(GLM_GROUP_B_PROFILE)
    assert not planned.refused, planned
    return planned.value


def every_step(steps: ArmApplySteps) -> tuple[ApplyStep, ...]:
    """Return every apply step in the order an operator reads them (rollback runs only on failure)."""
    return (
        *steps.preflight,
        *steps.preserve,
        *steps.apply,
        *steps.readback,
        *steps.front_door,
        *steps.commit,
        *steps.rollback,
        *steps.cleanup,
    )


# ---------------------------------------------------------------------------
# The witnesses' own reader of a rendered `docker create` argv and a unit's Exec line (never the domain's parsing).

SWITCHES = frozenset(
    {"--headless", "--enable-auto-tool-choice", "--enable-prefix-caching", "--no-enable-prefix-caching"}
)
"""vLLM flags that take no value; every other flag takes exactly one."""


def argv_of_unit(unit: str) -> tuple[str, ...]:
    """Read the `ExecStartPre=` line that carries `docker create` back into its argv, by systemd's quoting."""
    lines = unit.split("\n")
    start = next(
        i for i, line in enumerate(lines) if line.startswith("ExecStartPre=") and " create" in line.split(" \\")[0]
    )
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
            if word[i + 1 : i + 2] != word[i]:
                raise ValueError(f"systemd would expand {word[i : i + 2]!r} in {word!r}")
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
        raise ValueError(f"expected `--entrypoint vllm IMAGE serve`, got {words[entry : entry + 4]!r}")
    vllm = _flags(words[entry + 5 :])
    one = lambda table, flag: None if flag not in table else (table[flag][0] if len(table[flag]) == 1 else table[flag])
    engram = {k.removeprefix("--engram-config."): v[0] for k, v in vllm.items() if k.startswith("--engram-config.")}
    prefix = (
        None
        if not ({"--enable-prefix-caching", "--no-enable-prefix-caching"} & set(vllm))
        else "--enable-prefix-caching" in vllm
    )
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
        "max_num_batched_tokens": None
        if "--max-num-batched-tokens" not in vllm
        else int(one(vllm, "--max-num-batched-tokens")),
        "kv_cache_dtype": one(vllm, "--kv-cache-dtype"),
        "prefix_caching": prefix,
        "parsers": (one(vllm, "--tool-call-parser"), one(vllm, "--reasoning-parser"), one(vllm, "--tokenizer-mode")),
        "engram": engram or None,
        "flags_given_twice": sorted(
            k for k, v in {**docker, **vllm}.items() if len(v) > 1 and k not in {"--volume", "--env"}
        ),
    }


def expected_values(plan: ArmLaunchPlan, rank: RankPlan) -> dict[str, Any]:
    """Say what the reader must find in a rank's argv, straight from the plan."""
    request, profile, parsers = plan.request, plan.profile, plan.request.row.parsers
    lower = lambda b: "true" if b else "false"
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
        "engram": None
        if profile.engram is None
        else {
            "cpu_offload": lower(profile.engram.cpu_offload),
            "dp_shared_memory": lower(profile.engram.dp_shared_memory),
        },
        "flags_given_twice": [],
    }


def latest_by_time(events: list[Any]) -> Any:
    """Return the event with the greatest `at`, the later line winning a tie (None for none): the witnesses' own
    reading of "the latest event", independent of the rules'."""
    chosen = None
    for event in events:
        if chosen is None or event.at >= chosen.at:
            chosen = event
    return chosen
