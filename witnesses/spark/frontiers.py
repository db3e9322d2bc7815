"""Witness the declared frontiers: each open one refuses the V4.1 plan by name, each discharge closes it."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.spark import frontiers, v41_group_a_launch
from domain.spark.frontiers import ObligationOpen, V41RuntimeProductionUnestablished
from witnesses.core import strategies as near
from witnesses.spark.fixtures import v41_inputs

witness = Witness("spark.frontiers")


@witness.positive(
    "The six frontiers of the seed's table are declared in order with owner, today, trigger and sufficiency.",
    rules=[frontiers.open_frontiers],
)
def six_frontiers_are_declared() -> None:
    check.equal(
        "keys",
        [f.key for f in frontiers.V41_DECLARED_FRONTIERS],
        ["#12353", "#12371", "#12359", "#12351", "wet-runner", "#12370"],
    )
    check.equal("occupancy today", frontiers.OCCUPANCY.today, "not yet a conjunct")
    check.equal("occupancy trigger", frontiers.OCCUPANCY.trigger, "#12351 merges")
    check.equal("open with nothing discharged", frontiers.open_frontiers(())[3], frontiers.OCCUPANCY)
    check.equal("all discharged", frontiers.open_frontiers(tuple(f.key for f in frontiers.V41_DECLARED_FRONTIERS)), ())


@witness.refusal(
    "With nothing supplied at the plan's interface every frontier refuses by name, the image as V41RuntimeProductionUnestablished.",
    rules=[frontiers.open_frontiers, frontiers.obligation_open, v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[
        because(
            V41RuntimeProductionUnestablished,
            at="#12353",
            saying="the V4.1 plan waits on the produced V4.1 image (its config digest) and a registry reading inside it, owned by the build lane; today: no produced image is established",
        ),
        because(ObligationOpen, at="#12371"),
        because(ObligationOpen, at="#12359"),
        because(ObligationOpen, at="#12351", saying=["TRIGGER: #12351 merges", "SUFFICIENT FOR: a host whose V4 unit"]),
        because(ObligationOpen, at="wet-runner"),
        because(ObligationOpen, at="#12370", saying="SuspendedForAuthorizedSuccessor"),
    ],
)
def nothing_supplied_refuses_every_frontier_by_name():
    return v41_group_a_launch.plan_v41_group_a_launch(
        v41_group_a_launch.V41LaunchInputs(produced=None, launch_shape=None, engram_manifest=None, discharges=())
    )


@witness.positive(
    "Every discharge supplied at the plan's interface leaves no frontier open and the plan renders.",
    rules=[frontiers.open_frontiers, frontiers.obligation_open],
)
def every_discharge_leaves_no_frontier_open() -> None:
    plan = check.admitted(v41_group_a_launch.plan_v41_group_a_launch(v41_inputs()))
    check.equal("discharged keys", [d.key for d in plan.discharges], ["#12351", "wet-runner", "#12370"])
    reason = frontiers.obligation_open(frontiers.LAUNCH_SHAPE, "ctx")
    check.equal("reason kind and place", (type(reason), reason.where), (ObligationOpen, "#12371"))


KEYS = tuple(f.key for f in frontiers.V41_DECLARED_FRONTIERS)


@witness.property(
    "A discharge keyed by a near miss of a frontier's key leaves that frontier open, and the exact key closes it.",
    rules=[frontiers.open_frontiers],
)
@settings(max_examples=25)
@given(near.sampled_then(range(len(KEYS)), lambda i: st.tuples(st.just(i), near.near_misses(KEYS[i]))))
@example((4, near.case_flipped("wet-runner")))
@example((1, near.strict_prefix("#12371")))
@example((2, near.extended("#12359", "0")))
@example((3, near.padded("#12351", after=" ")))
@example((0, near.lookalike("#12353")))
def near_misses_of_a_frontier_key_discharge_nothing(drawn: tuple[int, str]) -> None:
    i, miss = drawn
    others = KEYS[:i] + KEYS[i + 1 :]
    check.equal("all discharged", frontiers.open_frontiers(KEYS), ())
    check.equal(
        f"{miss!r} in place of {KEYS[i]!r}",
        frontiers.open_frontiers((*others, miss)),
        (frontiers.V41_DECLARED_FRONTIERS[i],),
    )


@witness.positive(
    "Only the produced image's own key refuses as V41RuntimeProductionUnestablished; a frontier keyed by a near miss of it is an ObligationOpen.",
    rules=[frontiers.obligation_open],
)
def a_near_miss_of_the_image_key_is_an_obligation_open() -> None:
    key = frontiers.PRODUCED_IMAGE.key
    exact = frontiers.obligation_open(frontiers.PRODUCED_IMAGE, "ctx")
    check.equal("the image's key", (type(exact), exact.where), (V41RuntimeProductionUnestablished, key))
    misses = (
        near.extended(key, "0"),
        near.strict_prefix(key),
        near.padded(key, before=" ", after=""),
        near.padded(key, after="\n"),
        "x" + key,
        "x" + key + "x",
    )
    kinds = [
        (type(r), r.where)
        for r in (frontiers.obligation_open(attrs.evolve(frontiers.PRODUCED_IMAGE, key=miss), "ctx") for miss in misses)
    ]
    check.equal("near misses", kinds, [(ObligationOpen, miss) for miss in misses])


@witness.positive(
    "Each declared frontier, and one keyed without a leading #, refuses at its own key saying its input, owner, today, TRIGGER and SUFFICIENT FOR whole.",
    rules=[frontiers.obligation_open],
)
def every_frontier_refuses_saying_each_of_its_parts() -> None:
    generated = frontiers.DeclaredFrontier(
        key="host-effects.2", input="in", owner="own", today="now", trigger="trig", sufficient_for="suff"
    )
    for frontier in (*frontiers.V41_DECLARED_FRONTIERS, generated):
        reason = frontiers.obligation_open(frontier, "ctx")
        kind = V41RuntimeProductionUnestablished if frontier is frontiers.PRODUCED_IMAGE else ObligationOpen
        check.equal(f"{frontier.key}: kind and place", (type(reason), reason.where), (kind, frontier.key))
        check.equal(
            f"{frontier.key}: why",
            reason.why,
            f"ctx waits on {frontier.input}, owned by {frontier.owner}; today: {frontier.today}; "
            f"TRIGGER: {frontier.trigger}; SUFFICIENT FOR: {frontier.sufficient_for}",
        )


@witness.property(
    "An open frontier's refusal opens with the caller's context verbatim, of any text: surrounding spaces, tabs, non-ASCII, a digest.",
    rules=[frontiers.obligation_open],
)
@given(st.sampled_from(frontiers.V41_DECLARED_FRONTIERS), st.text(min_size=1, max_size=80))
@example(frontiers.PRODUCED_IMAGE, "the V4.1 plan for image sha256:" + "5e" * 32 + " ")
@example(frontiers.LAUNCH_SHAPE, "  the plan\t")
@example(frontiers.ENGRAM_MANIFEST, "le plan n\u00b0 7")
def the_refusal_says_its_context_verbatim(frontier: frontiers.DeclaredFrontier, context: str) -> None:
    reason = frontiers.obligation_open(frontier, context)
    check.equal("where", reason.where, frontier.key)
    check.holds("opens with the context", reason.why.startswith(f"{context} waits on {frontier.input}, "), reason.why)


@witness.property(
    "Discharges naming any keys, repeated or in any order, leave open exactly the frontiers none of them names, in the table's order.",
    rules=[frontiers.open_frontiers],
)
@given(st.lists(st.sampled_from([f.key for f in frontiers.V41_DECLARED_FRONTIERS] + ["#0", "other"]), max_size=14))
@example(["#12353", "#12353"])
@example(["#12370", "#12351", "#12370", "#12351", "#12370"])
@example([f.key for f in frontiers.V41_DECLARED_FRONTIERS] * 2)
def repeated_discharges_discharge_once(keys: list[str]) -> None:
    check.equal(
        "open",
        frontiers.open_frontiers(tuple(keys)),
        tuple(f for f in frontiers.V41_DECLARED_FRONTIERS if f.key not in keys),
    )
