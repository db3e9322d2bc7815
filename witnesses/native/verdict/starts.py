"""Witness how a missing slot names its arm's start: the one start, every start of a spliced arm, or that no start was observed."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.native.checks import Arm
from domain.native.observations import Evidence
from domain.native.verdict import (
    ArmsMismatched,
    FixtureNotNative,
    SplicedStarts,
    SubcaseMissing,
    SubcaseNotHeld,
    decide,
)
from witnesses.native.fixtures import (
    ON_START,
    OTHER_ON_START,
    RESOLVED,
    complete,
    observation,
    replaced,
    start_of,
    without,
)
from witnesses.native.verdict import CANCEL, DRAFTER, FINAL, witness

_HOLD = "one missing subcase keeps the whole check NOT RUN/HOLD"


def _missing_why(decided) -> list[str]:
    return [r.why for r in decided.reasons if isinstance(r, SubcaseMissing)]


@witness.positive(
    "A missing slot names its arm's start: the arm's one start, or that no start was observed for an arm with no observation at all.",
    rules=[decide],
)
def a_missing_slot_names_its_arms_start() -> None:
    one = decide(FINAL, without(complete(), FINAL, "tail_36q_plus_129", Arm.ON), RESOLVED)
    check.equal(
        "an arm of one start",
        _missing_why(one),
        [f"no observation of tail_36q_plus_129 in arm ON (start {ON_START}); {_HOLD}"],
    )
    none = decide(DRAFTER, without(complete(), DRAFTER, None, Arm.OFF), RESOLVED)
    check.equal(
        "an arm never observed",
        _missing_why(none),
        [
            f"no observation of {name} in arm OFF (no start observed for arm OFF); {_HOLD}"
            for name in ("no_local_mtp_load", "zero_local_fallback_growth", "remote_round_progress")
        ],
    )


@witness.refusal(
    "A spliced arm missing a subcase holds for both: the splice names its starts, and the missing slot names every start of its arm.",
    rules=[decide],
    reasons=[
        because(
            SplicedStarts,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.ON",
            saying=f"arm ON observations come from starts {ON_START}, {OTHER_ON_START}; an arm is exactly one start",
        ),
        because(
            SubcaseMissing,
            at="$.checks.cancel_slot_reuse_preempt_backtrack.backtrack.ON",
            saying=f"no observation of backtrack in arm ON (starts {ON_START}, {OTHER_ON_START}); {_HOLD}",
        ),
    ],
)
def a_spliced_arm_missing_a_subcase_names_every_start():
    spliced = replaced(complete(), CANCEL, "preempt", Arm.ON, start_id=OTHER_ON_START)
    return decide(CANCEL, without(spliced, CANCEL, "backtrack", Arm.ON), RESOLVED)


@witness.positive(
    "A subcase missing from both arms is named OFF then ON, and a workload differing three ways names all three values, sorted.",
    rules=[decide],
)
def a_subcase_missing_from_both_arms_is_named_off_then_on() -> None:
    missing = decide(FINAL, without(complete(), FINAL, "tail_36q_plus_128", None), RESOLVED)
    check.equal(
        "missing, in order",
        [r.where for r in missing.reasons],
        [f"$.checks.{FINAL.value}.tail_36q_plus_128.OFF", f"$.checks.{FINAL.value}.tail_36q_plus_128.ON"],
    )
    third = attrs.evolve(observation(CANCEL, "cancel", Arm.ON), workload="w-3")
    mixed = replaced(complete(), CANCEL, "cancel", Arm.ON, workload="w-2") + (third,)
    check.equal(
        "workloads named",
        [r.why for r in decide(CANCEL, mixed, RESOLVED).reasons if isinstance(r, ArmsMismatched)],
        ["OFF and ON must run cancel with the same workload, got up2-native-workload-v1, w-2, w-3"],
    )


@witness.positive(
    "An unheld observation in a spliced arm names its own start, never the arm's list of starts.",
    rules=[decide],
)
def an_unheld_observation_in_a_spliced_arm_names_its_own_start() -> None:
    spliced = replaced(complete(), CANCEL, "preempt", Arm.ON, start_id=OTHER_ON_START, held=False)
    check.equal(
        "not held",
        [r.why for r in decide(CANCEL, spliced, RESOLVED).reasons if isinstance(r, SubcaseNotHeld)],
        [f"preempt did not hold in arm ON (NATIVE, start {OTHER_ON_START})"],
    )


@witness.positive(
    "A CPU-fixture observation in a spliced arm names its own start, never the arm's list of starts.",
    rules=[decide],
)
def a_fixture_observation_in_a_spliced_arm_names_its_own_start() -> None:
    spliced = replaced(complete(), CANCEL, "preempt", Arm.ON, start_id=OTHER_ON_START, evidence=Evidence.CPU_FIXTURE)
    check.equal(
        "CPU fixture",
        [r.why for r in decide(CANCEL, spliced, RESOLVED).reasons if isinstance(r, FixtureNotNative)],
        [
            f"preempt in arm ON is CPU_FIXTURE evidence from start {OTHER_ON_START}; "
            "fixture packets are CPU evidence, never native"
        ],
    )


@witness.positive(
    "A splice in either arm is named at that arm's own path and in its own words, OFF as OFF and ON as ON; splices in both are named OFF, then ON.",
    rules=[decide],
)
def a_splice_is_named_at_its_own_arms_path() -> None:
    for arm in Arm:
        other = f"{arm.value.lower()}-second-start"
        spliced = replaced(complete(checks=(CANCEL,)), CANCEL, "preempt", arm, start_id=other)
        check.equal(
            f"splice in {arm.value}",
            [
                (r.where, r.why.split(";")[0])
                for r in decide(CANCEL, spliced, RESOLVED).reasons
                if isinstance(r, SplicedStarts)
            ],
            [
                (
                    f"$.checks.{CANCEL.value}.{arm.value}",
                    f"arm {arm.value} observations come from starts {', '.join(sorted({start_of(arm), other}))}",
                )
            ],
        )
    both = replaced(
        replaced(complete(checks=(CANCEL,)), CANCEL, "preempt", Arm.OFF, start_id="off-second-start"),
        CANCEL,
        "preempt",
        Arm.ON,
        start_id="on-second-start",
    )
    check.equal(
        "splices in both arms, OFF first",
        [r.where for r in decide(CANCEL, both, RESOLVED).reasons if isinstance(r, SplicedStarts)],
        [f"$.checks.{CANCEL.value}.OFF", f"$.checks.{CANCEL.value}.ON"],
    )
