"""Witness the native checks' table: each check's subcases as the seed names them, and the final tails 36·q + {1, 127, 128, 129} the runner sends."""

from __future__ import annotations

import operator

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.native.checks import NativeCheck, QNotPositive, SubcaseSource, UnsupportedMode, subcases, tail_sizes
from witnesses.core.fixtures import raised

witness = Witness("native.checks", never_refuses=[subcases])

SEED, FIXTURE = SubcaseSource.SEED, SubcaseSource.FIXTURE
SYNC, MULTIMODAL = (UnsupportedMode.SYNC,), (UnsupportedMode.MULTIMODAL,)

# The seed's table (B1), written out: each check's subcases in order, where each name comes from, and the
# unsupported modes it needs (seed #5: K4/K5 sync; seed #10: multimodal).
TABLE = {
    NativeCheck.RANK_Q_KEPT_POSITION_VALID_ANCHOR_OWNER_AGREEMENT: [
        (name, FIXTURE, ())
        for name in (
            "solo_q",
            "q_agreement",
            "kept_agreement",
            "position_agreement",
            "valid_agreement",
            "anchor_agreement",
            "owner_agreement",
        )
    ],
    NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE: [
        (name, SEED, ()) for name in ("tail_36q_plus_1", "tail_36q_plus_127", "tail_36q_plus_128", "tail_36q_plus_129")
    ],
    NativeCheck.SOURCE_KV_WRITES_RETAINED: [
        (name, FIXTURE, ())
        for name in (
            "source_rows_written",
            "no_write_holes",
            "numerical_write_comparison",
            "mixed_requests",
            "excluded_requests",
        )
    ],
    NativeCheck.STEP_GENERATION_ECHO_AND_UNIFORM_BROADCAST: [
        (name, FIXTURE, ())
        for name in (
            "generation_echo_normal_round",
            "generation_echo_recovery_round",
            "uniform_broadcast_normal_round",
            "uniform_broadcast_recovery_round",
            "old_generation_refused",
        )
    ],
    NativeCheck.NEAR_CAP_K4_K5_SYNC_ASYNC_CLAMP: [
        ("k4_sync", SEED, SYNC),
        ("k4_async", SEED, ()),
        ("k5_sync", SEED, SYNC),
        ("k5_async", SEED, ()),
    ],
    NativeCheck.REMAINING129_256_257_AND_LEFTOVER64_128_PEER_PROGRESS: [
        (name, SEED, ())
        for name in ("remaining_129", "remaining_256", "remaining_257", "leftover_64", "leftover_128", "peer_progress")
    ],
    NativeCheck.PARTIAL_FULL_HITS_ASYNC_RESTORE_REAL_SUFFIX: [
        (name, SEED, ()) for name in ("partial_hit", "full_hit", "async_restore", "real_suffix")
    ],
    NativeCheck.CANCEL_SLOT_REUSE_PREEMPT_BACKTRACK: [
        (name, SEED, ()) for name in ("cancel", "slot_reuse", "preempt", "backtrack")
    ],
    NativeCheck.DISCONNECT_BEFORE_AFTER_FINAL_WATCHDOG_LATE_REPLY: [
        (name, SEED, ()) for name in ("disconnect_before_final", "disconnect_after_final", "watchdog", "late_reply")
    ],
    NativeCheck.MIXED_REJECTED_ROWS_MM_LOGPROBS_EXCLUSIONS: [
        ("mixed_rows", SEED, ()),
        ("rejected_rows", SEED, ()),
        ("multimodal", SEED, MULTIMODAL),
        ("logprobs", SEED, ()),
        ("exclusions", SEED, ()),
    ],
    NativeCheck.NATIVE_DISPATCH_UNCHANGED: [
        (name, FIXTURE, ()) for name in ("matched_path", "matched_backend", "matched_kernel", "no_unexpected_fallback")
    ],
    NativeCheck.NO_LOCAL_DRAFTER: [
        (name, FIXTURE, ()) for name in ("no_local_mtp_load", "zero_local_fallback_growth", "remote_round_progress")
    ],
}


@witness.positive(
    "The subcase table names each of the twelve checks' 55 subcases in the seed's order, each from the seed or a fixture, and only the sync and multimodal subcases need a mode.",
    rules=[subcases],
)
def the_table_names_every_subcase_with_its_source_and_modes() -> None:
    table = subcases()
    check.equal("checks, in the seed's order", list(table), list(NativeCheck))
    for c in NativeCheck:
        check.equal(c.value, [(s.name, s.source, s.needs) for s in table[c]], TABLE[c])


@witness.property(
    "For any positive q, the final-tail subcases name exactly the offsets the tails add to 36q.",
    rules=[subcases, tail_sizes],
)
@settings(max_examples=20)
@given(st.integers(1, 2**20))
@example(4092)
def the_final_tail_subcases_name_the_tails_offsets(q: int) -> None:
    names = [s.name for s in subcases()[NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE]]
    offsets = [tail - 36 * q for tail in check.admitted(tail_sizes(q))]
    check.equal("final-tail subcases", names, [f"tail_36q_plus_{k}" for k in offsets])


@witness.positive("The final tails for q 4092 are 36q plus 1, 127, 128 and 129.", rules=[tail_sizes])
def final_tails_are_36q_plus_offsets() -> None:
    check.equal("tails", check.admitted(tail_sizes(4092)), (147313, 147439, 147440, 147441))


@witness.refusal(
    "A q of zero has no tails.",
    rules=[tail_sizes],
    reasons=[because(QNotPositive, at="$.q", saying="got 0")],
)
def zero_q_has_no_tails():
    return tail_sizes(0)


@witness.positive("The final tails for a q of one token are 37, 163, 164 and 165.", rules=[tail_sizes])
def final_tails_for_a_one_token_q() -> None:
    check.equal("tails", check.admitted(tail_sizes(1)), (37, 163, 164, 165))


# The seed's twelve names (B1, `up2_checks.NATIVE_CHECKS`), spelled out: a packet's checks map is keyed by these strings.
SEED_CHECK_NAMES = [
    "rank_q_kept_position_valid_anchor_owner_agreement",
    "final_need_draft_real_complete",
    "source_kv_writes_retained",
    "step_generation_echo_and_uniform_broadcast",
    "near_cap_k4_k5_sync_async_clamp",
    "remaining129_256_257_and_leftover64_128_peer_progress",
    "partial_full_hits_async_restore_real_suffix",
    "cancel_slot_reuse_preempt_backtrack",
    "disconnect_before_after_final_watchdog_late_reply",
    "mixed_rejected_rows_mm_logprobs_exclusions",
    "native_dispatch_unchanged",
    "no_local_drafter",
]


@witness.positive(
    "The subcase table is keyed by the twelve checks under the seed's exact names, in the seed's order, and its modes are named sync and multimodal.",
    rules=[subcases],
)
def the_table_is_keyed_by_the_seeds_twelve_names() -> None:
    table = subcases()
    check.equal("check names the seed does not spell", [c.value for c in table if c.value not in SEED_CHECK_NAMES], [])
    check.equal("check names, in the seed's order", [c.value for c in table], SEED_CHECK_NAMES)
    check.equal(
        "modes the table needs",
        sorted({m.value for t in table.values() for s in t for m in s.needs}),
        ["multimodal", "sync"],
    )


@witness.positive(
    "Every call builds a fresh subcase table that cannot be changed: adding, replacing or removing a check raises, and the next call is whole.",
    rules=[subcases],
)
def the_subcase_table_is_read_only_and_fresh() -> None:
    table = subcases()
    check.holds("a fresh table on every call", table is not subcases(), table)
    drafter = NativeCheck.NO_LOCAL_DRAFTER
    for what, change in (
        ("replace a check's subcases", lambda: operator.setitem(table, drafter, ())),
        ("remove a check", lambda: operator.delitem(table, drafter)),
    ):
        check.equal(what, raised(change)[:10], "TypeError:")
    check.equal("the next call", len(subcases()[drafter]), 3)


@witness.refusal(
    "A negative q has no tails, named with its value.",
    rules=[tail_sizes],
    reasons=[because(QNotPositive, at="$.q", saying="q must be a positive token count, got -1")],
)
def negative_q_has_no_tails():
    return tail_sizes(-1)


@witness.property(
    "For a q of any size (one, the seed's, past 32 bits, past 64 bits), the final tails are exactly 36q + 1, 127, 128 "
    "and 129, in that order.",
    rules=[tail_sizes],
)
@settings(max_examples=30)
@given(st.one_of(st.integers(1, 2**20), st.integers(2**31 - 2, 2**31 + 2), st.integers(2**31, 2**70)))
@example(1)
@example(2**31)
@example(2**63 - 1)
@example(2**64 + 3)
def tails_of_a_q_of_any_size_are_36q_plus_offsets(q: int) -> None:
    check.equal(f"tails for q={q}", check.admitted(tail_sizes(q)), tuple(36 * q + k for k in (1, 127, 128, 129)))
