"""Witness what the dry run prints for each arm and each verdict once the command line was read: the arm named, an unwritten report of either verdict, and each fixture discharge named as one."""

from __future__ import annotations

from claims import check
from domain.core.outcome import Admitted, Refused
from domain.edges import dry_run_command as cmd
from domain.edges.report_file import ReportUnwritten
from witnesses.edges.dry_run_command import OUT, V41, v41, witness
from witnesses.edges.fixtures import ADMITTING_LOG, EXPIRED_LOG, log_text
from witnesses.spark.fixtures import HELD_B

UNWRITTEN = ReportUnwritten("--out out/report.txt", "expected a path this process can create and write, got OSError")


@witness.positive(
    "A report that could not be written exits 2 whatever its verdict: an admitted and a refused one alike print only the located write failure and the trailer.",
    rules=[cmd.dry_run_output],
)
def an_unwritten_report_exits_2_whatever_its_verdict() -> None:
    for title, log in (("admitted", ADMITTING_LOG), ("refused", EXPIRED_LOG)):
        report = cmd.dry_run_report(V41, Admitted(log), OUT, now=0)
        output = cmd.dry_run_output(report, "out/report.txt", Refused((UNWRITTEN,)))
        check.equal(
            title,
            (output.code, output.out, output.err),
            (2, (), (f"{UNWRITTEN.where}: {UNWRITTEN.why}", cmd.BAD_INPUT)),
        )


@witness.positive(
    "The verdict line names the arm the report is about: glm-group-b's admitted and refused reports each say glm-group-b.",
    rules=[cmd.dry_run_output],
)
def the_verdict_line_names_the_reports_arm() -> None:
    glm = v41(arm="glm-group-b")
    admitted = cmd.dry_run_output(cmd.dry_run_report(glm, Admitted(log_text(*HELD_B)), OUT, now=0), "g.txt", OUT)
    check.equal(
        "admitted",
        (admitted.code, admitted.out, admitted.err),
        (
            0,
            ("glm-group-b: ADMITTED (the glm-group-b plan rendered and admission holds); report written to g.txt",),
            (),
        ),
    )
    refused = cmd.dry_run_output(cmd.dry_run_report(glm, Admitted(ADMITTING_LOG), OUT, now=0), "g.txt", OUT)
    check.equal("refused: code", refused.code, 1)
    check.equal(
        "refused: head and reason",
        [line.split(":", 1)[0] for line in refused.out],
        ["glm-group-b", "  HostNotHeldBySubject @ admit_host_held_by_subject_among"],
    )
    check.equal("refused: head", refused.out[0], "glm-group-b: REFUSED (1 reason); report written to g.txt")


@witness.positive(
    "The V4.1 report names each fixture discharge as a fixture and each live read as the log, so no fixture value passes as a fact: #12371, #12359, #12351 and the wet runner by their FIXTURE_ names, #12353 and #12370 by the authority log.",
    rules=[cmd.dry_run_report],
)
def every_fixture_discharge_is_named_as_a_fixture() -> None:
    report = check.admitted(cmd.dry_run_report(V41, Admitted(ADMITTING_LOG), OUT, now=0))
    check.equal(
        "discharged by",
        [(line.split(" ", 1)[0], line.split(": discharged by ", 1)[1].split(" ", 1)[0]) for line in report.frontiers],
        [
            ("#12353", "the"),
            ("#12371", "FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE"),
            ("#12359", "FIXTURE_V41_ENGRAM_STORE_MANIFEST"),
            ("#12351", "FIXTURE_OCCUPANCY_DISCHARGE:"),
            ("wet-runner", "FIXTURE_HOST_EFFECTS_DISCHARGE:"),
            ("#12370", "the"),
        ],
    )
    for line in (report.frontiers[0], report.frontiers[5]):
        check.contains("a live read", "discharged by the authority log log.jsonl", line)
