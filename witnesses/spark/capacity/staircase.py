"""Witness the V4.1 staircase shape, the Engram residency bets against their readings, and the bets as the dry run says them."""

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
    MeasurementShapeDiffers,
    ReadingOffStaircase,
    ReadingRepeated,
    ResidentBet,
    V41AfterRequestsResident,
)
from domain.spark.fleet import GROUP_A
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.spark.capacity import witness

PROFILE = profile.deepseek_v41_measurement_profile(8000, 262144, 16, 8192, False)


@witness.positive(
    "One serve covers the whole staircase: max_model_len 262144 and max_num_seqs 16, the fold-max of 2, 4, 6 and 16.",
    rules=[capacity.v41_measurement_max_model_len, capacity.v41_max_num_seqs, capacity.v41_staircase_concurrencies],
)
def one_serve_covers_the_whole_staircase() -> None:
    check.equal("staircase", capacity.v41_staircase_concurrencies(), (2, 4, 6, 16))
    check.equal("max_model_len", capacity.v41_measurement_max_model_len(), 262144)
    check.equal("max_num_seqs", capacity.v41_max_num_seqs(), 16)


@witness.positive(
    "The bets of 19, 30, 37 and 46 GiB per rank exceed Group A's 97/4 GiB per-rank allowance from x4 up.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_engram_resident_bets],
)
def the_bets_press_on_the_allowance_from_x4_up() -> None:
    bets = capacity.v41_engram_resident_bets()
    check.equal("bets", tuple((b.concurrency, b.per_rank_gib) for b in bets), ((2, 19), (4, 30), (6, 37), (16, 46)))
    measured = check.admitted(capacity.v41_capacity_measurement(PROFILE, GROUP_A, bets, ()))
    check.equal("per-rank allowance (GiB)", measured.per_rank_allowance_gib, Fraction(97, 4))
    check.equal("pressured", measured.pressured_concurrencies, (4, 6, 16))
    check.equal("confirmed", measured.confirmed_concurrencies, ())
    check.equal("unmeasured", measured.unmeasured_concurrencies, (2, 4, 6, 16))


@witness.positive(
    "Readings at or under their bets confirm them, and the steps not read stay unmeasured.",
    rules=[capacity.v41_capacity_measurement],
)
def readings_within_their_bets_confirm_them() -> None:
    readings = (
        V41AfterRequestsResident(concurrency=4, per_rank_bytes=30 * GIB),
        V41AfterRequestsResident(concurrency=2, per_rank_bytes=18 * GIB + GIB // 2),
    )
    measured = check.admitted(
        capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), readings)
    )
    check.equal("confirmed", measured.confirmed_concurrencies, (2, 4))
    check.equal("unmeasured", measured.unmeasured_concurrencies, (6, 16))


@witness.positive(
    "At 7525 bp the per-rank allowance is exactly 30 GiB, so the x4 bet of 30 GiB does not press on it.",
    rules=[capacity.v41_capacity_measurement],
)
def a_bet_equal_to_the_allowance_does_not_press() -> None:
    at_7525 = attrs.evolve(PROFILE, gpu_memory_utilization_bp=7525)
    measured = check.admitted(
        capacity.v41_capacity_measurement(at_7525, GROUP_A, capacity.v41_engram_resident_bets(), ())
    )
    check.equal("per-rank allowance (GiB)", measured.per_rank_allowance_gib, Fraction(30))
    check.equal("pressured", measured.pressured_concurrencies, (6, 16))


@witness.refusal(
    "One byte over the 30 GiB bet at x4 falsifies that bet.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_engram_resident_bets],
    reasons=[
        because(
            BetFalsified, at="$.after_requests_resident[0].per_rank_bytes", saying=["at x4", "exceeds the 30 GiB bet"]
        )
    ],
)
def a_reading_above_its_bet_falsifies_it() -> object:
    reading = V41AfterRequestsResident(concurrency=4, per_rank_bytes=30 * GIB + 1)
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), (reading,))


@witness.refusal(
    "A serve shaped for one step instead of the whole staircase is refused at both shape fields.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_measurement_max_model_len, capacity.v41_max_num_seqs],
    reasons=[
        because(MeasurementShapeDiffers, at="$.profile.max_model_len", saying=["131072", "needs 262144"]),
        because(MeasurementShapeDiffers, at="$.profile.max_num_seqs", saying=["is 6", "fold-max concurrency is 16"]),
    ],
)
def a_serve_not_shaped_for_the_staircase_is_refused() -> object:
    narrow = attrs.evolve(PROFILE, max_model_len=131072, max_num_seqs=6)
    return capacity.v41_capacity_measurement(narrow, GROUP_A, capacity.v41_engram_resident_bets(), ())


@witness.refusal(
    "A reading off the staircase and a step read twice are each refused where they stand.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_staircase_concurrencies],
    reasons=[
        because(ReadingOffStaircase, at="$.after_requests_resident[1].concurrency", saying=["x8", "x2, x4, x6, x16"]),
        because(ReadingRepeated, at="$.after_requests_resident[2].concurrency", saying="x2 is read twice"),
    ],
)
def readings_off_the_staircase_or_repeated_are_refused() -> object:
    readings = (
        V41AfterRequestsResident(concurrency=2, per_rank_bytes=10 * GIB),
        V41AfterRequestsResident(concurrency=8, per_rank_bytes=10 * GIB),
        V41AfterRequestsResident(concurrency=2, per_rank_bytes=11 * GIB),
    )
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), readings)


@witness.refusal(
    "Bets that leave out the x16 step are refused for not covering the staircase.",
    rules=[capacity.v41_capacity_measurement],
    reasons=[because(BetsDoNotCoverStaircase, at="$.bets", saying=["bets name x2, x4, x6;", "x2, x4, x6, x16"])],
)
def bets_missing_a_step_are_refused() -> object:
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets()[:3], ())


@witness.refusal(
    "Every faulty reading is refused where it stands: a repeat, a falsified bet and an off-staircase step after it.",
    rules=[capacity.v41_capacity_measurement],
    reasons=[
        because(ReadingRepeated, at="$.after_requests_resident[1].concurrency", saying="x2 is read twice"),
        because(
            BetFalsified,
            at="$.after_requests_resident[2].per_rank_bytes",
            saying="at x4 the after-requests resident 40 GiB per rank exceeds the 30 GiB bet",
        ),
        because(
            ReadingOffStaircase, at="$.after_requests_resident[3].concurrency", saying="x8 is not a staircase step"
        ),
    ],
)
def every_faulty_reading_is_refused() -> object:
    readings = (
        V41AfterRequestsResident(concurrency=2, per_rank_bytes=10 * GIB),
        V41AfterRequestsResident(concurrency=2, per_rank_bytes=11 * GIB),
        V41AfterRequestsResident(concurrency=4, per_rank_bytes=40 * GIB),
        V41AfterRequestsResident(concurrency=8, per_rank_bytes=10 * GIB),
    )
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets(), readings)


@witness.refusal(
    "A reading at x16 when the bets leave x16 out is refused as off the bet staircase, not compared with a missing bet.",
    rules=[capacity.v41_capacity_measurement],
    reasons=[
        because(BetsDoNotCoverStaircase, at="$.bets", saying="bets name x2, x4, x6;"),
        because(
            ReadingOffStaircase, at="$.after_requests_resident[0].concurrency", saying="x16 is not a staircase step"
        ),
    ],
)
def a_reading_without_a_bet_is_refused() -> object:
    reading = V41AfterRequestsResident(concurrency=16, per_rank_bytes=40 * GIB)
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, capacity.v41_engram_resident_bets()[:3], (reading,))


@witness.positive(
    "Before any reading, the bets' lines name the 24.25 GiB per-rank allowance and the steps from x4 up that exceed it.",
    rules=[capacity.v41_engram_bet_lines],
)
def the_bet_lines_name_the_steps_that_press() -> None:
    lines = check.admitted(capacity.v41_engram_bet_lines(PROFILE, GROUP_A))
    check.equal(
        "lines",
        lines,
        (
            "per-rank allowance 24.25 GiB at 8000 bp (0.8) on FabricGroupA",
            "x2: bet 19 GiB per rank, within the allowance; no reading yet",
            "x4: bet 30 GiB per rank, exceeds the allowance; no reading yet",
            "x6: bet 37 GiB per rank, exceeds the allowance; no reading yet",
            "x16: bet 46 GiB per rank, exceeds the allowance; no reading yet",
            "the staircase's refault/PSI stop rules decide whether the pressure matters; a reading above its bet falsifies it",
        ),
    )


@witness.refusal(
    "A profile not shaped for the staircase has no bet lines: the measurement's own refusals stand.",
    rules=[capacity.v41_engram_bet_lines],
    reasons=[
        because(MeasurementShapeDiffers, at="$.profile.max_model_len", saying="131072"),
        because(MeasurementShapeDiffers, at="$.profile.max_num_seqs", saying="8"),
    ],
)
def a_glm_shaped_profile_has_no_bet_lines():
    return capacity.v41_engram_bet_lines(GLM_GROUP_B_PROFILE, GROUP_A)


# ---------------------------------------------------------------------------
# The shape's two equalities, each on its own and on both sides of its boundary.


@witness.refusal(
    "A max_model_len one past 262144 is refused at max_model_len alone, though max_num_seqs is right.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_measurement_max_model_len],
    reasons=[
        because(
            MeasurementShapeDiffers,
            at="$.profile.max_model_len",
            saying="max_model_len is 262145; the staircase's one serve needs 262144",
        )
    ],
)
def a_max_model_len_one_past_262144_is_refused_alone() -> object:
    wider = attrs.evolve(PROFILE, max_model_len=262145)
    return capacity.v41_capacity_measurement(wider, GROUP_A, capacity.v41_engram_resident_bets(), ())


@witness.refusal(
    "A max_num_seqs one past 16 is refused at max_num_seqs alone, though max_model_len is right.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_max_num_seqs],
    reasons=[
        because(
            MeasurementShapeDiffers,
            at="$.profile.max_num_seqs",
            saying="max_num_seqs is 17; the staircase's fold-max concurrency is 16",
        )
    ],
)
def a_max_num_seqs_one_past_16_is_refused_alone() -> object:
    more = attrs.evolve(PROFILE, max_num_seqs=17)
    return capacity.v41_capacity_measurement(more, GROUP_A, capacity.v41_engram_resident_bets(), ())


@witness.refusal(
    "A max_model_len one under 262144 is refused at max_model_len alone, though max_num_seqs is right.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_measurement_max_model_len],
    reasons=[
        because(
            MeasurementShapeDiffers,
            at="$.profile.max_model_len",
            saying="max_model_len is 262143; the staircase's one serve needs 262144",
        )
    ],
)
def a_max_model_len_one_under_262144_is_refused_alone() -> object:
    narrower = attrs.evolve(PROFILE, max_model_len=262143)
    return capacity.v41_capacity_measurement(narrower, GROUP_A, capacity.v41_engram_resident_bets(), ())


@witness.refusal(
    "A max_num_seqs one under 16 is refused at max_num_seqs alone, though max_model_len is right.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_max_num_seqs],
    reasons=[
        because(
            MeasurementShapeDiffers,
            at="$.profile.max_num_seqs",
            saying="max_num_seqs is 15; the staircase's fold-max concurrency is 16",
        )
    ],
)
def a_max_num_seqs_one_under_16_is_refused_alone() -> object:
    fewer = attrs.evolve(PROFILE, max_num_seqs=15)
    return capacity.v41_capacity_measurement(fewer, GROUP_A, capacity.v41_engram_resident_bets(), ())


@witness.property(
    "The measurement admits a shape exactly when max_model_len is 262144 and max_num_seqs is 16, refusing at each field that differs and no other.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_measurement_max_model_len, capacity.v41_max_num_seqs],
)
@given(
    st.integers(262140, 262148) | st.sampled_from([1, 131072, 262144 * 2]),
    st.integers(12, 20) | st.sampled_from([1, 2, 6, 8, 32]),
)
@example(262144, 16)
@example(262143, 16)
@example(262145, 16)
@example(262144, 15)
@example(262144, 17)
@example(262143, 17)
@example(262145, 15)
def the_shape_admits_exactly_262144_and_16(max_model_len: int, max_num_seqs: int) -> None:
    shaped = attrs.evolve(PROFILE, max_model_len=max_model_len, max_num_seqs=max_num_seqs)
    outcome = capacity.v41_capacity_measurement(shaped, GROUP_A, capacity.v41_engram_resident_bets(), ())
    expected = [
        *(["$.profile.max_model_len"] if max_model_len != 262144 else []),
        *(["$.profile.max_num_seqs"] if max_num_seqs != 16 else []),
    ]
    if not expected:
        check.equal("per-rank allowance (GiB)", check.admitted(outcome).per_rank_allowance_gib, Fraction(97, 4))
        return
    reasons = check.refused(outcome)
    check.equal(
        f"refused at ({max_model_len}, {max_num_seqs})",
        [(type(r), r.where) for r in reasons],
        [(MeasurementShapeDiffers, where) for where in expected],
    )


# ---------------------------------------------------------------------------
# The bets' steps and a reading's step: one more step, or a step only the bets name, is off the staircase.


@witness.refusal(
    "Bets that add an x8 step to the staircase's four are refused for not naming exactly its steps.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_staircase_concurrencies],
    reasons=[
        because(
            BetsDoNotCoverStaircase,
            at="$.bets",
            saying="bets name x2, x4, x6, x8, x16; the staircase steps are x2, x4, x6, x16",
        )
    ],
)
def bets_with_an_extra_step_are_refused() -> object:
    two, four, six, sixteen = capacity.v41_engram_resident_bets()
    extra = (two, four, six, ResidentBet(concurrency=8, per_rank_gib=40), sixteen)
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, extra, ())


@witness.refusal(
    "A reading at a step only the bets name (x8) is off the staircase, not confirmed against that bet.",
    rules=[capacity.v41_capacity_measurement, capacity.v41_staircase_concurrencies],
    reasons=[
        because(BetsDoNotCoverStaircase, at="$.bets", saying="bets name x2, x4, x6, x8, x16;"),
        because(
            ReadingOffStaircase,
            at="$.after_requests_resident[0].concurrency",
            saying="x8 is not a staircase step (x2, x4, x6, x16)",
        ),
    ],
)
def a_reading_at_a_step_only_the_bets_name_is_off_the_staircase() -> object:
    two, four, six, sixteen = capacity.v41_engram_resident_bets()
    extra = (two, four, six, ResidentBet(concurrency=8, per_rank_gib=40), sixteen)
    reading = V41AfterRequestsResident(concurrency=8, per_rank_bytes=10 * GIB)
    return capacity.v41_capacity_measurement(PROFILE, GROUP_A, extra, (reading,))


@witness.positive(
    "The per-rank allowance splits the group's allowance over its own hosts: 73 GiB over Group A's first three is 73/3 GiB a rank.",
    rules=[capacity.v41_capacity_measurement],
)
def the_per_rank_allowance_splits_over_the_groups_hosts() -> None:
    three = attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:3])
    measured = check.admitted(
        capacity.v41_capacity_measurement(PROFILE, three, capacity.v41_engram_resident_bets(), ())
    )
    check.equal("per-rank allowance (GiB)", measured.per_rank_allowance_gib, Fraction(73, 3))
    check.equal("pressured", measured.pressured_concurrencies, (4, 6, 16))
