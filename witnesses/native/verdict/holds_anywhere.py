"""Holds wherever the fault sits: a check not run names its own subcase count, a second manifest at any position, identities differing only in text shape, an explicit empty resolution."""

from __future__ import annotations

import attrs

from claims import check
from domain.native import verdict
from domain.native.checks import SUBCASES, Arm, NativeCheck
from domain.native.verdict import (
    ArmsMismatched,
    ManifestMismatch,
    NoObservations,
    decide,
)
from witnesses.native.fixtures import (
    OTHER_MANIFEST,
    RESOLVED,
    complete,
    replaced,
)
from witnesses.native.verdict import DRAFTER, FINAL, MIXED, NEAR_CAP, witness
from witnesses.native.verdict.holds import _near_twins


@witness.positive(
    "Each of the twelve checks without observations is NOT RUN, naming its own subcase count (3, 4, 5, 6 or 7).",
    rules=[decide],
)
def every_check_not_run_names_its_own_subcase_count() -> None:
    check.equal(
        "NOT RUN reasons",
        {v.check: [(type(r), r.where, r.why) for r in v.reasons] for v in verdict.decide_all(())},
        {
            c: [
                (
                    NoObservations,
                    f"$.checks.{c.value}",
                    f"no observation of any of its {len(SUBCASES[c])} subcases in either arm; the default is NOT RUN",
                )
            ]
            for c in NativeCheck
        },
    )


@witness.positive(
    "An observation bound to another manifest holds its check wherever it lies among the check's observations: first, "
    "in the middle or last, in either arm.",
    rules=[decide],
)
def a_second_manifest_at_any_position_holds() -> None:
    for c in (FINAL, MIXED, DRAFTER):
        mine = [o for o in complete() if o.check is c]
        for index in range(len(mine)):
            offered = tuple(
                attrs.evolve(o, manifest_digest=OTHER_MANIFEST) if i == index else o for i, o in enumerate(mine)
            )
            decided = decide(c, offered, RESOLVED)
            check.equal(
                f"{c.value} with observation {index} of {len(mine)} under another manifest",
                [(type(r), r.where) for r in decided.reasons],
                [(ManifestMismatch, f"$.checks.{c.value}")],
            )


@witness.positive(
    "OFF and ON whose workload, mode or hooks differ only in letter case, a trailing space, a digit, a hyphen or a "
    "non-ASCII letter hold the check, naming the field: identities compare exactly.",
    rules=[decide],
)
def identities_differing_only_in_text_shape_hold() -> None:
    for what in ("workload", "mode", "hooks"):
        base = getattr(complete()[0], what)
        for other in _near_twins(base):
            decided = decide(FINAL, replaced(complete(), FINAL, "tail_36q_plus_1", Arm.ON, **{what: other}), RESOLVED)
            check.equal(
                f"{what} {base!r} against {other!r}",
                [(type(r), r.where) for r in decided.reasons],
                [(ArmsMismatched, "$.checks.final_need_draft_real_complete.tail_36q_plus_1")],
            )


@witness.positive(
    "Deciding with an explicit empty tuple of owner resolutions, one check or all twelve, names an unassigned owner for "
    "each subcase needing a mode: an empty tuple is never read as the fixture's resolutions.",
    rules=[decide],
)
def an_explicit_empty_resolution_tuple_names_an_unassigned_owner() -> None:
    expected: dict[NativeCheck, list[tuple[str, str]]] = {c: [] for c in NativeCheck}
    for c, names in ((NEAR_CAP, (("k4_sync", "sync"), ("k5_sync", "sync"))), (MIXED, (("multimodal", "multimodal"),))):
        expected[c] = [
            (
                f"$.checks.{c.value}.{name}",
                f"{name} needs {mode} mode, unsupported until its owner (an unassigned owner) resolves it",
            )
            for name, mode in names
        ]
    for how, verdicts in (
        ("decide", [decide(c, complete(), ()) for c in NativeCheck]),
        ("decide_all", list(verdict.decide_all(complete(), ()))),
    ):
        check.equal(
            f"{how}: every reason, located",
            {v.check: [(r.where, r.why) for r in v.reasons] for v in verdicts},
            expected,
        )
