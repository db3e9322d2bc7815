"""Witness the dry run's JSON report (`launch-dry-run/1`): the same report as the text, as data a script reads.

Its shape is pinned by the JSON Schema in `docs/launch-dry-run.schema.json`,
which the framework's tests validate every document against
(`tests/edges/test_launch_dry_run_json.py`); these claims prove what each
key says.
"""

from __future__ import annotations

import json
import shlex
from fractions import Fraction

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, check
from domain.spark import dry_run, dry_run_json
from domain.spark.authority_log import HostHeld
from domain.spark.profile import GLM_GROUP_B_PROFILE
from domain.spark.runtime import V41_PROBED_RUNTIME
from domain.spark.v41_group_a_launch import V41MeasurementLaunchShape
from witnesses.spark import strategies as gen
from witnesses.spark.fixtures import (
    DIGEST,
    HELD_B,
    READ_AT,
    admitting_log,
    authority_log,
    shape_at,
    v41_inputs,
)

witness = Witness("spark.dry_run_json", never_refuses=[dry_run_json.dry_run_document, dry_run_json.render_dry_run_json])

V41_MOUNTS = [
    {"source": path, "target": path, "mode": mode}
    for path, mode in (
        ("/srv/gunbc/checkpoints/DeepseekV41FlashDba1be0a", "ro"),
        ("/srv/gunbc/engram/row-stores/DeepseekV41FlashDba1be0a", "ro"),
        ("/srv/gunbc/engram/manifests/gunbc-v41-tp4", "ro"),
        ("/srv/gunbc/engram/touch-receipts/gunbc-v41-tp4", "rw"),
    )
]


@witness.positive(
    "The admitted V4.1 document names its schema first, then says ADMITTED with the verdict's sentence and no reason, the log and its read second (epoch and ISO UTC), 8000 bp, the fit wall in whole GiB, and admission held.",
    rules=[dry_run_json.dry_run_document],
)
def the_admitted_document_says_its_verdict_read_and_fit() -> None:
    document = dry_run_json.dry_run_document(dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs()))
    check.equal("first key", next(iter(document)), "schema")
    check.equal(
        "head",
        {k: document[k] for k in ("schema", "arm", "verdict", "authority_log", "lands_on_a_host", "utilization_bp")},
        {
            "schema": "launch-dry-run/1",
            "arm": "v41-group-a",
            "verdict": {
                "outcome": "ADMITTED",
                "said": "the v41-group-a plan rendered and admission holds",
                "reasons": [],
            },
            "authority_log": {"path": "witness.jsonl", "read_at": {"epoch": READ_AT, "utc": "2026-01-01T01:00:00Z"}},
            "lands_on_a_host": False,
            "utilization_bp": 8000,
        },
    )
    check.equal(
        "fit wall",
        document["fit_wall"],
        {
            "weights_gib": 287,
            "allowance_gib": 97,
            "resident_gib": 384,
            "requirement_gib": 480,
            "pool_gib": 484,
            "margin_gib": 4,
        },
    )
    check.equal("admission", document["admission"], {"outcome": "ADMITTED", "reasons": []})
    check.equal("engram bets, unasked", document["engram_bets"], [])


@witness.positive(
    "Each host of the admitted V4.1 document says its node rank, role, image, API port (the head's alone), rendezvous, mounts with their modes, the command line that reads back as its argv, and its unit, staging and scripts as the report holds them.",
    rules=[dry_run_json.dry_run_document],
)
def each_host_says_what_its_rank_runs() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    hosts = dry_run_json.dry_run_document(report)["hosts"]
    assert isinstance(hosts, list)
    check.equal("hosts", [h["host"] for h in hosts], ["srv5", "srv6", "srv7", "srv8"])
    for n, (host, section) in enumerate(zip(hosts, report.hosts, strict=True)):
        check.equal(
            f"{section.host}: summary",
            {k: host[k] for k in ("node_rank", "role", "image", "api_port", "rendezvous", "mounts")},
            {
                "node_rank": n,
                "role": "serving head" if n == 0 else "headless rank",
                "image": DIGEST,
                "api_port": 8000 if n == 0 else None,
                "rendezvous": {"address": "10.77.0.5", "port": 29511},
                "mounts": V41_MOUNTS,
            },
        )
        check.equal(f"{section.host}: command line", shlex.split(host["command_line"]), list(section.create_argv))
        check.equal(
            f"{section.host}: the rest",
            {k: host[k] for k in ("create_argv", "unit", "engram_staging", "preflight_script", "apply_script")},
            {
                "create_argv": list(section.create_argv),
                "unit": {"name": section.unit_name, "text": section.unit_text},
                "engram_staging": list(section.staging),
                "preflight_script": section.preflight_script,
                "apply_script": section.apply_script,
            },
        )


@witness.positive(
    "A refused document says REFUSED with every reason of the verdict as kind, where and why, in order, and no sentence; with the plan refused it has no host and no fit wall, and admission keeps its own outcome.",
    rules=[dry_run_json.dry_run_document],
)
def a_refused_document_says_every_reason() -> None:
    plan_refused = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(shape=None))
    document = dry_run_json.dry_run_document(plan_refused)
    check.equal(
        "verdict",
        document["verdict"],
        {
            "outcome": "REFUSED",
            "said": None,
            "reasons": [
                {"kind": type(r).__name__, "where": r.where, "why": r.why} for r in check.refused(plan_refused.verdict)
            ],
        },
    )
    check.equal("reasons' places", [r["where"] for r in document["verdict"]["reasons"]], ["#12371"])
    check.equal(
        "no host, no fit", (document["hosts"], document["fit_wall"], document["utilization_bp"]), ([], None, None)
    )
    check.equal("admission held", document["admission"], {"outcome": "ADMITTED", "reasons": []})
    taken = HostHeld(at=READ_AT - 5, host="srv3", subject="spark-serving-group-a")
    glm = dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B, taken), READ_AT, GLM_GROUP_B_PROFILE)
    reason = {
        "kind": "HostNotHeldBySubject",
        "where": "admit_host_held_by_subject_among",
        "why": "1 of 4 hosts is not held by spark-serving-group-b: srv3 (held by spark-serving-group-a)",
    }
    refused = dry_run_json.dry_run_document(glm)
    check.equal("GLM verdict", refused["verdict"], {"outcome": "REFUSED", "said": None, "reasons": [reason]})
    check.equal("GLM admission", refused["admission"], {"outcome": "REFUSED", "reasons": [reason]})
    check.equal("GLM hosts still rendered", len(refused["hosts"]), 4)


@witness.positive(
    "A fit wall figure that is no whole GiB is written exactly as the string n/d, never a float: at 8100 bp the requirement 1895/4 and margin 41/4, while whole figures stay ints.",
    rules=[dry_run_json.dry_run_document],
)
def a_fractional_figure_is_written_exactly() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(shape=shape_at(8100)))
    check.equal(
        "fit wall at 8100 bp",
        dry_run_json.dry_run_document(report)["fit_wall"],
        {
            "weights_gib": 287,
            "allowance_gib": 92,
            "resident_gib": 379,
            "requirement_gib": "1895/4",
            "pool_gib": 484,
            "margin_gib": "41/4",
        },
    )


@witness.positive(
    "Asked for its Engram bets and given its frontiers, the document lists each line the text report says, in order.",
    rules=[dry_run_json.dry_run_document],
)
def the_document_lists_the_frontiers_and_the_bets() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(), engram_bets=True)
    document = dry_run_json.dry_run_document(report)
    check.equal("frontiers", document["declared_frontiers"], list(report.frontiers))
    check.equal("bets", document["engram_bets"], list(report.engram_bets))
    check.equal("six of each table", (len(report.frontiers), len(report.engram_bets)), (6, 6))


@witness.positive(
    "The JSON text is the document with two-space indents, its keys in the document's order, non-ASCII written as itself, and one final newline.",
    rules=[dry_run_json.render_dry_run_json],
)
def the_json_text_is_the_document_indented() -> None:
    log = attrs.evolve(admitting_log(), source="/srv/autorité.jsonl")
    report = dry_run.v41_group_a_launch_dry_run(log, READ_AT, v41_inputs())
    text = dry_run_json.render_dry_run_json(report)
    check.equal("read back", json.loads(text), dry_run_json.dry_run_document(report))
    check.holds("starts", text.startswith('{\n  "schema": "launch-dry-run/1",\n  "arm": "v41-group-a",\n'), text[:80])
    check.contains("non-ASCII as itself", '"path": "/srv/autorité.jsonl"', text)
    check.holds("one final newline", text.endswith("}\n") and not text.endswith("\n\n"), text[-10:])


@witness.property(
    "Under every launch shape or none, with an image produced or not, and asked for bets or not, the JSON text reads back as its document, whose verdict, reasons, hosts and fit wall agree with the report's and whose every command line reads back as its host's argv.",
    rules=[dry_run_json.dry_run_document, dry_run_json.render_dry_run_json],
)
@settings(max_examples=15)
@given(st.none() | gen.v41_launch_shapes, st.booleans(), st.booleans())
@example(None, False, True)
@example(shape_at(5000), True, False)
@example(shape_at(8100), True, True)
def every_document_agrees_with_its_report(shape: V41MeasurementLaunchShape | None, produced: bool, bets: bool) -> None:
    inputs = attrs.evolve(v41_inputs(shape=shape), produced=V41_PROBED_RUNTIME if produced else None)
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, inputs, engram_bets=bets)
    document = json.loads(dry_run_json.render_dry_run_json(report))
    check.equal("read back", document, dry_run_json.dry_run_document(report))
    verdict = report.verdict
    check.equal(
        "verdict",
        (document["verdict"]["outcome"], [(r["kind"], r["where"], r["why"]) for r in document["verdict"]["reasons"]]),
        (
            "REFUSED" if verdict.refused else "ADMITTED",
            [(type(r).__name__, r.where, r.why) for r in getattr(verdict, "reasons", ())],
        ),
    )
    check.equal("hosts", [h["host"] for h in document["hosts"]], [s.host for s in report.hosts])
    for host in document["hosts"]:
        check.equal(f"{host['host']}: command line", shlex.split(host["command_line"]), host["create_argv"])
    fit = report.fit
    check.equal(
        "fit wall",
        None if document["fit_wall"] is None else {k: Fraction(v) for k, v in document["fit_wall"].items()},
        None if fit is None else {k: Fraction(v) for k, v in attrs.asdict(fit).items()},
    )
    check.equal("bets", len(document["engram_bets"]) > 0, bets)


@witness.snapshot(
    "The JSON documents an automation reads (V4.1 admitted with its bets, V4.1 refused with #12371 open, GLM refused for a host Group B does not hold) stay byte-identical, as a regression control.",
    rules=[dry_run_json.render_dry_run_json, dry_run_json.dry_run_document],
)
def dry_run_documents_are_byte_identical() -> str:
    taken = HostHeld(at=READ_AT - 5, host="srv3", subject="spark-serving-group-a")
    reports = (
        dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(), engram_bets=True),
        dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs(shape=None)),
        dry_run.glm_group_b_launch_dry_run(authority_log(*HELD_B, taken), READ_AT, GLM_GROUP_B_PROFILE),
    )
    return "".join(dry_run_json.render_dry_run_json(report) for report in reports)
