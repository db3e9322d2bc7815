"""Witness the fold over one subcase: an unresolved mode, a missing or short slot and a mismatch between arms never hide one another."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.native.checks import Arm
from domain.native.observations import Evidence
from domain.native.verdict import (
    ArmsMismatched,
    ArmsShareStart,
    FixtureNotNative,
    ManifestMismatch,
    ModeUnresolved,
    SplicedStarts,
    Status,
    SubcaseMissing,
    SubcaseNotHeld,
    UnknownSubcase,
    decide,
)
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
from witnesses.native.verdict import CANCEL, NEAR_CAP, witness


@witness.refusal(
    "An unresolved mode never hides a missing subcase: a sync subcase unobserved in ON is named missing beside both sync subcases' unresolved mode.",
    rules=[decide],
    reasons=[
        because(ModeUnresolved, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync", saying="needs sync mode"),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync.ON", saying="arm ON"),
        because(ModeUnresolved, at="$.checks.near_cap_k4_k5_sync_async_clamp.k5_sync", saying="needs sync mode"),
    ],
)
def an_unresolved_mode_never_hides_a_missing_subcase():
    return decide(NEAR_CAP, without(complete(), NEAR_CAP, "k4_sync", Arm.ON), ())


@witness.refusal(
    "A subcase short in both arms and run under other hooks names the fixture in OFF, the unheld ON and the hooks mismatch together.",
    rules=[decide],
    reasons=[
        because(
            FixtureNotNative,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.preempt.OFF",
            saying=f"CPU_FIXTURE evidence from start {OFF_START}",
        ),
        because(
            SubcaseNotHeld,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.preempt.ON",
            saying=f"preempt did not hold in arm ON (NATIVE, start {ON_START})",
        ),
        because(
            ArmsMismatched,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.preempt",
            saying="the same hooks, got hooks-v1, hooks-v2",
        ),
    ],
)
def short_slots_and_a_mismatch_are_named_together():
    obs = replaced(complete(), CANCEL, "preempt", Arm.OFF, evidence=Evidence.CPU_FIXTURE)
    return decide(CANCEL, replaced(obs, CANCEL, "preempt", Arm.ON, held=False, hooks="hooks-v2"), RESOLVED)


@witness.refusal(
    "A sync subcase unobserved in both arms is named missing in each arm and still names its unresolved mode: a missing subcase never hides the mode it needs.",
    rules=[decide],
    reasons=[
        because(ModeUnresolved, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync", saying="needs sync mode"),
        because(ModeUnresolved, at="$.checks.near_cap_k4_k5_sync_async_clamp.k5_sync", saying="needs sync mode"),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k5_sync.OFF", saying="arm OFF"),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k5_sync.ON", saying="arm ON"),
    ],
)
def a_subcase_unobserved_in_both_arms_still_names_its_unresolved_mode():
    return decide(NEAR_CAP, without(complete(), NEAR_CAP, "k5_sync", None), ())


# Near misses of the check's own subcase names, observed beside the exact ones, given out of order.
_RENAMED = ("slot_reuse_v2", "CANCEL", "backtrack ", "Preempt", "PREEMPT", "cancel_", "SLOT_REUSE", "BACKTRACK")


@witness.positive(
    "Observations under near misses of a check's subcase names, beside the exact ones, are each named unknown, once, in sorted order, and hold the check.",
    rules=[decide],
)
def renamed_subcases_beside_the_exact_ones_are_each_named_in_sorted_order() -> None:
    extra = tuple(attrs.evolve(observation(CANCEL, "cancel", Arm.ON), subcase=name) for name in _RENAMED)
    decided = decide(CANCEL, complete(checks=(CANCEL,)) + extra, RESOLVED)
    check.equal(
        "status and reasons",
        (decided.status, [(type(r), r.where) for r in decided.reasons]),
        (Status.HOLD, [(UnknownSubcase, f"$.checks.{CANCEL.value}.{name}") for name in sorted(_RENAMED)]),
    )


@witness.positive(
    "A splice, a second manifest or a start shared by both arms is named even when the observation carrying it is a CPU fixture or did not hold.",
    rules=[decide],
)
def a_start_or_manifest_fault_is_named_whatever_the_observation_showed() -> None:
    full = complete(checks=(CANCEL,))
    for what, observations, kind in (
        (
            "a CPU-fixture splice",
            replaced(full, CANCEL, "preempt", Arm.ON, start_id=OTHER_ON_START, evidence=Evidence.CPU_FIXTURE),
            SplicedStarts,
        ),
        (
            "an unheld second manifest",
            replaced(full, CANCEL, "preempt", Arm.ON, manifest_digest=OTHER_MANIFEST, held=False),
            ManifestMismatch,
        ),
        (
            "an unheld OFF observation from the ON start",
            replaced(full, CANCEL, "preempt", Arm.OFF, start_id=ON_START, held=False),
            ArmsShareStart,
        ),
    ):
        decided = decide(CANCEL, observations, RESOLVED)
        check.equal(f"{what}: named", [r for r in decided.reasons if isinstance(r, kind)] != [], True)


@witness.positive(
    "An observation under a subcase the check does not have is named unknown, once, whatever it showed: NATIVE or CPU fixture, held or not, in either arm.",
    rules=[decide],
)
def an_unknown_subcase_is_named_whatever_the_observation_showed() -> None:
    full = complete(checks=(CANCEL,))
    for arm in Arm:
        for evidence in Evidence:
            for held in (True, False):
                renamed = attrs.evolve(
                    observation(CANCEL, "cancel", arm, evidence), subcase="cancel_renamed", held=held
                )
                decided = decide(CANCEL, (*full, renamed), RESOLVED)
                check.equal(
                    f"{evidence.value} held={held} in arm {arm.value}: status and unknown subcases",
                    (decided.status, [r.where for r in decided.reasons if isinstance(r, UnknownSubcase)]),
                    (Status.HOLD, [f"$.checks.{CANCEL.value}.cancel_renamed"]),
                )
