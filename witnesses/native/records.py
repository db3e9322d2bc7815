"""Witness the seed's saved-record facts: accounted, unverified, at length, SCREEN, all NOT RUN, and said together."""

from __future__ import annotations

from fractions import Fraction

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core.outcome import Admitted
from domain.native.checks import QNotPositive
from domain.native.figures import Provenance
from domain.native.records import (
    SAVED_DIAGNOSTIC,
    SAVED_NEAR_CAP,
    SAVED_SCREEN_300K,
    GainInconsistent,
    NearCapNotAtLength,
    RequestsUnaccounted,
    ScreenNotAdoptable,
    TailsUnverified,
    near_cap_finish,
    requests_accounted,
    saved_record_facts,
    screen_adoptable,
    screen_gain,
    tails_verified,
)
from domain.native.verdict import Status, decide, decide_all
from witnesses.core import strategies as near
from witnesses.native.fixtures import complete

witness = Witness("native.records")


@witness.positive(
    "The saved diagnostic accounts 28 send intents, 28 opened and 28 completions.", rules=[requests_accounted]
)
def saved_diagnostic_accounts_28_of_28() -> None:
    check.equal("completions", check.admitted(requests_accounted(SAVED_DIAGNOSTIC)), 28)


@witness.refusal(
    "A ledger with 27 completions for 28 send intents is unaccounted.",
    rules=[requests_accounted],
    reasons=[because(RequestsUnaccounted, at="$.requests", saying=["28", "completions 27"])],
)
def unequal_ledger_is_unaccounted():
    return requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, completions=27))


@witness.refusal(
    "The saved tails rest on an ESTIMATED q4092 and were never verified.",
    rules=[tails_verified],
    reasons=[
        because(TailsUnverified, at="$.tails.q", saying=["q4092", "ESTIMATED"]),
        because(TailsUnverified, at="$.tails.tails_verified", saying="false"),
    ],
)
def saved_tails_are_not_verified():
    return tails_verified(SAVED_DIAGNOSTIC)


@witness.positive(
    "A MEASURED, verified q of 4092 yields tails 147313, 147439, 147440 and 147441.", rules=[tails_verified]
)
def measured_verified_q_yields_tails() -> None:
    record = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True)
    check.equal("tails", check.admitted(tails_verified(record)), (147313, 147439, 147440, 147441))


@witness.positive(
    "Both saved near-cap requests total 327675 + 5 = 327680 tokens, finishing at length.", rules=[near_cap_finish]
)
def near_cap_requests_total_327680_at_length() -> None:
    check.equal("totals", [check.admitted(near_cap_finish(r)) for r in SAVED_NEAR_CAP], [327680, 327680])


@witness.refusal(
    "A near-cap request that stopped early and miscounts its total is refused on both counts.",
    rules=[near_cap_finish],
    reasons=[
        because(NearCapNotAtLength, at="$.usage.total_tokens", saying=["327679", "327680"]),
        because(NearCapNotAtLength, at="$.finish_reason", saying="'stop'"),
    ],
)
def near_cap_stop_finish_is_refused():
    return near_cap_finish(attrs.evolve(SAVED_NEAR_CAP[0], completion_tokens=4, finish="stop"))


@witness.refusal(
    "The 300K screen is non-adoptable SCREEN evidence with no native observations, whatever its Stage-B PASS.",
    rules=[screen_adoptable],
    reasons=[
        because(ScreenNotAdoptable, at="$.classification", saying=["SCREEN", "Stage-B PASS"]),
        because(ScreenNotAdoptable, at="$.observations", saying="12/12"),
    ],
)
def saved_screen_is_not_adoptable():
    return screen_adoptable(SAVED_SCREEN_300K)


@witness.positive("A non-SCREEN adoptable record carrying native observations is admitted.", rules=[screen_adoptable])
def adoptable_native_record_is_admitted() -> None:
    record = attrs.evolve(SAVED_SCREEN_300K, classification="NATIVE", adoptable=True, observations=complete())
    check.equal("admitted", check.admitted(screen_adoptable(record)), record)


@witness.positive(
    "The screen's 6.8251 % gain is exactly (1 − 0.9317489404) × 100 at four decimals; spread 0.1051 %.",
    rules=[screen_gain],
)
def screen_gain_is_one_minus_median() -> None:
    check.equal("exact gain (%)", check.admitted(screen_gain(SAVED_SCREEN_300K)), Fraction("6.82510596"))
    check.equal(
        "recorded",
        (
            SAVED_SCREEN_300K.gain_percent,
            SAVED_SCREEN_300K.paired_spread_percent,
            SAVED_SCREEN_300K.submissions,
            SAVED_SCREEN_300K.completed,
        ),
        (Fraction("6.8251"), Fraction("0.1051"), 12, 12),
    )


@witness.refusal(
    "A recorded gain of 6.8252 % disagrees with the median and is refused.",
    rules=[screen_gain],
    reasons=[because(GainInconsistent, at="$.gain_percent", saying="6.8252")],
)
def inconsistent_gain_is_refused():
    return screen_gain(attrs.evolve(SAVED_SCREEN_300K, gain_percent=Fraction("6.8252")))


@witness.positive(
    "The saved records supply no native observations, so all twelve checks stay NOT RUN.",
    rules=[saved_record_facts, decide],
)
def saved_records_leave_all_twelve_not_run() -> None:
    observations = SAVED_DIAGNOSTIC.observations + SAVED_SCREEN_300K.observations
    check.equal("statuses", [v.status for v in decide_all(observations)], [Status.NOT_RUN] * 12)
    facts = saved_record_facts(SAVED_DIAGNOSTIC, SAVED_NEAR_CAP, SAVED_SCREEN_300K)
    check.equal("the facts' last line", facts.lines[-1], "checks decided on the saved records: 12 NOT RUN")


@witness.refusal(
    "The saved records' facts are refused for their unverified tails and their SCREEN, every other record admitted and said.",
    rules=[saved_record_facts],
    reasons=[
        because(TailsUnverified, at="$.tails.q", saying="q4092 is ESTIMATED"),
        because(TailsUnverified, at="$.tails.tails_verified"),
        because(ScreenNotAdoptable, at="$.classification"),
        because(ScreenNotAdoptable, at="$.observations"),
    ],
)
def saved_record_facts_refuse_the_tails_and_the_screen():
    facts = saved_record_facts(SAVED_DIAGNOSTIC, SAVED_NEAR_CAP, SAVED_SCREEN_300K)
    check.equal(
        "the admitted records' lines",
        [line for line in facts.lines if line.startswith(("diagnostic requests", "near-cap", "300K screen:"))],
        [
            "diagnostic requests: 28 send intents, 28 opened, 28 completions, accounted",
            "near-cap OFF: prompt 327675 + completion 5 = 327680, finish length",
            "near-cap ON: prompt 327675 + completion 5 = 327680, finish length",
            "300K screen: 12/12 completed submissions, Stage-B PASS, median ON/OFF 0.9317489404, gain 6.8251 % = (1 - median) x 100, paired spread 0.1051 %",
        ],
    )
    return facts.verdict


@witness.positive(
    "Records whose tails are MEASURED and verified and whose run is adoptable native evidence are all admitted.",
    rules=[saved_record_facts],
)
def verified_adoptable_records_are_all_admitted() -> None:
    diagnostic = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True)
    screen = attrs.evolve(SAVED_SCREEN_300K, classification="NATIVE", adoptable=True, observations=complete())
    facts = saved_record_facts(diagnostic, SAVED_NEAR_CAP, screen)
    check.equal("verdict", check.admitted(facts.verdict), "every saved record is admitted by its rule")
    check.contains("tails line", "diagnostic tails: q4092 MEASURED, tails verified", facts.lines)
    # The records carry no owner resolutions: the sync and multimodal subcases stay unresolved (seed B1).
    check.equal("the checks on them", facts.lines[-1], "checks decided on the saved records: 2 HOLD, 10 PASS")


@witness.refusal(
    "An empty ledger of 0 send intents, 0 opened and 0 completions is unaccounted, though all three agree.",
    rules=[requests_accounted],
    reasons=[
        because(
            RequestsUnaccounted,
            at="$.requests",
            saying="send intents 0, opened 0, completions 0 must be equal and positive",
        )
    ],
)
def empty_ledger_is_unaccounted():
    return requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, send_intents=0, opened=0, completions=0))


@witness.positive(
    "A ledger of one send intent, opened and completed, accounts one request.", rules=[requests_accounted]
)
def one_request_ledger_accounts_one() -> None:
    check.equal(
        "completions",
        check.admitted(requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, send_intents=1, opened=1, completions=1))),
        1,
    )


@witness.refusal(
    "A SCREEN stays non-adoptable even when marked adoptable and carrying native observations.",
    rules=[screen_adoptable],
    reasons=[
        because(
            ScreenNotAdoptable,
            at="$.classification",
            saying="classification SCREEN (adoptable true): a SCREEN is non-adoptable whatever its Stage-B PASS",
        )
    ],
)
def screen_marked_adoptable_is_still_refused():
    return screen_adoptable(attrs.evolve(SAVED_SCREEN_300K, adoptable=True, observations=complete()))


@witness.refusal(
    "An unverified record with a q of 0 has no tails: the q's own refusal joins both unverified reasons.",
    rules=[tails_verified],
    reasons=[
        because(TailsUnverified, at="$.tails.q", saying="q0 is ESTIMATED"),
        because(TailsUnverified, at="$.tails.tails_verified", saying="false"),
        because(QNotPositive, at="$.q", saying="got 0"),
    ],
)
def zero_q_refuses_with_every_reason():
    return tails_verified(attrs.evolve(SAVED_DIAGNOSTIC, q=0))


@witness.snapshot(
    "The saved-record refusals' texts (ledger, tails, near-cap, screen, gain) stay byte-identical as a regression control.",
    rules=[requests_accounted, tails_verified, near_cap_finish, screen_adoptable, screen_gain],
)
def record_refusal_texts_are_byte_identical() -> str:
    worlds = {
        "ledger 28/28/27": requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, completions=27)),
        "saved tails": tails_verified(SAVED_DIAGNOSTIC),
        "tails at q0": tails_verified(attrs.evolve(SAVED_DIAGNOSTIC, q=0)),
        "near-cap stop": near_cap_finish(attrs.evolve(SAVED_NEAR_CAP[0], completion_tokens=4, finish="stop")),
        "saved screen": screen_adoptable(SAVED_SCREEN_300K),
        "screen marked adoptable": screen_adoptable(
            attrs.evolve(SAVED_SCREEN_300K, adoptable=True, observations=complete())
        ),
        "gain 6.8252": screen_gain(attrs.evolve(SAVED_SCREEN_300K, gain_percent=Fraction("6.8252"))),
    }
    lines = []
    for name, outcome in worlds.items():
        lines.append(f"{name}:")
        lines += [f"  {type(r).__name__} {r.where}: {r.why}" for r in check.refused(outcome)]
    return "\n".join(lines) + "\n"


# --- near misses: a finish reason or a classification that almost is the one a rule admits ---


@witness.property(
    "A near-cap request finishing with a near miss of `length` is refused at its finish reason, and `length` admits.",
    rules=[near_cap_finish],
)
@settings(max_examples=20)
@given(near.near_misses("length"))
@example(near.case_flipped("length"))
@example(near.strict_prefix("length"))
@example(near.extended("length", "_cap"))
@example(near.padded("length", after="\n"))
@example(near.lookalike("length"))
def near_misses_of_length_are_refused(miss: str) -> None:
    check.equal("length", near_cap_finish(SAVED_NEAR_CAP[0]), Admitted(327680))
    reasons = check.refused(near_cap_finish(attrs.evolve(SAVED_NEAR_CAP[0], finish=miss)))
    check.equal(
        f"{miss!r} refused at", [(type(r), r.where) for r in reasons], [(NearCapNotAtLength, "$.finish_reason")]
    )


NATIVE_RECORD = attrs.evolve(SAVED_SCREEN_300K, classification="NATIVE", adoptable=True, observations=complete())


@witness.property(
    "A record classified by a near miss of NATIVE or of SCREEN is not native evidence, and exactly NATIVE admits.",
    rules=[screen_adoptable],
)
@settings(max_examples=25)
@given(near.sampled_then(["NATIVE", "SCREEN"], near.near_misses))
@example(near.case_flipped("NATIVE", 1))
@example(near.strict_prefix("SCREEN"))
@example(near.extended("NATIVE", "_CPU"))
@example(near.padded("NATIVE", after=" "))
@example(near.lookalike("SCREEN"))
def near_misses_of_a_classification_are_not_native(miss: str) -> None:
    check.equal("NATIVE", screen_adoptable(NATIVE_RECORD), Admitted(NATIVE_RECORD))
    reasons = check.refused(screen_adoptable(attrs.evolve(NATIVE_RECORD, classification=miss)))
    check.equal(
        f"{miss!r} refused at", [(type(r), r.where) for r in reasons], [(ScreenNotAdoptable, "$.classification")]
    )


@witness.positive(
    "A classification that only resembles SCREEN is refused as not NATIVE, never as a SCREEN.",
    rules=[screen_adoptable],
)
def a_near_miss_of_screen_is_not_a_screen() -> None:
    for miss in (
        near.case_flipped("SCREEN"),
        near.extended("SCREEN", "-B"),
        "PRE-SCREEN",
        "PRESCREENED",
        near.padded("SCREEN", after="\n"),
    ):
        record = attrs.evolve(SAVED_SCREEN_300K, classification=miss, adoptable=True, observations=complete())
        check.equal(
            f"{miss!r} refused",
            [(r.where, r.why) for r in check.refused(screen_adoptable(record))],
            [("$.classification", f"classification {miss!r} is not 'NATIVE': only a NATIVE record is native evidence")],
        )


# --- each count of the ledger, each tails reason, each near-cap reason and each screen reason alone ---

_LEDGER = ("send_intents", "opened", "completions")


@witness.property(
    "A 28-request ledger with any one count off by one, above or below, is unaccounted, and 28/28/28 accounts 28.",
    rules=[requests_accounted],
)
@settings(max_examples=20)
@given(st.sampled_from(_LEDGER), st.sampled_from([-1, 1]))
@example("opened", -1)
@example("opened", 1)
@example("send_intents", 1)
@example("completions", 1)
def any_one_ledger_count_off_by_one_is_unaccounted(count: str, delta: int) -> None:
    check.equal("28/28/28", requests_accounted(SAVED_DIAGNOSTIC), Admitted(28))
    reasons = check.refused(requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, **{count: 28 + delta})))
    check.equal(
        f"{count} {28 + delta} refused at", [(type(r), r.where) for r in reasons], [(RequestsUnaccounted, "$.requests")]
    )


@witness.refusal(
    "A ledger short only of opened responses (28 sent, 27 opened, 28 completed) is unaccounted.",
    rules=[requests_accounted],
    reasons=[
        because(
            RequestsUnaccounted,
            at="$.requests",
            saying="send intents 28, opened 27, completions 28 must be equal and positive",
        )
    ],
)
def a_ledger_short_only_of_opened_is_unaccounted():
    return requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, opened=27))


@witness.refusal(
    "Verified tails on an ESTIMATED q are refused for the q alone.",
    rules=[tails_verified],
    reasons=[
        because(TailsUnverified, at="$.tails.q", saying="q4092 is ESTIMATED; tails need the start's actual solo q")
    ],
)
def verified_tails_on_an_estimated_q_are_refused_for_the_q():
    return tails_verified(attrs.evolve(SAVED_DIAGNOSTIC, tails_verified=True))


@witness.refusal(
    "Unverified tails on a MEASURED q are refused for the verification alone.",
    rules=[tails_verified],
    reasons=[because(TailsUnverified, at="$.tails.tails_verified", saying="tails_verified is false")],
)
def unverified_tails_on_a_measured_q_are_refused_for_the_verification():
    return tails_verified(attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED))


@witness.positive(
    "A near-cap request finishing at length whose total is one token over or under prompt + completion is refused at its total alone.",
    rules=[near_cap_finish],
)
def a_near_cap_total_off_by_one_either_way_is_refused_at_the_total() -> None:
    said = {}
    for total in (327679, 327681):
        reasons = check.refused(near_cap_finish(attrs.evolve(SAVED_NEAR_CAP[1], total_tokens=total)))
        said[total] = [(type(r), r.where, r.why) for r in reasons]
    check.equal(
        "refusals",
        said,
        {
            total: [
                (
                    NearCapNotAtLength,
                    "$.usage.total_tokens",
                    f"prompt 327675 + completion 5 = 327680, not total {total}",
                )
            ]
            for total in (327679, 327681)
        },
    )


@witness.refusal(
    "A NATIVE record carrying native observations but not adoptable is refused at its classification alone.",
    rules=[screen_adoptable],
    reasons=[
        because(
            ScreenNotAdoptable,
            at="$.classification",
            saying="classification NATIVE (adoptable false): a SCREEN is non-adoptable",
        )
    ],
)
def a_native_record_not_adoptable_is_refused():
    return screen_adoptable(attrs.evolve(NATIVE_RECORD, adoptable=False))


@witness.refusal(
    "An adoptable NATIVE record with no native observations is refused at its observations alone.",
    rules=[screen_adoptable],
    reasons=[
        because(
            ScreenNotAdoptable,
            at="$.observations",
            saying="12/12 completed submissions supply no native observations",
        )
    ],
)
def an_adoptable_native_record_without_observations_is_refused():
    return screen_adoptable(attrs.evolve(NATIVE_RECORD, observations=()))


@witness.refusal(
    "A ledger of -1 send intents, -1 opened and -1 completions is unaccounted, though all three agree.",
    rules=[requests_accounted],
    reasons=[
        because(
            RequestsUnaccounted,
            at="$.requests",
            saying="send intents -1, opened -1, completions -1 must be equal and positive",
        )
    ],
)
def negative_ledger_is_unaccounted():
    return requests_accounted(attrs.evolve(SAVED_DIAGNOSTIC, send_intents=-1, opened=-1, completions=-1))
