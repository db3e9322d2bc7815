"""Witness the launch profile: its subject key, its compatibility check and the V4.1 mint."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain import profile
from domain.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A, GLM_CHECKPOINT_ROW
from domain.engram import V41_ENGRAM_REQUEST, VllmEngramConfigRequest
from domain.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile, SubjectKeyDiffers

witness = Witness("spark.profile")

GLM_KEY = "checkpoint=Glm46Fp8;served_model=glm-4.6-fp8;gpu_memory_utilization_bp=8500;max_model_len=131072;max_num_seqs=8;kv_cache_dtype=fp8"
ENGRAM_PART = ";engram=cpu_offload:true,dp_shared_memory:false"


def v41_profile_at(bp: int) -> ServingLaunchProfile:
    """Mint the V4.1 measurement profile with the #12371 launch shape at a utilization."""
    return profile.deepseek_v41_measurement_profile(bp, 262144, 16, 8192, False)


@witness.positive(
    "The GLM subject key carries no Engram part because GLM's request is absent.",
    rules=[profile.profile_subject_key],
)
def the_glm_subject_key_has_no_engram_part() -> None:
    key = profile.profile_subject_key(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE)
    check.equal("GLM subject key", key, GLM_KEY)
    check.absent("engram in the GLM key", "engram", key)


@witness.positive(
    "The V4.1 subject key ends with its explicit Engram request.",
    rules=[profile.profile_subject_key, profile.deepseek_v41_measurement_profile],
)
def the_v41_key_carries_the_explicit_engram_request() -> None:
    key = profile.profile_subject_key(DEEPSEEK_V41_FLASH_DBA1BE0A, v41_profile_at(8000))
    check.equal(
        "V4.1 subject key",
        key,
        "checkpoint=DeepseekV41FlashDba1be0a;served_model=deepseek-v4.1-flash;gpu_memory_utilization_bp=8000;"
        "max_model_len=262144;max_num_seqs=16;max_num_batched_tokens=8192;kv_cache_dtype=fp8_ds_mla;"
        "enable_prefix_caching=false" + ENGRAM_PART,
    )


@witness.property(
    "An explicit Engram request only appends its part, so a key without one never moves.",
    rules=[profile.profile_subject_key],
)
@settings(max_examples=60, deadline=None)
@given(
    st.builds(
        ServingLaunchProfile,
        gpu_memory_utilization_bp=st.integers(1, 10_000),
        max_model_len=st.integers(1, 1 << 20),
        max_num_seqs=st.integers(1, 512),
        max_num_batched_tokens=st.none() | st.integers(1, 1 << 16),
        kv_cache_dtype=st.none() | st.sampled_from(["auto", "fp8", "fp8_ds_mla"]),
        enable_prefix_caching=st.none() | st.booleans(),
        engram=st.none(),
    ),
    st.builds(VllmEngramConfigRequest, cpu_offload=st.booleans(), dp_shared_memory=st.booleans()),
)
def an_explicit_request_only_appends_to_the_key(plain: ServingLaunchProfile, request: VllmEngramConfigRequest) -> None:
    before = profile.profile_subject_key(GLM_CHECKPOINT_ROW, plain)
    after = profile.profile_subject_key(GLM_CHECKPOINT_ROW, attrs.evolve(plain, engram=request))
    check.absent("engram without a request", "engram", before)
    check.holds("the request appends to the unchanged key", after.startswith(before + ";engram="), (before, after))


@witness.positive(
    "The mint fixes fp8_ds_mla and the Engram request and takes the measured axes as given.",
    rules=[profile.deepseek_v41_measurement_profile],
)
def the_mint_fixes_what_v41_decides() -> None:
    minted = profile.deepseek_v41_measurement_profile(7500, 131072, 6, 4096, True)
    check.equal("kv_cache_dtype", minted.kv_cache_dtype, "fp8_ds_mla")
    check.equal("engram", minted.engram, VllmEngramConfigRequest(cpu_offload=True, dp_shared_memory=False))
    check.equal(
        "measured axes",
        (minted.gpu_memory_utilization_bp, minted.max_model_len, minted.max_num_seqs, minted.max_num_batched_tokens, minted.enable_prefix_caching),
        (7500, 131072, 6, 4096, True),
    )


@witness.positive(
    "A GLM serve recorded under its own key is compatible with the same request.",
    rules=[profile.serving_subject_compatible, profile.profile_subject_key],
)
def a_recorded_glm_serve_is_compatible_with_its_profile() -> None:
    admitted = check.admitted(profile.serving_subject_compatible(GLM_KEY, GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE))
    check.equal("subject key", admitted, GLM_KEY)


@witness.refusal(
    "An explicit Engram request makes a recorded GLM serve incompatible, naming the Engram part.",
    rules=[profile.serving_subject_compatible, profile.profile_subject_key],
    reasons=[because(SubjectKeyDiffers, at="$.profile_subject_key.engram", saying=["(absent) in the recorded serve", "cpu_offload:true"])],
)
def an_explicit_engram_request_makes_a_glm_serve_incompatible() -> object:
    return profile.serving_subject_compatible(GLM_KEY, GLM_CHECKPOINT_ROW, attrs.evolve(GLM_GROUP_B_PROFILE, engram=V41_ENGRAM_REQUEST))


@witness.refusal(
    "A V4.1 serve minted at 8000 bp is not the serve a 5000 bp request asks for.",
    rules=[profile.serving_subject_compatible, profile.deepseek_v41_measurement_profile],
    reasons=[because(SubjectKeyDiffers, at="$.profile_subject_key.gpu_memory_utilization_bp", saying=["8000 in the recorded", "5000 in the request"])],
)
def a_v41_serve_at_another_utilization_is_incompatible() -> object:
    recorded = profile.profile_subject_key(DEEPSEEK_V41_FLASH_DBA1BE0A, v41_profile_at(8000))
    return profile.serving_subject_compatible(recorded, DEEPSEEK_V41_FLASH_DBA1BE0A, v41_profile_at(5000))


@witness.refusal(
    "A recorded V4.1 serve asked for without its Engram request names the part as absent in the request.",
    rules=[profile.serving_subject_compatible, profile.profile_subject_key],
    reasons=[
        because(
            SubjectKeyDiffers,
            at="$.profile_subject_key.engram",
            saying="engram is cpu_offload:true,dp_shared_memory:false in the recorded serve but (absent) in the request",
        )
    ],
)
def a_request_without_the_engram_part_names_it_absent() -> object:
    recorded = profile.profile_subject_key(DEEPSEEK_V41_FLASH_DBA1BE0A, v41_profile_at(8000))
    return profile.serving_subject_compatible(recorded, DEEPSEEK_V41_FLASH_DBA1BE0A, attrs.evolve(v41_profile_at(8000), engram=None))


@witness.refusal(
    "A recorded key with the GLM parts in another order is refused as spelled differently, quoting both keys.",
    rules=[profile.serving_subject_compatible, profile.profile_subject_key],
    reasons=[
        because(
            SubjectKeyDiffers,
            at="$.profile_subject_key",
            saying=f"the recorded key {';'.join(reversed(GLM_KEY.split(';')))!r} is not spelled as the request's {GLM_KEY!r}",
        )
    ],
)
def the_same_parts_in_another_order_are_refused_as_spelled_differently() -> object:
    return profile.serving_subject_compatible(";".join(reversed(GLM_KEY.split(";"))), GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE)


@witness.refusal(
    "A recorded value holding '=' is compared whole at its own part, not split at its last '='.",
    rules=[profile.serving_subject_compatible],
    reasons=[because(SubjectKeyDiffers, at="$.profile_subject_key.kv_cache_dtype", saying="kv_cache_dtype is fp8=e4m3 in the recorded serve but fp8 in the request")],
)
def a_value_holding_an_equals_sign_is_compared_whole() -> object:
    return profile.serving_subject_compatible(GLM_KEY + "=e4m3", GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE)
