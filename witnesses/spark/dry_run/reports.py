"""Witness the dry run's fold and report: it admits only when the plan rendered and admission holds."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.core.outcome import Refused
from domain.spark import dry_run, v41_group_a_launch
from domain.spark.admission import (
    HostNotHeldBySubject,
    ImageNotAdmittedForRuntimeArtifact,
    SuccessorIsNotThisCandidate,
    SuccessorMayNotLaunch,
)
from domain.spark.authority_log import AuthorityLog, HostHeld, ImageAdmitted
from domain.spark.frontiers import (
    FIXTURE_HOST_EFFECTS_DISCHARGE,
    FIXTURE_OCCUPANCY_DISCHARGE,
    FrontierDischarge,
    ObligationOpen,
)
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.spark.dry_run import witness
from witnesses.spark.fixtures import (
    ACTIVE,
    DIGEST,
    HELD_A,
    HELD_B,
    IMAGE,
    OTHER_DIGEST,
    READ_AT,
    SUSPENSION,
    admitting_log,
    authority_log,
    shape_at,
    v41_inputs,
)


@witness.refusal(
    "A refused dry run still renders its hosts and reports the expired lease and the withheld #12359 together.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
    reasons=[
        because(ObligationOpen, at="#12359"),
        because(SuccessorMayNotLaunch, at="pair_serving_successor_may_launch", saying="expired"),
    ],
)
def a_refused_dry_run_reports_every_reason():
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), 1_767_232_800, v41_inputs(manifest=None))
    text = dry_run.render_dry_run_report(report)
    check.holds("header says REFUSED", text.startswith("# launch dry run: v41-group-a — REFUSED"), text[:60])
    check.contains("frontier line", "#12359, owned by v41_engram_store_manifest: OPEN", text)
    return report.verdict


@witness.positive(
    "The admitted V4.1 dry run report states the fit wall's figures, 384 GiB × 5/4 = 480 GiB ≤ 484 GiB with a 4 GiB margin.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def the_v41_dry_run_states_the_fit_figures() -> None:
    # Split from spark.v41_group_a_launch's dry-run claim, whose statement is about the sections only (seed A4 control 1).
    text = dry_run.render_dry_run_report(dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs()))
    check.contains("fit figures", "384 GiB × 5/4 = 480 GiB ≤ 484 GiB, margin 4 GiB", text)


@witness.positive(
    "The GLM dry run renders four hosts without Engram staging and admits when Group B holds its hosts.",
    rules=[dry_run.glm_group_b_launch_dry_run],
)
def the_glm_dry_run_admits() -> None:
    report = dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B), READ_AT, GLM_GROUP_B_PROFILE)
    text = dry_run.render_dry_run_report(report)
    check.equal("hosts", [s.host for s in report.hosts], ["srv1", "srv2", "srv3", "srv4"])
    check.equal("staging sections", text.count("Engram staging"), 0)
    check.contains("fit", "332 GiB × 5/4 = 415 GiB ≤ 484 GiB, margin 69 GiB", text)
    check.admitted(report.verdict)


@witness.refusal(
    "The GLM dry run refuses when a Group B host is not held by its subject.",
    rules=[dry_run.glm_group_b_launch_dry_run],
    reasons=[
        because(
            HostNotHeldBySubject, at="admit_host_held_by_subject_among", saying="srv3 (held by spark-serving-group-a)"
        )
    ],
)
def the_glm_dry_run_refuses_an_unheld_host():
    taken = HostHeld(at=READ_AT - 5, host="srv3", subject="spark-serving-group-a")
    return dry_run.glm_group_b_launch_dry_run(
        authority_log(ACTIVE, *HELD_A, *HELD_B, taken), READ_AT, GLM_GROUP_B_PROFILE
    ).verdict


# --- the rendered reports an operator reads (regression controls) and the fold's conditions ---

EXPIRED_OTHER_SUCCESSOR = attrs.evolve(
    SUSPENSION,
    exact_candidate_realization=attrs.evolve(SUSPENSION.exact_candidate_realization, key="gunbc-v4-pair-rerun"),
    lease_expires_at=1_767_227_400,
)
OTHER_RUNTIME_IMAGE = ImageAdmitted(at=IMAGE.at, config_digest=OTHER_DIGEST, runtime_key="vllm-openai@v0.11.0")
SRV7_TAKEN = HostHeld(at=1_767_221_000, host="srv7", subject="spark-serving-group-b")


@witness.refusal(
    "A V4.1 dry run whose plan renders is still refused when admission refuses, naming the failing conjunct.",
    rules=[dry_run.v41_group_a_launch_dry_run],
    reasons=[
        because(
            HostNotHeldBySubject, at="admit_host_held_by_subject_among", saying="srv7 (held by spark-serving-group-b)"
        )
    ],
)
def a_rendered_v41_plan_is_still_refused_by_admission():
    # Seed A4: the dry run exits 0 only when the plan rendered AND admission holds; here only the plan does.
    report = dry_run.v41_group_a_launch_dry_run(
        authority_log(ACTIVE, *HELD_A, SRV7_TAKEN, IMAGE, SUSPENSION), READ_AT, v41_inputs()
    )
    check.equal("hosts rendered", [s.host for s in report.hosts], ["srv5", "srv6", "srv7", "srv8"])
    return report.verdict


def every_conjunct_failing_log() -> AuthorityLog:
    """Return a log failing all four conjuncts: expired lease, another successor, another runtime key, srv7 taken."""
    return authority_log(ACTIVE, *HELD_A, SRV7_TAKEN, OTHER_RUNTIME_IMAGE, EXPIRED_OTHER_SUCCESSOR)


def _titled(title: str, text: str) -> str:
    return f"===== {title} =====\n{text}\n"


@witness.snapshot(
    "The V4.1 dry-run reports an operator reads (admitted, refused at 0.50 utilization, every conjunct failing with #12371 open) stay byte-identical, as a regression control.",
    rules=[
        dry_run.v41_group_a_launch_dry_run,
        dry_run.render_dry_run_report,
        dry_run.host_sections,
        v41_group_a_launch.v41_native_arm_container,
        v41_group_a_launch.v41_native_arm_units,
    ],
)
def v41_dry_run_reports_are_byte_identical() -> str:
    worlds = [
        ("admitted", admitting_log(), v41_inputs()),
        ("refused at 0.50 utilization", admitting_log(), v41_inputs(shape=shape_at(5000))),
        ("every admission conjunct failing, #12371 open", every_conjunct_failing_log(), v41_inputs(shape=None)),
    ]
    return "".join(
        _titled(title, dry_run.render_dry_run_report(dry_run.v41_group_a_launch_dry_run(log, READ_AT, inputs)))
        for title, log, inputs in worlds
    )


@witness.snapshot(
    "The GLM dry-run report an operator reads (admitted, and refused for a host Group B does not hold) stays byte-identical, as a regression control.",
    rules=[dry_run.glm_group_b_launch_dry_run, dry_run.render_dry_run_report, dry_run.host_sections],
)
def glm_dry_run_reports_are_byte_identical() -> str:
    taken = HostHeld(at=READ_AT - 5, host="srv3", subject="spark-serving-group-a")
    worlds = [("admitted", authority_log(*HELD_B)), ("srv3 held by Group A", authority_log(*HELD_B, taken))]
    return "".join(
        _titled(
            title, dry_run.render_dry_run_report(dry_run.glm_group_b_launch_dry_run(log, READ_AT, GLM_GROUP_B_PROFILE))
        )
        for title, log in worlds
    )


@witness.positive(
    "An admitted dry run says which arm it is, its verdict sentence, its utilization, and titles only node rank 0 the serving head.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.glm_group_b_launch_dry_run, dry_run.render_dry_run_report],
)
def admitted_reports_name_the_arm_the_verdict_and_the_head() -> None:
    v41 = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    glm = dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B), READ_AT, GLM_GROUP_B_PROFILE)
    check.equal("arms", (v41.arm, glm.arm), ("v41-group-a", "glm-group-b"))
    check.equal("V4.1 verdict", check.admitted(v41.verdict), "the v41-group-a plan rendered and admission holds")
    check.equal("GLM verdict", check.admitted(glm.verdict), "the glm-group-b plan rendered and admission holds")
    check.equal("utilizations (bp)", (v41.utilization_bp, glm.utilization_bp), (8000, 8500))
    text = dry_run.render_dry_run_report(glm)
    titles = [line for line in text.splitlines() if line.startswith("=== ")]
    check.equal(
        "host titles",
        titles,
        [
            "=== srv1 (node rank 0, serving head) ===",
            "=== srv2 (node rank 1, headless rank) ===",
            "=== srv3 (node rank 2, headless rank) ===",
            "=== srv4 (node rank 3, headless rank) ===",
        ],
    )
    check.contains("verdict line", "## verdict\nADMITTED: the glm-group-b plan rendered and admission holds\n", text)


@witness.positive(
    "Each host section carries the preflight and apply scripts of its own node rank, and V4.1's staging numbered 1 to 3.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def each_host_section_carries_its_own_rank_scripts() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    for section in report.hosts:
        rank = f"(node rank {section.node_rank}, unit {section.unit_name})"
        check.contains(f"{section.host} preflight", f"preflight on {section.host} {rank}", section.preflight_script)
        check.contains(f"{section.host} apply", f"apply on {section.host} {rank}", section.apply_script)
    text = dry_run.render_dry_run_report(report)
    check.equal("staging sections", text.count("--- Engram staging (3 typed steps) ---\n1. run on "), 4)
    check.equal("third staging step", text.count("\n3. write-file on "), 4)


@witness.positive(
    "The dry run discharges #12353, #12371 and #12359 by the values supplied, and lists a withheld one as OPEN.",
    rules=[dry_run.v41_group_a_launch_dry_run],
)
def supplied_values_discharge_their_frontiers() -> None:
    supplied = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs()).frontiers
    check.equal(
        "#12353 discharged by",
        supplied[0],
        f"#12353, owned by the build lane: discharged by image {DIGEST}, admitted in the authority log",
    )
    check.equal(
        "#12371 discharged by",
        supplied[1],
        f"#12371, owned by v41_measurement_launch_shape (clever-gull-48): discharged by {v41_group_a_launch.FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE.source}",
    )
    check.equal(
        "#12359 discharged by",
        supplied[2],
        f"#12359, owned by v41_engram_store_manifest: discharged by {v41_group_a_launch.FIXTURE_V41_ENGRAM_STORE_MANIFEST.source}",
    )
    for withheld, index in (("produced", 0), ("shape", 1), ("manifest", 2)):
        report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(**{withheld: None}))
        opened = [n for n, line in enumerate(report.frontiers) if ": OPEN; today: " in line]
        check.equal(f"open frontiers without the {withheld}", opened, [index])
        check.equal(f"utilization without the {withheld}", report.utilization_bp, None if withheld == "shape" else 8000)


@witness.positive(
    "A caller's discharge note naming #12353, #12371 or #12359 never stands for the value: with each value supplied its line names the value's own source, before or after the note.",
    rules=[dry_run.v41_group_a_launch_dry_run],
)
def a_discharge_note_never_replaces_a_supplied_value() -> None:
    expected = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs()).frontiers
    inputs = v41_inputs()
    notes = tuple(FrontierDischarge(key=key, by="a caller's note") for key in ("#12353", "#12371", "#12359"))
    for title, discharges in (("notes after", inputs.discharges + notes), ("notes first", notes + inputs.discharges)):
        report = dry_run.v41_group_a_launch_dry_run(
            admitting_log(), READ_AT, attrs.evolve(inputs, discharges=discharges)
        )
        check.equal(f"frontiers with the {title}", report.frontiers, expected)


@witness.positive(
    "A caller's discharge note naming #12353, #12371 or #12359 without its value leaves that frontier OPEN in the report, as the verdict refuses it, never 'discharged by' the note.",
    rules=[dry_run.v41_group_a_launch_dry_run],
)
def a_discharge_note_without_its_value_leaves_the_frontier_open() -> None:
    withheld = {"produced": "#12353", "shape": "#12371", "manifest": "#12359"}
    for value, key in withheld.items():
        inputs = v41_inputs(**{value: None})
        notes = (*inputs.discharges, FrontierDischarge(key=key, by="a caller's note"))
        report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, attrs.evolve(inputs, discharges=notes))
        line = next(line for line in report.frontiers if line.startswith(f"{key}, owned by "))
        check.contains(f"{key} with a note and no {value}", ": OPEN; today: ", line)
        check.holds(f"{key} never discharged by the note", "a caller's note" not in line, line)
        refused = [r.where for r in report.verdict.reasons] if isinstance(report.verdict, Refused) else []
        check.holds(f"{key} refused by the verdict", key in refused, refused)


@witness.positive(
    "A report whose fit is known but whose utilization is not renders the fit line with no utilization suffix.",
    rules=[dry_run.render_dry_run_report],
)
def a_fit_without_a_utilization_renders_no_suffix() -> None:
    report = dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B), READ_AT, GLM_GROUP_B_PROFILE)
    text = dry_run.render_dry_run_report(attrs.evolve(report, utilization_bp=None))
    check.contains(
        "bare fit line",
        "\nfit wall: 332 GiB × 5/4 = 415 GiB ≤ 484 GiB, margin 69 GiB (weights 332 GiB + allowance 0 GiB)\n\n## docker create",
        text,
    )


@witness.refusal(
    "The V4.1 dry run with #12371 withheld renders no host and no fit, refusing by #12371's name and every failing conjunct.",
    rules=[dry_run.v41_group_a_launch_dry_run],
    reasons=[
        because(ObligationOpen, at="#12371", saying="the V4.1 plan for image"),
        because(
            SuccessorMayNotLaunch,
            at="pair_serving_successor_may_launch",
            saying="expired at 2026-01-01T00:30:00Z (epoch 1767227400), 1800 s before the read at 2026-01-01T01:00:00Z (epoch 1767229200)",
        ),
        because(SuccessorIsNotThisCandidate, at="V41CandidateKeyed.candidate", saying="'gunbc-v4-pair-rerun'"),
        because(
            ImageNotAdmittedForRuntimeArtifact, at="V41CandidateKeyed.runtime_artifact", saying="'vllm-openai@v0.11.0'"
        ),
        because(
            HostNotHeldBySubject,
            at="admit_host_held_by_subject_among",
            saying="1 of 4 hosts is not held by spark-serving-group-a: srv7 (held by spark-serving-group-b)",
        ),
    ],
)
def the_v41_dry_run_without_a_shape_reports_every_reason():
    report = dry_run.v41_group_a_launch_dry_run(every_conjunct_failing_log(), READ_AT, v41_inputs(shape=None))
    check.equal("hosts", report.hosts, ())
    check.equal("fit", report.fit, None)
    check.equal("admission reasons", len(check.refused(report.admission)), 4)
    return report.verdict


@witness.positive(
    "A dry run given the log's own #12370 discharge lists #12370 as discharged by the log's suspension events.",
    rules=[dry_run.v41_group_a_launch_dry_run],
)
def the_logs_own_transition_discharges_12370() -> None:
    log = admitting_log()
    inputs = attrs.evolve(
        v41_inputs(),
        discharges=(
            v41_group_a_launch.authority_transition_discharge(),
            FIXTURE_OCCUPANCY_DISCHARGE,
            FIXTURE_HOST_EFFECTS_DISCHARGE,
        ),
    )
    report = dry_run.v41_group_a_launch_dry_run(log, READ_AT, inputs)
    check.equal(
        "#12370 line",
        report.frontiers[5],
        "#12370, owned by adhoc-f7cabf26-ca3 (bright-ant-770): discharged by the authority log, "
        "read as group_suspended_for_authorized_successor events (#12370's shape)",
    )
    check.admitted(report.verdict)


@witness.positive(
    "Asked for its Engram bets, the V4.1 report says them after the summary's fit wall and before the command lines, under its own launch shape, and says nothing of them unasked.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def the_engram_bets_are_reported_only_when_asked() -> None:
    asked = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(), engram_bets=True)
    text = dry_run.render_dry_run_report(asked)
    check.contains(
        "the section",
        "\n## Engram residency bets\nper-rank allowance 24.25 GiB at 8000 bp (0.8) on FabricGroupA\n",
        text,
    )
    check.holds(
        "after the fit wall, before the command lines",
        text.index("\nfit wall: ") < text.index("## Engram residency bets") < text.index("## docker create"),
        text[:400],
    )
    unasked = dry_run.render_dry_run_report(dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs()))
    check.absent("the section unasked", "Engram residency bets", unasked)
    check.equal(
        "the report otherwise",
        text.replace("\n".join(["", "## Engram residency bets", *asked.engram_bets, ""]), ""),
        unasked,
    )
    shapeless = dry_run.v41_group_a_launch_dry_run(
        admitting_log(), READ_AT, attrs.evolve(v41_inputs(), launch_shape=None), engram_bets=True
    )
    check.equal(
        "without a launch shape",
        shapeless.engram_bets,
        ("not reached: #12371's launch shape is open, so no utilization sets the allowance",),
    )


@witness.positive(
    "The report's Engram bets put x2 within the 24.25 GiB per-rank allowance at 8000 bp and x4, x6, x16 beyond it, and all beyond 6.25 GiB at 9500 bp.",
    rules=[dry_run.v41_group_a_launch_dry_run],
)
def the_engram_bets_follow_the_plans_utilization() -> None:
    stop_rules = "the staircase's refault/PSI stop rules decide whether the pressure matters; a reading above its bet falsifies it"
    for bp, allowance, within in (
        (8000, "24.25 GiB at 8000 bp (0.8)", {2}),
        (9500, "6.25 GiB at 9500 bp (0.95)", set()),
    ):
        report = dry_run.v41_group_a_launch_dry_run(
            admitting_log(), READ_AT, v41_inputs(shape=shape_at(bp)), engram_bets=True
        )
        bets = [
            f"x{c}: bet {gib} GiB per rank, {'within' if c in within else 'exceeds'} the allowance; no reading yet"
            for c, gib in ((2, 19), (4, 30), (6, 37), (16, 46))
        ]
        check.equal(
            f"bets at {bp} bp",
            report.engram_bets,
            (f"per-rank allowance {allowance} on FabricGroupA", *bets, stop_rules),
        )
