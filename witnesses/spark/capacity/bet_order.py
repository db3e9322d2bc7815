"""The bets against the staircase, drawn: they cover it exactly, press in its order, refuse a repeated step, and say a falsifying reading exactly."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import check
from domain.core.sizes import GIB
from domain.spark import capacity
from domain.spark.capacity import (
    BetFalsified,
    BetsDoNotCoverStaircase,
    ReadingRepeated,
    ResidentBet,
    V41AfterRequestsResident,
)
from domain.spark.fleet import GROUP_A, HostGroup
from witnesses.spark import strategies as gen
from witnesses.spark.capacity import witness
from witnesses.spark.capacity.boundaries import BETS, PROFILE, exact_text


@witness.property(
    "Bets naming any other sequence of steps than the staircase's (none, one, some, repeated or reordered) are refused for not covering it, and only x2, x4, x6, x16 in order are admitted.",
    rules=[capacity.v41_capacity_measurement],
)
@given(st.lists(st.sampled_from([1, 2, 3, 4, 6, 8, 16, 17]), max_size=6))
@example([])
@example([2])
@example([16])
@example([2, 4, 6])
@example([2, 4, 6, 16])
@example([16, 6, 4, 2])
@example([2, 4, 6, 16, 16])
def bets_cover_the_staircase_exactly(steps: list[int]) -> None:
    bets = tuple(ResidentBet(concurrency=step, per_rank_gib=BETS.get(step, 20)) for step in steps)
    outcome = capacity.v41_capacity_measurement(PROFILE, GROUP_A, bets, ())
    if tuple(steps) == tuple(BETS):
        check.admitted(outcome)
        return
    check.equal(
        f"bets at {steps}",
        [(type(r), r.where) for r in check.refused(outcome)],
        [(BetsDoNotCoverStaircase, "$.bets")],
    )


@witness.property(
    "Readings at any distinct staircase steps, in any order, each from 0 bytes to one byte over its bet, confirm exactly the ones within (0 bytes included) in staircase order, falsify exactly the ones over at their own index, and leave the steps not read unmeasured.",
    rules=[capacity.v41_capacity_measurement],
)
@given(st.permutations(list(BETS)).flatmap(lambda steps: st.tuples(st.just(steps), st.integers(0, 4))), st.data())
@example(([2, 4, 6, 16], 4), None)
@example(([16, 2], 2), None)
def readings_from_zero_to_their_bet_confirm_it(chosen: tuple[list[int], int], data: st.DataObject | None) -> None:
    order, count = chosen
    steps = order[:count]
    if data is None:  # the @example rows: every reading at 0 bytes
        sizes = [0] * len(steps)
    else:
        sizes = [
            data.draw(st.sampled_from([0, 1, BETS[s] * GIB, BETS[s] * GIB + 1]) | st.integers(0, BETS[s] * GIB + 1))
            for s in steps
        ]
    readings = tuple(
        V41AfterRequestsResident(concurrency=s, per_rank_bytes=b) for s, b in zip(steps, sizes, strict=True)
    )
    outcome = capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), readings)
    over = [i for i, (s, b) in enumerate(zip(steps, sizes, strict=True)) if b > BETS[s] * GIB]
    if over:
        check.equal(
            "falsified",
            [(type(r), r.where) for r in check.refused(outcome)],
            [(BetFalsified, f"$.after_requests_resident[{i}].per_rank_bytes") for i in over],
        )
        return
    measured = check.admitted(outcome)
    check.equal("confirmed", measured.confirmed_concurrencies, tuple(s for s in BETS if s in steps))
    check.equal("unmeasured", measured.unmeasured_concurrencies, tuple(s for s in BETS if s not in steps))


@witness.property(
    "Bets of any size at the staircase's steps press exactly where they are above the per-rank share, named in the staircase's order whatever their sizes' order, on any group at any utilization.",
    rules=[capacity.v41_capacity_measurement],
)
@given(
    st.lists(st.integers(min_value=1, max_value=128), min_size=4, max_size=4),
    gen.host_groups(),
    st.integers(min_value=1, max_value=10_000),
)
@example([46, 37, 30, 19], GROUP_A, 8000)
@example([30, 46, 25, 37], GROUP_A, 8000)
def bets_press_in_the_staircase_order(gibs: list[int], group: HostGroup, bp: int) -> None:
    bets = tuple(ResidentBet(concurrency=s, per_rank_gib=g) for s, g in zip(BETS, gibs, strict=True))
    profile_at = attrs.evolve(PROFILE, gpu_memory_utilization_bp=bp)
    measured = check.admitted(capacity.v41_capacity_measurement(profile_at, group, bets, ()))
    pool = sum(h.memory_gib for h in group.hosts)
    share = Fraction(-(-(10_000 - bp) * pool // 10_000), len(group.hosts))
    check.equal(
        "pressured", measured.pressured_concurrencies, tuple(b.concurrency for b in bets if b.per_rank_gib > share)
    )


@witness.property(
    "On any group at any utilization the first bet line says the exact per-rank allowance, the utilization and the group, whole.",
    rules=[capacity.v41_engram_bet_lines],
)
@given(gen.host_groups(), st.integers(min_value=1, max_value=10_000))
@example(GROUP_A, 8000)
@example(GROUP_A, 1)
@example(GROUP_A, 3000)
@example(attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:3]), 2000)
def the_allowance_line_says_its_figures_whole(group: HostGroup, bp: int) -> None:
    lines = check.admitted(capacity.v41_engram_bet_lines(attrs.evolve(PROFILE, gpu_memory_utilization_bp=bp), group))
    pool = sum(h.memory_gib for h in group.hosts)
    share = Fraction(-(-(10_000 - bp) * pool // 10_000), len(group.hosts))
    check.equal(
        "the allowance line",
        lines[0],
        f"per-rank allowance {exact_text(share)} GiB at {bp} bp ({exact_text(Fraction(bp, 10_000))}) on {group.name}",
    )


@witness.property(
    "A staircase step read any number of times from 2 to 5 is refused as read twice at each repeat's own index, the first reading judged alone.",
    rules=[capacity.v41_capacity_measurement],
)
@given(st.sampled_from(list(BETS)), st.integers(min_value=2, max_value=5))
@example(2, 3)
@example(16, 5)
def every_repeat_of_a_step_is_refused(step: int, times: int) -> None:
    readings = tuple(V41AfterRequestsResident(concurrency=step, per_rank_bytes=GIB) for _ in range(times))
    reasons = check.refused(
        capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), readings)
    )
    check.equal(
        "repeats",
        [(type(r), r.where, r.why) for r in reasons],
        [
            (ReadingRepeated, f"$.after_requests_resident[{i}].concurrency", f"x{step} is read twice")
            for i in range(1, times)
        ],
    )


@witness.property(
    "A reading of any byte count above its bet is refused saying that reading exactly in GiB (a fraction past six places as n/d) and the bet.",
    rules=[capacity.v41_capacity_measurement],
)
@given(st.sampled_from(list(BETS)), st.integers(min_value=1, max_value=64 * GIB))
@example(2, 1)
@example(4, GIB // 3)
@example(16, GIB // 100)
@example(6, GIB // 2)
def a_falsifying_reading_is_said_exactly(step: int, over: int) -> None:
    size = BETS[step] * GIB + over
    reading = V41AfterRequestsResident(concurrency=step, per_rank_bytes=size)
    (reason,) = check.refused(
        capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), (reading,))
    )
    check.equal(
        "reason",
        (type(reason), reason.where, reason.why),
        (
            BetFalsified,
            "$.after_requests_resident[0].per_rank_bytes",
            f"at x{step} the after-requests resident {exact_text(Fraction(size, GIB))} GiB per rank exceeds the {BETS[step]} GiB bet",
        ),
    )


@witness.positive(
    "On a group of every size from 1 to 12 hosts the bet lines are the allowance line, the four step lines and the closing line, in that order.",
    rules=[capacity.v41_engram_bet_lines],
)
def the_bet_lines_are_whole_on_groups_of_every_size() -> None:
    for size in range(1, 13):
        hosts = tuple(
            attrs.evolve(GROUP_A.hosts[0], name=f"srv{i + 1}", fabric_address=f"10.77.9.{i + 1}") for i in range(size)
        )
        lines = check.admitted(capacity.v41_engram_bet_lines(PROFILE, attrs.evolve(GROUP_A, hosts=hosts)))
        check.equal(f"{size} hosts: line count", len(lines), 6)
        check.holds(f"{size} hosts: allowance line first", lines[0].startswith("per-rank allowance "), lines[0])
        check.equal(f"{size} hosts: the steps", [line.split(":")[0] for line in lines[1:5]], ["x2", "x4", "x6", "x16"])
        check.equal(
            f"{size} hosts: closing line",
            lines[5],
            "the staircase's refault/PSI stop rules decide whether the pressure matters; a reading above its bet falsifies it",
        )
