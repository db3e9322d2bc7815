"""Declare the seeded defects of the launch profile: its subject key and the V4.1 mint.

Seed A2: the Engram request enters the subject key only when explicit, so
every GLM key stays unchanged.  Seed A3: the mint fixes what V4.1 decides
(fp8_ds_mla, the Engram request) and takes what the capacity measurement owns.
"""

from __future__ import annotations

import attrs

from claims.defects import Defect, original
from domain.spark import profile as profiles
from domain.spark.checkpoint import CheckpointRow
from domain.spark.profile import ServingLaunchProfile


def mint_without_engram(*args: object, **kwargs: object) -> ServingLaunchProfile:
    """Mint the V4.1 profile, then drop its Engram request."""
    minted: ServingLaunchProfile = original(profiles.deepseek_v41_measurement_profile)(*args, **kwargs)
    return attrs.evolve(minted, engram=None)


def key_with_an_engram_part_always(row: CheckpointRow, profile: ServingLaunchProfile) -> str:
    """Render the subject key, with an Engram part even where no request is explicit."""
    key: str = original(profiles.profile_subject_key)(row, profile)
    return key if profile.engram is not None else key + ";engram=none"


engram_dropped_from_the_mint = Defect(
    id="spark.engram_dropped_from_the_mint",
    target=profiles.deepseek_v41_measurement_profile,
    intent="Mint the V4.1 profile without its Engram request, so no rank asks vLLM for cpu_offload (seed A3: the mint fixes the request).",
    replacement=mint_without_engram,
    must_red={
        "spark.profile.the_mint_fixes_what_v41_decides",
        "spark.profile.the_v41_key_carries_the_explicit_engram_request",
    },
)

batched_tokens_fixed_by_the_mint = Defect(
    id="spark.batched_tokens_fixed_by_the_mint",
    target=profiles.deepseek_v41_measurement_profile,
    intent="Spell 8192 batched tokens in the mint instead of taking them as given, deciding an axis the capacity measurement owns (seed A3, #12371).",
    patch=("max_num_batched_tokens=max_num_batched_tokens,", "max_num_batched_tokens=8192,"),
    must_red={"spark.profile.the_mint_fixes_what_v41_decides"},
)

engram_part_in_every_key = Defect(
    id="spark.engram_part_in_every_key",
    target=profiles.profile_subject_key,
    intent="Write an Engram part into every subject key, so every existing GLM key moves (seed A2: the request enters the key only when explicit).",
    replacement=key_with_an_engram_part_always,
    must_red={
        "spark.profile.the_glm_subject_key_has_no_engram_part",
        "spark.profile.an_explicit_request_only_appends_to_the_key",
        "spark.profile.an_absent_request_leaves_the_key_unchanged",
    },
)

engram_key_part_reads_dp_shared_memory_twice = Defect(
    id="spark.engram_key_part_reads_dp_shared_memory_twice",
    target=profiles.profile_subject_key,
    intent="Key the cpu_offload part on dp_shared_memory, so two different Engram requests share one serving subject.",
    patch=(
        "cpu_offload:{_lower_bool(profile.engram.cpu_offload)}",
        "cpu_offload:{_lower_bool(profile.engram.dp_shared_memory)}",
    ),
    must_red={
        "spark.profile.the_v41_key_carries_the_explicit_engram_request",
        "spark.profile.a_present_request_changes_the_key",
    },
)

unset_dtype_enters_the_key = Defect(
    id="spark.unset_dtype_enters_the_key",
    target=profiles.profile_subject_key,
    intent="Append the KV cache dtype part even when the profile leaves it unset, so a profile without one keys as kv_cache_dtype=None and adding the field would move an old key (seed A2: an unset optional enters the key as nothing).",
    patch=("    if profile.kv_cache_dtype is not None:\n", "    if True:\n"),
    must_red={"spark.profile.each_unset_axis_enters_the_key_as_nothing"},
)

batched_tokens_capped_in_the_key = Defect(
    id="spark.batched_tokens_capped_in_the_key",
    target=profiles.profile_subject_key,
    intent="Write a batched-token count above 65536 into the subject key as 65536, so two profiles above it share one serving subject.",
    patch=(
        "max_num_batched_tokens={profile.max_num_batched_tokens}",
        "max_num_batched_tokens={min(profile.max_num_batched_tokens, 65536)}",
    ),
    must_red={"spark.profile.the_key_parses_back_to_the_profile"},
)

mint_caps_the_context = Defect(
    id="spark.mint_caps_the_context",
    target=profiles.deepseek_v41_measurement_profile,
    intent="Cap the minted max_model_len at 262144, so a longer context the measurement asks for is silently served shorter (seed A3: the mint takes the measured axes as given).",
    patch=("max_model_len=max_model_len,", "max_model_len=min(max_model_len, 262144),"),
    must_red={"spark.profile.the_mint_takes_every_measured_axis_as_given"},
)

full_utilization_keyed_as_9999 = Defect(
    id="spark.full_utilization_keyed_as_9999",
    target=profiles.profile_subject_key,
    intent="Key a profile at 10000 bp as 9999 bp, so two profiles share a subject key.",
    patch=(
        '        f"gpu_memory_utilization_bp={profile.gpu_memory_utilization_bp}",',
        '        f"gpu_memory_utilization_bp={min(profile.gpu_memory_utilization_bp, 9999)}",',
    ),
    must_red={"spark.profile.the_key_says_the_utilization_at_its_extremes"},
)
