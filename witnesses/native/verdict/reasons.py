"""Witness a native check's reasons: owner records, a verdict that disagrees with its reasons, located rendering, near-miss names and starts, and the PASS-iff property."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.native import verdict
from domain.native.checks import SUBCASES, Arm, NativeCheck, Subcase, SubcaseSource, UnsupportedMode
from domain.native.observations import Evidence, OwnerResolution
from domain.native.verdict import (
    FixtureNotNative,
    ModeUnresolved,
    NoObservations,
    SplicedStarts,
    Status,
    SubcaseMissing,
    SubcaseNotHeld,
    UnknownSubcase,
    decide,
)
from witnesses.core import strategies as near
from witnesses.native import strategies as gen
from witnesses.native.fixtures import (
    OFF_START,
    ON_START,
    OTHER_MANIFEST,
    OTHER_ON_START,
    RESOLVED,
    complete,
    observation,
    replaced,
    without,
)
from witnesses.native.verdict import CANCEL, DRAFTER, FINAL, MIXED, NEAR_CAP, REMAINING, witness


@witness.positive(
    "The seed's table names 55 subcases, seven checks' from the seed and five checks' as fixtures, and a packet observing each of them in both arms passes all twelve checks.",
    rules=[decide],
)
def subcase_table_names_the_seed_subcases() -> None:
    full = complete()
    check.equal(
        "checks passed by the packet observing every pinned subcase",
        [c.value for c in SUBCASES if decide(c, full, RESOLVED).status is Status.PASS],
        [c.value for c in NativeCheck],
    )
    check.equal("subcases", sum(len(t) for t in SUBCASES.values()), 55)
    check.equal(
        "final tails",
        [s.name for s in SUBCASES[FINAL]],
        ["tail_36q_plus_1", "tail_36q_plus_127", "tail_36q_plus_128", "tail_36q_plus_129"],
    )
    check.equal("near cap", [s.name for s in SUBCASES[NEAR_CAP]], ["k4_sync", "k4_async", "k5_sync", "k5_async"])
    check.equal(
        "remaining/leftover",
        [s.name for s in SUBCASES[REMAINING]],
        ["remaining_129", "remaining_256", "remaining_257", "leftover_64", "leftover_128", "peer_progress"],
    )
    fixture = [c.value for c, t in SUBCASES.items() if {s.source for s in t} == {SubcaseSource.FIXTURE}]
    check.equal(
        "fixture-named checks",
        fixture,
        [
            "rank_q_kept_position_valid_anchor_owner_agreement",
            "source_kv_writes_retained",
            "step_generation_echo_and_uniform_broadcast",
            "native_dispatch_unchanged",
            "no_local_drafter",
        ],
    )


@witness.refusal(
    "A mode with no owner record stays unresolved, naming an unassigned owner.",
    rules=[decide],
    reasons=[
        because(
            ModeUnresolved,
            at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync",
            saying="unsupported until its owner (an unassigned owner) resolves it",
        ),
        because(
            ModeUnresolved,
            at="$.checks.near_cap_k4_k5_sync_async_clamp.k5_sync",
            saying="unsupported until its owner (an unassigned owner) resolves it",
        ),
    ],
)
def mode_without_owner_record_names_an_unassigned_owner():
    return decide(NEAR_CAP, complete(), ())


@witness.positive("A verdict whose status or refused flag disagrees with its reasons cannot be built.", rules=[decide])
def verdict_must_agree_with_its_reasons() -> None:
    reason = NoObservations("$.checks.final_need_draft_real_complete", "never observed")
    attempts = {
        "HOLD without reasons": lambda: verdict.CheckVerdict(FINAL, (), Status.HOLD, True),
        "PASS with a reason": lambda: verdict.CheckVerdict(FINAL, (reason,), Status.PASS, False),
        "HOLD not refused": lambda: verdict.CheckVerdict(FINAL, (reason,), Status.HOLD, False),
    }
    said = {}
    for label, build in attempts.items():
        try:
            build()
            said[label] = "built"
        except ValueError as exc:
            said[label] = str(exc)
    check.equal(
        "errors",
        said,
        {
            "HOLD without reasons": "status HOLD disagrees with 0 reason(s): PASS iff none",
            "PASS with a reason": "status PASS disagrees with 1 reason(s): PASS iff none",
            "HOLD not refused": "refused=False disagrees with status HOLD",
        },
    )


SECOND_OFF_START = "up2-off-20261026T083000Z"


def _decide_worlds() -> dict[str, verdict.CheckVerdict]:
    full = complete()
    spliced = replaced(full, CANCEL, "preempt", Arm.ON, start_id=OTHER_ON_START)
    shared = full
    for s in SUBCASES[DRAFTER]:
        shared = replaced(shared, DRAFTER, s.name, Arm.ON, start_id=OFF_START)
    shared = replaced(shared, DRAFTER, "no_local_mtp_load", Arm.OFF, start_id=SECOND_OFF_START)
    shared = replaced(shared, DRAFTER, "no_local_mtp_load", Arm.ON, start_id=SECOND_OFF_START)
    mismatched = replaced(full, REMAINING, "leftover_64", Arm.ON, workload="other-workload")
    return {
        "missing final tail in ON": decide(FINAL, without(full, FINAL, "tail_36q_plus_129", Arm.ON), RESOLVED),
        "missing OFF arm": decide(DRAFTER, without(full, DRAFTER, None, Arm.OFF), RESOLVED),
        "spliced ON starts and a missing subcase": decide(
            CANCEL, without(spliced, CANCEL, "backtrack", Arm.ON), RESOLVED
        ),
        "arms sharing two starts": decide(DRAFTER, shared, RESOLVED),
        "two manifests": decide(
            FINAL, replaced(full, FINAL, "tail_36q_plus_1", Arm.ON, manifest_digest=OTHER_MANIFEST), RESOLVED
        ),
        "mismatched workload": decide(REMAINING, mismatched, RESOLVED),
        "unresolved sync mode": decide(NEAR_CAP, complete(), ()),
    }


@witness.snapshot(
    "A regression control over the located reasons decide gives for a set of held checks, byte for byte.",
    rules=[decide],
)
def held_checks_render_located_reasons() -> str:
    lines = []
    for label, decided in _decide_worlds().items():
        lines.append(f"{label}: {decided.status.value}")
        lines.extend(f"  {type(r).__name__} {r.where}: {r.why}" for r in decided.reasons)
    return "\n".join(lines) + "\n"


@witness.positive(
    "A subcase is named in lower snake_case: an empty, hyphenated or upper-case name cannot be built.", rules=[decide]
)
def subcase_names_are_lower_snake_case() -> None:
    check.equal("a snake_case name", Subcase("k4_sync", SubcaseSource.SEED).name, "k4_sync")
    said = {}
    for name in ("", "k4-sync", "K4_sync"):
        try:
            said[name] = f"built {Subcase(name, SubcaseSource.SEED)!r}"
        except ValueError as exc:
            said[name] = str(exc)
    check.equal(
        "refused names",
        said,
        {
            "": "Subcase.name: expected a lower snake_case name, got str ''",
            "k4-sync": "Subcase.name: expected a lower snake_case name, got str 'k4-sync'",
            "K4_sync": "Subcase.name: expected a lower snake_case name, got str 'K4_sync'",
        },
    )


@witness.property(
    "A native check passes exactly when every subcase was observed natively and held in both arms, with its modes resolved.",
    rules=[verdict.decide],
)
@given(gen.native_cases())
@example(gen.native_case(NativeCheck.NO_LOCAL_DRAFTER, {}, (False, False)))
@example(gen.native_case(NativeCheck.NO_LOCAL_DRAFTER, {("remote_round_progress", Arm.ON): "missing"}, (True, True)))
@example(
    gen.native_case(
        NativeCheck.FINAL_NEED_DRAFT_REAL_COMPLETE, {("tail_36q_plus_129", Arm.OFF): "native_and_fixture"}, (True, True)
    )
)
@example(gen.native_case(NativeCheck.NEAR_CAP_K4_K5_SYNC_ASYNC_CLAMP, {}, (False, True)))
@example(gen.native_case(NativeCheck.NEAR_CAP_K4_K5_SYNC_ASYNC_CLAMP, {}, (True, False)))
@example(
    gen.native_case(NativeCheck.SOURCE_KV_WRITES_RETAINED, {("no_write_holes", Arm.OFF): "not_held"}, (True, True))
)
def decide_passes_iff_every_subcase_is_native_in_both_arms(case: Any) -> None:
    native_check, observations, resolutions, fates = case
    decided = verdict.decide(native_check, observations, resolutions)
    mine = [o for o in observations if o.check is native_check]
    expected = (
        Status.PASS
        if gen.native_case_passes(native_check, resolutions, fates)
        else (Status.HOLD if mine else Status.NOT_RUN)
    )
    check.equal(f"{native_check.value} status", decided.status, expected)
    check.equal("refused", decided.refused, expected is not Status.PASS)
    if expected is not Status.PASS:
        short = sorted(
            {f"$.checks.{native_check.value}.{s}.{a.value}" for (s, a), fate in fates.items() if fate != "native"}
        )
        named = {r.where for r in decided.reasons}
        check.equal("slots short of native evidence, each named", [w for w in short if w not in named], [])


@witness.property(
    "An observation naming a near miss of its subcase, or of its arm's start, holds the check (unknown subcase, spliced start); the exact names pass.",
    rules=[verdict.decide],
)
@settings(max_examples=25)
@given(
    near.sampled_then(
        ["subcase", "start_id"],
        lambda what: st.tuples(
            st.just(what), near.near_misses("remote_round_progress" if what == "subcase" else ON_START)
        ),
    )
)
@example(("subcase", near.case_flipped("remote_round_progress")))
@example(("subcase", near.strict_prefix("remote_round_progress")))
@example(("start_id", near.extended(ON_START, "0")))
@example(("subcase", near.padded("remote_round_progress", after="\n")))
@example(("start_id", near.lookalike(ON_START)))
def near_misses_of_subcase_names_and_starts_hold_the_check(drawn: tuple[str, str]) -> None:
    what, miss = drawn
    full = complete(checks=(DRAFTER,))
    check.equal("exact names", decide(DRAFTER, full, RESOLVED).status, Status.PASS)
    decided = decide(DRAFTER, replaced(full, DRAFTER, "remote_round_progress", Arm.ON, **{what: miss}), RESOLVED)
    kinds = {UnknownSubcase, SubcaseMissing} if what == "subcase" else {SplicedStarts}
    check.equal(f"{what} {miss!r}", (decided.status, {type(r) for r in decided.reasons}), (Status.HOLD, kinds))


@witness.refusal(
    "A slot observed twice, once as CPU fixture and once not held, holds naming both observations.",
    rules=[decide],
    reasons=[
        because(
            FixtureNotNative,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.backtrack.OFF",
            saying=f"backtrack in arm OFF is CPU_FIXTURE evidence from start {OFF_START}; fixture packets are CPU evidence, never native",
        ),
        because(
            SubcaseNotHeld,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.backtrack.OFF",
            saying=f"backtrack did not hold in arm OFF (NATIVE, start {OFF_START})",
        ),
    ],
)
def a_slot_observed_twice_names_both_faults():
    obs = replaced(complete(), CANCEL, "backtrack", Arm.OFF, evidence=Evidence.CPU_FIXTURE)
    return decide(CANCEL, obs + (attrs.evolve(observation(CANCEL, "backtrack", Arm.OFF), held=False),), RESOLVED)


@witness.positive(
    "A subcase whose arms differ in workload, mode and hooks at once names all three, in that order, and two renamed subcases are both unknown.",
    rules=[decide],
)
def every_mismatched_field_and_unknown_subcase_is_named() -> None:
    where = f"$.checks.{REMAINING.value}.leftover_64"
    obs = replaced(complete(), REMAINING, "leftover_64", Arm.ON, workload="w-2", mode="sync/process", hooks="hooks-v2")
    check.equal(
        "mismatches",
        [(r.where, r.why) for r in decide(REMAINING, obs, RESOLVED).reasons],
        [
            (where, "OFF and ON must run leftover_64 with the same workload, got up2-native-workload-v1, w-2"),
            (where, "OFF and ON must run leftover_64 with the same mode, got async/process, sync/process"),
            (where, "OFF and ON must run leftover_64 with the same hooks, got hooks-v1, hooks-v2"),
        ],
    )
    renamed = replaced(
        replaced(complete(), CANCEL, "backtrack", Arm.ON, subcase="backtrack_v2"),
        CANCEL,
        "preempt",
        Arm.ON,
        subcase="preempt_2",
    )
    unknown = [r.where for r in decide(CANCEL, renamed, RESOLVED).reasons if isinstance(r, UnknownSubcase)]
    check.equal(
        "unknown subcases", unknown, [f"$.checks.{CANCEL.value}.backtrack_v2", f"$.checks.{CANCEL.value}.preempt_2"]
    )


@witness.refusal(
    "A subcase renamed by a prefix is unknown, and the real one it ends with stays missing in both arms.",
    rules=[decide],
    reasons=[
        because(UnknownSubcase, at="$.checks.near_cap_k4_k5_sync_async_clamp.renamed_k4_sync", saying="prohibited"),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync.OFF"),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync.ON"),
    ],
)
def a_subcase_renamed_by_a_prefix_holds():
    obs = replaced(complete(), NEAR_CAP, "k4_sync", Arm.OFF, subcase="renamed_k4_sync")
    return decide(NEAR_CAP, replaced(obs, NEAR_CAP, "k4_sync", Arm.ON, subcase="renamed_k4_sync"), RESOLVED)


@witness.positive(
    "A mode resolved by any one of its owner records is resolved, even after an earlier record that had not resolved it, and the other mode stays unresolved.",
    rules=[decide],
)
def any_resolving_owner_record_resolves_its_mode() -> None:
    not_yet, resolved = (
        OwnerResolution(UnsupportedMode.SYNC, "coordinator", False, "FIXTURE: sync not yet reviewed"),
        OwnerResolution(UnsupportedMode.SYNC, "coordinator", True, "FIXTURE: sync configuration reviewed"),
    )
    check.equal("sync, not yet then resolved", decide(NEAR_CAP, complete(), (not_yet, resolved)).status, Status.PASS)
    check.equal("sync, resolved then not yet", decide(NEAR_CAP, complete(), (resolved, not_yet)).status, Status.PASS)
    check.equal(
        "multimodal under sync's records only",
        [r.where for r in decide(MIXED, complete(), (not_yet, resolved)).reasons],
        ["$.checks.mixed_rejected_rows_mm_logprobs_exclusions.multimodal"],
    )


@witness.positive(
    "A mode none of whose owner records resolves it names the owner of its first record in the packet's order, whichever order the records come in.",
    rules=[decide],
)
def an_unresolved_mode_names_its_first_records_owner() -> None:
    runner, coordinator = (
        OwnerResolution(UnsupportedMode.SYNC, owner, False, f"FIXTURE: sync not yet reviewed by {owner}")
        for owner in ("runner", "coordinator")
    )
    said = {
        order: sorted({r.why for r in decide(NEAR_CAP, complete(), records).reasons})
        for order, records in (("runner first", (runner, coordinator)), ("coordinator first", (coordinator, runner)))
    }
    check.equal(
        "the reasons",
        said,
        {
            order: [
                f"{s}_sync needs sync mode, unsupported until its owner ({owner}) resolves it" for s in ("k4", "k5")
            ]
            for order, owner in (("runner first", "runner"), ("coordinator first", "coordinator"))
        },
    )


@witness.refusal(
    "A CPU-fixture observation that also did not hold is named once, as CPU-fixture evidence.",
    rules=[decide],
    reasons=[
        because(
            FixtureNotNative,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.slot_reuse.ON",
            saying=f"slot_reuse in arm ON is CPU_FIXTURE evidence from start {ON_START}",
        )
    ],
)
def a_fixture_observation_that_did_not_hold_is_named_once():
    return decide(
        CANCEL, replaced(complete(), CANCEL, "slot_reuse", Arm.ON, evidence=Evidence.CPU_FIXTURE, held=False), RESOLVED
    )


@witness.refusal(
    "An unknown subcase is refused naming, whole, the check it was observed under and the name it was given.",
    rules=[decide],
    reasons=[
        because(
            UnknownSubcase,
            at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync_v2",
            saying="near_cap_k4_k5_sync_async_clamp has no subcase k4_sync_v2; renaming or substituting a subcase is prohibited",
        ),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync.OFF"),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync.ON"),
    ],
)
def an_unknown_subcase_is_named_with_its_check():
    obs = replaced(complete(), NEAR_CAP, "k4_sync", Arm.OFF, subcase="k4_sync_v2")
    return decide(NEAR_CAP, replaced(obs, NEAR_CAP, "k4_sync", Arm.ON, subcase="k4_sync_v2"), RESOLVED)
