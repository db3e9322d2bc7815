"""Witness the --window and --records reports, and the byte-identity of every report the command prints (seed B2)."""

from __future__ import annotations

import attrs

from claims import check
from domain.core.outcome import Admitted
from domain.edges import verdict_command as cmd
from domain.native.figures import Provenance
from domain.native.records import SAVED_DIAGNOSTIC, SAVED_NEAR_CAP, SAVED_SCREEN_300K
from domain.native.windows import SEED_CASE_COSTS, SEED_UNMEASURED, SEED_WINDOW_INPUTS
from witnesses.edges.fixtures import COMPLETE_PACKET, MALFORMED_PACKET, MISSING_SUBCASE_PACKET, shown
from witnesses.edges.verdict_command import witness
from witnesses.native.fixtures import (
    MEASURED_COSTS,
    MEASURED_INPUTS,
    complete,
)


@witness.positive(
    "The window report says every figure with its provenance and exits 1, since no fit is established.",
    rules=[cmd.window_verdict],
)
def the_window_exits_1() -> None:
    output = cmd.window_verdict()
    check.equal("code", output.code, 1)
    check.equal(
        "head", output.out[0], "native_verdict: window feasibility (seed B2: exact figures, each MEASURED or ESTIMATED)"
    )
    check.contains("one-HOLD fit", "one-HOLD fit: NOT ESTABLISHED (4 reasons)", output.out)


WINDOW_HEAD = "native_verdict: window feasibility (seed B2: exact figures, each MEASURED or ESTIMATED)"


@witness.positive(
    "A window whose inputs are refused prints the head, the refusal with its count and each located reason, and exits 1.",
    rules=[cmd.window_verdict],
)
def a_refused_window_says_every_reason_and_exits_1() -> None:
    output = cmd.window_verdict(attrs.evolve(SEED_WINDOW_INPUTS, native_wait_s=901, probes_32k=0))
    check.equal(
        "output",
        (output.code, output.out, output.err),
        (
            1,
            (
                WINDOW_HEAD,
                "window: REFUSED (2 reason(s))",
                "  NativeWaitTooLong @ $.native_wait_s: native_wait must be within 0..900 s, got 901 s",
                "  ProbeCountInvalid @ $.probes_32k: probes_32k must be positive, got 0",
            ),
            (),
        ),
    )


@witness.positive(
    "The window exits 0 when both fits are established, and 1 when either one is not.",
    rules=[cmd.window_verdict],
)
def the_window_exits_0_only_when_both_fits_are_established() -> None:
    for what, output, code, last in (
        (
            "both",
            cmd.window_verdict(MEASURED_INPUTS, MEASURED_COSTS, ()),
            0,
            "window: a one-HOLD fit and a complete-packet fit are established",
        ),
        (
            "complete packet only",
            cmd.window_verdict(MEASURED_INPUTS, MEASURED_COSTS, ("hooks",)),
            1,
            "publishing PASS from an incomplete probe set to meet the clock is prohibited",
        ),
        (
            "one HOLD only",
            cmd.window_verdict(MEASURED_INPUTS, SEED_CASE_COSTS, ()),
            1,
            "publishing PASS from an incomplete probe set to meet the clock is prohibited",
        ),
    ):
        check.equal(
            f"{what}: code, head, last line", (output.code, output.out[0], output.out[-1]), (code, WINDOW_HEAD, last)
        )


@witness.positive(
    "Records every rule admits are each said on their own line, and exit 0.",
    rules=[cmd.records_verdict],
)
def admitted_records_exit_0() -> None:
    diagnostic = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True)
    screen = attrs.evolve(SAVED_SCREEN_300K, classification="NATIVE", adoptable=True, observations=complete())
    output = cmd.records_verdict(diagnostic, SAVED_NEAR_CAP, screen)
    check.equal(
        "output",
        (output.code, output.out, output.err),
        (
            0,
            (
                "native_verdict: saved-record facts (seed B2: fixture values of the saved records)",
                "diagnostic requests: 28 send intents, 28 opened, 28 completions, accounted",
                "diagnostic tails: q4092 MEASURED, tails verified",
                "near-cap OFF: prompt 327675 + completion 5 = 327680, finish length",
                "near-cap ON: prompt 327675 + completion 5 = 327680, finish length",
                "300K screen: 12/12 completed submissions, Stage-B PASS, median ON/OFF 0.9317489404, "
                "gain 6.8251 % = (1 - median) x 100, paired spread 0.1051 %",
                "300K screen as native evidence: NATIVE, adoptable",
                "checks decided on the saved records: 2 HOLD, 10 PASS",
            ),
            (),
        ),
    )


@witness.positive(
    "The records report says what each saved record shows and exits 1, since the saved records qualify nothing.",
    rules=[cmd.records_verdict],
)
def the_records_exit_1() -> None:
    output = cmd.records_verdict()
    check.equal("code", output.code, 1)
    check.equal(
        "head", output.out[0], "native_verdict: saved-record facts (seed B2: fixture values of the saved records)"
    )
    check.equal("last", output.out[-1], "checks decided on the saved records: 12 NOT RUN")


@witness.positive(
    "With nothing passed, the window and the records reports fold exactly the seed's values: every input, case cost, unmeasured term and saved record, each arm's near-cap request included.",
    rules=[cmd.window_verdict, cmd.records_verdict],
)
def the_command_reports_fold_the_seeds_values_by_default() -> None:
    check.equal(
        "--window",
        cmd.window_verdict(),
        cmd.window_verdict(SEED_WINDOW_INPUTS, SEED_CASE_COSTS, SEED_UNMEASURED),
    )
    check.equal(
        "--records",
        cmd.records_verdict(),
        cmd.records_verdict(SAVED_DIAGNOSTIC, SAVED_NEAR_CAP, SAVED_SCREEN_300K),
    )


@witness.snapshot(
    "What native_verdict prints and returns for a complete, a missing-subcase and a malformed packet, the window and the records stays byte-identical, as a regression control.",
    rules=[cmd.packet_verdict, cmd.window_verdict, cmd.records_verdict],
)
def verdict_outputs_are_byte_identical() -> str:
    cases = [
        ("complete packet", cmd.packet_verdict("complete.json", Admitted(COMPLETE_PACKET))),
        ("missing subcase", cmd.packet_verdict("missing.json", Admitted(MISSING_SUBCASE_PACKET))),
        ("malformed", cmd.packet_verdict("bad.json", Admitted(MALFORMED_PACKET))),
        ("--window", cmd.window_verdict()),
        ("--records", cmd.records_verdict()),
    ]
    return "".join(shown(title, output.code, output.out, output.err) for title, output in cases)


@witness.positive(
    "The records report exits 0 exactly when every record is admitted, for none, one or two near-cap results, whichever "
    "record (the diagnostic, a near-cap result or the screen) is refused.",
    rules=[cmd.records_verdict],
)
def the_records_exit_code_follows_the_verdict_however_many_near_cap_results() -> None:
    diagnostic = attrs.evolve(SAVED_DIAGNOSTIC, q_provenance=Provenance.MEASURED, tails_verified=True)
    screen = attrs.evolve(SAVED_SCREEN_300K, classification="NATIVE", adoptable=True, observations=complete())
    stopped = attrs.evolve(SAVED_NEAR_CAP[0], finish="stop")
    for n in range(3):
        near_cap = SAVED_NEAR_CAP[:n]
        check.equal(f"{n} near-cap: all admitted", cmd.records_verdict(diagnostic, near_cap, screen).code, 0)
        for what, d, nc, s in (
            ("the diagnostic", SAVED_DIAGNOSTIC, near_cap, screen),
            ("the screen", diagnostic, near_cap, SAVED_SCREEN_300K),
            ("a near-cap result", diagnostic, (*near_cap, stopped), screen),
        ):
            check.equal(f"{n} near-cap: {what} refused", cmd.records_verdict(d, nc, s).code, 1)


@witness.positive(
    "A window refused for one to five reasons says how many it has and prints every one.",
    rules=[cmd.window_verdict],
)
def a_refused_window_counts_and_prints_every_reason() -> None:
    faults = (("probe_tokens", 0), ("near_cap_completion", 0), ("probes_32k", 0), ("probes_near_cap", 0), ("waits", 0))
    for n in range(1, len(faults) + 1):
        output = cmd.window_verdict(attrs.evolve(SEED_WINDOW_INPUTS, **dict(faults[:n])))
        check.equal(f"{n} fault(s): code", output.code, 1)
        check.equal(f"{n} fault(s): count", output.out[1], f"window: REFUSED ({n} reason(s))")
        check.equal(f"{n} fault(s): printed", len(output.out) - 2, n)
