"""Witness what a launch_dry_run command line means: exact arguments, every bad input located at once, and what it prints and returns."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core.outcome import Admitted, Refused
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import BadArgument, DryRunCall
from domain.edges.out_path import OutPathRefused, OutPathSeen, out_path_admitted
from domain.edges.report_file import ReportUnwritten
from domain.edges.streams import InputUnreadable
from domain.spark.admission import SuccessorMayNotLaunch
from domain.spark.authority_log import MalformedAuthorityLine
from domain.spark.fit_wall import EngramAllowanceOverflowsPool
from domain.spark.frontiers import ObligationOpen
from witnesses.core import strategies as core_gen
from witnesses.edges.fixtures import ADMITTING_LOG, AT, DUPLICATE_KEY_LOG, EXPIRED_LOG, shown
from witnesses.spark.fixtures import READ_AT

witness = Witness("edges.dry_run_command", never_refuses=[cmd.report_path, cmd.dry_run_output])

V41 = DryRunCall(arm="v41-group-a", authority_log="log.jsonl", at=AT, out="out/report.txt")
OUT = Admitted("out/report.txt")


def v41(**changes: object) -> DryRunCall:
    """Return the V4.1 command line with some options changed."""
    return attrs.evolve(V41, **changes)


# --- the arguments, read exactly ---


@witness.positive(
    "A utilization converts exactly to basis points: 0.80, 0.8, 0.8125, 1 and 0.0001.", rules=[cmd.utilization_bp]
)
def a_utilization_converts_exactly() -> None:
    check.equal(
        "bp",
        [cmd.utilization_bp(u) for u in ("0.80", "0.8", "0.8125", "1", "0.0001")],
        [Admitted(bp) for bp in (8000, 8000, 8125, 10000, 1)],
    )


@witness.refusal(
    "A utilization with five decimal places is refused at --gpu-memory-utilization, naming the four-place limit.",
    rules=[cmd.utilization_bp],
    reasons=[because(BadArgument, at="--gpu-memory-utilization", saying=["at most 4 places", "'0.80001'"])],
)
def five_places_are_refused():
    return cmd.utilization_bp("0.80001")


@witness.refusal(
    "A utilization above one is refused as outside (0, 1].",
    rules=[cmd.utilization_bp],
    reasons=[because(BadArgument, at="--gpu-memory-utilization", saying="expected a share in (0, 1], got '1.5'")],
)
def a_utilization_above_one_is_refused():
    return cmd.utilization_bp("1.5")


@witness.refusal(
    "A utilization of zero is refused as outside (0, 1].",
    rules=[cmd.utilization_bp],
    reasons=[because(BadArgument, at="--gpu-memory-utilization", saying="expected a share in (0, 1], got '0.0'")],
)
def a_zero_utilization_is_refused():
    return cmd.utilization_bp("0.0")


@witness.property(
    "Every share in (0, 1] written with four places reads back as exactly its basis points.", rules=[cmd.utilization_bp]
)
@settings(max_examples=25)
@given(core_gen.basis_points)
@example(1)
@example(10_000)
def every_four_place_share_reads_back(bp: int) -> None:
    check.equal(
        f"{bp // 10_000}.{bp % 10_000:04d}", cmd.utilization_bp(f"{bp // 10_000}.{bp % 10_000:04d}"), Admitted(bp)
    )


@witness.positive("Epoch seconds and the same second in ISO 8601 with a zone read alike.", rules=[cmd.read_time])
def epoch_seconds_and_iso_times_read_alike() -> None:
    check.equal("ISO", cmd.read_time(AT), Admitted(READ_AT))
    check.equal("epoch", cmd.read_time(str(READ_AT)), Admitted(READ_AT))
    check.equal("offset", cmd.read_time("2026-01-01T02:00:00+01:00"), Admitted(READ_AT))


@witness.refusal(
    "A time without a zone is refused at --at, since it names no one second.",
    rules=[cmd.read_time],
    reasons=[because(BadArgument, at="--at", saying="an ISO 8601 time with a zone")],
)
def a_time_without_a_zone_is_refused():
    return cmd.read_time("2026-01-01T01:00:00")


@witness.refusal(
    "Epoch seconds beyond 64 bits are refused at --at, naming the limit.",
    rules=[cmd.read_time],
    reasons=[because(BadArgument, at="--at", saying="at most 9223372036854775807, got '9223372036854775808'")],
)
def epoch_seconds_beyond_64_bits_are_refused():
    return cmd.read_time("9223372036854775808")


@witness.positive(
    "An --open value names its frontier with or without the leading #, and wet-runner names itself.",
    rules=[cmd.frontier_key],
)
def open_values_name_their_frontier() -> None:
    check.equal("12371", cmd.frontier_key("12371"), Admitted("#12371"))
    check.equal("#12359", cmd.frontier_key("#12359"), Admitted("#12359"))
    check.equal("wet-runner", cmd.frontier_key("wet-runner"), Admitted("wet-runner"))


@witness.refusal(
    "An --open value naming a frontier the dry run cannot withhold is refused, listing the ones it can.",
    rules=[cmd.frontier_key],
    reasons=[
        because(
            BadArgument,
            at="--open",
            saying="expected one of 12371, 12359, 12351, wet-runner (a leading # is optional), got '12353'",
        )
    ],
)
def an_unopenable_frontier_is_refused():
    return cmd.frontier_key("12353")


@witness.property(
    "Every near miss of an openable frontier key is refused, and the key itself is admitted.",
    rules=[cmd.frontier_key],
)
@settings(max_examples=25)
@given(st.sampled_from(cmd.OPENABLE).flatmap(lambda key: st.tuples(st.just(key), core_gen.near_misses(key))))
@example(("wet-runner", core_gen.case_flipped("wet-runner")))
@example(("#12371", core_gen.strict_prefix("#12371")))
@example(("#12359", core_gen.extended("#12359", "0")))
@example(("#12351", core_gen.padded("#12351", after="\n")))
@example(("#12371", core_gen.lookalike("#12371", 1)))
def near_misses_of_a_frontier_key_are_refused(drawn: tuple[str, str]) -> None:
    key, miss = drawn
    check.equal(f"{key!r} itself", cmd.frontier_key(key), Admitted(key))
    check.holds(f"{miss!r} refused", cmd.frontier_key(miss).refused, cmd.frontier_key(miss))


# --- where the report goes ---


@witness.positive(
    "--out is used as given, and without it the arm's default goes under the named directory.", rules=[cmd.report_path]
)
def the_report_goes_to_out_or_under_the_directory() -> None:
    check.equal("--out", cmd.report_path(V41, "/srv/work"), "out/report.txt")
    check.equal(
        "default", cmd.report_path(v41(out=None), "/srv/work"), "/srv/work/target/v41-group-a-launch-dry-run.txt"
    )
    check.equal(
        "relative default",
        cmd.report_path(v41(arm="glm-group-b", out=None), ""),
        "target/glm-group-b-launch-dry-run.txt",
    )


@witness.property(
    "Without --out every report path lies under the named directory; with it, the path is --out exactly.",
    rules=[cmd.report_path],
)
@settings(max_examples=20)
@given(
    st.sampled_from(sorted(cmd.DEFAULT_OUT)),
    st.sampled_from(["/tmp/claim-x", "/srv/work/", "rel"]),
    st.none() | st.sampled_from(["r.txt", "/abs/r.txt"]),
)
def the_report_path_is_out_or_under_the_directory(arm: str, directory: str, out: str | None) -> None:
    path = cmd.report_path(v41(arm=arm, out=out), directory)
    if out is not None:
        check.equal("--out", path, out)
    else:
        check.equal("under the directory", path, directory.rstrip("/") + "/" + cmd.DEFAULT_OUT[arm])


# --- the fold: every bad input at once, or the report ---


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
        "  SuccessorMayNotLaunch @ pair_serving_successor_may_launch: FabricGroupA's suspension lease expired at 1767227400, 1800 s before the read at 1767229200",
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
