"""Seeded defects for Part B's saved-record facts (DOMAIN.md B2): request ledger, tails, near-cap, the 300K screen.

Each replacement is a copy of the rule with exactly one thing taken away;
the comment above it names what, and the seed fact it breaks.
"""

from __future__ import annotations

from fractions import Fraction

from claims.defects import Defect
from domain.native.checks import tail_sizes
from domain.native.records import (
    DiagnosticRecord, NearCapNotAtLength, NearCapResult, RequestsUnaccounted, ScreenNotAdoptable, ScreenRecord,
    TailsUnverified,
)
from domain.core.outcome import Admitted, Reason, Refused

RECORDS = "native.records"


def requests_accounted_by_opened(record: DiagnosticRecord) -> Admitted[int] | Refused:
    # Seed B2: "28 send intents / 28 opened / 28 completions"; this copy never compares completions.
    r = record
    if r.send_intents <= 0 or r.send_intents != r.opened:
        return Refused((RequestsUnaccounted("$.requests", f"send intents {r.send_intents}, opened {r.opened}, completions {r.completions} must be equal and positive"),))
    return Admitted(r.completions)


def tails_verified_by_flag_only(record: DiagnosticRecord) -> Admitted[tuple[int, ...]] | Refused:
    # Seed B2: "tails q4092 ESTIMATED, tails_verified: false"; this copy forgets that an ESTIMATED q is no q.
    reasons: list[Reason] = []
    if not record.tails_verified:
        reasons.append(TailsUnverified("$.tails.tails_verified", "tails_verified is false"))
    tails = tail_sizes(record.q)
    if isinstance(tails, Refused):
        return Refused(tuple(reasons) + tails.reasons)
    return Refused(tuple(reasons)) if reasons else Admitted(tails.value)


def near_cap_finish_any_reason(result: NearCapResult) -> Admitted[int] | Refused:
    # Seed B2: near-cap requests finish `length`; this copy accepts any finish reason.
    r = result
    if r.prompt_tokens + r.completion_tokens != r.total_tokens:
        return Refused((NearCapNotAtLength("$.usage.total_tokens", f"prompt {r.prompt_tokens} + completion {r.completion_tokens} = {r.prompt_tokens + r.completion_tokens}, not total {r.total_tokens}"),))
    return Admitted(r.total_tokens)


def screen_adoptable_on_stage_b(screen: ScreenRecord) -> Admitted[ScreenRecord] | Refused:
    # Seed B2: the 300K screen is "SCREEN, non-adoptable" whatever its Stage-B PASS; this copy adopts a Stage-B PASS.
    reasons: list[Reason] = []
    if screen.stage_b != "PASS" and (screen.classification == "SCREEN" or not screen.adoptable):
        reasons.append(ScreenNotAdoptable("$.classification", f"classification {screen.classification} (adoptable {str(screen.adoptable).lower()}): a SCREEN is non-adoptable whatever its Stage-B {screen.stage_b}"))
    if not screen.observations:
        reasons.append(ScreenNotAdoptable("$.observations", f"{screen.completed}/{screen.submissions} completed submissions supply no native observations"))
    return Refused(tuple(reasons)) if reasons else Admitted(screen)


def screen_gain_unchecked(screen: ScreenRecord) -> Admitted[Fraction] | Refused:
    # Seed B2: gain 6.8251 % is (1 − 0.9317489404) × 100; this copy never compares the recorded gain.
    return Admitted((1 - screen.median_on_off) * 100)


completions_not_accounted = Defect(
    id="native.completions_not_accounted",
    target="domain.native.records.requests_accounted",
    replacement=requests_accounted_by_opened,
    description="Account a diagnostic's requests from send intents and opened responses only, ignoring completions.",
    expect_red={"native.records.record_refusal_texts_are_byte_identical", f"{RECORDS}.unequal_ledger_is_unaccounted"},
    expect_green={f"{RECORDS}.saved_diagnostic_accounts_28_of_28"},
)

estimated_q_verifies_tails = Defect(
    id="native.estimated_q_verifies_tails",
    target="domain.native.records.tails_verified",
    replacement=tails_verified_by_flag_only,
    description="Verify tails from the tails_verified flag alone, accepting an ESTIMATED q.",
    expect_red={"native.records.record_refusal_texts_are_byte_identical", "native.records.zero_q_refuses_with_every_reason", f"{RECORDS}.saved_tails_are_not_verified"},
    expect_green={f"{RECORDS}.measured_verified_q_yields_tails"},
)

near_cap_any_finish = Defect(
    id="native.near_cap_any_finish",
    target="domain.native.records.near_cap_finish",
    replacement=near_cap_finish_any_reason,
    description="Accept a near-cap request whatever its finish reason, not only `length`.",
    expect_red={"native.records.record_refusal_texts_are_byte_identical", f"{RECORDS}.near_cap_stop_finish_is_refused"},
    expect_green={f"{RECORDS}.near_cap_requests_total_327680_at_length"},
)

screen_adopted_on_stage_b = Defect(
    id="native.screen_adopted_on_stage_b",
    target="domain.native.records.screen_adoptable",
    replacement=screen_adoptable_on_stage_b,
    description="Adopt a SCREEN record as native evidence because its Stage-B says PASS.",
    expect_red={"native.records.record_refusal_texts_are_byte_identical", "native.records.screen_marked_adoptable_is_still_refused", f"{RECORDS}.saved_screen_is_not_adoptable"},
    expect_green={f"{RECORDS}.adoptable_native_record_is_admitted"},
)

screen_gain_unchecked_against_median = Defect(
    id="native.screen_gain_unchecked_against_median",
    target="domain.native.records.screen_gain",
    replacement=screen_gain_unchecked,
    description="Admit a recorded screen gain without checking it against the median ON/OFF.",
    expect_red={"native.records.record_refusal_texts_are_byte_identical", f"{RECORDS}.inconsistent_gain_is_refused"},
    expect_green={f"{RECORDS}.screen_gain_is_one_minus_median"},
)
