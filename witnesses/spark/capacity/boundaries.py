"""Witness both sides of each comparison the measurement makes: a reading at its bet and one byte over, a bet at the per-rank allowance and above it."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import because, check
from domain.core.sizes import GIB
from domain.spark import capacity, profile
from domain.spark.capacity import (
    BetFalsified,
    BetsDoNotCoverStaircase,
    ReadingOffStaircase,
    ReadingRepeated,
    ResidentBet,
    V41AfterRequestsResident,
)
from domain.spark.fleet import GROUP_A, GROUP_B, HostGroup
from witnesses.core.fixtures import ValueRefused, constructed
from witnesses.spark import strategies as gen
from witnesses.spark.capacity import witness

PROFILE = profile.deepseek_v41_measurement_profile(8000, 262144, 16, 8192, False)
BETS = {2: 19, 4: 30, 6: 37, 16: 46}
"""Seed A3's per-rank bets, GiB at each staircase step."""


@witness.positive(
    "At every staircase step a reading of exactly its bet's bytes confirms the bet, and one byte more falsifies it there alone.",
    rules=[capacity.v41_capacity_measurement],
)
def a_reading_at_its_bet_confirms_and_one_byte_more_falsifies() -> None:
    bets = capacity.v41_engram_resident_bets()
    for step, gib in BETS.items():
        at = V41AfterRequestsResident(concurrency=step, per_rank_bytes=gib * GIB)
        measured = check.admitted(capacity.v41_capacity_measurement(PROFILE, GROUP_A, bets, (at,)))
        check.equal(f"x{step} at {gib} GiB confirmed", measured.confirmed_concurrencies, (step,))
        over = V41AfterRequestsResident(concurrency=step, per_rank_bytes=gib * GIB + 1)
        reasons = check.refused(capacity.v41_capacity_measurement(PROFILE, GROUP_A, bets, (over,)))
        check.equal(
            f"x{step} one byte over",
            [(type(r), r.where) for r in reasons],
            [(BetFalsified, "$.after_requests_resident[0].per_rank_bytes")],
        )
        check.contains(f"x{step} names its bet", f"at x{step} ", reasons[0].why)
        check.contains(f"x{step} names its bet", f"exceeds the {gib} GiB bet", reasons[0].why)


@witness.positive(
    "At 8430 bp the per-rank allowance is exactly 19 GiB, so the x2 bet of 19 GiB does not press on it while every larger bet does.",
    rules=[capacity.v41_capacity_measurement],
)
def a_bet_at_the_allowance_does_not_press_and_one_above_does() -> None:
    # (1 - 0.8430) x 484 = 75.988 GiB, rounded up to 76 GiB: 19 GiB on each of four ranks.
    at_19 = profile.deepseek_v41_measurement_profile(8430, 262144, 16, 8192, False)
    measured = check.admitted(
        capacity.v41_capacity_measurement(at_19, GROUP_A, capacity.v41_engram_resident_bets(), ())
    )
    check.equal("per-rank allowance (GiB)", measured.per_rank_allowance_gib, Fraction(19))
    check.equal("pressured", measured.pressured_concurrencies, (4, 6, 16))


@witness.refusal(
    "Bets naming the x2 step twice are refused for not naming exactly the staircase's steps, though they cover every step.",
    rules=[capacity.v41_capacity_measurement],
    reasons=[
        because(
            BetsDoNotCoverStaircase,
            at="$.bets",
            saying="bets name x2, x2, x4, x6, x16; the staircase steps are x2, x4, x6, x16",
        )
    ],
)
def bets_naming_a_step_twice_are_refused() -> object:
    # A second, smaller x2 bet would otherwise silently replace the first.
    two, four, six, sixteen = capacity.v41_engram_resident_bets()
    twice = (two, ResidentBet(concurrency=2, per_rank_gib=1), four, six, sixteen)
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, twice, ())


@witness.refusal(
    "Bets that name every step but out of the staircase's order are refused at the bets: each bet is read against the step in its place.",
    rules=[capacity.v41_capacity_measurement],
    reasons=[
        because(
            BetsDoNotCoverStaircase,
            at="$.bets",
            saying="bets name x4, x2, x6, x16; the staircase steps are x2, x4, x6, x16",
        )
    ],
)
def bets_out_of_the_staircases_order_are_refused() -> object:
    two, four, six, sixteen = capacity.v41_engram_resident_bets()
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, (four, two, six, sixteen), ())


@witness.positive(
    "A bet a fraction of a GiB above the 24.25 GiB per-rank allowance presses on it: 25 GiB at x4, at 8000 bp on Group A.",
    rules=[capacity.v41_capacity_measurement],
)
def a_bet_a_fraction_above_the_allowance_presses_on_it() -> None:
    two, four, six, sixteen = capacity.v41_engram_resident_bets()
    bets = (two, ResidentBet(concurrency=4, per_rank_gib=25), six, sixteen)
    measured = check.admitted(capacity.v41_capacity_measurement(PROFILE, GROUP_A, bets, ()))
    check.equal("per-rank allowance (GiB)", measured.per_rank_allowance_gib, Fraction(97, 4))
    check.equal("pressured", measured.pressured_concurrencies, (4, 6, 16))


@witness.refusal(
    "A step read twice is refused once, as repeated, and the repeat is never judged against its bet, even when it reads one byte over it.",
    rules=[capacity.v41_capacity_measurement],
    reasons=[
        because(
            ReadingRepeated, at=f"$.after_requests_resident[{2 * i + 1}].concurrency", saying=f"x{step} is read twice"
        )
        for i, step in enumerate(BETS)
    ],
)
def a_repeated_reading_is_never_judged_against_its_bet() -> object:
    readings = tuple(
        V41AfterRequestsResident(concurrency=step, per_rank_bytes=gib * GIB + extra)
        for step, gib in BETS.items()
        for extra in (0, 1)
    )
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), readings)


@witness.positive(
    "The bet lines name the group and the utilization they were computed for: on Group B at 8430 bp, a 19 GiB per-rank allowance on FabricGroupB.",
    rules=[capacity.v41_engram_bet_lines],
)
def the_bet_lines_name_their_own_group_and_utilization() -> None:
    at_19 = profile.deepseek_v41_measurement_profile(8430, 262144, 16, 8192, False)
    for group in (GROUP_A, GROUP_B):
        lines = check.admitted(capacity.v41_engram_bet_lines(at_19, group))
        check.equal(
            f"{group.name} first line", lines[0], f"per-rank allowance 19 GiB at 8430 bp (0.843) on {group.name}"
        )
        check.equal(f"{group.name} x2 line", lines[1], "x2: bet 19 GiB per rank, within the allowance; no reading yet")


@witness.refusal(
    "An off-staircase concurrency read twice is refused off the staircase at its first reading and as repeated at its second.",
    rules=[capacity.v41_capacity_measurement],
    reasons=[
        because(
            ReadingOffStaircase, at="$.after_requests_resident[0].concurrency", saying="x8 is not a staircase step"
        ),
        because(ReadingRepeated, at="$.after_requests_resident[1].concurrency", saying="x8 is read twice"),
    ],
)
def an_off_staircase_step_read_twice_is_also_repeated() -> object:
    reading = V41AfterRequestsResident(concurrency=8, per_rank_bytes=10 * GIB)
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), (reading, reading))


@witness.refusal(
    "A bet of 0 GiB per rank is refused at construction, while a reading of 0 bytes builds: nothing resident is a reading.",
    rules=[capacity.v41_capacity_measurement],
    reasons=[because(ValueRefused, at="construction", saying="ResidentBet.per_rank_gib: expected int > 0, got int 0")],
)
def a_zero_bet_is_refused_and_a_zero_reading_builds() -> object:
    return constructed(
        lambda: ResidentBet(concurrency=2, per_rank_gib=0),
        lambda: V41AfterRequestsResident(concurrency=2, per_rank_bytes=0),
    )


@witness.positive(
    "Bets that run past the staircase's last step are refused at the bets, whether the extra names a new step or repeats x16.",
    rules=[capacity.v41_capacity_measurement],
)
def bets_running_past_the_last_step_are_refused() -> None:
    bets = capacity.v41_engram_resident_bets()
    for extra, named in ((ResidentBet(concurrency=32, per_rank_gib=60), "x32"), (bets[-1], "x16")):
        reasons = check.refused(capacity.v41_capacity_measurement(PROFILE, GROUP_A, (*bets, extra), ()))
        check.equal(
            f"bets ending in {named}",
            [(type(r), r.where, r.why) for r in reasons],
            [
                (
                    BetsDoNotCoverStaircase,
                    "$.bets",
                    f"bets name x2, x4, x6, x16, {named}; the staircase steps are x2, x4, x6, x16",
                )
            ],
        )


@witness.positive(
    "The pressure is judged on the bets given, not on the stress model's: at 8000 bp (24.25 GiB a rank) bets of 25/24/10/46 GiB press at x2 and x16 only.",
    rules=[capacity.v41_capacity_measurement],
)
def the_bets_given_are_the_ones_that_press() -> None:
    bets = (
        ResidentBet(concurrency=2, per_rank_gib=25),
        ResidentBet(concurrency=4, per_rank_gib=24),
        ResidentBet(concurrency=6, per_rank_gib=10),
        ResidentBet(concurrency=16, per_rank_gib=46),
    )
    at_8000 = profile.deepseek_v41_measurement_profile(8000, 262144, 16, 8192, False)
    measured = check.admitted(capacity.v41_capacity_measurement(at_8000, GROUP_A, bets, ()))
    check.equal("per-rank allowance (GiB)", measured.per_rank_allowance_gib, Fraction(97, 4))
    check.equal("pressured", measured.pressured_concurrencies, (2, 16))


ANY_SIZED_GROUPS = st.builds(
    lambda group, shared: (
        attrs.evolve(group, hosts=tuple(attrs.evolve(h, fabric_address="10.77.9.1") for h in group.hosts))
        if shared
        else group
    ),
    gen.host_groups(),
    st.booleans(),
)
"""Groups of one to six hosts, on distinct rail addresses or all on one (a rank is a host, not an address)."""


@witness.property(
    "On a group of any size (one to six hosts) the per-rank allowance is the group's allowance split over its own hosts, and a bet presses exactly when it exceeds that share.",
    rules=[capacity.v41_capacity_measurement],
)
@given(ANY_SIZED_GROUPS, st.integers(min_value=1, max_value=10_000))
@example(GROUP_A, 8000)
@example(attrs.evolve(GROUP_A, hosts=tuple(attrs.evolve(h, fabric_address="10.77.0.5") for h in GROUP_A.hosts)), 8000)
@example(attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:1]), 8000)
@example(attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:2]), 8000)
@example(attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, *GROUP_B.hosts[:1])), 8000)
@example(attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, *GROUP_B.hosts[:2])), 5000)
def the_per_rank_allowance_splits_over_groups_of_every_size(group: HostGroup, bp: int) -> None:
    profile_at = attrs.evolve(PROFILE, gpu_memory_utilization_bp=bp)
    measured = check.admitted(
        capacity.v41_capacity_measurement(profile_at, group, capacity.v41_engram_resident_bets(), ())
    )
    pool = sum(h.memory_gib for h in group.hosts)
    share = Fraction(-(-(10_000 - bp) * pool // 10_000), len(group.hosts))
    check.equal(f"per-rank allowance over {len(group.hosts)} hosts (GiB)", measured.per_rank_allowance_gib, share)
    check.equal("pressured", measured.pressured_concurrencies, tuple(s for s, gib in BETS.items() if gib > share))


@witness.property(
    "A lone reading at any concurrency from 1 to 64 is refused as off the staircase exactly when the staircase does not step there, and otherwise confirms or falsifies its bet.",
    rules=[capacity.v41_capacity_measurement],
)
@given(st.integers(min_value=1, max_value=64), st.integers(min_value=0, max_value=64))
@example(1, 10)
@example(3, 10)
@example(5, 10)
@example(15, 10)
@example(17, 10)
@example(2, 10)
@example(2, 19)
@example(16, 46)
@example(16, 47)
def a_lone_reading_is_off_the_staircase_exactly_off_its_steps(concurrency: int, gib: int) -> None:
    reading = V41AfterRequestsResident(concurrency=concurrency, per_rank_bytes=gib * GIB)
    outcome = capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), (reading,))
    if concurrency not in BETS:
        (reason,) = check.refused(outcome)
        check.equal(
            "reason",
            (type(reason), reason.where),
            (ReadingOffStaircase, "$.after_requests_resident[0].concurrency"),
        )
        check.contains("the step named", f"x{concurrency} is not a staircase step", reason.why)
    elif gib > BETS[concurrency]:
        (reason,) = check.refused(outcome)
        check.equal(
            "reason", (type(reason), reason.where), (BetFalsified, "$.after_requests_resident[0].per_rank_bytes")
        )
    else:
        measured = check.admitted(outcome)
        check.equal("confirmed", measured.confirmed_concurrencies, (concurrency,))
        check.equal("unmeasured", measured.unmeasured_concurrencies, tuple(s for s in BETS if s != concurrency))


@witness.property(
    "On a group of any size and name and at any utilization, the bet lines name that group and say a step exceeds the allowance exactly when its bet is above the per-rank share.",
    rules=[capacity.v41_engram_bet_lines],
)
@given(gen.host_groups(), st.integers(min_value=1, max_value=10_000))
@example(GROUP_A, 8000)
@example(GROUP_A, 6000)
@example(attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:3]), 8000)
@example(attrs.evolve(GROUP_B, name="srv-Group.5", hosts=GROUP_B.hosts[:2]), 1)
@example(attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, *GROUP_B.hosts)), 8000)
def the_bet_lines_follow_every_group_and_utilization(group: HostGroup, bp: int) -> None:
    lines = check.admitted(capacity.v41_engram_bet_lines(attrs.evolve(PROFILE, gpu_memory_utilization_bp=bp), group))
    pool = sum(h.memory_gib for h in group.hosts)
    share = Fraction(-(-(10_000 - bp) * pool // 10_000), len(group.hosts))
    check.holds("the first line names the group", lines[0].endswith(f" on {group.name}"), lines[0])
    check.equal(
        "the step lines",
        lines[1:5],
        tuple(
            f"x{step}: bet {gib} GiB per rank, {'exceeds' if gib > share else 'within'} the allowance; no reading yet"
            for step, gib in BETS.items()
        ),
    )


def exact_text(value: int | Fraction) -> str:
    """Spell an exact figure as seed A3's reasons do: a decimal when it ends within six places, else n/d."""
    value = Fraction(value)
    scaled = value * 10**6
    if scaled.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    whole, rest = divmod(scaled.numerator, 10**6)
    return f"{whole}.{rest:06d}".rstrip("0").rstrip(".")
