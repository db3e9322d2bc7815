"""SARIF 2.1.0 for code review: each surviving or newly explained mutant, and each located problem, as a result.

Code scanning (GitHub, GitLab, Azure DevOps) shows each result on the line it names, in the pull request.
A result's `partialFingerprints` digest what it is (the mutant's stable id, or the problem's subject and
kind), never where it sits, so a result keeps its identity across runs and across a rebase that moves it.
Paths are relative to the repository's root with forward slashes; nothing machine-specific is written.

`workflow_commands` renders the same findings as GitHub Actions workflow commands (`::error file=…::…`), printed
when `GITHUB_ACTIONS=true`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from attrs import frozen

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
LEVELS = ("error", "warning", "note")


@frozen
class Finding:
    """One result: which rule (an operator, or a kind of problem), how grave, what to say and where."""

    rule: str
    rule_text: str
    level: str
    message: str
    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    identity: str
    """What the finding is, independent of where it sits (a mutant's id, a problem's subject and kind)."""


def _fingerprint(identity: str) -> str:
    return hashlib.sha256(identity.encode("utf-8")).hexdigest()[:32]


def _result(finding: Finding, index: int) -> dict[str, Any]:
    region = {"startLine": finding.line, "startColumn": finding.column}
    if (finding.end_line, finding.end_column) > (finding.line, finding.column):
        region |= {"endLine": finding.end_line, "endColumn": finding.end_column}
    return {
        "ruleId": finding.rule,
        "ruleIndex": index,
        "level": finding.level,
        "message": {"text": finding.message},
        "locations": [{"physicalLocation": {"artifactLocation": {"uri": finding.path}, "region": region}}],
        "partialFingerprints": {"claimsFinding/v1": _fingerprint(finding.identity)},
    }


def sarif_log(findings: Sequence[Finding], version: str) -> dict[str, Any]:
    """Return the SARIF 2.1.0 log of one run: its rules sorted by id, its results in path and line order."""
    texts = {f.rule: f.rule_text for f in findings}
    rules = sorted(texts)
    ordered = sorted(findings, key=lambda f: (f.path, f.line, f.column, f.rule, f.identity))
    return {
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "claim_batch",
                        "informationUri": "https://pypi.org/project/typed-claims/",
                        "version": version,
                        "rules": [{"id": r, "shortDescription": {"text": texts[r]}} for r in rules],
                    }
                },
                "results": [_result(f, rules.index(f.rule)) for f in ordered],
            }
        ],
    }


def sarif_text(findings: Sequence[Finding], version: str) -> str:
    """Return the log as JSON text: sorted keys, two-space indents, a final newline (the same bytes every run)."""
    return json.dumps(sarif_log(findings, version), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def workflow_commands(findings: Sequence[Finding]) -> list[str]:
    """Return one GitHub Actions workflow command per finding (`::error file=…,line=…::message`)."""
    lines = []
    for f in sorted(findings, key=lambda f: (f.path, f.line, f.column, f.rule, f.identity)):
        command = {"error": "error", "warning": "warning"}.get(f.level, "notice")
        where = f"file={_property(f.path)},line={f.line},col={f.column}"
        if (f.end_line, f.end_column) > (f.line, f.column):
            where += f",endLine={f.end_line},endColumn={f.end_column}"
        lines.append(f"::{command} {where},title={_property(f.rule_text)}::{_data(f.message)}")
    return lines


def tool_version() -> str:
    """Return the installed framework's version, for the log's `tool.driver.version`."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("typed-claims")
    except PackageNotFoundError:
        return "0+unknown"
