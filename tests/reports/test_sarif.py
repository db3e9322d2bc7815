"""SARIF 2.1.0 for code review: valid against the vendored schema, stable, and the same findings as annotations."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest

from claims._internal.reports.sarif import Finding, sarif_log, sarif_text, workflow_commands

SCHEMA = Path(__file__).parents[1] / "fixtures" / "sarif" / "sarif-2.1.0.json"


def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def _finding(**changes: object) -> Finding:
    values: dict[str, object] = {
        "rule": "mutmut.operator_swap",
        "rule_text": "a surviving mutant: no claim turned red",
        "level": "error",
        "message": "`a < b` -> `a <= b` survived; covered by rules.limit.at_the_limit",
        "path": "pkg/rules.py",
        "line": 12,
        "column": 9,
        "end_line": 12,
        "end_column": 14,
        "identity": "pkg.rules.limit__mutmut_3f0c9a1d",
    }
    values.update(changes)
    return Finding(**values)  # type: ignore[arg-type]


def test_a_log_with_results_of_every_level_is_valid_sarif_2_1_0() -> None:
    findings = [
        _finding(),
        _finding(level="note", identity="pkg.rules.limit__b", rule="domain.bound"),
        _finding(level="warning", path="pkg/deep/other.py", line=1, column=1, end_line=1, end_column=1),
    ]
    errors = sorted(_validator().iter_errors(sarif_log(findings, "1.2.3")), key=str)
    assert errors == []


def test_an_empty_log_is_valid_sarif_too() -> None:
    assert list(_validator().iter_errors(sarif_log([], "1.2.3"))) == []


def test_the_schema_refuses_what_sarif_refuses() -> None:
    # The validator is not vacuous: a level SARIF does not know, and a line 0, are refused.
    log = sarif_log([_finding()], "1.2.3")
    log["runs"][0]["results"][0]["level"] = "fatal"
    assert list(_validator().iter_errors(log))
    log = sarif_log([_finding(line=0, end_line=0)], "1.2.3")
    assert list(_validator().iter_errors(log))


def test_fingerprints_follow_what_a_finding_is_not_where_it_sits() -> None:
    here = sarif_log([_finding()], "1")["runs"][0]["results"][0]["partialFingerprints"]
    moved = sarif_log([_finding(line=40, end_line=40, path="pkg/moved.py")], "1")["runs"][0]["results"][0]
    other = sarif_log([_finding(identity="pkg.rules.limit__other")], "1")["runs"][0]["results"][0]
    assert moved["partialFingerprints"] == here
    assert other["partialFingerprints"] != here


def test_the_same_findings_in_any_order_give_the_same_bytes() -> None:
    a, b = _finding(), _finding(path="pkg/a.py", identity="x")
    assert sarif_text([a, b], "1") == sarif_text([b, a], "1")
    rules = sarif_log([a, b], "1")["runs"][0]
    assert [r["ruleId"] for r in rules["results"]] == [rules["tool"]["driver"]["rules"][0]["id"]] * 2


@pytest.mark.parametrize(
    ("level", "command"), [("error", "::error "), ("warning", "::warning "), ("note", "::notice ")]
)
def test_each_finding_is_one_workflow_command_of_its_level(level: str, command: str) -> None:
    (line,) = workflow_commands([_finding(level=level)])
    assert line.startswith(command + "file=pkg/rules.py,line=12,col=9,endLine=12,endColumn=14,title=")


def test_workflow_commands_escape_what_would_end_them() -> None:
    (line,) = workflow_commands([_finding(message="50% of\nit", path="a,b:c.py", rule_text="x: y, z")])
    assert line == "::error file=a%2Cb%3Ac.py,line=12,col=9,endLine=12,endColumn=14,title=x%3A y%2C z::50%25 of%0Ait"
