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


# --- every boundary and every spelled element, exactly ---


@witness.positive(
    "A utilization of ten or more is refused as outside (0, 1] before any conversion, even with 5,000 digits, and leading zeros are read as the same share.",
    rules=[cmd.utilization_bp],
)
def the_whole_part_is_read_exactly() -> None:
    for text in ("10", "10.0", "01.5", "99.9999"):
        check.equal(
            text,
            cmd.utilization_bp(text),
            Refused((BadArgument("--gpu-memory-utilization", f"expected a share in (0, 1], got {text!r}"),)),
        )
    huge = "9" * 5000
    check.equal(
        "5,000 digits",
        cmd.utilization_bp(huge),
        Refused(
            (
                BadArgument(
                    "--gpu-memory-utilization",
                    f"expected a share in (0, 1], got {'9' * 40!r}... (5000 characters)",
                ),
            )
        ),
    )
    check.equal(
        "leading zeros",
        [cmd.utilization_bp(u) for u in ("00.80", "01", "0001.0000", "000.0001")],
        [Admitted(bp) for bp in (8000, 10000, 10000, 1)],
    )


@witness.positive(
    "An argument is quoted whole up to 40 characters; a longer one is cut to its first 40 and its length said.",
    rules=[cmd.frontier_key],
)
def an_argument_is_quoted_whole_up_to_40_characters() -> None:
    def said(text: str) -> str:
        return check.refused(cmd.frontier_key(text))[0].why.split(", got ", 1)[1]

    for n in (1, 39, 40):
        check.equal(f"{n} characters", said("x" * n), repr("x" * n))
    for n in (41, 42, 500):
        text = "".join("abcdefghij"[i % 10] for i in range(n))
        check.equal(f"{n} characters", said(text), f"{text[:40]!r}... ({n} characters)")


@witness.positive(
    "Epoch seconds up to the 64-bit limit itself are read, 19 digits included, and one more or a 20th digit is refused.",
    rules=[cmd.read_time],
)
def epoch_seconds_up_to_the_limit_are_read() -> None:
    limit = 9223372036854775807
    check.equal("the limit", cmd.read_time(str(limit)), Admitted(limit))
    check.equal("19 digits", cmd.read_time("1000000000000000000"), Admitted(10**18))
    check.equal("padded to 19", cmd.read_time("0000000000000000001"), Admitted(1))
    for text in (str(limit + 1), "00000000000000000001", "9" * 25):
        check.holds(f"{text} refused", cmd.read_time(text).refused, cmd.read_time(text))


@witness.property(
    "Only the zone designator Z itself, or an offset, names a zone: a lowercase z or a doubled Z is refused.",
    rules=[cmd.read_time],
)
@settings(max_examples=10)
@given(st.sampled_from(["2026-01-01T01:00:00z", "2026-01-01T01:00:00ZZ", "2026-01-01T01:00:00+Z", "z", "Z"]))
def a_near_miss_of_the_zone_designator_is_refused(text: str) -> None:
    reasons = check.refused(cmd.read_time(text))
    check.equal("where", [r.where for r in reasons], ["--at"])
    check.contains("said", repr(text), reasons[0].why)


@witness.property(
    "Only ISO 8601's extended format with a zone reads: a space or another letter for T, the basic format, a space before the zone, an offset without its colon, or no such day is refused.",
    rules=[cmd.read_time],
)
@settings(max_examples=20)
@given(
    st.sampled_from(
        [
            "2026-01-01 01:00:00Z",
            "2026-01-01x01:00:00Z",
            "2026-01-01t01:00:00Z",
            "20260101T010000Z",
            "2026-01-01T01:00:00 Z",
            "2026-01-01T01:00:00+0000",
            "2026-01-01T01:00:00+00",
            "2026-13-01T01:00:00Z",
            "2026-01-01T25:00:00Z",
            " 2026-01-01T01:00:00Z",
            "2026-01-01T01:00:00Z\n",
            "\uff12026-01-01T01:00:00Z",
        ]
    )
)
def near_misses_of_an_iso_time_are_refused(text: str) -> None:
    reasons = check.refused(cmd.read_time(text))
    check.equal("where", [r.where for r in reasons], ["--at"])
    check.contains("said", repr(text)[:20], reasons[0].why)


@witness.positive(
    "Minutes alone, fractions of a second and any offset with its colon read as ISO 8601 times.",
    rules=[cmd.read_time],
)
def iso_times_with_minutes_fractions_or_offsets_read() -> None:
    check.equal("minutes alone", cmd.read_time("2026-01-01T01:00Z"), Admitted(READ_AT))
    check.equal("a fraction", cmd.read_time("2026-01-01T01:00:00.999999Z"), Admitted(READ_AT))
    check.equal("a negative offset", cmd.read_time("2025-12-31T23:30:00-01:30"), Admitted(READ_AT))


@witness.property(
    "Without --out the arm's default goes under the named directory whatever its last name ends in.",
    rules=[cmd.report_path],
)
@settings(max_examples=20)
@given(st.from_regex(r"/?[A-Za-z0-9._-]{1,8}(/[A-Za-z0-9._-]{1,8})?/{0,2}", fullmatch=True))
@example("/srv/BOX")
@example("/srv/work-X/")
def the_directory_is_kept_whole(directory: str) -> None:
    path = cmd.report_path(v41(out=None), directory)
    check.equal("under the directory", path, directory.rstrip("/") + "/target/v41-group-a-launch-dry-run.txt")


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
    check.equal("open frontiers", [f.split(" ", 1)[0] for f in report.frontiers if ": OPEN; " in f], [key])
    check.equal("launch shape", report.utilization_bp, None if key == "#12371" else 8000)


@witness.positive(
    "A utilization reaches the launch shape and is named in #12371's discharge; --engram-bets adds the bets under it, and only when asked.",
    rules=[cmd.dry_run_report],
)
def the_utilization_and_the_bets_are_said() -> None:
    report = check.admitted(cmd.dry_run_report(v41(utilization="0.90"), Admitted(ADMITTING_LOG), OUT, now=0))
    check.equal("utilization", report.utilization_bp, 9000)
    shape = [f for f in report.frontiers if f.startswith("#12371 ")]
    check.equal(
        "discharge",
        [f.rsplit("discharged by ", 1)[1] for f in shape],
        [
            "FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE (seed A4's declared values; owner #12371), utilization 9000 bp from --gpu-memory-utilization"
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
