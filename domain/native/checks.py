"""Name the twelve native checks, their subcases, the two arms and the unsupported modes.

The names are the seed's own (`up2_checks.NATIVE_CHECKS`).  Where the seed's
table enumerates subcases (e.g. tails 36·q + {1, 127, 128, 129}) they are
tagged SEED; where it does not, they are named from the check name and the
table's "evidence needed" column and tagged FIXTURE: a choice, not a fact.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from types import MappingProxyType

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused


class NativeCheck(enum.Enum):
    """Name one of the twelve native checks, by the seed's exact string."""

    RANK_Q_KEPT_POSITION_VALID_ANCHOR_OWNER_AGREEMENT = "rank_q_kept_position_valid_anchor_owner_agreement"
    FINAL_NEED_DRAFT_REAL_COMPLETE = "final_need_draft_real_complete"
    SOURCE_KV_WRITES_RETAINED = "source_kv_writes_retained"
    STEP_GENERATION_ECHO_AND_UNIFORM_BROADCAST = "step_generation_echo_and_uniform_broadcast"
    NEAR_CAP_K4_K5_SYNC_ASYNC_CLAMP = "near_cap_k4_k5_sync_async_clamp"
    REMAINING129_256_257_AND_LEFTOVER64_128_PEER_PROGRESS = "remaining129_256_257_and_leftover64_128_peer_progress"
    PARTIAL_FULL_HITS_ASYNC_RESTORE_REAL_SUFFIX = "partial_full_hits_async_restore_real_suffix"
    CANCEL_SLOT_REUSE_PREEMPT_BACKTRACK = "cancel_slot_reuse_preempt_backtrack"
    DISCONNECT_BEFORE_AFTER_FINAL_WATCHDOG_LATE_REPLY = "disconnect_before_after_final_watchdog_late_reply"
    MIXED_REJECTED_ROWS_MM_LOGPROBS_EXCLUSIONS = "mixed_rejected_rows_mm_logprobs_exclusions"
    NATIVE_DISPATCH_UNCHANGED = "native_dispatch_unchanged"
    NO_LOCAL_DRAFTER = "no_local_drafter"


class Arm(enum.Enum):
    """Name an arm: replay OFF or ON is the only arm variable (seed: "replay is the arm variable")."""

    OFF = "OFF"
    ON = "ON"


class UnsupportedMode(enum.Enum):
    """Name a mode the current runner cannot exercise until its owner resolves it (seed #5, #10)."""

    SYNC = "sync"
    MULTIMODAL = "multimodal"


class SubcaseSource(enum.Enum):
    """Say where a subcase's name comes from."""

    SEED = "enumerated by the seed's table"
    FIXTURE = "named from the check name and the evidence-needed column (fixture)"


SNAKE_CASE = re.compile(r"^[a-z0-9_]+$")


@frozen
class Subcase:
    """Name one case a check must cover in both arms, where the name comes from, and the modes it needs."""

    name: str = field(validator=vf.matching(SNAKE_CASE, "a lower snake_case name"))
    source: SubcaseSource = field(validator=vf.instance_of(SubcaseSource))
    needs: tuple[UnsupportedMode, ...] = field(
        default=(),
        validator=vf.tuple_of(UnsupportedMode),
    )


def _seed(*names: str) -> tuple[Subcase, ...]:
    return tuple(Subcase(n, SubcaseSource.SEED) for n in names)


def _fixture(*names: str) -> tuple[Subcase, ...]:
    return tuple(Subcase(n, SubcaseSource.FIXTURE) for n in names)


# The final tails the runner sends: 36*q + {1, 127, 128, 129} (seed #2).
FINAL_TAIL_OFFSETS: tuple[int, ...] = (1, 127, 128, 129)
FINAL_TAIL_FACTOR = 36

_SYNC = (UnsupportedMode.SYNC,)


def subcases() -> Mapping[NativeCheck, tuple[Subcase, ...]]:
    """Build the table of each check's subcases, in the seed's order (a fresh read-only mapping on every call)."""
    return MappingProxyType(
        {
            # #1: the seed names the compared fields (q/kept/first/valid/anchor/owner epoch)
            # and "actual solo q"; subcase names are ours.
            NativeCheck.RANK_Q_KEPT_POSITION_VALID_ANCHOR_OWNER_AGREEMENT: _fixture(
                "solo_q",
                "q_agreement",
                "kept_agreement",
                "position_agreement",
                "valid_agreement",
                "anchor_agreement",
                "owner_agreement",
            ),
            NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE: _seed(*(f"tail_36q_plus_{k}" for k in FINAL_TAIL_OFFSETS)),
            # #3: "all original nonpadding source rows written, no holes, validated
            # numerical/write comparison including mixed/excluded requests".
            NativeCheck.SOURCE_KV_WRITES_RETAINED: _fixture(
                "source_rows_written",
                "no_write_holes",
                "numerical_write_comparison",
                "mixed_requests",
                "excluded_requests",
            ),
            # #4: "across both ranks and normal/recovery rounds"; an old generation
            # only through #9's fault seam.
            NativeCheck.STEP_GENERATION_ECHO_AND_UNIFORM_BROADCAST: _fixture(
                "generation_echo_normal_round",
                "generation_echo_recovery_round",
                "uniform_broadcast_normal_round",
                "uniform_broadcast_recovery_round",
                "old_generation_refused",
            ),
            NativeCheck.NEAR_CAP_K4_K5_SYNC_ASYNC_CLAMP: (
                Subcase("k4_sync", SubcaseSource.SEED, _SYNC),
                Subcase("k4_async", SubcaseSource.SEED),
                Subcase("k5_sync", SubcaseSource.SEED, _SYNC),
                Subcase("k5_async", SubcaseSource.SEED),
            ),
            NativeCheck.REMAINING129_256_257_AND_LEFTOVER64_128_PEER_PROGRESS: _seed(
                "remaining_129",
                "remaining_256",
                "remaining_257",
                "leftover_64",
                "leftover_128",
                "peer_progress",
            ),
            NativeCheck.PARTIAL_FULL_HITS_ASYNC_RESTORE_REAL_SUFFIX: _seed(
                "partial_hit",
                "full_hit",
                "async_restore",
                "real_suffix",
            ),
            NativeCheck.CANCEL_SLOT_REUSE_PREEMPT_BACKTRACK: _seed("cancel", "slot_reuse", "preempt", "backtrack"),
            NativeCheck.DISCONNECT_BEFORE_AFTER_FINAL_WATCHDOG_LATE_REPLY: _seed(
                "disconnect_before_final",
                "disconnect_after_final",
                "watchdog",
                "late_reply",
            ),
            NativeCheck.MIXED_REJECTED_ROWS_MM_LOGPROBS_EXCLUSIONS: (
                *_seed("mixed_rows", "rejected_rows"),
                Subcase("multimodal", SubcaseSource.SEED, (UnsupportedMode.MULTIMODAL,)),
                *_seed("logprobs", "exclusions"),
            ),
            # #11: "matched path/backend/kernel identifiers and unexpected fallback counts".
            NativeCheck.NATIVE_DISPATCH_UNCHANGED: _fixture(
                "matched_path",
                "matched_backend",
                "matched_kernel",
                "no_unexpected_fallback",
            ),
            # #12: "positive no-local-MTP/load evidence and zero local-fallback growth
            # with remote round progress".
            NativeCheck.NO_LOCAL_DRAFTER: _fixture(
                "no_local_mtp_load",
                "zero_local_fallback_growth",
                "remote_round_progress",
            ),
        }
    )


# The table as built at import, for the witnesses' fixtures, which want it fixed while a rule is mutated.
# Rules call subcases() where they read it, so a mutant of the builders is exercised by the claims that run them
# (a table built only at import is out of reach of in-process mutant switching); no cache, so a claim's reach
# never depends on what ran before it.
SUBCASES: Mapping[NativeCheck, tuple[Subcase, ...]] = subcases()


@frozen
class QNotPositive(Reason):
    """Refuse tail sizes for a q that is not a positive token count."""


def tail_sizes(q: int) -> Admitted[tuple[int, ...]] | Refused:
    """Derive the final tails 36·q + {1, 127, 128, 129} the runner sends for a solo q."""
    if q <= 0:
        return Refused((QNotPositive("$.q", f"q must be a positive token count, got {q}"),))
    return Admitted(tuple(FINAL_TAIL_FACTOR * q + k for k in FINAL_TAIL_OFFSETS))
