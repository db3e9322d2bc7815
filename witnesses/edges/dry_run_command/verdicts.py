"""Witness what the dry run prints for each arm and each verdict once the command line was read: the arm named, an unwritten report of either verdict, and each fixture discharge named as one."""

from __future__ import annotations

import json

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

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
    "The V4.1 report names each fixture discharge as a fixture and each live read as the log, so no fixture value passes as a fact: #12371, #12359, #12351 and the wet runner by their FIXTURE_ names, #12353 by the image the authority log admits and #12370 by the log's suspension events.",
    rules=[cmd.dry_run_report],
)
def every_fixture_discharge_is_named_as_a_fixture() -> None:
    report = check.admitted(cmd.dry_run_report(V41, Admitted(ADMITTING_LOG), OUT, now=0))
    check.equal(
        "discharged by",
        [(line.split(",", 1)[0], line.split(": discharged by ", 1)[1].split(" ", 1)[0]) for line in report.frontiers],
        [
            ("#12353", "image"),
            ("#12371", "FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE"),
            ("#12359", "FIXTURE_V41_ENGRAM_STORE_MANIFEST"),
            ("#12351", "FIXTURE_OCCUPANCY_DISCHARGE:"),
            ("wet-runner", "FIXTURE_HOST_EFFECTS_DISCHARGE:"),
            ("#12370", "the"),
        ],
    )
    check.holds(
        "#12353: a live read", report.frontiers[0].endswith(", admitted in the authority log"), report.frontiers[0]
    )
    check.contains("#12370: a live read", "discharged by the authority log, read as ", report.frontiers[5])


# --- the report's form: text, or JSON with --json ---


@witness.positive(
    "With --json the report is the JSON document (schema launch-dry-run/1) of the same report, and without it the text report, for each arm.",
    rules=[cmd.rendered_report],
)
def json_asks_for_the_json_document_and_text_otherwise() -> None:
    for arm, log in (("v41-group-a", ADMITTING_LOG), ("glm-group-b", log_text(*HELD_B))):
        report = check.admitted(cmd.dry_run_report(v41(arm=arm), Admitted(log), OUT, now=0))
        document = json.loads(cmd.rendered_report(v41(arm=arm, json=True), report))
        check.equal(f"{arm}: JSON", (document["schema"], document["arm"]), ("launch-dry-run/1", arm))
        check.equal(f"{arm}: JSON verdict", document["verdict"]["outcome"], "ADMITTED")
        text = cmd.rendered_report(v41(arm=arm), report)
        check.holds(f"{arm}: text", text.startswith(f"# launch dry run: {arm} — ADMITTED\n"), text[:60])


@witness.property(
    "For either arm, admitted or refused, with Engram bets or not, the JSON a --json call renders names the very verdict the text report heads with.",
    rules=[cmd.rendered_report],
)
@settings(max_examples=8)
@given(st.sampled_from(["v41-group-a", "glm-group-b"]), st.booleans(), st.booleans())
@example("v41-group-a", True, False)
@example("glm-group-b", False, True)
def the_json_and_the_text_say_one_verdict(arm: str, admitting: bool, bets: bool) -> None:
    log = (ADMITTING_LOG if arm == "v41-group-a" else log_text(*HELD_B)) if admitting else EXPIRED_LOG
    call = v41(arm=arm, engram_bets=bets and arm == "v41-group-a")
    report = check.admitted(cmd.dry_run_report(call, Admitted(log), OUT, now=0))
    outcome = json.loads(cmd.rendered_report(attrs.evolve(call, json=True), report))["verdict"]["outcome"]
    head = cmd.rendered_report(call, report).split("\n", 1)[0]
    check.equal("verdicts", head, f"# launch dry run: {arm} — {outcome}")
