"""Witness the launch profile: its compatibility subject key and the V4.1 mint.

Seed A2: the Engram request enters the key only when explicit, so every
existing (GLM) subject key stays unchanged, and an explicit request is a
different serving subject (quantified over rows, profiles and requests).
"""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.spark import profile
from domain.spark.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A, GLM_CHECKPOINT_ROW, CheckpointRow
from domain.spark.engram import V41_ENGRAM_REQUEST, VllmEngramConfigRequest
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile
from witnesses.core.fixtures import ValueRefused, constructed
from witnesses.core.strategies import name_tokens
from witnesses.spark import strategies as gen
from witnesses.spark.fixtures import v41_profile_at

witness = Witness("spark.profile")

GLM_KEY = "checkpoint=Glm46Fp8;served_model=glm-4.6-fp8;gpu_memory_utilization_bp=8500;max_model_len=131072;max_num_seqs=8;kv_cache_dtype=fp8"
ENGRAM_PART = ";engram=cpu_offload:true,dp_shared_memory:false"


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
        (
            minted.gpu_memory_utilization_bp,
            minted.max_model_len,
            minted.max_num_seqs,
            minted.max_num_batched_tokens,
            minted.enable_prefix_caching,
        ),
        (7500, 131072, 6, 4096, True),
    )


@witness.refusal(
    "The mint refuses a utilization outside 1..10000 bp and a zero max_num_seqs at construction, so no subject key renders for them.",
    rules=[profile.deepseek_v41_measurement_profile, profile.profile_subject_key],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="ServingLaunchProfile.gpu_memory_utilization_bp: expected basis points in 1..10000, got int 0",
        ),
        because(
            ValueRefused, at="construction", saying="ServingLaunchProfile.max_num_seqs: expected int > 0, got int 0"
        ),
    ],
)
def a_mint_out_of_range_renders_no_key() -> object:
    return constructed(
        lambda: profile.profile_subject_key(DEEPSEEK_V41_FLASH_DBA1BE0A, v41_profile_at(0)),
        lambda: profile.profile_subject_key(
            DEEPSEEK_V41_FLASH_DBA1BE0A, profile.deepseek_v41_measurement_profile(8000, 262144, 0, 8192, False)
        ),
    )


@witness.refusal(
    "The mint refuses zero batched tokens at construction: a set batch is a count above zero, and unset is None.",
    rules=[profile.deepseek_v41_measurement_profile],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="ServingLaunchProfile.max_num_batched_tokens: expected int > 0, got int 0",
        )
    ],
)
def a_mint_of_zero_batched_tokens_is_refused() -> object:
    return constructed(lambda: profile.deepseek_v41_measurement_profile(8000, 262144, 16, 0, False))


@witness.refusal(
    "A flag-like KV cache dtype and a zero max_model_len are refused at construction, so no key or argv renders them.",
    rules=[profile.profile_subject_key],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="ServingLaunchProfile.kv_cache_dtype: expected a name of letters, digits, '.', '_' or '-', got str '-fp8'",
        ),
        because(
            ValueRefused, at="construction", saying="ServingLaunchProfile.max_model_len: expected int > 0, got int 0"
        ),
    ],
)
def a_flag_like_dtype_or_zero_context_is_refused() -> object:
    return constructed(
        lambda: attrs.evolve(GLM_GROUP_B_PROFILE, kv_cache_dtype="-fp8"),
        lambda: attrs.evolve(GLM_GROUP_B_PROFILE, max_model_len=0),
    )


# ---------------------------------------------------------------------------
# The Engram request's place in the subject key, over generated rows, profiles and requests.


V41_AT_080 = profile.deepseek_v41_measurement_profile(8000, 262144, 16, 8192, False)
NO_ENGRAM = gen.launch_profiles(engram=st.none())


@witness.property(
    "An absent Engram request leaves the subject key exactly as it reads with the request's part removed.",
    rules=[profile.profile_subject_key],
)
@given(gen.checkpoint_rows(), NO_ENGRAM, gen.engram_requests)
@example(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE, V41_ENGRAM_REQUEST)
@example(DEEPSEEK_V41_FLASH_DBA1BE0A, attrs.evolve(V41_AT_080, engram=None), V41_ENGRAM_REQUEST)
def an_absent_request_leaves_the_key_unchanged(
    row: CheckpointRow, plain: ServingLaunchProfile, request: VllmEngramConfigRequest
) -> None:
    without = profile.profile_subject_key(row, plain)
    with_request = profile.profile_subject_key(row, attrs.evolve(plain, engram=request))
    check.absent("an Engram part without a request", "engram", without)
    head, sep, _ = with_request.rpartition(";engram=")
    check.equal("the key with the request's part removed", head if sep else with_request, without)


@witness.property(
    "A present Engram request changes the subject key, and two different requests never share one.",
    rules=[profile.profile_subject_key],
)
@given(gen.checkpoint_rows(), NO_ENGRAM, gen.engram_requests, gen.engram_requests)
@example(
    GLM_CHECKPOINT_ROW,
    GLM_GROUP_B_PROFILE,
    V41_ENGRAM_REQUEST,
    VllmEngramConfigRequest(cpu_offload=True, dp_shared_memory=True),
)
@example(
    GLM_CHECKPOINT_ROW,
    GLM_GROUP_B_PROFILE,
    V41_ENGRAM_REQUEST,
    VllmEngramConfigRequest(cpu_offload=False, dp_shared_memory=False),
)
def a_present_request_changes_the_key(
    row: CheckpointRow, plain: ServingLaunchProfile, a: VllmEngramConfigRequest, b: VllmEngramConfigRequest
) -> None:
    without = profile.profile_subject_key(row, plain)
    key_a = profile.profile_subject_key(row, attrs.evolve(plain, engram=a))
    key_b = profile.profile_subject_key(row, attrs.evolve(plain, engram=b))
    check.holds("the request moves the key", key_a != without, key_a)
    check.equal("keys equal only for equal requests", key_a == key_b, a == b)


@witness.positive(
    "Prefix caching enters the subject key as true or false exactly as the profile sets it, and not at all when unset.",
    rules=[profile.profile_subject_key],
)
def prefix_caching_enters_the_key_as_set() -> None:
    for setting, part in ((True, ";enable_prefix_caching=true"), (False, ";enable_prefix_caching=false")):
        key = profile.profile_subject_key(
            GLM_CHECKPOINT_ROW, attrs.evolve(GLM_GROUP_B_PROFILE, enable_prefix_caching=setting)
        )
        check.equal(f"key with prefix caching {setting}", key, GLM_KEY + part)
    check.absent(
        "the unset GLM key",
        "enable_prefix_caching",
        profile.profile_subject_key(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE),
    )


@witness.positive(
    "Each axis a profile sets enters the subject key under its own name with its own value, in a fixed order.",
    rules=[profile.profile_subject_key],
)
def each_axis_enters_the_key_under_its_own_name() -> None:
    # Every value distinct from every other, so a part that reads a sibling field shows.
    distinct = ServingLaunchProfile(
        gpu_memory_utilization_bp=7001,
        max_model_len=1001,
        max_num_seqs=3,
        max_num_batched_tokens=4097,
        kv_cache_dtype="fp8_e5m2",
        enable_prefix_caching=True,
        engram=VllmEngramConfigRequest(cpu_offload=False, dp_shared_memory=True),
    )
    check.equal(
        "parts",
        profile.profile_subject_key(DEEPSEEK_V41_FLASH_DBA1BE0A, distinct).split(";"),
        [
            "checkpoint=DeepseekV41FlashDba1be0a",
            "served_model=deepseek-v4.1-flash",
            "gpu_memory_utilization_bp=7001",
            "max_model_len=1001",
            "max_num_seqs=3",
            "max_num_batched_tokens=4097",
            "kv_cache_dtype=fp8_e5m2",
            "enable_prefix_caching=true",
            "engram=cpu_offload:false,dp_shared_memory:true",
        ],
    )


@witness.positive(
    "Each optional axis left unset enters the subject key as nothing: the key is the fully set key without that axis's part.",
    rules=[profile.profile_subject_key],
)
def each_unset_axis_enters_the_key_as_nothing() -> None:
    full = ServingLaunchProfile(
        gpu_memory_utilization_bp=7001,
        max_model_len=1001,
        max_num_seqs=3,
        max_num_batched_tokens=4097,
        kv_cache_dtype="fp8_e5m2",
        enable_prefix_caching=False,
        engram=VllmEngramConfigRequest(cpu_offload=False, dp_shared_memory=False),
    )
    parts = profile.profile_subject_key(DEEPSEEK_V41_FLASH_DBA1BE0A, full).split(";")
    for axis in ("max_num_batched_tokens", "kv_cache_dtype", "enable_prefix_caching", "engram"):
        unset = profile.profile_subject_key(DEEPSEEK_V41_FLASH_DBA1BE0A, attrs.evolve(full, **{axis: None}))
        check.equal(f"key with {axis} unset", unset, ";".join(p for p in parts if not p.startswith(f"{axis}=")))
    bare = attrs.evolve(full, max_num_batched_tokens=None, kv_cache_dtype=None, enable_prefix_caching=None, engram=None)
    check.equal(
        "key with every optional unset",
        profile.profile_subject_key(DEEPSEEK_V41_FLASH_DBA1BE0A, bare),
        ";".join(parts[:5]),
    )


# ---------------------------------------------------------------------------
# Every axis across its whole range: the key says each set value exactly, and the mint takes each as given.


def _key_parts(key: str) -> dict[str, str]:
    return dict(part.split("=", 1) for part in key.split(";"))


_WIDE_PROFILES = st.builds(
    ServingLaunchProfile,
    gpu_memory_utilization_bp=st.integers(1, 10_000),
    max_model_len=st.integers(1, 1 << 40),
    max_num_seqs=st.integers(1, 1 << 20),
    max_num_batched_tokens=st.none() | st.integers(1, 1 << 40),
    kv_cache_dtype=st.none() | st.sampled_from(["auto", "fp8", "fp8_ds_mla"]) | name_tokens,
    enable_prefix_caching=st.none() | st.booleans(),
    engram=st.none() | gen.engram_requests,
)


@witness.property(
    "The subject key says each axis exactly as set, however large, and names no unset one: it parses back to the profile.",
    rules=[profile.profile_subject_key],
)
@given(gen.checkpoint_rows(), _WIDE_PROFILES)
@example(GLM_CHECKPOINT_ROW, attrs.evolve(GLM_GROUP_B_PROFILE, max_num_batched_tokens=65537))
@example(GLM_CHECKPOINT_ROW, attrs.evolve(GLM_GROUP_B_PROFILE, max_num_batched_tokens=1 << 20, max_model_len=1 << 21))
@example(
    GLM_CHECKPOINT_ROW, attrs.evolve(GLM_GROUP_B_PROFILE, kv_cache_dtype="fp8_e5m2", gpu_memory_utilization_bp=8550)
)
@example(DEEPSEEK_V41_FLASH_DBA1BE0A, attrs.evolve(V41_AT_080, engram=VllmEngramConfigRequest(False, True)))
@example(GLM_CHECKPOINT_ROW, attrs.evolve(GLM_GROUP_B_PROFILE, kv_cache_dtype="auto", enable_prefix_caching=False))
def the_key_parses_back_to_the_profile(row: CheckpointRow, launched: ServingLaunchProfile) -> None:
    def lower(value: bool) -> str:
        return "true" if value else "false"

    expected = {
        "checkpoint": row.name,
        "served_model": row.served_model,
        "gpu_memory_utilization_bp": str(launched.gpu_memory_utilization_bp),
        "max_model_len": str(launched.max_model_len),
        "max_num_seqs": str(launched.max_num_seqs),
    }
    if launched.max_num_batched_tokens is not None:
        expected["max_num_batched_tokens"] = str(launched.max_num_batched_tokens)
    if launched.kv_cache_dtype is not None:
        expected["kv_cache_dtype"] = launched.kv_cache_dtype
    if launched.enable_prefix_caching is not None:
        expected["enable_prefix_caching"] = lower(launched.enable_prefix_caching)
    if launched.engram is not None:
        expected["engram"] = (
            f"cpu_offload:{lower(launched.engram.cpu_offload)},dp_shared_memory:{lower(launched.engram.dp_shared_memory)}"
        )
    check.equal("the key's parts", _key_parts(profile.profile_subject_key(row, launched)), expected)


@witness.property(
    "The mint takes every measured axis exactly as given across its whole range, and fixes only fp8_ds_mla and the Engram request.",
    rules=[profile.deepseek_v41_measurement_profile],
)
@given(st.integers(1, 10_000), st.integers(1, 1 << 40), st.integers(1, 1 << 20), st.integers(1, 1 << 40), st.booleans())
@example(8000, 262144, 16, 8192, False)
@example(8000, 262145, 17, 32769, False)
@example(10_000, 1 << 21, 512, 1 << 20, True)
@example(9501, 1, 1, 1, False)
def the_mint_takes_every_measured_axis_as_given(
    bp: int, max_model_len: int, max_num_seqs: int, batched: int, prefix: bool
) -> None:
    minted = profile.deepseek_v41_measurement_profile(bp, max_model_len, max_num_seqs, batched, prefix)
    check.equal(
        "the minted profile",
        minted,
        ServingLaunchProfile(
            gpu_memory_utilization_bp=bp,
            max_model_len=max_model_len,
            max_num_seqs=max_num_seqs,
            max_num_batched_tokens=batched,
            kv_cache_dtype="fp8_ds_mla",
            enable_prefix_caching=prefix,
            engram=V41_ENGRAM_REQUEST,
        ),
    )


@witness.positive(
    "The subject key says the utilization exactly at both ends of its range and beside them: 1, 2, 9999 and 10000 bp.",
    rules=[profile.profile_subject_key],
)
def the_key_says_the_utilization_at_its_extremes() -> None:
    for bp in (1, 2, 9999, 10_000):
        key = profile.profile_subject_key(
            GLM_CHECKPOINT_ROW, attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=bp)
        )
        check.contains(f"the key at {bp} bp", f";gpu_memory_utilization_bp={bp};", key)
