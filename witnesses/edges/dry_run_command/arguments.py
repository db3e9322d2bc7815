"""Witness how a launch_dry_run command line is read: each argument exactly, every boundary on both sides."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import because, check
from domain.core.outcome import Admitted, Refused
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import BadArgument
from witnesses.core import strategies as core_gen
from witnesses.edges.dry_run_command import V41, v41, witness
from witnesses.edges.fixtures import AT
from witnesses.spark.fixtures import READ_AT

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
@given(core_gen.sampled_then(cmd.OPENABLE, lambda key: st.tuples(st.just(key), core_gen.near_misses(key))))
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


@witness.positive(
    "With --json, --out is still used as given, and without it each arm's default is its .json report beside the text one, under the named directory.",
    rules=[cmd.report_path],
)
def a_json_report_goes_to_out_or_its_json_default() -> None:
    check.equal("--out", cmd.report_path(v41(json=True), "/srv/work"), "out/report.txt")
    check.equal(
        "V4.1 default",
        cmd.report_path(v41(out=None, json=True), "/srv/work"),
        "/srv/work/target/v41-group-a-launch-dry-run.json",
    )
    check.equal(
        "relative GLM default",
        cmd.report_path(v41(arm="glm-group-b", out=None, json=True), ""),
        "target/glm-group-b-launch-dry-run.json",
    )


@witness.positive(
    "--out is used as given even when it is empty or blank, so the --out check refuses it instead of the default taking its place.",
    rules=[cmd.report_path],
)
def an_empty_or_blank_out_is_used_as_given() -> None:
    for out in ("", " ", "\n"):
        for directory in ("/srv/work", ""):
            check.equal(f"--out {out!r} under {directory!r}", cmd.report_path(v41(out=out), directory), out)


@witness.property(
    "Without --out every report path, text or JSON, lies under the named directory, ending .txt or .json as asked; with it, the path is --out exactly.",
    rules=[cmd.report_path],
)
@settings(max_examples=20)
@given(
    st.sampled_from(sorted(cmd.DEFAULT_OUT)),
    st.sampled_from(["/tmp/claim-x", "/srv/work/", "rel"]),
    st.none() | st.sampled_from(["r.txt", "/abs/r.txt"]),
    st.booleans(),
)
@example("v41-group-a", "/srv/work/", None, True)
@example("glm-group-b", "rel", None, False)
def the_report_path_is_out_or_under_the_directory(arm: str, directory: str, out: str | None, json: bool) -> None:
    path = cmd.report_path(v41(arm=arm, out=out, json=json), directory)
    if out is not None:
        check.equal("--out", path, out)
    else:
        default = f"target/{arm}-launch-dry-run.{'json' if json else 'txt'}"
        check.equal("under the directory", path, directory.rstrip("/") + "/" + default)


# --- the fold: every bad input at once, or the report ---
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
    for huge in ("9" * 5000, "9" * 5000 + ".5"):
        check.equal(
            f"5,000 digits{' and places' if '.' in huge else ''}",
            cmd.utilization_bp(huge),
            Refused(
                (
                    BadArgument(
                        "--gpu-memory-utilization",
                        f"expected a share in (0, 1], got {'9' * 40!r}... ({len(huge)} characters)",
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
    "A fraction of a second of one to six digits reads as its whole second, and one of seven or more digits is refused at --at, never truncated to microseconds.",
    rules=[cmd.read_time],
)
@settings(max_examples=20)
@given(st.integers(min_value=1, max_value=12), st.sampled_from(["Z", "+00:00"]))
@example(6, "Z")
@example(7, "Z")
def a_fraction_reads_up_to_six_digits_and_no_further(digits: int, zone: str) -> None:
    text = f"2026-01-01T01:00:00.{'9' * digits}{zone}"
    if digits <= 6:
        check.equal(text, cmd.read_time(text), Admitted(READ_AT))
    else:
        reasons = check.refused(cmd.read_time(text))
        check.equal(f"{text} refused at", [(type(r), r.where) for r in reasons], [(BadArgument, "--at")])
        check.contains(f"{text} said", repr(text), reasons[0].why)
