"""Quantify the Engram request's place in the profile subject key over rows, profiles and requests.

Seed A2: the request enters the key only when explicit, so every existing
(GLM) subject key stays unchanged, and an explicit request is a different
serving subject.
"""

from __future__ import annotations

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, check
from domain import profile
from domain.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A, GLM_CHECKPOINT_ROW, CheckpointRow
from domain.engram import V41_ENGRAM_REQUEST, VllmEngramConfigRequest
from domain.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile
from witnesses import strategies as gen

witness = Witness("properties.profile")

V41_AT_080 = profile.deepseek_v41_measurement_profile(8000, 262144, 16, 8192, False)
NO_ENGRAM = gen.launch_profiles(engram=st.none())


@witness.property(
    "An absent Engram request leaves the subject key exactly as it reads with the request's part removed.",
    rules=[profile.profile_subject_key],
)
@given(gen.checkpoint_rows(), NO_ENGRAM, gen.engram_requests)
@example(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE, V41_ENGRAM_REQUEST)
@example(DEEPSEEK_V41_FLASH_DBA1BE0A, attrs.evolve(V41_AT_080, engram=None), V41_ENGRAM_REQUEST)
def an_absent_request_leaves_the_key_unchanged(row: CheckpointRow, plain: ServingLaunchProfile, request: VllmEngramConfigRequest) -> None:
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
@example(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE, V41_ENGRAM_REQUEST, VllmEngramConfigRequest(cpu_offload=True, dp_shared_memory=True))
@example(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE, V41_ENGRAM_REQUEST, VllmEngramConfigRequest(cpu_offload=False, dp_shared_memory=False))
def a_present_request_changes_the_key(row: CheckpointRow, plain: ServingLaunchProfile, a: VllmEngramConfigRequest, b: VllmEngramConfigRequest) -> None:
    without = profile.profile_subject_key(row, plain)
    key_a = profile.profile_subject_key(row, attrs.evolve(plain, engram=a))
    key_b = profile.profile_subject_key(row, attrs.evolve(plain, engram=b))
    check.holds("the request moves the key", key_a != without, key_a)
    check.equal("keys equal only for equal requests", key_a == key_b, a == b)


@witness.property(
    "A serve recorded without an Engram request is compatible with a request exactly when that request is absent too.",
    rules=[profile.serving_subject_compatible, profile.profile_subject_key],
)
@given(gen.checkpoint_rows(), NO_ENGRAM, st.none() | gen.engram_requests)
@example(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE, None)
@example(GLM_CHECKPOINT_ROW, GLM_GROUP_B_PROFILE, V41_ENGRAM_REQUEST)
def a_recorded_serve_without_engram_matches_only_an_absent_request(row: CheckpointRow, plain: ServingLaunchProfile, request: VllmEngramConfigRequest | None) -> None:
    recorded = profile.profile_subject_key(row, plain)
    outcome = profile.serving_subject_compatible(recorded, row, attrs.evolve(plain, engram=request))
    check.equal("refused", getattr(outcome, "refused", None), request is not None)
    if request is not None:
        check.equal("located at", [r.where for r in check.refused(outcome)], ["$.profile_subject_key.engram"])
