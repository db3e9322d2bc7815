"""Check the V4.1 Engram residency bets against the staircase measurement.

Seed A3/A4: the page-cache allowance is a declared bet.  The stress model
bets 19/30/37/46 GiB per rank at x2/x4/x6/x16; from x4 up the bets exceed
the ~24 GiB per-rank allowance (97/4 GiB at 8000 bp on Group A), so the
staircase's refault/PSI stop rules decide whether that pressure matters.
`v41_capacity_measurement` checks `v41_engram_resident_bets` against the
`v41_after_requests_resident` readings: a reading above its bet falsifies it.
The measurement is one serve for the whole staircase: max_model_len 262144,
max_num_seqs = the fold-max of the staircase concurrencies (16).
"""

from __future__ import annotations

from fractions import Fraction

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused
from domain.core.sizes import GIB, format_bp, format_gib
from domain.spark.fit_wall import per_rank_allowance_gib
from domain.spark.fleet import HostGroup
from domain.spark.profile import ServingLaunchProfile

V41_STAIRCASE_CONCURRENCIES = (2, 4, 6, 16)
"""The staircase's concurrency steps (seed A4)."""

V41_MEASUREMENT_MAX_MODEL_LEN = 262144
"""One serve for the whole staircase: its context length (seed A4)."""


@frozen
class ResidentBet:
    """Bet how much Engram stays resident per rank, in whole GiB, at one concurrency."""

    concurrency: int = field(validator=vf.positive_int)
    per_rank_gib: int = field(validator=vf.positive_int)


@frozen
class V41AfterRequestsResident:
    """Carry one measured after-requests resident size per rank, in bytes, at one concurrency."""

    concurrency: int = field(validator=vf.positive_int)
    per_rank_bytes: int = field(validator=vf.non_negative_int)


@frozen
class CapacityMeasurement:
    """Carry the measurement's verdict: which bets press on the allowance, which were confirmed."""

    per_rank_allowance_gib: Fraction = field(validator=vf.non_negative_fraction)
    pressured_concurrencies: tuple[int, ...] = field(validator=vf.tuple_of(int))
    confirmed_concurrencies: tuple[int, ...] = field(validator=vf.tuple_of(int))
    unmeasured_concurrencies: tuple[int, ...] = field(validator=vf.tuple_of(int))


@frozen
class MeasurementShapeDiffers(Reason):
    """Say the profile is not the one-serve staircase shape the measurement needs."""


@frozen
class BetsDoNotCoverStaircase(Reason):
    """Say the bets name other concurrencies than the staircase's steps."""


@frozen
class ReadingOffStaircase(Reason):
    """Say a reading is taken at a concurrency the staircase does not step on."""


@frozen
class ReadingRepeated(Reason):
    """Say two readings claim the same concurrency."""


@frozen
class BetFalsified(Reason):
    """Say a measured after-requests resident size exceeds the bet at its concurrency."""


def v41_staircase_concurrencies() -> tuple[int, ...]:
    """Return the staircase's concurrency steps: 2, 4, 6, 16."""
    return V41_STAIRCASE_CONCURRENCIES


def v41_engram_resident_bets() -> tuple[ResidentBet, ...]:
    """Return the stress model's per-rank bets: 19/30/37/46 GiB at x2/x4/x6/x16."""
    return (
        ResidentBet(concurrency=2, per_rank_gib=19),
        ResidentBet(concurrency=4, per_rank_gib=30),
        ResidentBet(concurrency=6, per_rank_gib=37),
        ResidentBet(concurrency=16, per_rank_gib=46),
    )


def v41_measurement_max_model_len() -> int:
    """Return the one serve's max_model_len for the whole staircase: 262144."""
    return V41_MEASUREMENT_MAX_MODEL_LEN


def v41_max_num_seqs() -> int:
    """Return the one serve's max_num_seqs: the fold-max of the staircase concurrencies (16)."""
    return max(v41_staircase_concurrencies())


def _shape_reasons(profile: ServingLaunchProfile) -> list[Reason]:
    reasons: list[Reason] = []
    if profile.max_model_len != v41_measurement_max_model_len():
        reasons.append(
            MeasurementShapeDiffers(
                where="$.profile.max_model_len",
                why=f"max_model_len is {profile.max_model_len}; the staircase's one serve needs {v41_measurement_max_model_len()}",
            )
        )
    if profile.max_num_seqs != v41_max_num_seqs():
        reasons.append(
            MeasurementShapeDiffers(
                where="$.profile.max_num_seqs",
                why=f"max_num_seqs is {profile.max_num_seqs}; the staircase's fold-max concurrency is {v41_max_num_seqs()}",
            )
        )
    return reasons


def v41_capacity_measurement(
    profile: ServingLaunchProfile,
    group: HostGroup,
    bets: tuple[ResidentBet, ...],
    after_requests_resident: tuple[V41AfterRequestsResident, ...],
) -> Admitted[CapacityMeasurement] | Refused:
    """Check each bet against its reading and name the bets that exceed the per-rank allowance."""
    steps = v41_staircase_concurrencies()
    reasons = _shape_reasons(profile)
    bet_at = {bet.concurrency: bet for bet in bets}
    if tuple(bet.concurrency for bet in bets) != steps:
        reasons.append(
            BetsDoNotCoverStaircase(
                where="$.bets",
                why=f"bets name x{', x'.join(str(b.concurrency) for b in bets)}; the staircase steps are x{', x'.join(map(str, steps))}",
            )
        )
    seen: set[int] = set()
    confirmed: list[int] = []
    for index, reading in enumerate(after_requests_resident):
        where = f"$.after_requests_resident[{index}]"
        step = reading.concurrency
        if step in seen:
            reasons.append(ReadingRepeated(where=f"{where}.concurrency", why=f"x{step} is read twice"))
            continue
        seen.add(step)
        if step not in steps or step not in bet_at:
            reasons.append(
                ReadingOffStaircase(
                    where=f"{where}.concurrency",
                    why=f"x{step} is not a staircase step (x{', x'.join(map(str, steps))})",
                )
            )
            continue
        bet = bet_at[step]
        measured = Fraction(reading.per_rank_bytes, GIB)
        if measured > bet.per_rank_gib:
            reasons.append(
                BetFalsified(
                    where=f"{where}.per_rank_bytes",
                    why=(
                        f"at x{step} the after-requests resident {format_gib(measured)} per rank "
                        f"exceeds the {format_gib(bet.per_rank_gib)} bet"
                    ),
                )
            )
            continue
        confirmed.append(step)
    if reasons:
        return Refused(tuple(reasons))
    allowance = per_rank_allowance_gib(profile, group)
    return Admitted(
        CapacityMeasurement(
            per_rank_allowance_gib=allowance,
            pressured_concurrencies=tuple(b.concurrency for b in bets if b.per_rank_gib > allowance),
            confirmed_concurrencies=tuple(sorted(confirmed)),
            unmeasured_concurrencies=tuple(s for s in steps if s not in seen),
        )
    )


def v41_engram_bet_lines(profile: ServingLaunchProfile, group: HostGroup) -> Admitted[tuple[str, ...]] | Refused:
    """Say each staircase step's Engram bet against the per-rank allowance, before any reading is taken; refuse what the measurement refuses."""
    measured = v41_capacity_measurement(profile, group, v41_engram_resident_bets(), ())
    if isinstance(measured, Refused):
        return measured
    m = measured.value
    lines = [
        f"per-rank allowance {format_gib(m.per_rank_allowance_gib)} at {format_bp(profile.gpu_memory_utilization_bp)} on {group.name}"
    ]
    for bet in v41_engram_resident_bets():
        presses = "exceeds the allowance" if bet.concurrency in m.pressured_concurrencies else "within the allowance"
        lines.append(f"x{bet.concurrency}: bet {format_gib(bet.per_rank_gib)} per rank, {presses}; no reading yet")
    lines.append(
        "the staircase's refault/PSI stop rules decide whether the pressure matters; a reading above its bet falsifies it"
    )
    return Admitted(tuple(lines))
