"""Witness the report across every partition of its inputs: each launch shape up to 10000 bp or none, an image produced or not, any GLM profile, a fit with no margin, and any count of frontiers."""

from __future__ import annotations

import itertools
from fractions import Fraction

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.core.outcome import Admitted, Refused
from domain.core.sizes import format_bp
from domain.spark import dry_run, v41_group_a_launch
from domain.spark.capacity import v41_engram_bet_lines
from domain.spark.fit_wall import FitFigures
from domain.spark.fleet import GROUP_A
from domain.spark.frontiers import FIXTURE_HOST_EFFECTS_DISCHARGE, FIXTURE_OCCUPANCY_DISCHARGE
from domain.spark.profile import GLM_GROUP_B_PROFILE, ServingLaunchProfile
from domain.spark.runtime import V41_PROBED_RUNTIME
from domain.spark.v41_group_a_launch import V41MeasurementLaunchShape, v41_launch_profile
from witnesses.core.fixtures import said_at
from witnesses.spark import strategies as gen
from witnesses.spark.dry_run import witness
from witnesses.spark.fixtures import HELD_B, READ_AT, admitting_log, authority_log, shape_at, v41_inputs

NOT_REACHED = "not reached: #12371's launch shape is open, so no utilization sets the allowance"


@witness.property(
    "Under every launch shape (up to exactly 10000 bp) or none, with an image produced or not, the V4.1 report carries the shape's utilization, says it after a known fit, and reports and renders the Engram bets the capacity rule says under that shape (or the one not-reached line) whenever asked.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
@settings(max_examples=20)
@given(st.none() | gen.v41_launch_shapes, st.booleans())
@example(shape_at(10000), True)
@example(shape_at(8000), False)
@example(None, True)
def the_v41_report_says_its_shape_under_every_partition(
    shape: V41MeasurementLaunchShape | None, produced: bool
) -> None:
    inputs = attrs.evolve(v41_inputs(shape=shape), produced=V41_PROBED_RUNTIME if produced else None)
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, inputs, engram_bets=True)
    text = dry_run.render_dry_run_report(report)
    bp = None if shape is None else shape.gpu_memory_utilization_bp
    check.equal("utilization", report.utilization_bp, bp)
    if report.fit is not None:
        check.contains("fit line's utilization", f"{dry_run.fit_wall_line(report.fit)} at {format_bp(bp)}\n", text)
    if shape is None:
        bets: tuple[str, ...] = (NOT_REACHED,)
    else:
        bets = check.admitted(v41_engram_bet_lines(v41_launch_profile(shape), GROUP_A))
    check.equal("bets", report.engram_bets, bets)
    check.contains("rendered bets", "\n\n## Engram residency bets\n" + "\n".join(bets) + "\n\n## ", text)


@witness.property(
    "Under any GLM profile (every optional flag present or absent, any utilization up to 10000 bp), the GLM report carries that profile's utilization and says it after the fit.",
    rules=[dry_run.glm_group_b_launch_dry_run, dry_run.render_dry_run_report],
)
@settings(max_examples=20)
@given(gen.launch_profiles(engram=st.none()))
@example(attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=10000, max_num_batched_tokens=8192))
def the_glm_report_says_its_profiles_utilization(profile: ServingLaunchProfile) -> None:
    report = dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B), READ_AT, profile)
    check.equal("utilization", report.utilization_bp, profile.gpu_memory_utilization_bp)
    fit = report.fit
    check.holds("the GLM fit is known", fit is not None, repr(report.verdict))
    assert fit is not None
    check.contains(
        "fit line's utilization",
        f"{dry_run.fit_wall_line(fit)} at {format_bp(profile.gpu_memory_utilization_bp)}\n",
        dry_run.render_dry_run_report(report),
    )


@witness.positive(
    "A report renders every count of frontiers (none, one, two) as that many lines under its section, and a fit that fills the pool exactly says margin 0 GiB.",
    rules=[dry_run.render_dry_run_report],
)
def a_report_renders_every_count_of_frontiers_and_a_zero_margin() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    for frontiers in ((), ("#1 (x): OPEN",), ("#1 (x): OPEN", "#2 (y): OPEN")):
        text = dry_run.render_dry_run_report(attrs.evolve(report, frontiers=frontiers))
        section = "\n".join(["## declared frontiers", *(f"  - {f}" for f in frontiers)]) + "\n\n## verdict"
        if frontiers:
            check.contains(f"{len(frontiers)} frontiers", section, text)
        else:
            check.absent("no frontier section", "## declared frontiers", text)
    full = FitFigures(
        weights_gib=287,
        allowance_gib=101,
        resident_gib=388,
        requirement_gib=Fraction(485),
        pool_gib=485,
        margin_gib=Fraction(0),
    )
    text = dry_run.render_dry_run_report(attrs.evolve(report, fit=full, utilization_bp=None))
    check.contains(
        "zero margin",
        "\nfit wall: 388 GiB × 5/4 = 485 GiB ≤ 485 GiB, margin 0 GiB (weights 287 GiB + allowance 101 GiB)\n",
        text,
    )
    check.holds("admitted", isinstance(report.verdict, Admitted), repr(report.verdict))


@witness.positive(
    "Read from any path (a directory, a space, a dot), the log is named once, whole, in the header: no reason, frontier line or discharge repeats it, with every conjunct refusing and every frontier's line said.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def the_log_is_named_once_whatever_its_path() -> None:
    for source in ("witness.jsonl", "/var/lib/gunbc/authority log.jsonl", "./logs/a.b.jsonl"):
        # No state, no image and no holding: each conjunct that reads the log refuses; the image is supplied, so
        # #12353's line says where it was admitted, and #12370's the log's suspension events.
        log = attrs.evolve(authority_log(), source=source)
        inputs = attrs.evolve(
            v41_inputs(),
            discharges=(
                v41_group_a_launch.authority_transition_discharge(),
                FIXTURE_OCCUPANCY_DISCHARGE,
                FIXTURE_HOST_EFFECTS_DISCHARGE,
            ),
        )
        report = dry_run.v41_group_a_launch_dry_run(log, READ_AT, inputs)
        text = dry_run.render_dry_run_report(report)
        check.equal(f"{source!r}: reasons", len(check.refused(report.verdict)), 3)
        check.equal(f"{source!r}: times named", text.count(source), 1)
        check.contains(f"{source!r}: in the header", f"\nauthority log: {source}, read as of ", text)
        check.equal(
            f"{source!r}: #12370's line",
            [f for f in report.frontiers if f.startswith("#12370,")],
            [
                "#12370, owned by adhoc-f7cabf26-ca3 (bright-ant-770): discharged by the authority log, "
                "read as group_suspended_for_authorized_successor events (#12370's shape)"
            ],
        )


@witness.positive(
    "Under each of the eight ways the image, the launch shape and the manifest are supplied or withheld, each of #12353, #12371 and #12359 is discharged by its own value's source when supplied and OPEN when withheld, whatever the other two are.",
    rules=[dry_run.v41_group_a_launch_dry_run],
)
def each_frontier_follows_its_own_value_under_every_presence() -> None:
    log = admitting_log()
    for produced, shape, manifest in itertools.product((True, False), repeat=3):
        inputs = v41_inputs(
            produced=V41_PROBED_RUNTIME if produced else None,
            shape=v41_group_a_launch.FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE if shape else None,
            manifest=v41_group_a_launch.FIXTURE_V41_ENGRAM_STORE_MANIFEST if manifest else None,
        )
        lines = dry_run.v41_group_a_launch_dry_run(log, READ_AT, inputs).frontiers
        expected = (
            (
                produced,
                f"discharged by image {V41_PROBED_RUNTIME.artifact.config_digest}, admitted in the authority log",
            ),
            (shape, f"discharged by {v41_group_a_launch.FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE.source}"),
            (manifest, f"discharged by {v41_group_a_launch.FIXTURE_V41_ENGRAM_STORE_MANIFEST.source}"),
        )
        for line, (present, discharged) in zip(lines[:3], expected, strict=True):
            said = line.split(": ", 1)[1]
            if present:
                check.equal(f"{(produced, shape, manifest)} {line[:6]}", said, discharged)
            else:
                check.holds(f"{(produced, shape, manifest)} {line[:6]} open", said.startswith("OPEN; today: "), line)


@witness.positive(
    "The report's header says the second it read the log at, in ISO 8601 UTC with its epoch second, whatever that second is: 0, 1, the witnesses' second, the last of year 9999, the first of year 10000 or the largest integer a JSON double holds.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.glm_group_b_launch_dry_run, dry_run.render_dry_run_report],
)
def the_header_says_any_read_second() -> None:
    for at in (0, 1, READ_AT, 253_402_300_799, 253_402_300_800, 2**53 - 1):
        for report in (
            dry_run.v41_group_a_launch_dry_run(admitting_log(), at, v41_inputs()),
            dry_run.glm_group_b_launch_dry_run(admitting_log(), at, GLM_GROUP_B_PROFILE),
        ):
            check.equal(f"{report.arm} at {at}", report.at, at)
            check.contains(
                f"{report.arm} header at {at}",
                f"\nauthority log: {admitting_log().source}, read as of {said_at(at)}\n",
                dry_run.render_dry_run_report(report),
            )


@witness.positive(
    "Each report names the authority log's source whole, however long or spelled: a short name, a path of 200 characters, a space, a non-ASCII letter.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.glm_group_b_launch_dry_run, dry_run.render_dry_run_report],
)
def the_report_names_the_logs_whole_source() -> None:
    for source in ("a.jsonl", "/srv/" + "deep/" * 38 + "log.jsonl", "/srv/Authority Log.jsonl", "/srv/autorité.jsonl"):
        log = attrs.evolve(admitting_log(), source=source)
        for report in (
            dry_run.v41_group_a_launch_dry_run(log, READ_AT, v41_inputs()),
            dry_run.glm_group_b_launch_dry_run(log, READ_AT, GLM_GROUP_B_PROFILE),
        ):
            check.equal(f"{report.arm} source", report.authority_source, source)
            check.contains(
                f"{report.arm} header",
                f"\nauthority log: {source}, read as of ",
                dry_run.render_dry_run_report(report),
            )


@witness.positive(
    "The GLM dry run reads Group B's holdings at its own read second, 0 included: holdings logged at second 1 refuse a read at 0 and admit a read at 1.",
    rules=[dry_run.glm_group_b_launch_dry_run],
)
def the_glm_dry_run_reads_holdings_at_any_second() -> None:
    log = authority_log(*(attrs.evolve(held, at=1) for held in HELD_B))
    at_zero = dry_run.glm_group_b_launch_dry_run(log, 0, GLM_GROUP_B_PROFILE)
    check.holds("read at 0 refuses", isinstance(at_zero.admission, Refused), at_zero.admission)
    at_one = dry_run.glm_group_b_launch_dry_run(log, 1, GLM_GROUP_B_PROFILE)
    check.holds("read at 1 admits", isinstance(at_one.admission, Admitted), at_one.admission)
