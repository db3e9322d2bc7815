"""What the options say in a report: the frontiers opened, the utilization and the bets, empty options, the path printed."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core.outcome import Admitted
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import BadArgument
from domain.spark.frontiers import ObligationOpen
from witnesses.edges.dry_run_command import OUT, v41, witness
from witnesses.edges.dry_run_command.reports import ADMITTED_REPORT
from witnesses.edges.fixtures import ADMITTING_LOG, EXPIRED_LOG
from witnesses.spark.fixtures import READ_AT


@witness.property(
    "Opening any one openable frontier leaves exactly that frontier open, and the report refused for it alone.",
    rules=[cmd.dry_run_report],
)
@settings(max_examples=8)
@given(st.sampled_from(cmd.OPENABLE))
@example("#12371")
@example("#12351")
@example("wet-runner")
def opening_one_frontier_leaves_exactly_it_open(key: str) -> None:
    report = check.admitted(cmd.dry_run_report(v41(opened=(key,)), Admitted(ADMITTING_LOG), OUT, now=0))
    check.equal("verdict", [(type(r), r.where) for r in check.refused(report.verdict)], [(ObligationOpen, key)])
    check.equal("open frontiers", [f.split(",", 1)[0] for f in report.frontiers if ": OPEN; " in f], [key])
    check.equal("launch shape", report.utilization_bp, None if key == "#12371" else 8000)


@witness.positive(
    "A utilization reaches the launch shape and is named in #12371's discharge; --engram-bets adds the bets under it, and only when asked.",
    rules=[cmd.dry_run_report],
)
def the_utilization_and_the_bets_are_said() -> None:
    report = check.admitted(cmd.dry_run_report(v41(utilization="0.90"), Admitted(ADMITTING_LOG), OUT, now=0))
    check.equal("utilization", report.utilization_bp, 9000)
    shape = [f for f in report.frontiers if f.startswith("#12371, ")]
    check.equal(
        "discharge",
        [f.rsplit("discharged by ", 1)[1] for f in shape],
        [
            "FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE (seed A4's declared values, standing in for the owner's), utilization 9000 bp from --gpu-memory-utilization"
        ],
    )
    check.equal("no bets unasked", report.engram_bets, ())
    bets = check.admitted(cmd.dry_run_report(v41(engram_bets=True), Admitted(ADMITTING_LOG), OUT, now=0)).engram_bets
    check.equal("bets asked", bets[0], "per-rank allowance 24.25 GiB at 8000 bp (0.8) on FabricGroupA")
    open_shape = check.admitted(
        cmd.dry_run_report(v41(engram_bets=True, opened=("12371",)), Admitted(ADMITTING_LOG), OUT, now=0)
    )
    check.equal(
        "bets with the shape open",
        open_shape.engram_bets,
        ("not reached: #12371's launch shape is open, so no utilization sets the allowance",),
    )


@witness.positive(
    "A report refused for several reasons says their count in the plural, each reason on its own line, and exits 1.",
    rules=[cmd.dry_run_output],
)
def several_reasons_are_counted_in_the_plural() -> None:
    for opened, count in ((("12359", "12351"), 3), (("12359", "12351", "wet-runner"), 4)):
        report = cmd.dry_run_report(v41(opened=opened), Admitted(EXPIRED_LOG), OUT, now=0)
        output = cmd.dry_run_output(report, "out/report.txt", OUT)
        check.equal(f"{count}: code", output.code, 1)
        check.equal(
            f"{count}: head", output.out[0], f"v41-group-a: REFUSED ({count} reasons); report written to out/report.txt"
        )
        check.equal(f"{count}: lines", len(output.out), 1 + count)


@witness.positive(
    "A utilization beside an --open of any frontier but #12371 is no bad input: it reaches the launch shape, and only that frontier is open.",
    rules=[cmd.dry_run_report],
)
def a_utilization_beside_another_open_frontier_is_admitted() -> None:
    for typed, key in (("12359", "#12359"), ("#12351", "#12351"), ("wet-runner", "wet-runner")):
        report = check.admitted(
            cmd.dry_run_report(v41(utilization="0.90", opened=(typed,)), Admitted(ADMITTING_LOG), OUT, now=0)
        )
        check.equal(f"{typed}: utilization", report.utilization_bp, 9000)
        check.equal(
            f"{typed}: verdict", [(type(r), r.where) for r in check.refused(report.verdict)], [(ObligationOpen, key)]
        )


@witness.refusal(
    "GLM given --engram-bets alone is refused for the bets alone.",
    rules=[cmd.dry_run_report],
    reasons=[
        because(
            BadArgument,
            at="--engram-bets",
            saying="glm-group-b declares nothing beyond its weights, so it bets nothing",
        )
    ],
)
def glm_refuses_the_bets_alone():
    return cmd.dry_run_report(v41(arm="glm-group-b", engram_bets=True), Admitted(ADMITTING_LOG), OUT, now=0)


@witness.refusal(
    "GLM given --open alone is refused for the frontier alone.",
    rules=[cmd.dry_run_report],
    reasons=[because(BadArgument, at="--open", saying="glm-group-b declares no frontiers, got #12359")],
)
def glm_refuses_an_open_frontier_alone():
    return cmd.dry_run_report(v41(arm="glm-group-b", opened=("12359",)), Admitted(ADMITTING_LOG), OUT, now=0)


@witness.refusal(
    "GLM given a utilization and --open 12371 is refused for the frontier only, never for overriding a V4.1 launch shape it does not have.",
    rules=[cmd.dry_run_report],
    reasons=[because(BadArgument, at="--open", saying="glm-group-b declares no frontiers, got #12371")],
)
def glm_with_a_utilization_and_the_shape_open_is_refused_for_the_frontier_only():
    return cmd.dry_run_report(
        v41(arm="glm-group-b", utilization="0.90", opened=("12371",)), Admitted(ADMITTING_LOG), OUT, now=0
    )


@witness.refusal(
    "An empty --at, --gpu-memory-utilization and --open are each bad input at their own option, never the value an absent option takes.",
    rules=[cmd.dry_run_report],
    reasons=[
        because(BadArgument, at="--at", saying="got ''"),
        because(BadArgument, at="--gpu-memory-utilization", saying="got ''"),
        because(BadArgument, at="--open", saying="got ''"),
    ],
)
def empty_options_are_bad_input_never_absent():
    return cmd.dry_run_report(v41(at="", utilization="", opened=("",)), Admitted(ADMITTING_LOG), OUT, now=READ_AT)


@witness.positive(
    "For either arm, an empty --at or --gpu-memory-utilization given alone is refused alone at its option, where leaving it out admits the report.",
    rules=[cmd.dry_run_report],
)
def an_empty_option_alone_is_refused_alone() -> None:
    for arm in ("v41-group-a", "glm-group-b"):
        check.admitted(cmd.dry_run_report(v41(arm=arm, at=None), Admitted(ADMITTING_LOG), OUT, now=READ_AT))
        for option, changes in (("--at", {"at": ""}), ("--gpu-memory-utilization", {"utilization": ""})):
            reasons = check.refused(cmd.dry_run_report(v41(arm=arm, **changes), Admitted(ADMITTING_LOG), OUT, now=0))
            check.equal(f"{arm} with an empty {option}", [r.where for r in reasons], [option])


@witness.positive(
    "A GLM utilization given to any of four places reaches the GLM report exactly: whole hundreds, tens, single basis points, and trailing zeros.",
    rules=[cmd.dry_run_report],
)
def a_glm_utilization_of_any_places_reaches_the_report() -> None:
    for utilization, bp in (("0.8125", 8125), ("0.0001", 1), ("0.85", 8500), ("0.905", 9050), ("1.0000", 10000)):
        report = check.admitted(
            cmd.dry_run_report(v41(arm="glm-group-b", utilization=utilization), Admitted(ADMITTING_LOG), OUT, now=0)
        )
        check.equal(f"{utilization}", report.utilization_bp, bp)


@witness.positive(
    "The printed line names the report path exactly as given, admitted or refused: relative with or without ./, absolute, with a space or a non-ASCII letter.",
    rules=[cmd.dry_run_output],
)
def the_printed_path_is_the_out_as_given() -> None:
    refused = check.admitted(cmd.dry_run_report(v41(opened=("12371",)), Admitted(ADMITTING_LOG), OUT, now=0))
    for out in ("./r.txt", "r.txt", "/srv/reports/r.txt", "./my reports/r.txt", "./rapports/é.txt"):
        for report in (ADMITTED_REPORT, Admitted(refused)):
            head = cmd.dry_run_output(report, out, OUT).out[0]
            check.holds(f"{out!r}: {head[:30]}", head.endswith(f"; report written to {out}"), head)


@witness.positive(
    "--engram-bets beside any one --open still reports the bets: the launch shape's one not-reached line, the bets otherwise.",
    rules=[cmd.dry_run_report],
)
def the_bets_are_reported_beside_any_open_frontier() -> None:
    for key in cmd.OPENABLE:
        report = check.admitted(
            cmd.dry_run_report(v41(opened=(key,), engram_bets=True), Admitted(ADMITTING_LOG), OUT, now=0)
        )
        check.holds(f"--open {key}: bets reported", len(report.engram_bets) >= 1, report.engram_bets)
        if key == "#12371":
            check.equal("#12371 open: not reached", len(report.engram_bets), 1)
        else:
            check.contains(f"--open {key}: per-rank allowance", "per-rank allowance", report.engram_bets[0])
