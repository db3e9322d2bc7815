"""Hold the seed's saved-record facts as fixture values, the rules that read them, and what they say together.

Seed: "the successful diagnostic has 28 send intents, 28 opened responses and
28 completions. Both arms' tails say q4092 ESTIMATED and `tails_verified:
false`; all 12 native checks say NOT RUN. Both near-cap API requests report
prompt327675, completion5, total327680, finish `length` ... The 300K screen
has 12/12 completed submissions and Stage-B PASS: median ON/OFF0.9317489404,
gain6.8251%, paired spread0.1051%. It remains SCREEN/non-adoptable and
supplies no missing native observations."
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused, reason_line
from domain.native.checks import Arm, tail_sizes
from domain.native.figures import Provenance, decimal_text
from domain.native.observations import Observation
from domain.native.schema import FIXTURE_CLASSIFICATION
from domain.native.verdict import decide_all


@frozen
class DiagnosticRecord:
    """Hold a saved diagnostic's request ledger and its tails' q."""

    send_intents: int = field(validator=vf.strict_int)
    opened: int = field(validator=vf.strict_int)
    completions: int = field(validator=vf.strict_int)
    q: int = field(validator=vf.strict_int)
    q_provenance: Provenance = field(validator=vf.instance_of(Provenance))
    tails_verified: bool = field(validator=vf.strict_bool)
    observations: tuple[Observation, ...] = field(validator=vf.tuple_of(Observation))


@frozen
class NearCapResult:
    """Hold one near-cap API request's token accounting and finish reason."""

    arm: Arm = field(validator=vf.instance_of(Arm))
    prompt_tokens: int = field(validator=vf.strict_int)
    completion_tokens: int = field(validator=vf.strict_int)
    total_tokens: int = field(validator=vf.strict_int)
    finish: str = field(validator=vf.strict_str)


@frozen
class ScreenRecord:
    """Hold the 300K screen's summary: a SCREEN, not native evidence."""

    submissions: int = field(validator=vf.strict_int)
    completed: int = field(validator=vf.strict_int)
    stage_b: str = field(validator=vf.strict_str)
    median_on_off: Fraction = field(validator=vf.exact_fraction)
    gain_percent: Fraction = field(validator=vf.exact_fraction)
    paired_spread_percent: Fraction = field(validator=vf.exact_fraction)
    classification: str = field(validator=vf.strict_str)
    adoptable: bool = field(validator=vf.strict_bool)
    observations: tuple[Observation, ...] = field(validator=vf.tuple_of(Observation))


SAVED_DIAGNOSTIC = DiagnosticRecord(28, 28, 28, 4092, Provenance.ESTIMATED, False, ())
SAVED_NEAR_CAP: tuple[NearCapResult, ...] = tuple(NearCapResult(arm, 327675, 5, 327680, "length") for arm in Arm)
SAVED_SCREEN_300K = ScreenRecord(
    12, 12, "PASS", Fraction("0.9317489404"), Fraction("6.8251"), Fraction("0.1051"), "SCREEN", False, ()
)


@frozen
class RequestsUnaccounted(Reason):
    """Say send intents, opened responses and completions disagree."""


@frozen
class TailsUnverified(Reason):
    """Say a record's tails rest on an estimated q or were never verified."""


@frozen
class NearCapNotAtLength(Reason):
    """Say a near-cap request's tokens do not add up or it did not finish at length."""


@frozen
class ScreenNotAdoptable(Reason):
    """Say a record is a SCREEN or carries no native observations."""


@frozen
class GainInconsistent(Reason):
    """Say a recorded gain is not (1 − median ON/OFF) × 100 at four decimals."""


def requests_accounted(record: DiagnosticRecord) -> Admitted[int] | Refused:
    """Admit the request count when send intents, opened responses and completions are equal and positive."""
    r = record
    if r.send_intents <= 0 or not r.send_intents == r.opened == r.completions:
        return Refused(
            (
                RequestsUnaccounted(
                    "$.requests",
                    f"send intents {r.send_intents}, opened {r.opened}, completions {r.completions} must be equal and positive",
                ),
            )
        )
    return Admitted(r.completions)


def tails_verified(record: DiagnosticRecord) -> Admitted[tuple[int, ...]] | Refused:
    """Admit a record's tail sizes only when its q is MEASURED and its tails were verified."""
    reasons: list[Reason] = []
    if record.q_provenance is not Provenance.MEASURED:
        reasons.append(
            TailsUnverified(
                "$.tails.q", f"q{record.q} is {record.q_provenance.value}; tails need the start's actual solo q"
            )
        )
    if not record.tails_verified:
        reasons.append(TailsUnverified("$.tails.tails_verified", "tails_verified is false"))
    tails = tail_sizes(record.q)
    if isinstance(tails, Refused):
        return Refused(tuple(reasons) + tails.reasons)
    return Refused(tuple(reasons)) if reasons else Admitted(tails.value)


def near_cap_finish(result: NearCapResult) -> Admitted[int] | Refused:
    """Admit a near-cap request's total when prompt + completion = total and it finished at `length`."""
    r = result
    reasons: list[Reason] = []
    if r.prompt_tokens + r.completion_tokens != r.total_tokens:
        reasons.append(
            NearCapNotAtLength(
                "$.usage.total_tokens",
                f"prompt {r.prompt_tokens} + completion {r.completion_tokens} = {r.prompt_tokens + r.completion_tokens}, not total {r.total_tokens}",
            )
        )
    if r.finish != "length":
        reasons.append(NearCapNotAtLength("$.finish_reason", f"arm {r.arm.value} finished {r.finish!r}, not 'length'"))
    return Refused(tuple(reasons)) if reasons else Admitted(r.total_tokens)


def screen_adoptable(screen: ScreenRecord) -> Admitted[ScreenRecord] | Refused:
    """Admit a record as native evidence only when it is classified exactly NATIVE (never a SCREEN), is adoptable and carries native observations."""
    reasons: list[Reason] = []
    if screen.classification == "SCREEN" or not screen.adoptable:
        reasons.append(
            ScreenNotAdoptable(
                "$.classification",
                f"classification {screen.classification} (adoptable {str(screen.adoptable).lower()}): a SCREEN is non-adoptable whatever its Stage-B {screen.stage_b}",
            )
        )
    elif screen.classification != FIXTURE_CLASSIFICATION:
        # Fail closed: only the exact NATIVE classification is evidence; "Screen" or "NATIVE " is neither a SCREEN nor native.
        reasons.append(
            ScreenNotAdoptable(
                "$.classification",
                f"classification {screen.classification!r} is not {FIXTURE_CLASSIFICATION!r}: only a NATIVE record is native evidence",
            )
        )
    if not screen.observations:
        reasons.append(
            ScreenNotAdoptable(
                "$.observations",
                f"{screen.completed}/{screen.submissions} completed submissions supply no native observations",
            )
        )
    return Refused(tuple(reasons)) if reasons else Admitted(screen)


def screen_gain(screen: ScreenRecord) -> Admitted[Fraction] | Refused:
    """Admit the recorded gain when it is (1 − median ON/OFF) × 100 rounded to four decimals."""
    exact = (1 - screen.median_on_off) * 100
    if Fraction(round(exact, 4)) != screen.gain_percent:
        return Refused(
            (
                GainInconsistent(
                    "$.gain_percent",
                    f"(1 - {decimal_text(screen.median_on_off, 10)}) x 100 = {decimal_text(exact, 8)} rounds to {decimal_text(exact, 4)} %, not the recorded {decimal_text(screen.gain_percent, 4)} %",
                ),
            )
        )
    return Admitted(exact)


@frozen
class SavedRecordFacts:
    """Carry what the saved records show, line by line, and the verdict: admitted only if every record's rule admits it."""

    lines: tuple[str, ...] = field(validator=vf.tuple_of(str))
    verdict: Admitted[str] | Refused = field(validator=vf.instance_of((Admitted, Refused)))


def _outcome_lines(what: str, outcome: Admitted[Any] | Refused, said: str) -> list[str]:
    if isinstance(outcome, Admitted):
        return [f"{what}: {said}"]
    return [f"{what}: REFUSED", *(f"  {reason_line(r)}" for r in outcome.reasons)]


def saved_record_facts(
    diagnostic: DiagnosticRecord, near_cap: tuple[NearCapResult, ...], screen: ScreenRecord
) -> SavedRecordFacts:
    """Say what each saved record shows under its rule, and what the twelve checks are on them; refuse with every record's reasons."""
    d, s = diagnostic, screen
    outcomes: list[tuple[str, Admitted[Any] | Refused, str]] = [
        (
            "diagnostic requests",
            requests_accounted(d),
            f"{d.send_intents} send intents, {d.opened} opened, {d.completions} completions, accounted",
        ),
        ("diagnostic tails", tails_verified(d), f"q{d.q} {d.q_provenance.value}, tails verified"),
        *(
            (
                f"near-cap {r.arm.value}",
                near_cap_finish(r),
                f"prompt {r.prompt_tokens} + completion {r.completion_tokens} = {r.total_tokens}, finish {r.finish}",
            )
            for r in near_cap
        ),
        (
            "300K screen",
            screen_gain(s),
            (
                f"{s.completed}/{s.submissions} completed submissions, Stage-B {s.stage_b}, median ON/OFF {decimal_text(s.median_on_off, 10)}, "
                f"gain {decimal_text(s.gain_percent, 4)} % = (1 - median) x 100, paired spread {decimal_text(s.paired_spread_percent, 4)} %"
            ),
        ),
        ("300K screen as native evidence", screen_adoptable(s), f"{s.classification}, adoptable"),
    ]
    lines = [line for what, outcome, said in outcomes for line in _outcome_lines(what, outcome, said)]
    # Seed: the records supply no missing native observations, so deciding on them changes nothing.
    statuses = Counter(v.status.value for v in decide_all(d.observations + s.observations))
    lines.append(
        "checks decided on the saved records: " + ", ".join(f"{n} {status}" for status, n in sorted(statuses.items()))
    )
    reasons = tuple(r for _, outcome, _ in outcomes if isinstance(outcome, Refused) for r in outcome.reasons)
    verdict: Admitted[str] | Refused = (
        Refused(reasons) if reasons else Admitted("every saved record is admitted by its rule")
    )
    return SavedRecordFacts(tuple(lines), verdict)
