"""Witness how a read command line folds into a report: every bad input located at once, what it prints, what it returns."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core.outcome import Admitted, Refused
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import BadArgument
from domain.edges.out_path import OutPathRefused, OutPathSeen, out_path_admitted
from domain.edges.report_file import ReportUnwritten
from domain.edges.streams import InputUnreadable
from domain.spark.admission import SuccessorMayNotLaunch
from domain.spark.authority_log import MalformedAuthorityLine
from domain.spark.fit_wall import EngramAllowanceOverflowsPool
from domain.spark.frontiers import ObligationOpen
from witnesses.edges.dry_run_command import OUT, V41, v41, witness
from witnesses.edges.fixtures import ADMITTING_LOG, DUPLICATE_KEY_LOG, EXPIRED_LOG, shown
from witnesses.spark.fixtures import READ_AT


@witness.positive(
    "The admitting log read at 2026-01-01T01:00Z folds into an admitted V4.1 report.", rules=[cmd.dry_run_report]
)
def the_admitting_log_folds_into_an_admitted_report() -> None:
    report = check.admitted(cmd.dry_run_report(V41, Admitted(ADMITTING_LOG), OUT, now=0))
    check.equal("read at", report.at, READ_AT)
    check.equal("hosts", [h.host for h in report.hosts], ["srv5", "srv6", "srv7", "srv8"])
    check.admitted(report.verdict)


@witness.refusal(
    "Every bad input is refused together, each located: the time, the utilization, the log line, the frontier and --out.",
    rules=[cmd.dry_run_report],
    reasons=[
        because(BadArgument, at="--at", saying="'yesterday'"),
        because(BadArgument, at="--gpu-memory-utilization", saying="'1.5'"),
        because(MalformedAuthorityLine, at="log.jsonl:1: $.at", saying="duplicate key 'at'"),
        because(BadArgument, at="--open", saying="'12353'"),
        because(OutPathRefused, at="--out reports/", saying="got a directory path"),
    ],
)
def every_bad_input_is_refused_together():
    call = v41(at="yesterday", utilization="1.5", opened=("12353",), out="reports/")
    return cmd.dry_run_report(call, Admitted(DUPLICATE_KEY_LOG), out_path_admitted("reports/", OutPathSeen()), now=0)


# Each bad input with where it is said; the report says them in this order, whichever of them are bad.
BAD_INPUTS = (
    ("--at", {"at": "yesterday"}),
    ("--gpu-memory-utilization", {"utilization": "1.5"}),
    ("log.jsonl:1: $.at", {}),
    ("--open", {"opened": ("12353",)}),
    ("--out reports/", {"out": "reports/"}),
)


@witness.property(
    "Bad inputs are said in one order, whichever of them are bad: --at, --gpu-memory-utilization, the log line, --open, then --out.",
    rules=[cmd.dry_run_report],
)
@settings(max_examples=16)
@given(st.lists(st.booleans(), min_size=len(BAD_INPUTS), max_size=len(BAD_INPUTS)).filter(any))
@example([True] * len(BAD_INPUTS))
@example([True, True, False, False, False])
@example([False, True, True, False, False])
def bad_inputs_are_said_in_one_order(bad: list[bool]) -> None:
    chosen = [entry for entry, drawn in zip(BAD_INPUTS, bad, strict=True) if drawn]
    changes = {key: value for _, given_changes in chosen for key, value in given_changes.items()}
    log = DUPLICATE_KEY_LOG if bad[2] else ADMITTING_LOG
    out = out_path_admitted("reports/", OutPathSeen()) if bad[4] else OUT
    reasons = check.refused(cmd.dry_run_report(v41(**changes), Admitted(log), out, now=0))
    check.equal("where, in order", [r.where for r in reasons], [where for where, _ in chosen])


@witness.refusal(
    "GLM refuses --open and --engram-bets, each at its own option, since it declares no frontiers and bets nothing.",
    rules=[cmd.dry_run_report],
    reasons=[
        because(BadArgument, at="--open", saying="glm-group-b declares no frontiers, got #12371"),
        because(
            BadArgument,
            at="--engram-bets",
            saying="glm-group-b declares nothing beyond its weights, so it bets nothing",
        ),
    ],
)
def glm_refuses_frontiers_and_bets():
    return cmd.dry_run_report(
        v41(arm="glm-group-b", opened=("12371",), engram_bets=True), Admitted(ADMITTING_LOG), OUT, now=0
    )


@witness.refusal(
    "A utilization override together with --open 12371 is refused, since it would override a launch shape left open.",
    rules=[cmd.dry_run_report],
    reasons=[because(BadArgument, at="--gpu-memory-utilization", saying="which --open #12371 leaves open")],
)
def a_utilization_with_the_shape_left_open_is_refused():
    return cmd.dry_run_report(v41(utilization="0.80", opened=("#12371",)), Admitted(ADMITTING_LOG), OUT, now=0)


@witness.refusal(
    "A utilization refused beside --open 12371 names, whole, the frontier whose launch shape it would override and the --open that leaves it open.",
    rules=[cmd.dry_run_report],
    reasons=[
        because(
            BadArgument,
            at="--gpu-memory-utilization",
            saying="overrides #12371's launch shape, which --open #12371 leaves open",
        )
    ],
)
def a_utilization_over_an_open_shape_names_the_frontier():
    return cmd.dry_run_report(v41(utilization="0.50", opened=("#12371",)), Admitted(ADMITTING_LOG), OUT, now=0)


@witness.positive(
    "An unreadable log is bad input, while an open frontier and an expired lease are refusals of the report itself.",
    rules=[cmd.dry_run_report],
)
def bad_input_is_not_a_refused_report() -> None:
    unreadable = Refused(
        (InputUnreadable("log.jsonl", "expected a readable UTF-8 authority log, got FileNotFoundError"),)
    )
    check.equal(
        "unreadable log",
        [type(r) for r in check.refused(cmd.dry_run_report(V41, unreadable, OUT, now=0))],
        [InputUnreadable],
    )
    opened = check.admitted(cmd.dry_run_report(v41(opened=("12359",)), Admitted(ADMITTING_LOG), OUT, now=0))
    check.equal(
        "#12359 left open", [(type(r), r.where) for r in check.refused(opened.verdict)], [(ObligationOpen, "#12359")]
    )
    expired = check.admitted(cmd.dry_run_report(V41, Admitted(EXPIRED_LOG), OUT, now=0))
    check.equal("expired lease", [type(r) for r in check.refused(expired.verdict)], [SuccessorMayNotLaunch])


@witness.positive(
    "The utilization reaches the V4.1 launch shape, so 0.50 refuses naming the allowance, and without --at the log is read now.",
    rules=[cmd.dry_run_report],
)
def the_utilization_and_the_time_reach_the_report() -> None:
    half = check.admitted(cmd.dry_run_report(v41(utilization="0.50"), Admitted(ADMITTING_LOG), OUT, now=0))
    check.equal("0.50", [type(r) for r in check.refused(half.verdict)], [EngramAllowanceOverflowsPool])
    now = check.admitted(cmd.dry_run_report(v41(at=None), Admitted(ADMITTING_LOG), OUT, now=READ_AT + 7))
    check.equal("read now", now.at, READ_AT + 7)


# --- what the command prints and returns ---

ADMITTED_REPORT = cmd.dry_run_report(V41, Admitted(ADMITTING_LOG), OUT, now=0)
EXPIRED_REPORT = cmd.dry_run_report(V41, Admitted(EXPIRED_LOG), OUT, now=0)
UNWRITTEN = ReportUnwritten(
    "--out out/report.txt",
    "expected a path this process can create and write, got PermissionError while writing in out: Permission denied",
)


@witness.positive(
    "An admitted report prints one ADMITTED line naming where it was written, and exits 0.", rules=[cmd.dry_run_output]
)
def an_admitted_report_exits_0() -> None:
    output = cmd.dry_run_output(ADMITTED_REPORT, "out/report.txt", OUT)
    check.equal(
        "output",
        (output.code, output.out, output.err),
        (
            0,
            (
                "v41-group-a: ADMITTED (the v41-group-a plan rendered and admission holds); report written to out/report.txt",
            ),
            (),
        ),
    )


@witness.positive(
    "A refused report prints REFUSED with its count and each reason on its own line, and exits 1.",
    rules=[cmd.dry_run_output],
)
def a_refused_report_exits_1() -> None:
    output = cmd.dry_run_output(EXPIRED_REPORT, "out/report.txt", OUT)
    check.equal("code", output.code, 1)
    check.equal("head", output.out[0], "v41-group-a: REFUSED (1 reason); report written to out/report.txt")
    check.equal(
        "reason",
        output.out[1],
        "  SuccessorMayNotLaunch @ pair_serving_successor_may_launch: FabricGroupA's suspension lease expired at 2026-01-01T00:30:00Z (epoch 1767227400), 1800 s before the read at 2026-01-01T01:00:00Z (epoch 1767229200)",
    )


@witness.positive(
    "Bad input and an unwritten report both exit 2, located on stderr with the trailer, and print nothing on stdout.",
    rules=[cmd.dry_run_output],
)
def bad_input_and_an_unwritten_report_exit_2() -> None:
    bad = cmd.dry_run_output(
        cmd.dry_run_report(v41(at="yesterday"), Admitted(ADMITTING_LOG), OUT, now=0), "out/report.txt", None
    )
    check.equal("bad input", (bad.code, bad.out, bad.err[-1]), (2, (), cmd.BAD_INPUT))
    unwritten = cmd.dry_run_output(ADMITTED_REPORT, "out/report.txt", Refused((UNWRITTEN,)))
    check.equal(
        "unwritten",
        (unwritten.code, unwritten.out, unwritten.err),
        (2, (), (f"{UNWRITTEN.where}: {UNWRITTEN.why}", cmd.BAD_INPUT)),
    )


@witness.snapshot(
    "What the dry run prints and returns for an admitted, a refused, a bad-input and an unwritten report stays byte-identical, as a regression control.",
    rules=[cmd.dry_run_output],
)
def dry_run_outputs_are_byte_identical() -> str:
    cases = [
        ("admitted", ADMITTED_REPORT, OUT),
        ("refused: the lease expired", EXPIRED_REPORT, OUT),
        (
            "bad input: --at and --open",
            cmd.dry_run_report(v41(at="noon", opened=("x",)), Admitted(ADMITTING_LOG), OUT, now=0),
            None,
        ),
        ("unwritten", ADMITTED_REPORT, Refused((UNWRITTEN,))),
    ]
    outputs = [(title, cmd.dry_run_output(report, "out/report.txt", written)) for title, report, written in cases]
    return "".join(shown(title, output.code, output.out, output.err) for title, output in outputs)


@witness.positive(
    "GLM refuses several --open values in one reason listing each, and --engram-bets with exactly its own reason.",
    rules=[cmd.dry_run_report],
)
def glm_refusals_are_said_exactly() -> None:
    outcome = cmd.dry_run_report(
        v41(arm="glm-group-b", opened=("12371", "wet-runner"), engram_bets=True), Admitted(ADMITTING_LOG), OUT, now=0
    )
    check.equal(
        "reasons",
        outcome,
        Refused(
            (
                BadArgument("--open", "glm-group-b declares no frontiers, got #12371, wet-runner"),
                BadArgument("--engram-bets", "glm-group-b declares nothing beyond its weights, so it bets nothing"),
            )
        ),
    )


@witness.positive(
    "A GLM command line folds into a GLM report read from the log at --at, under its profile's utilization or the one given, with no frontiers.",
    rules=[cmd.dry_run_report],
)
def a_glm_command_line_folds_into_a_glm_report() -> None:
    for utilization, bp in ((None, 8500), ("0.90", 9000), ("1", 10000)):
        report = check.admitted(
            cmd.dry_run_report(
                v41(arm="glm-group-b", utilization=utilization), Admitted(ADMITTING_LOG), OUT, now=READ_AT + 7
            )
        )
        check.equal(
            f"{utilization}: report",
            (report.arm, report.authority_source, report.at, report.utilization_bp, report.frontiers),
            ("glm-group-b", "log.jsonl", READ_AT, bp, ()),
        )
        check.equal(f"{utilization}: hosts", [h.host for h in report.hosts], ["srv1", "srv2", "srv3", "srv4"])
        check.equal(f"{utilization}: engram bets", report.engram_bets, ())
    later = check.admitted(cmd.dry_run_report(v41(arm="glm-group-b", at=None), Admitted(ADMITTING_LOG), OUT, now=99))
    check.equal("read now", later.at, 99)


# --- each combination check alone: a defect that merges or nests two of them shows ---
