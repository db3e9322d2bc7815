"""Witness how the saved records are said: each record on its own line in the seed's order, a refused one as REFUSED followed by every located reason, and every record's reasons in the verdict."""

from __future__ import annotations

from fractions import Fraction

import attrs

from claims import because, check
from domain.core.outcome import reason_line
from domain.native.checks import NativeCheck
from domain.native.figures import Provenance
from domain.native.observations import Evidence
from domain.native.records import (
    SAVED_DIAGNOSTIC,
    SAVED_NEAR_CAP,
    SAVED_SCREEN_300K,
    GainInconsistent,
    NearCapNotAtLength,
    saved_record_facts,
)
from witnesses.native.fixtures import complete
from witnesses.native.records import witness

_SCREEN_SAID = (
    "300K screen: 12/12 completed submissions, Stage-B PASS, median ON/OFF 0.9317489404, "
    "gain 6.8251 % = (1 - median) x 100, paired spread 0.1051 %"
)


@witness.positive(
    "The saved records are said in the seed's order, each refused record as REFUSED under its name followed by each of its located reasons on its own indented line.",
    rules=[saved_record_facts],
)
def saved_records_are_said_record_by_record() -> None:
    facts = saved_record_facts(SAVED_DIAGNOSTIC, SAVED_NEAR_CAP, SAVED_SCREEN_300K)
    check.equal(
        "lines",
        facts.lines,
        (
            "diagnostic requests: 28 send intents, 28 opened, 28 completions, accounted",
            "diagnostic tails: REFUSED",
            "  TailsUnverified @ $.tails.q: q4092 is ESTIMATED; tails need the start's actual solo q",
            "  TailsUnverified @ $.tails.tails_verified: tails_verified is false",
            "near-cap OFF: prompt 327675 + completion 5 = 327680, finish length",
            "near-cap ON: prompt 327675 + completion 5 = 327680, finish length",
            _SCREEN_SAID,
            "300K screen as native evidence: REFUSED",
            "  ScreenNotAdoptable @ $.classification: classification SCREEN (adoptable false): a SCREEN is non-adoptable whatever its Stage-B PASS",
            "  ScreenNotAdoptable @ $.observations: 12/12 completed submissions supply no native observations",
            "checks decided on the saved records: 12 NOT RUN",
        ),
    )


@witness.refusal(
    "A near-cap request that stopped and a gain off the median are each refused under their own record and together in the verdict, while an adoptable NATIVE record is said by its classification.",
    rules=[saved_record_facts],
    reasons=[
        because(NearCapNotAtLength, at="$.finish_reason", saying="arm ON finished 'stop', not 'length'"),
        because(GainInconsistent, at="$.gain_percent", saying="not the recorded 6.8252 %"),
    ],
)
def a_stopped_near_cap_and_an_inconsistent_gain_are_both_refused():
    diagnostic = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True)
    screen = attrs.evolve(
        SAVED_SCREEN_300K,
        classification="NATIVE",
        adoptable=True,
        observations=complete(),
        gain_percent=Fraction("6.8252"),
    )
    near_cap = (SAVED_NEAR_CAP[0], attrs.evolve(SAVED_NEAR_CAP[1], finish="stop"))
    facts = saved_record_facts(diagnostic, near_cap, screen)
    check.equal(
        "lines after the diagnostic's",
        facts.lines[2:-1],
        (
            "near-cap OFF: prompt 327675 + completion 5 = 327680, finish length",
            "near-cap ON: REFUSED",
            "  NearCapNotAtLength @ $.finish_reason: arm ON finished 'stop', not 'length'",
            "300K screen: REFUSED",
            "  GainInconsistent @ $.gain_percent: (1 - 0.9317489404) x 100 = 6.82510596 rounds to 6.8251 %, not the recorded 6.8252 %",
            "300K screen as native evidence: NATIVE, adoptable",
        ),
    )
    return facts.verdict


@witness.positive(
    "Whichever one saved record its rule refuses, first or last, the verdict is refused with exactly that record's reasons, the ones said under it.",
    rules=[saved_record_facts],
)
def each_refused_record_alone_refuses_the_verdict_with_its_reasons() -> None:
    diagnostic = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True)
    screen = attrs.evolve(SAVED_SCREEN_300K, classification="NATIVE", adoptable=True, observations=complete())
    off, on = SAVED_NEAR_CAP
    cases = {
        "diagnostic requests": (attrs.evolve(diagnostic, completions=27), SAVED_NEAR_CAP, screen),
        "diagnostic tails": (attrs.evolve(diagnostic, tails_verified=False), SAVED_NEAR_CAP, screen),
        "near-cap OFF": (diagnostic, (attrs.evolve(off, finish="stop"), on), screen),
        "near-cap ON": (diagnostic, (off, attrs.evolve(on, finish="stop")), screen),
        "300K screen": (diagnostic, SAVED_NEAR_CAP, attrs.evolve(screen, gain_percent=Fraction("6.8252"))),
        "300K screen as native evidence": (diagnostic, SAVED_NEAR_CAP, attrs.evolve(screen, adoptable=False)),
    }
    for record, (d, near_cap, s) in cases.items():
        facts = saved_record_facts(d, near_cap, s)
        said = [line.strip() for line in facts.lines if line.startswith("  ")]
        check.contains(f"{record}: said as refused", f"{record}: REFUSED", facts.lines)
        check.holds(f"{record}: said with a reason", len(said) > 0, facts.lines)
        check.equal(f"{record}: the verdict's reasons", [reason_line(r) for r in check.refused(facts.verdict)], said)


@witness.positive(
    "An admitted record is said from its own fields, each in its place: completed before submissions, each near-cap arm's own tokens, Stage-B, the median, the gain and the spread, however the siblings differ.",
    rules=[saved_record_facts],
)
def admitted_records_say_each_field_in_its_own_place() -> None:
    diagnostic = attrs.evolve(
        SAVED_DIAGNOSTIC,
        send_intents=7,
        opened=7,
        completions=7,
        q=5,
        q_provenance=Provenance.MEASURED,
        tails_verified=True,
    )
    near_cap = (
        attrs.evolve(SAVED_NEAR_CAP[0], prompt_tokens=100, completion_tokens=3, total_tokens=103),
        attrs.evolve(SAVED_NEAR_CAP[1], prompt_tokens=200, completion_tokens=9, total_tokens=209),
    )
    screen = attrs.evolve(
        SAVED_SCREEN_300K,
        submissions=12,
        completed=11,
        stage_b="HOLD",
        median_on_off=Fraction("0.9"),
        gain_percent=Fraction(10),
        paired_spread_percent=Fraction("0.25"),
        classification="NATIVE",
        adoptable=True,
        observations=complete(),
    )
    check.equal(
        "lines but the checks",
        saved_record_facts(diagnostic, near_cap, screen).lines[:-1],
        (
            "diagnostic requests: 7 send intents, 7 opened, 7 completions, accounted",
            "diagnostic tails: q5 MEASURED, tails verified",
            "near-cap OFF: prompt 100 + completion 3 = 103, finish length",
            "near-cap ON: prompt 200 + completion 9 = 209, finish length",
            "300K screen: 11/12 completed submissions, Stage-B HOLD, median ON/OFF 0.9000000000, "
            "gain 10.0000 % = (1 - median) x 100, paired spread 0.2500 %",
            "300K screen as native evidence: NATIVE, adoptable",
        ),
    )


# --- partitions: any number of near-cap results, observations on either record or both, status counts in any order ---


@witness.positive(
    "Every near-cap result is said on its own line in the order given, for none, one, two or three results.",
    rules=[saved_record_facts],
)
def every_near_cap_result_is_said_however_many() -> None:
    results = (*SAVED_NEAR_CAP, attrs.evolve(SAVED_NEAR_CAP[0], prompt_tokens=11, completion_tokens=2, total_tokens=13))
    for n in range(4):
        given = results[:n]
        lines = saved_record_facts(SAVED_DIAGNOSTIC, given, SAVED_SCREEN_300K).lines
        check.equal(
            f"near-cap lines of {n} result(s)",
            [line for line in lines if line.startswith("near-cap ")],
            [
                f"near-cap {r.arm.value}: prompt {r.prompt_tokens} + completion {r.completion_tokens} = "
                f"{r.total_tokens}, finish length"
                for r in given
            ],
        )


@witness.positive(
    "The checks are decided on both records' observations together, and their counts are said in status order "
    "(HOLD, NOT RUN, PASS) whichever count is larger: the diagnostic's four fixture checks and the screen's three hold, "
    "the screen's two native checks pass, three stay NOT RUN.",
    rules=[saved_record_facts],
)
def the_checks_line_reads_both_records_in_status_order() -> None:
    checks = tuple(NativeCheck)
    diagnostic = attrs.evolve(SAVED_DIAGNOSTIC, observations=complete(Evidence.CPU_FIXTURE, checks[:4]))
    screen = attrs.evolve(
        SAVED_SCREEN_300K,
        observations=complete(Evidence.CPU_FIXTURE, checks[4:7]) + complete(checks=checks[7:9]),
    )
    for d, s, said in (
        (diagnostic, screen, "7 HOLD, 3 NOT RUN, 2 PASS"),
        (diagnostic, SAVED_SCREEN_300K, "4 HOLD, 8 NOT RUN"),
        (SAVED_DIAGNOSTIC, screen, "3 HOLD, 7 NOT RUN, 2 PASS"),
    ):
        check.equal(
            f"{len(d.observations)} + {len(s.observations)} observations",
            saved_record_facts(d, SAVED_NEAR_CAP, s).lines[-1],
            f"checks decided on the saved records: {said}",
        )
