"""Describe a serving launch profile, its compatibility subject key, and the V4.1 mint.

Seed A2: the Engram request enters the profile key only when explicit, so
every existing GLM subject key stays unchanged.  Seed A3: the mint
`deepseek_v41_measurement_profile` fixes what V4.1 decides (`--kv-cache-dtype
fp8_ds_mla`, Engram cpu_offload true / dp_shared_memory false) and takes what
the capacity measurement owns (utilization, batched tokens, ...) as parameters.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.spark.checkpoint import CheckpointRow
from domain.spark.engram import V41_ENGRAM_REQUEST, VllmEngramConfigRequest

V41_KV_CACHE_DTYPE = "fp8_ds_mla"
"""What V4.1 decides for its KV cache (seed A3)."""


@frozen
class ServingLaunchProfile:
    """Carry what a serve is launched with; None means the flag is not rendered."""

    gpu_memory_utilization_bp: int = field(validator=vf.basis_points)
    max_model_len: int = field(validator=vf.positive_int)
    max_num_seqs: int = field(validator=vf.positive_int)
    max_num_batched_tokens: int | None = field(validator=vf.optional(vf.positive_int))
    kv_cache_dtype: str | None = field(validator=vf.optional(vf.name_token))
    enable_prefix_caching: bool | None = field(validator=vf.optional(vf.strict_bool))
    engram: VllmEngramConfigRequest | None = field(validator=vf.optional(vf.instance_of(VllmEngramConfigRequest)))


GLM_GROUP_B_PROFILE = ServingLaunchProfile(
    # FIXTURE: Group B's GLM launch profile; the seeds give none of these numbers.
    gpu_memory_utilization_bp=8500,
    max_model_len=131072,
    max_num_seqs=8,
    max_num_batched_tokens=None,
    kv_cache_dtype="fp8",
    enable_prefix_caching=None,
    engram=None,
)
"""FIXTURE: the GLM profile Group B launches with (no Engram request)."""


def _lower_bool(value: bool) -> str:
    return "true" if value else "false"


def profile_subject_key(row: CheckpointRow, profile: ServingLaunchProfile) -> str:
    """Render the compatibility subject key of a row served under a profile."""
    parts = [
        f"checkpoint={row.name}",
        f"served_model={row.served_model}",
        f"gpu_memory_utilization_bp={profile.gpu_memory_utilization_bp}",
        f"max_model_len={profile.max_model_len}",
        f"max_num_seqs={profile.max_num_seqs}",
    ]
    # An unset optional enters the key as nothing, so adding a field never moves old keys.
    if profile.max_num_batched_tokens is not None:
        parts.append(f"max_num_batched_tokens={profile.max_num_batched_tokens}")
    if profile.kv_cache_dtype is not None:
        parts.append(f"kv_cache_dtype={profile.kv_cache_dtype}")
    if profile.enable_prefix_caching is not None:
        parts.append(f"enable_prefix_caching={_lower_bool(profile.enable_prefix_caching)}")
    # Seed A2: the Engram request enters the key only when explicit.
    if profile.engram is not None:
        parts.append(
            f"engram=cpu_offload:{_lower_bool(profile.engram.cpu_offload)}"
            f",dp_shared_memory:{_lower_bool(profile.engram.dp_shared_memory)}"
        )
    return ";".join(parts)


def deepseek_v41_measurement_profile(
    gpu_memory_utilization_bp: int,
    max_model_len: int,
    max_num_seqs: int,
    max_num_batched_tokens: int,
    enable_prefix_caching: bool,
) -> ServingLaunchProfile:
    """Mint the V4.1 profile: fix fp8_ds_mla and the Engram request, take the measured axes."""
    return ServingLaunchProfile(
        gpu_memory_utilization_bp=gpu_memory_utilization_bp,
        max_model_len=max_model_len,
        max_num_seqs=max_num_seqs,
        max_num_batched_tokens=max_num_batched_tokens,
        kv_cache_dtype=V41_KV_CACHE_DTYPE,
        enable_prefix_caching=enable_prefix_caching,
        engram=V41_ENGRAM_REQUEST,
    )
