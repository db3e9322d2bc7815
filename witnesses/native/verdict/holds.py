"""Witness when a native check holds: NOT RUN without observations, HOLD naming the missing, fixture, mismatched, unresolved or spliced slot."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.native import verdict
from domain.native.checks import SUBCASES, Arm, NativeCheck
from domain.native.observations import FIXTURE_OWNER_RESOLUTIONS, Evidence
from domain.native.verdict import (
    ArmsMismatched,
    ArmsShareStart,
    FixtureNotNative,
    ManifestMismatch,
    ModeUnresolved,
    NoObservations,
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
    replaced,
    without,
)
from witnesses.native.verdict import CANCEL, DRAFTER, FINAL, MIXED, NEAR_CAP, REMAINING, witness


@witness.positive("Native observations of every subcase in both arms make all twelve checks PASS.", rules=[decide])
def complete_native_observations_pass_all_twelve() -> None:
    verdicts = verdict.decide_all(complete(), RESOLVED)
    check.equal("statuses", [v.status for v in verdicts], [Status.PASS] * 12)
    check.equal("reasons", [v.reasons for v in verdicts], [()] * 12)
    check.equal("refused", [v.refused for v in verdicts], [False] * 12)


@witness.positive("With no observations every check is NOT RUN and refused.", rules=[decide])
def not_run_is_the_default_for_every_check() -> None:
    verdicts = verdict.decide_all(())
    check.equal("statuses", {v.status for v in verdicts}, {Status.NOT_RUN})
    check.equal("refused", {v.refused for v in verdicts}, {True})
    check.equal("checks in the seed's order", [v.check.value for v in verdicts], [c.value for c in NativeCheck])


@witness.refusal(
    "A check without observations is NOT RUN, naming its subcase count.",
    rules=[decide],
    reasons=[because(NoObservations, at="$.checks.final_need_draft_real_complete", saying=["4 subcases", "NOT RUN"])],
)
def no_observations_is_not_run():
    return decide(FINAL, ())


@witness.positive("Dropping any one subcase in any one arm holds that check, naming exactly that slot.", rules=[decide])
def every_missing_subcase_and_arm_holds_naming_it() -> None:
    full = complete()
    wrong: list[str] = []
    slots = 0
    for c, table in SUBCASES.items():
        for s in table:
            for arm in Arm:
                slots += 1
                v = decide(c, without(full, c, s.name, arm), RESOLVED)
                seen = [(type(r).__name__, r.where) for r in v.reasons]
                if v.status is not Status.HOLD or seen != [
                    ("SubcaseMissing", f"$.checks.{c.value}.{s.name}.{arm.value}")
                ]:
                    wrong.append(f"{c.value}.{s.name}.{arm.value}: {v.status.value} {seen}")
    check.equal("slots (55 subcases x 2 arms)", slots, 110)
    check.equal("slots not held by name", wrong, [])


@witness.refusal(
    "A missing 36q+129 tail in arm ON holds the final-tail check, naming the tail, the arm and the start.",
    rules=[decide],
    reasons=[
        because(
            SubcaseMissing,
            at="$.checks.final_need_draft_real_complete.tail_36q_plus_129.ON",
            saying=["tail_36q_plus_129", "arm ON", ON_START],
        )
    ],
)
def missing_final_tail_129_on_holds_naming_it():
    return decide(FINAL, without(complete(), FINAL, "tail_36q_plus_129", Arm.ON), RESOLVED)


@witness.refusal(
    "A missing OFF arm holds the check, naming every one of its subcases in that arm.",
    rules=[decide],
    reasons=[
        because(SubcaseMissing, at=f"$.checks.no_local_drafter.{s.name}.OFF", saying="arm OFF")
        for s in SUBCASES[DRAFTER]
    ],
)
def missing_off_arm_holds_naming_every_subcase():
    return decide(DRAFTER, without(complete(), DRAFTER, None, Arm.OFF), RESOLVED)


@witness.refusal(
    "CPU-fixture observations of every subcase hold the check in both arms, never PASS.",
    rules=[decide],
    reasons=[
        because(
            FixtureNotNative, at=f"$.checks.final_need_draft_real_complete.{s.name}.{arm.value}", saying="CPU_FIXTURE"
        )
        for s in SUBCASES[FINAL]
        for arm in Arm
    ],
)
def cpu_fixture_observations_hold_never_pass():
    return decide(FINAL, complete(Evidence.CPU_FIXTURE), RESOLVED)


# Built once, not on every draw (a strategy is validated the first time it draws).
_CHECKS = st.sampled_from(list(NativeCheck))
_SLOTS = {
    c: st.lists(st.sampled_from([(s.name, arm) for s in SUBCASES[c] for arm in Arm]), min_size=1, max_size=4)
    for c in NativeCheck
}


@st.composite
def _fixture_slots(draw: st.DrawFn) -> tuple[NativeCheck, list[tuple[str, Arm]]]:
    c = draw(_CHECKS)
    return c, draw(_SLOTS[c])


@witness.property("Any CPU-fixture observation among native ones keeps its check from PASS.", rules=[decide])
@settings(max_examples=60, deadline=None)
@given(_fixture_slots())
def any_cpu_fixture_observation_keeps_a_check_from_pass(drawn: tuple[NativeCheck, list[tuple[str, Arm]]]) -> None:
    c, slots = drawn
    observations = complete(checks=(c,))
    for name, arm in slots:
        observations = replaced(observations, c, name, arm, evidence=Evidence.CPU_FIXTURE)
    check.equal(f"{c.value} status", decide(c, observations, RESOLVED).status, Status.HOLD)


@witness.refusal(
    "A native observation that did not hold holds the check, naming its subcase, arm and start.",
    rules=[decide],
    reasons=[
        because(
            SubcaseNotHeld,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.backtrack.OFF",
            saying=["backtrack", OFF_START],
        )
    ],
)
def unheld_subcase_holds_naming_its_start():
    return decide(CANCEL, replaced(complete(), CANCEL, "backtrack", Arm.OFF, held=False), RESOLVED)


@witness.refusal(
    "OFF and ON run under a different workload, mode or hooks hold the subcase, naming the field.",
    rules=[decide],
    reasons=[
        because(
            ArmsMismatched,
            at="$.checks.remaining129_256_257_and_leftover64_128_peer_progress.leftover_64",
            saying=["workload", "other-workload"],
        ),
        because(
            ArmsMismatched,
            at="$.checks.remaining129_256_257_and_leftover64_128_peer_progress.remaining_257",
            saying=["mode", "sync/process"],
        ),
        because(
            ArmsMismatched,
            at="$.checks.remaining129_256_257_and_leftover64_128_peer_progress.peer_progress",
            saying=["hooks", "hooks-v2"],
        ),
    ],
)
def mismatched_arms_hold_naming_the_field():
    obs = replaced(complete(), REMAINING, "leftover_64", Arm.ON, workload="other-workload")
    obs = replaced(obs, REMAINING, "remaining_257", Arm.OFF, mode="sync/process")
    return decide(REMAINING, replaced(obs, REMAINING, "peer_progress", Arm.ON, hooks="hooks-v2"), RESOLVED)


@witness.refusal(
    "Until its owner resolves sync mode, the sync subcases hold even when observed natively.",
    rules=[decide],
    reasons=[
        because(ModeUnresolved, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync", saying=["sync", "coordinator"]),
        because(ModeUnresolved, at="$.checks.near_cap_k4_k5_sync_async_clamp.k5_sync", saying=["sync", "coordinator"]),
    ],
)
def unresolved_sync_mode_holds_even_when_observed():
    return decide(NEAR_CAP, complete(), FIXTURE_OWNER_RESOLUTIONS)


@witness.refusal(
    "Until its owner resolves multimodal support, the MM subcase holds even when observed natively.",
    rules=[decide],
    reasons=[
        because(
            ModeUnresolved,
            at="$.checks.mixed_rejected_rows_mm_logprobs_exclusions.multimodal",
            saying=["multimodal", "coordinator"],
        )
    ],
)
def unresolved_multimodal_holds_even_when_observed():
    return decide(MIXED, complete(), FIXTURE_OWNER_RESOLUTIONS)


@witness.positive(
    "An owner's resolution lets observed sync subcases PASS but never waives a missing one.", rules=[decide]
)
def owner_resolution_passes_observed_but_never_waives() -> None:
    check.equal("resolved and observed", decide(NEAR_CAP, complete(), RESOLVED).status, Status.PASS)
    missing = decide(NEAR_CAP, without(complete(), NEAR_CAP, "k5_sync", Arm.ON), RESOLVED)
    check.equal(
        "resolved but missing",
        (missing.status, [r.where for r in missing.reasons]),
        (Status.HOLD, ["$.checks.near_cap_k4_k5_sync_async_clamp.k5_sync.ON"]),
    )


@witness.refusal(
    "A renamed subcase is unknown and the real one stays missing in both arms.",
    rules=[decide],
    reasons=[
        because(UnknownSubcase, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync_skipped", saying="prohibited"),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync.OFF"),
        because(SubcaseMissing, at="$.checks.near_cap_k4_k5_sync_async_clamp.k4_sync.ON"),
    ],
)
def renamed_subcase_holds():
    obs = replaced(complete(), NEAR_CAP, "k4_sync", Arm.OFF, subcase="k4_sync_skipped")
    return decide(NEAR_CAP, replaced(obs, NEAR_CAP, "k4_sync", Arm.ON, subcase="k4_sync_skipped"), RESOLVED)


@witness.refusal(
    "An arm whose observations come from two starts holds, naming both starts.",
    rules=[decide],
    reasons=[
        because(SplicedStarts, at="$.checks.cancel_slot_reuse_preempt_backtrack.ON", saying=[ON_START, OTHER_ON_START])
    ],
)
def spliced_starts_in_one_arm_hold():
    return decide(CANCEL, replaced(complete(), CANCEL, "preempt", Arm.ON, start_id=OTHER_ON_START), RESOLVED)


@witness.refusal(
    "OFF and ON observations claiming one start hold the check.",
    rules=[decide],
    reasons=[because(ArmsShareStart, at="$.checks.no_local_drafter", saying=OFF_START)],
)
def arms_sharing_one_start_hold():
    obs = complete()
    for s in SUBCASES[DRAFTER]:
        obs = replaced(obs, DRAFTER, s.name, Arm.ON, start_id=OFF_START)
    return decide(DRAFTER, obs, RESOLVED)


@witness.refusal(
    "Observations bound to two manifests hold the check.",
    rules=[decide],
    reasons=[
        because(
            ManifestMismatch,
            at="$.checks.final_need_draft_real_complete",
            saying=["2 manifests", OTHER_MANIFEST, "; a check is decided under one manifest"],
        )
    ],
)
def two_manifests_hold():
    return decide(
        FINAL, replaced(complete(), FINAL, "tail_36q_plus_1", Arm.ON, manifest_digest=OTHER_MANIFEST), RESOLVED
    )


def _unresolved(check_: NativeCheck, name: str, mode: str) -> tuple[str, str]:
    return (
        f"$.checks.{check_.value}.{name}",
        f"{name} needs {mode} mode, unsupported until its owner (coordinator) resolves it",
    )


@witness.positive(
    "Given no owner resolutions, deciding one check or all twelve reads the fixture's: the unresolved sync and MM subcases hold, naming the coordinator.",
    rules=[decide],
)
def omitted_resolutions_are_the_fixture_owners() -> None:
    # A caller that names no resolutions gets FIXTURE_OWNER_RESOLUTIONS, never an empty tuple (which would name an
    # unassigned owner): the coordinator owns sync and MM support until it resolves them (seed B1).
    expected: dict[NativeCheck, list[tuple[str, str]]] = {c: [] for c in NativeCheck}
    expected[NEAR_CAP] = [_unresolved(NEAR_CAP, "k4_sync", "sync"), _unresolved(NEAR_CAP, "k5_sync", "sync")]
    expected[MIXED] = [_unresolved(MIXED, "multimodal", "multimodal")]
    for how, verdicts in (
        ("decide", [decide(c, complete()) for c in NativeCheck]),
        ("decide_all", list(verdict.decide_all(complete()))),
    ):
        check.equal(
            f"{how}: every reason, located",
            {v.check: [(r.where, r.why) for r in v.reasons] for v in verdicts},
            expected,
        )


# --- partitions: every check's table size, every position of a fault, every text shape of a near-identical field ---


def _near_twins(text: str) -> list[str]:
    """Texts one shape away from `text`: case, a trailing space, a digit, a hyphen, a non-ASCII letter."""
    twins = [text.upper(), text.title(), text + " ", text + "2", text.replace("-", "_"), text.replace("o", "\u00f6", 1)]
    return [t for t in twins if t != text]
