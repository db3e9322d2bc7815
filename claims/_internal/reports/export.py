"""Export results as JSON (a stable, documented schema) or JUnit XML.

JSON schema `claim_batch/1`:
    {"schema": "claim_batch/1",
     "summary": {"passed": int, "failed": int, "admitted_debt": int, "import_errors": int, "interrupted": bool, "duration_s": float},
     "claims": [{"id", "witness", "kind", "rules": [str], "statement", "verdict": "PASS"|"FAIL"|"ERROR",
                 "expected": str|null, "observed": str|null, "reasons": [str], "detail": str,
                 "duration_s": float, "source": "path:line", "snapshot_sha256": str|null,
                 "admitted_debt": bool, "output": str, "cached": bool}],
     "import_errors": [{"module": str, "traceback": str}]}
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any

from claims._internal.kinds import Verdict
from claims._internal.running.discovery import ImportFailure
from claims._internal.running.one_claim import Result

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

SCHEMA = "claim_batch/1"


def result_record(result: Result, debt: Collection[str] = ()) -> dict[str, Any]:
    """Return one claim's JSON record."""
    claim = result.claim
    return {
        "id": claim.id,
        "witness": claim.witness,
        "kind": claim.kind.value,
        "rules": list(claim.rules),
        "statement": claim.statement,
        "verdict": result.verdict.value,
        "expected": result.expected,
        "observed": result.observed,
        "reasons": list(result.reasons),
        "detail": result.detail,
        "duration_s": round(result.duration, 6),
        "source": f"{claim.source_file}:{claim.source_line}",
        "snapshot_sha256": result.digest,
        "admitted_debt": claim.id in debt,
        "output": result.output,
        "cached": result.cached,
    }


def json_document(
    results: Sequence[Result], failures: Sequence[ImportFailure], *, interrupted: bool, debt: Collection[str] = ()
) -> dict[str, Any]:
    """Return the whole JSON document for a run; admitted reds count apart from failures."""
    passed = sum(1 for r in results if r.verdict is Verdict.PASS)
    admitted = sum(1 for r in results if r.verdict.red and r.claim.id in debt)
    return {
        "schema": SCHEMA,
        "summary": {
            "passed": passed,
            "failed": len(results) - passed - admitted + len(failures),
            "admitted_debt": admitted,
            "import_errors": len(failures),
            "interrupted": interrupted,
            "duration_s": round(sum(r.duration for r in results), 6),
        },
        "claims": [result_record(r, debt) for r in results],
        "import_errors": [{"module": f.module, "traceback": f.traceback} for f in failures],
    }


def _case(suite: Element, result: Result) -> Element:
    """Decide the testcase element of one claim: its name, duration and source."""
    import xml.etree.ElementTree as ET

    claim = result.claim
    return ET.SubElement(
        suite,
        "testcase",
        classname=claim.witness,
        name=claim.name,
        time=f"{result.duration:.6f}",
        file=claim.source_file,
        line=str(claim.source_line),
    )


def _message(result: Result) -> str:
    """Decide a red claim's one-line message: the first line of what was observed (at most 500 characters), else its verdict."""
    return (result.observed or "").splitlines()[0][:500] if result.observed else result.verdict.value


def _details(result: Result) -> str:
    """Decide a red claim's full text: what was expected and observed, its reasons and its detail, the empty left out."""
    return "\n".join(
        filter(
            None,
            [
                f"expected: {result.expected}" if result.expected else "",
                f"observed: {result.observed}" if result.observed else "",
                *result.reasons,
                result.detail,
            ],
        )
    )


def _red(case: Element, result: Result) -> None:
    """Decide whether a claim's testcase carries a failure (FAIL) or an error (any other red), and add it."""
    import xml.etree.ElementTree as ET

    if result.verdict is Verdict.PASS:
        return
    tag = "failure" if result.verdict is Verdict.FAIL else "error"
    ET.SubElement(case, tag, message=_message(result)).text = _details(result)


def _import_suite(root: Element, failure: ImportFailure) -> None:
    """Decide the testsuite of a witness module that did not import: one erroring `import` testcase."""
    import xml.etree.ElementTree as ET

    suite = ET.SubElement(root, "testsuite", name=failure.module)
    case = ET.SubElement(suite, "testcase", classname=failure.module, name="import")
    ET.SubElement(case, "error", message="witness did not import").text = failure.traceback


def _count(suite: Element) -> None:
    """Decide a testsuite's counts of testcases, failures and errors."""
    cases = list(suite)
    suite.set("tests", str(len(cases)))
    suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
    suite.set("errors", str(sum(1 for c in cases if c.find("error") is not None)))


def junit_xml(results: Sequence[Result], failures: Sequence[ImportFailure]) -> bytes:
    """Return a JUnit XML report: one testsuite per witness, one testcase per claim."""
    import xml.etree.ElementTree as ET

    root = ET.Element("testsuites", name="claim_batch")
    suites: dict[str, ET.Element] = {}
    for result in results:
        witness = result.claim.witness
        if witness not in suites:
            suites[witness] = ET.SubElement(root, "testsuite", name=witness)
        _red(_case(suites[witness], result), result)
    for failure in failures:
        _import_suite(root, failure)
    for suite in root:
        _count(suite)
    return bytes(ET.tostring(root, encoding="utf-8", xml_declaration=True)) + b"\n"
