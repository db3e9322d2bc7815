"""Generate Part A's values for property claims: groups, rows, profiles, launch requests, plans, authority logs.

Each strategy builds a frozen attrs value field by field and respects its
validators (an attrs validator would reject anything else at construction,
so a strategy that ignored them would only crash).  Strategies aim at the
edges a defect would show on: small pools where a requirement can equal the
pool, utilizations on both sides of a rounding, ties between authority-log
timestamps.  Plain module-level strategies, imported explicitly: nothing is
registered on import, and no claims live here.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from domain.core.outcome import Admitted
from domain.core.sizes import BASIS_POINTS_PER_UNIT, GIB
from domain.spark.admission import V41_GROUP_A_CANDIDATE
from domain.spark.authority_log import (
    AuthorityLog,
    GroupActive,
    GroupSuspendedForAuthorizedSuccessor,
    HostHeld,
    ImageAdmitted,
    LoggedEvent,
    PairRealizationKeyed,
    RegistryReadingRecorded,
)
from domain.spark.capacity import CapacityMeasurement, ResidentBet, V41AfterRequestsResident
from domain.spark.checkpoint import (
    CheckpointRow,
    CheckpointVllmParsers,
    NothingBeyondWeights,
    PageCacheFromNonKvHeadroom,
)
from domain.spark.engram import VllmEngramConfigRequest
from domain.spark.fit_wall import FitFigures
from domain.spark.fleet import GROUP_A, Host, HostGroup
from domain.spark.glm_group_b_launch import plan_glm_group_b_launch
from domain.spark.launcher import (
    ArmContainerIdentity,
    ArmEnv,
    ArmLaunchPlan,
    ArmLaunchRequest,
    ArmMount,
    ArmUnitIdentity,
    plan_arm_launch_for,
)
from domain.spark.profile import ServingLaunchProfile
from domain.spark.runtime import V41_PROBED_RUNTIME, GunbcDeepseekV41EngramProduced, ProducedArtifact, RegistryReading
from domain.spark.v41_group_a_launch import V41MeasurementLaunchShape, v41_group_a_launch_request, v41_launch_profile
from witnesses.core.strategies import NAME_POOL, basis_points, name_tokens, plain_texts

# ---------------------------------------------------------------------------
# fleet


# A strategy is validated the first time it draws, so one built inside a draw is validated on every draw: the
# strategies a composite draws from are built once, here or outside it, which changes no drawn value.
_NAMES = {
    n: st.lists(st.sampled_from(NAME_POOL), min_size=n, max_size=n, unique=True) for n in range(len(NAME_POOL) + 1)
}


def _hosts_with(memory: st.SearchStrategy[int], count: st.SearchStrategy[int]) -> st.SearchStrategy[tuple[Host, ...]]:
    @st.composite
    def build(draw: Any) -> tuple[Host, ...]:
        n = draw(count)
        names = draw(_NAMES[n])
        # Distinct rail addresses unless a strategy asks otherwise: `four_spark_tp4` refuses shared ones.
        return tuple(
            Host(name=name, fabric_address=f"10.77.9.{i + 1}", memory_gib=draw(memory)) for i, name in enumerate(names)
        )

    return build()


def host_groups(
    memory: st.SearchStrategy[int] = st.integers(min_value=1, max_value=200),
    count: st.SearchStrategy[int] = st.integers(min_value=1, max_value=6),
) -> st.SearchStrategy[HostGroup]:
    """Draw a group of uniquely named hosts with distinct rail addresses."""
    return st.builds(HostGroup, name=name_tokens, hosts=_hosts_with(memory, count), subject=plain_texts)


four_host_groups = host_groups(memory=st.integers(min_value=100, max_value=200), count=st.just(4))
"""Four-host groups large enough that a small row fits: the shape `FourSparkTp4` seats."""

# ---------------------------------------------------------------------------
# checkpoint rows, Engram, profiles

parsers = st.builds(
    CheckpointVllmParsers,
    tool_call_parser=name_tokens,
    reasoning_parser=name_tokens,
    tokenizer_mode=st.none() | name_tokens,
)

residencies = st.sampled_from([NothingBeyondWeights(), PageCacheFromNonKvHeadroom()])


def checkpoint_rows(
    weight: st.SearchStrategy[int] = st.integers(min_value=1, max_value=800),
) -> st.SearchStrategy[CheckpointRow]:
    """Draw a checkpoint row of either residency."""
    return st.builds(
        CheckpointRow,
        name=name_tokens,
        served_model=name_tokens,
        weight_gib=weight,
        parsers=parsers,
        resident_beyond_weights=residencies,
    )


engram_requests = st.builds(VllmEngramConfigRequest, cpu_offload=st.booleans(), dp_shared_memory=st.booleans())


def launch_profiles(
    utilization: st.SearchStrategy[int] = basis_points,
    engram: st.SearchStrategy[VllmEngramConfigRequest | None] = st.none() | engram_requests,
) -> st.SearchStrategy[ServingLaunchProfile]:
    """Draw a serving launch profile; every optional flag may be absent."""
    return st.builds(
        ServingLaunchProfile,
        gpu_memory_utilization_bp=utilization,
        max_model_len=st.integers(min_value=1, max_value=1 << 20),
        max_num_seqs=st.integers(min_value=1, max_value=512),
        max_num_batched_tokens=st.none() | st.integers(min_value=1, max_value=1 << 16),
        # Any name token vLLM might take, not only the seeds' spellings: an uppercase letter, a dot or a hyphen included.
        kv_cache_dtype=st.none() | st.sampled_from(["auto", "fp8", "fp8_ds_mla", "FP8", "fp8.e4m3-X"]),
        enable_prefix_caching=st.none() | st.booleans(),
        engram=engram,
    )


# ---------------------------------------------------------------------------
# runtime, capacity

config_digests = st.text(alphabet="0123456789abcdef", min_size=64, max_size=64).map(lambda h: "sha256:" + h)
registry_readings = st.builds(
    RegistryReading, hub_cli_path=st.none() | plain_texts, vllm_version=st.none() | plain_texts
)
produced_artifacts = st.builds(ProducedArtifact, config_digest=config_digests, runtime_key=plain_texts)
produced_runtimes = st.builds(
    GunbcDeepseekV41EngramProduced, artifact=produced_artifacts, registry_reading=st.none() | registry_readings
)
resident_bets = st.builds(ResidentBet, concurrency=st.integers(1, 64), per_rank_gib=st.integers(1, 128))
after_requests_resident = st.builds(
    V41AfterRequestsResident, concurrency=st.integers(1, 64), per_rank_bytes=st.integers(0, 128 * GIB)
)
_steps = st.lists(st.sampled_from([2, 4, 6, 16]), unique=True).map(tuple)
capacity_measurements = st.builds(
    CapacityMeasurement,
    # A per-rank allowance is the group's allowance over its hosts: thirds and sixths as well as quarters.
    per_rank_allowance_gib=st.builds(Fraction, st.integers(0, 500), st.integers(1, 6)),
    pressured_concurrencies=_steps,
    confirmed_concurrencies=_steps,
    unmeasured_concurrencies=_steps,
)

# ---------------------------------------------------------------------------
# launcher: requests the shared launcher admits

_paths = st.lists(name_tokens, min_size=1, max_size=3).map(lambda parts: "/" + "/".join(parts))


_mount_targets = st.lists(name_tokens, max_size=5, unique=True)


@st.composite
def _extra_mounts(draw: Any) -> tuple[ArmMount, ...]:
    # Targets under /mnt never meet the checkpoint's own mount under /srv, and are unique.
    targets = draw(_mount_targets)
    return tuple(ArmMount(source=draw(_paths), target=f"/mnt/{t}", read_only=draw(st.booleans())) for t in targets)


ENV_VALUE_POOL = ("/srv/gunbc/engram/manifests/m.json", "50%", "$HOME", 'say "hi"', "back\\slash", "", "x=y z")
arm_envs = st.builds(
    ArmEnv,
    name=st.sampled_from(("GUNBC_ENGRAM_TOUCH_RECEIPT_DIR", "A", "_Z9", "VLLM_LOGGING_LEVEL")),
    # Values systemd would expand or split unless the renderer escapes and quotes them.
    value=st.sampled_from(ENV_VALUE_POOL),
)


_rendezvous_ports = st.integers(1, 65535).filter(lambda p: p != 8000)
_shm_sizes = st.sampled_from(["64g", "16g", "1024m", "8"])
_any_extra_mounts = _extra_mounts()


@st.composite
def arm_containers(draw: Any, name: st.SearchStrategy[str] = name_tokens) -> ArmContainerIdentity:
    """Draw a container identity whose rendezvous port is never the serve port (8000)."""
    return ArmContainerIdentity(
        container_name=draw(name),
        rendezvous_port=draw(_rendezvous_ports),
        shm_size=draw(_shm_sizes),
        extra_mounts=draw(_any_extra_mounts),
    )


@st.composite
def arm_units(draw: Any, stem: st.SearchStrategy[str] = name_tokens) -> ArmUnitIdentity:
    """Draw a unit identity; head and rank units differ, as every arm's do."""
    s = draw(stem)
    return ArmUnitIdentity(
        head_unit_name=f"{s}-head.service",
        rank_unit_name=f"{s}-rank.service",
        head_log_path=f"/var/log/{s}-head.log",
        rank_log_path=f"/var/log/{s}-rank.log",
        apply_log_dir=f"/var/log/{s}/apply",
        description=draw(plain_texts),
    )


# At most 200 GiB of weights and at least 8000 bp fit any pool of four >= 100 GiB hosts.
_fitting_rows = checkpoint_rows(weight=st.integers(min_value=1, max_value=200))
_fitting_profiles = launch_profiles(utilization=st.integers(min_value=8000, max_value=BASIS_POINTS_PER_UNIT))
_images = st.one_of(config_digests, st.just("nvcr.io/nvidia/vllm:25.10-py3"))
_any_containers, _any_units, _envs = arm_containers(), arm_units(), st.lists(arm_envs, max_size=3)


@st.composite
def admitted_launch_requests(draw: Any) -> ArmLaunchRequest:
    """Draw a request the launcher plans: four hosts with distinct rails, a row that fits, a profile."""
    group = draw(four_host_groups)
    row = draw(_fitting_rows)
    return ArmLaunchRequest(
        group=group,
        row=row,
        profile=draw(_fitting_profiles),
        image=draw(_images),
        serve_port=8000,
        container=draw(_any_containers),
        units=draw(_any_units),
        env=tuple(draw(_envs)),
    )


# ---------------------------------------------------------------------------
# authority log: small pools, so states, holdings and timestamps collide often

READ_TIMES = st.integers(min_value=0, max_value=12)
OTHER_CANDIDATE = "gunbc-v41-tp4@FabricGroupA/another-successor"
OTHER_RUNTIME_KEY = "vllm-openai@0ther000"
OTHER_SUBJECT = "spark-serving-group-b"

_times = st.integers(min_value=0, max_value=12)
_candidate_keys = st.sampled_from([V41_GROUP_A_CANDIDATE.candidate, OTHER_CANDIDATE])
_host_names = st.sampled_from([h.name for h in GROUP_A.hosts])

authority_events = st.one_of(
    st.builds(
        GroupSuspendedForAuthorizedSuccessor,
        at=_times,
        group=st.sampled_from([GROUP_A.name, "FabricGroupB"]),
        exact_candidate_realization=st.builds(PairRealizationKeyed, key=_candidate_keys),
        lease_expires_at=st.integers(min_value=0, max_value=16),
    ),
    st.builds(
        GroupActive,
        at=_times,
        group=st.sampled_from([GROUP_A.name, "FabricGroupB"]),
        incumbent=st.just("gunbc-spark-pair@FabricGroupA/deepseek-v4"),
    ),
    st.builds(
        ImageAdmitted,
        at=_times,
        config_digest=config_digests,
        runtime_key=st.sampled_from([V41_GROUP_A_CANDIDATE.runtime_artifact, OTHER_RUNTIME_KEY]),
    ),
    st.builds(
        RegistryReadingRecorded,
        at=_times,
        config_digest=config_digests,
        hub_cli_path=st.none() | plain_texts,
        vllm_version=st.none() | plain_texts,
    ),
    st.builds(HostHeld, at=_times, host=_host_names, subject=st.sampled_from([GROUP_A.subject, OTHER_SUBJECT])),
)
"""One authority event drawn from pools that make Group A's conjuncts pass and fail often."""


def authority_log_of(events: list[Any] | tuple[Any, ...]) -> AuthorityLog:
    """Return a log holding these events, one a line, in order."""
    return AuthorityLog(
        source="properties.jsonl", events=tuple(LoggedEvent(line=n, event=e) for n, e in enumerate(events, 1))
    )


authority_logs = st.lists(authority_events, max_size=14).map(authority_log_of)


# ---------------------------------------------------------------------------
# every Part A value, for the converter round trip

PART_A_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "HostGroup": host_groups(),
    "CheckpointVllmParsers": parsers,
    "VllmEngramConfigRequest": engram_requests,
    "ServingLaunchProfile": launch_profiles(),
    "GunbcDeepseekV41EngramProduced": produced_runtimes,
    "ResidentBet": resident_bets,
    "V41AfterRequestsResident": after_requests_resident,
    "CapacityMeasurement": capacity_measurements,
    "ArmContainerIdentity": arm_containers(),
    "ArmUnitIdentity": arm_units(),
    "ArmEnv": arm_envs,
    "AuthorityLog": authority_logs,
}
"""Part A values with no union-typed field: each should round-trip through `convert.STRICT`."""

ROW_BEARING_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "CheckpointRow": checkpoint_rows(),
    "ArmLaunchRequest": admitted_launch_requests(),
}
"""Values carrying `ResidentBeyondWeights`, a union of two field-less classes."""


@st.composite
def _fit_figures(draw: Any) -> FitFigures:
    weights = draw(st.integers(min_value=1, max_value=800))
    allowance = draw(st.integers(min_value=0, max_value=500))
    requirement = Fraction((weights + allowance) * 5, 4)
    pool = -(-requirement.numerator // requirement.denominator) + draw(st.integers(min_value=0, max_value=100))
    return FitFigures(
        weights_gib=weights,
        allowance_gib=allowance,
        resident_gib=weights + allowance,
        requirement_gib=requirement,
        pool_gib=pool,
        margin_gib=pool - requirement,
    )


fit_figures = _fit_figures()
"""An admitted fit's figures: the requirement is (weights + allowance) x 5/4 and within the pool."""


# ---------------------------------------------------------------------------
# planned arms (the launcher's, V4.1's and GLM's), for the rendering properties


def _planned(request: ArmLaunchRequest) -> ArmLaunchPlan:
    outcome = plan_arm_launch_for(request)
    assert isinstance(outcome, Admitted), (
        f"the launch-request strategy drew a request the launcher refuses: {outcome!r}"
    )
    return outcome.value


planned_arms = admitted_launch_requests().map(_planned)
"""Plans of arbitrary admitted requests: any group, row, profile, container, units and env."""
ROW_BEARING_VALUES["ArmLaunchPlan"] = planned_arms

v41_launch_shapes = st.builds(
    V41MeasurementLaunchShape,
    max_num_batched_tokens=st.sampled_from([2048, 4096, 8192, 16384]),
    # 7934 bp is the least utilization at which V4.1 fits Group A (spark.fit_wall).
    gpu_memory_utilization_bp=st.integers(min_value=7934, max_value=BASIS_POINTS_PER_UNIT),
    enable_prefix_caching=st.booleans(),
    source=st.just("properties: a generated #12371 launch shape"),
)


def _v41_arm_planned(shape: V41MeasurementLaunchShape) -> ArmLaunchPlan:
    request = v41_group_a_launch_request(v41_launch_profile(shape), V41_PROBED_RUNTIME.artifact.config_digest)
    return _planned(request)


v41_arm_plans = v41_launch_shapes.map(_v41_arm_planned)
"""V4.1's arm on the shared launcher under generated #12371 launch shapes (each fits the wall)."""


def _glm_planned(profile: ServingLaunchProfile) -> ArmLaunchPlan:
    outcome = plan_glm_group_b_launch(profile)
    assert isinstance(outcome, Admitted), f"GLM refused a profile: {outcome!r}"
    return outcome.value


glm_plans = launch_profiles().map(_glm_planned)
"""Group B GLM plans under generated profiles (GLM is charged nothing beyond weights, so each fits)."""
