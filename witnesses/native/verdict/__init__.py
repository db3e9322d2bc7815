"""Witness deciding the twelve native checks: PASS only from complete native observations.

Seed B1: PASS comes from actual NATIVE observations covering every named
subcase in both arms OFF and ON; one missing subcase, one CPU-fixture
observation, one subcase that did not hold, or one unresolved mode keeps
the whole check NOT RUN/HOLD.  The property's oracle reads each slot's drawn fate.
"""

from __future__ import annotations

from claims import Witness
from domain.native.checks import NativeCheck

witness = Witness("native.verdict")

FINAL = NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE
NEAR_CAP = NativeCheck.NEAR_CAP_K4_K5_SYNC_ASYNC_CLAMP
MIXED = NativeCheck.MIXED_REJECTED_ROWS_MM_LOGPROBS_EXCLUSIONS
REMAINING = NativeCheck.REMAINING129_256_257_AND_LEFTOVER64_128_PEER_PROGRESS
DRAFTER = NativeCheck.NO_LOCAL_DRAFTER
CANCEL = NativeCheck.CANCEL_SLOT_REUSE_PREEMPT_BACKTRACK

# The claims, by topic (each submodule adds its claims to `witness`; imported here so importing the witness loads them all).
from witnesses.native.verdict import folds, holds, reasons, starts  # noqa: E402, F401
