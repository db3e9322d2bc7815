"""Witness that each host section of a dry run is its own host's, and that both arms' dry runs read admission at their own read second."""

from __future__ import annotations

import attrs

from claims import check
from domain.spark import dry_run
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.spark.dry_run import witness
from witnesses.spark.fixtures import HELD_A, HELD_B, READ_AT, admitting_log, authority_log, v41_inputs, v41_plan

MANIFEST_DIR = "/srv/gunbc/engram/manifests/gunbc-v41-tp4"
RECEIPT_DIR = "/srv/gunbc/engram/touch-receipts/gunbc-v41-tp4"


@witness.positive(
    "Each V4.1 host section stages Engram on its own host: both mkdirs and the manifest write name that host, never another.",
    rules=[dry_run.host_sections, dry_run.v41_group_a_launch_dry_run],
)
def each_host_section_stages_on_its_own_host() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    check.equal("hosts", [s.host for s in report.hosts], ["srv5", "srv6", "srv7", "srv8"])
    for section in report.hosts:
        check.equal(
            f"{section.host} staging",
            [line.split(": ", 1)[0] for line in section.staging],
            [f"run on {section.host}", f"run on {section.host}", f"write-file on {section.host}"],
        )
        check.equal(
            f"{section.host} mkdirs",
            [line.split(": ", 1)[1] for line in section.staging[:2]],
            [f"mkdir -p {MANIFEST_DIR}", f"mkdir -p {RECEIPT_DIR}"],
        )


@witness.positive(
    "Each arm's dry run reads admission at its own read second: a holding logged at that second admits, one logged a second later leaves the host unheld.",
    rules=[dry_run.glm_group_b_launch_dry_run, dry_run.v41_group_a_launch_dry_run],
)
def each_dry_run_reads_admission_at_its_read_second() -> None:
    for when, refused in ((READ_AT, False), (READ_AT + 1, True)):
        glm_log = authority_log(*HELD_B[:3], attrs.evolve(HELD_B[3], at=when))
        glm = dry_run.glm_group_b_launch_dry_run(glm_log, READ_AT, GLM_GROUP_B_PROFILE)
        check.equal(f"GLM, srv4 held at {when}: refused", glm.admission.refused, refused)
        events = [e.event for e in admitting_log().events if e.event != HELD_A[3]]
        v41 = dry_run.v41_group_a_launch_dry_run(
            authority_log(*events, attrs.evolve(HELD_A[3], at=when)), READ_AT, v41_inputs()
        )
        check.equal(f"V4.1, srv8 held at {when}: refused", v41.admission.refused, refused)


@witness.positive(
    "Each V4.1 host section carries its own rank's docker create argv and unit: its node rank, headless exactly off the head, and a unit describing that rank on that host.",
    rules=[dry_run.host_sections, dry_run.v41_group_a_launch_dry_run],
)
def each_host_section_carries_its_own_ranks_argv_and_unit() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    check.equal(
        "hosts", [(s.host, s.node_rank) for s in report.hosts], [("srv5", 0), ("srv6", 1), ("srv7", 2), ("srv8", 3)]
    )
    for section in report.hosts:
        argv = list(section.create_argv)
        check.equal(f"{section.host} --node-rank", argv[argv.index("--node-rank") + 1], str(section.node_rank))
        check.equal(f"{section.host} headless", "--headless" in argv, section.node_rank != 0)
        check.contains(
            f"{section.host} unit", f"node rank {section.node_rank} of 4 on {section.host})", section.unit_text
        )
        check.contains(f"{section.host} unit argv", f"--node-rank {section.node_rank}", section.unit_text)


@witness.positive(
    "A plan listing its followers first still labels each host section by its node rank, not its position: srv8 stays node rank 3 and srv5 the head.",
    rules=[dry_run.host_sections],
)
def host_sections_are_labelled_by_node_rank_not_position() -> None:
    plan = v41_plan()
    arm = attrs.evolve(plan.arm, ranks=tuple(reversed(plan.arm.ranks)))
    sections = dry_run.host_sections(arm, plan.steps, tuple(reversed(plan.staging)))
    check.equal(
        "hosts", [(s.host, s.node_rank) for s in sections], [("srv8", 3), ("srv7", 2), ("srv6", 1), ("srv5", 0)]
    )
    check.contains(
        "srv5's apply", "apply on srv5 (node rank 0, unit gunbc-v41-tp4-head.service)", sections[3].apply_script
    )
