"""Witness the dry run's fold and report: it admits only when the plan rendered and admission holds."""

from __future__ import annotations

from claims import Witness, because, check
from domain import dry_run, v41_group_a_launch
from domain.admission import HostNotHeldBySubject, SuccessorMayNotLaunch
from domain.authority_log import HostHeld
from domain.frontiers import ObligationOpen
from domain.profile import GLM_GROUP_B_PROFILE
from witnesses.spark.launch_fixtures import ACTIVE, DIGEST, HELD_A, HELD_B, IMAGE, READ_AT, READING, admitting_log, authority_log, v41_inputs

witness = Witness("spark.dry_run")


@witness.positive(
    "The produced image and its reading are read from the authority log as of the read time.",
    rules=[v41_group_a_launch.v41_produced_from_log],
)
def the_produced_image_is_read_from_the_log() -> None:
    produced = v41_group_a_launch.v41_produced_from_log(admitting_log(), READ_AT)
    check.equal("digest", produced.artifact.config_digest if produced else None, DIGEST)
    check.equal("reading", produced.registry_reading.hub_cli_path if produced and produced.registry_reading else None, "/usr/local/bin/hf")
    before = v41_group_a_launch.v41_produced_from_log(admitting_log(), IMAGE.at - 1)
    check.equal("nothing before the image", before, None)
    unread = v41_group_a_launch.v41_produced_from_log(admitting_log(), READING.at - 1)
    check.equal("no reading yet", unread.registry_reading if unread else "no image", None)


@witness.refusal(
    "A refused dry run still renders its hosts and reports the expired lease and the withheld #12359 together.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
    reasons=[because(ObligationOpen, at="#12359"),
             because(SuccessorMayNotLaunch, at="pair_serving_successor_may_launch", saying="expired")],
)
def a_refused_dry_run_reports_every_reason():
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), 1_767_232_800, v41_inputs(manifest=None))
    text = dry_run.render_dry_run_report(report)
    check.holds("header says REFUSED", text.startswith("# launch dry run: v41-group-a — REFUSED"), text[:60])
    check.contains("frontier line", "#12359 (#12359 v41_engram_store_manifest): OPEN", text)
    return report.verdict


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
    reasons=[because(HostNotHeldBySubject, at="admit_host_held_by_subject_among", saying="srv3 (held by spark-serving-group-a)")],
)
def the_glm_dry_run_refuses_an_unheld_host():
    taken = HostHeld(at=READ_AT - 5, host="srv3", subject="spark-serving-group-a")
    return dry_run.glm_group_b_launch_dry_run(authority_log(ACTIVE, *HELD_A, *HELD_B, taken), READ_AT, GLM_GROUP_B_PROFILE).verdict
