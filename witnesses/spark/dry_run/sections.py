"""Witness the report's sections as an operator reads them: each titled, after one blank line, in a fixed order, with nothing rendered that did not happen."""

from __future__ import annotations

import attrs

from claims import check
from domain.spark import dry_run
from domain.spark.apply_steps import render_step_script, spark_native_arm_steps_of
from domain.spark.profile import GLM_GROUP_B_PROFILE
from domain.spark.v41_group_a_launch import FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE
from witnesses.spark.dry_run import witness
from witnesses.spark.fixtures import (
    HELD_B,
    READ_AT,
    SUSPENSION,
    admitting_log,
    authority_log,
    glm_plan,
    v41_inputs,
    v41_plan,
)

TITLES = ("# launch", "## ", "=== ", "--- ")
COMMANDS_TITLE = "## docker create, one command line per host (paste one into a shell to run that host's argv exactly)"


@witness.positive(
    "A V4.1 report whose plan and admission both refuse says its reasons first, the plan's before admission's, and keeps every section: no host and no fit wall in the summary, no command line, admission, each frontier in the table's order with a withheld one OPEN saying today and its trigger, and the verdict pointing back at the reasons.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def a_refused_report_keeps_every_section() -> None:
    # The admitting world, its suspension lapsed at the read second.
    events = [e.event for e in admitting_log().events if e.event != SUSPENSION]
    lapsed = authority_log(*events, attrs.evolve(SUSPENSION, lease_expires_at=READ_AT))
    lines = dry_run.render_dry_run_report(
        dry_run.v41_group_a_launch_dry_run(lapsed, READ_AT, v41_inputs(shape=None))
    ).split("\n")
    check.equal(
        "skeleton",
        [line for line in lines if not line.startswith("  - ")],
        [
            "# launch dry run: v41-group-a — REFUSED",
            f"authority log: witness.jsonl, read as of 2026-01-01T01:00:00Z (epoch {READ_AT})",
            "nothing in this dry run lands on a host",
            "",
            "## refused: 2 reasons",
            "",
            "## summary",
            "no host rendered: the plan refused",
            "fit wall: not reached, the plan refused",
            "",
            "## hosts (0)",
            "none rendered: the plan refused",
            "",
            "## admission",
            "REFUSED",
            "",
            "## declared frontiers",
            "",
            "## verdict",
            "REFUSED: the 2 reasons under ## refused, at the top",
            "",
        ],
    )
    listed = [line.removeprefix("  - ") for line in lines if line.startswith("  - ")]
    check.equal(
        "the reasons at the top, the plan's first",
        [line.split(" @ ")[0] for line in listed[:2]],
        ["ObligationOpen", "SuccessorMayNotLaunch"],
    )
    check.equal(
        "listed right under their title",
        lines[lines.index("## refused: 2 reasons") + 1 :][:2],
        [f"  - {line}" for line in listed[:2]],
    )
    check.holds(
        "admission's one reason",
        listed[2].startswith("SuccessorMayNotLaunch @ pair_serving_successor_may_launch: "),
        listed[2],
    )
    check.equal(
        "frontier keys in order",
        [line.split(",", 1)[0] for line in listed[3:9]],
        ["#12353", "#12371", "#12359", "#12351", "wet-runner", "#12370"],
    )
    check.equal(
        "the withheld frontier",
        listed[4],
        "#12371, owned by v41_measurement_launch_shape (clever-gull-48): OPEN; today: no launch shape is supplied, "
        "so the plan refuses by this frontier's name; TRIGGER: #12371 merges and v41_measurement_launch_shape supplies the value",
    )
    check.equal("nothing listed after the frontiers", listed[9:], [])


@witness.positive(
    "An admitted GLM report titles its summary, its command lines, four host sections each with its command line, argv, unit, preflight and apply in that order, admission and verdict, and declares no reasons and no frontier section.",
    rules=[dry_run.glm_group_b_launch_dry_run, dry_run.render_dry_run_report],
)
def an_admitted_glm_report_titles_each_section_in_order() -> None:
    report = dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B), READ_AT, GLM_GROUP_B_PROFILE)
    lines = dry_run.render_dry_run_report(report).split("\n")
    hosts = []
    for rank, host in enumerate(("srv1", "srv2", "srv3", "srv4")):
        role, unit = (
            ("serving head", "glm-native-head.service") if rank == 0 else ("headless rank", "glm-native-rank.service")
        )
        hosts += [
            f"=== {host} (node rank {rank}, {role}) ===",
            "--- docker create, as one shell command line ---",
            "--- docker create argv ---",
            f"--- unit {unit} ---",
            "--- preflight script ---",
            "--- apply script ---",
        ]
    check.equal(
        "titles",
        [line for line in lines if line.startswith(TITLES)],
        [
            "# launch dry run: glm-group-b — ADMITTED",
            "## summary",
            COMMANDS_TITLE,
            "## hosts (4)",
            *hosts,
            "## admission",
            "## verdict",
        ],
    )
    for title in (
        "## summary",
        COMMANDS_TITLE,
        "## hosts (4)",
        *(h for h in hosts if h.startswith("=== ")),
        "## admission",
        "## verdict",
    ):
        check.equal(f"blank line before {title}", lines[lines.index(title) - 1], "")
    check.equal(
        "the end", lines[-4:], ["", "## verdict", "ADMITTED: the glm-group-b plan rendered and admission holds", ""]
    )


@witness.positive(
    "An admitted V4.1 report titles each host's argv, unit, Engram staging, preflight and apply in that order: the staging comes before the preflight that requires its directories.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def each_v41_host_stages_its_engram_directories_before_its_preflight() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    lines = dry_run.render_dry_run_report(report).split("\n")
    hosts = []
    for rank, host in enumerate(("srv5", "srv6", "srv7", "srv8")):
        role, unit = ("serving head", "head") if rank == 0 else ("headless rank", "rank")
        hosts += [
            f"=== {host} (node rank {rank}, {role}) ===",
            "--- docker create, as one shell command line ---",
            "--- docker create argv ---",
            f"--- unit gunbc-v41-tp4-{unit}.service ---",
            "--- Engram staging (3 typed steps) ---",
            "--- preflight script ---",
            "--- apply script ---",
        ]
    titles = [line for line in lines if line.startswith(("=== ", "--- "))]
    check.equal("host titles", titles, hosts)


@witness.positive(
    "The V4.1 summary's fit wall line says the whole sum at the utilization that set the allowance: weights plus allowance, times 5/4, against the pool, then the basis points and their decimal.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def the_v41_fit_wall_says_its_sum_at_its_utilization() -> None:
    for bp, line in (
        (8000, "384 GiB × 5/4 = 480 GiB ≤ 484 GiB, margin 4 GiB (weights 287 GiB + allowance 97 GiB) at 8000 bp (0.8)"),
        (
            9000,
            "336 GiB × 5/4 = 420 GiB ≤ 484 GiB, margin 64 GiB (weights 287 GiB + allowance 49 GiB) at 9000 bp (0.9)",
        ),
    ):
        shape = attrs.evolve(FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE, gpu_memory_utilization_bp=bp)
        report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(shape=shape))
        lines = dry_run.render_dry_run_report(report).split("\n")
        check.equal(
            f"fit wall at {bp} bp",
            lines[lines.index(COMMANDS_TITLE) - 2 : lines.index(COMMANDS_TITLE)],
            [f"fit wall: {line}", ""],
        )


@witness.positive(
    "The V4.1 summary's fit wall line says a requirement and margin that are no whole GiB exactly, never rounded: at 8100 bp 379 GiB × 5/4 = 473.75 GiB with margin 10.25 GiB, at 8300 bp 462.5 GiB with margin 21.5 GiB.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def the_v41_fit_wall_says_a_fractional_requirement_exactly() -> None:
    for bp, line in (
        (
            8100,
            "379 GiB × 5/4 = 473.75 GiB ≤ 484 GiB, margin 10.25 GiB (weights 287 GiB + allowance 92 GiB) at 8100 bp (0.81)",
        ),
        (
            8300,
            "370 GiB × 5/4 = 462.5 GiB ≤ 484 GiB, margin 21.5 GiB (weights 287 GiB + allowance 83 GiB) at 8300 bp (0.83)",
        ),
        (
            9500,
            "312 GiB × 5/4 = 390 GiB ≤ 484 GiB, margin 94 GiB (weights 287 GiB + allowance 25 GiB) at 9500 bp (0.95)",
        ),
    ):
        shape = attrs.evolve(FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE, gpu_memory_utilization_bp=bp)
        report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(shape=shape))
        lines = dry_run.render_dry_run_report(report).split("\n")
        check.equal(f"fit wall at {bp} bp", lines[lines.index(COMMANDS_TITLE) - 2], f"fit wall: {line}")


@witness.positive(
    "A host's Engram staging title counts the steps it numbers: a section carrying two staging lines is titled (2 typed steps) and numbers them 1 and 2, one carrying three says 3.",
    rules=[dry_run.render_dry_run_report],
)
def the_staging_title_counts_the_steps_it_numbers() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    head = report.hosts[0]
    for staging in (head.staging[:2], head.staging):
        shown = attrs.evolve(report, hosts=(attrs.evolve(head, staging=staging),))
        lines = dry_run.render_dry_run_report(shown).split("\n")
        title = f"--- Engram staging ({len(staging)} typed steps) ---"
        check.contains(f"{len(staging)} staging lines titled", title, lines)
        start = lines.index(title) + 1
        check.equal(
            f"{len(staging)} staging lines numbered",
            lines[start : start + len(staging)],
            [f"{n}. {line}" for n, line in enumerate(staging, 1)],
        )


@witness.positive(
    "Each host's preflight and apply sections, in both arms, render that host's own preflight and apply step scripts under their own titles, never another stage's or another rank's.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.glm_group_b_launch_dry_run, dry_run.render_dry_run_report],
)
def each_host_renders_its_own_preflight_and_apply_scripts() -> None:
    arms = (
        (dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs()), v41_plan().steps),
        (
            dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B), READ_AT, GLM_GROUP_B_PROFILE),
            spark_native_arm_steps_of(glm_plan()),
        ),
    )
    for report, steps in arms:
        text = dry_run.render_dry_run_report(report)
        for preflight in steps.preflight:
            (apply,) = [step for step in steps.apply if step.node_rank == preflight.node_rank]
            check.contains(
                f"{report.arm} {preflight.host} preflight then apply",
                "--- preflight script ---\n"
                + render_step_script(preflight).rstrip("\n")
                + "\n--- apply script ---\n"
                + render_step_script(apply).rstrip("\n")
                + "\n",
                text,
            )
