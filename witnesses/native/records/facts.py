"""Witness the saved records' facts said together: all twelve checks NOT RUN, the tails and the screen refused, the refusal texts byte for byte."""

from __future__ import annotations

from fractions import Fraction

import attrs

from claims import because, check
from domain.native.figures import Provenance
from domain.native.records import (
    SAVED_DIAGNOSTIC,
    SAVED_NEAR_CAP,
    SAVED_SCREEN_300K,
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
from witnesses.native.fixtures import complete
from witnesses.native.records import witness


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
