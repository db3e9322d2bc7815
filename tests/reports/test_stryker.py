"""The Stryker report: valid against the vendored schema, every status mapped, every killer listed, the same bytes every time."""

from __future__ import annotations

import json
from typing import Any

import attrs
import jsonschema  # type: ignore[import-untyped]
import pytest

from claims._internal.reports.stryker import schema_text, stryker_report
from claims.errors import ClaimsError

from .synthetic import (
    ALONE,
    DEFECT,
    EQUIVALENT,
    MANY_KILLERS,
    NEVER_NEG,
    OVER,
    SURVIVOR,
    UNDER,
    UNHELD,
    status_counts,
    synthetic_model,
)


def _validator() -> jsonschema.Draft7Validator:
    schema = json.loads(schema_text())
    return jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)


def _mutants(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {m["id"]: m for f in report["files"].values() for m in f["mutants"]}


def test_the_vendored_schema_is_report_schema_version_2() -> None:
    schema = json.loads(schema_text())
    jsonschema.Draft7Validator.check_schema(schema)
    assert schema["$id"] == "http://stryker-mutator.io/report.schema.json"
    assert set(schema["definitions"]["position"]["required"]) == {"line", "column"}


def test_the_report_validates_against_the_vendored_schema() -> None:
    errors = [
        f"{list(e.absolute_path)}: {e.message}" for e in _validator().iter_errors(stryker_report(synthetic_model()))
    ]
    assert errors == []


def test_the_validator_does_refuse_a_broken_report() -> None:
    report = stryker_report(synthetic_model())
    _mutants(report)[MANY_KILLERS]["status"] = "Dead"
    _mutants(report)[ALONE]["location"]["start"]["line"] = 0
    assert len(list(_validator().iter_errors(report))) == 2


def test_top_level_fields() -> None:
    report = stryker_report(synthetic_model())
    assert report["schemaVersion"] == "2"
    assert report["thresholds"] == {"high": 80, "low": 60}
    assert report["projectRoot"] == "/project"
    assert report["framework"] == {"name": "typed-claims", "version": "0.1.0"}
    assert list(report["files"]) == ["domain/admission.py", "domain/fit_wall.py", "domain/native/render.py"]
    assert all(f["language"] == "python" for f in report["files"].values())
    assert report["files"]["domain/native/render.py"]["source"] == synthetic_model().files["domain/native/render.py"]


def test_every_status_is_reported_as_recorded() -> None:
    model = synthetic_model()
    report = _mutants(stryker_report(model))
    assert {m.id: m.status for m in model.mutants} == {i: m["status"] for i, m in report.items()}
    assert set(status_counts(model)) == {
        "Killed",
        "Survived",
        "NoCoverage",
        "Timeout",
        "RuntimeError",
        "CompileError",
        "Ignored",
    }


def test_status_reasons() -> None:
    report = _mutants(stryker_report(synthetic_model()))
    assert report[EQUIVALENT]["statusReason"] == "max(a, 0) and max(0, a) are the same value"
    assert report["domain.fit_wall.x_fits__mutmut_2"]["statusReason"] == f"timed out under {UNDER}"
    assert report["domain.admission.x_admit__mutmut_1"]["statusReason"] == f"the worker ended under {UNHELD}"
    assert report[MANY_KILLERS]["statusReason"] == "killed by 3 claims: 2 FAIL, 1 ERROR by the type contract"
    assert "statusReason" not in report[SURVIVOR]


def test_killed_by_holds_every_killer_and_covered_by_every_coverer() -> None:
    mutant = _mutants(stryker_report(synthetic_model()))[MANY_KILLERS]
    assert mutant["killedBy"] == sorted([UNDER, OVER, NEVER_NEG])
    assert mutant["coveredBy"] == sorted([UNDER, OVER, NEVER_NEG])
    assert mutant["testsCompleted"] == 3


def test_tests_completed_is_the_recorded_count_when_the_engine_gives_one() -> None:
    model = synthetic_model()
    model = attrs.evolve(
        model, mutants=tuple(attrs.evolve(m, tests_completed=6) if m.id == ALONE else m for m in model.mutants)
    )
    assert _mutants(stryker_report(model))[ALONE]["testsCompleted"] == 6


def test_location_is_one_based_with_an_exclusive_end() -> None:
    mutant = _mutants(stryker_report(synthetic_model()))[MANY_KILLERS]
    assert mutant["location"] == {"start": {"line": 6, "column": 21}, "end": {"line": 6, "column": 22}}
    assert mutant["mutatorName"] == "mutmut.operator"
    assert mutant["replacement"] == "+"


def test_a_declared_defect_is_a_mutant_named_by_its_id_described_by_its_intent() -> None:
    defect = _mutants(stryker_report(synthetic_model()))[DEFECT]
    assert defect["mutatorName"] == DEFECT
    assert defect["description"] == "Ignore the used memory: the headroom is the whole pool."
    assert defect["killedBy"] == sorted([UNDER, OVER])


def test_claims_are_tests_grouped_by_witness_file_at_their_lines() -> None:
    test_files = stryker_report(synthetic_model())["testFiles"]
    assert list(test_files) == ["witnesses/spark/admission.py", "witnesses/spark/fit_wall.py"]
    fit = test_files["witnesses/spark/fit_wall.py"]
    assert fit["source"] == synthetic_model().test_files["witnesses/spark/fit_wall.py"]
    assert fit["tests"][0] == {"id": UNDER, "name": UNDER, "location": {"start": {"line": 8, "column": 1}}}
    assert [t["id"] for t in fit["tests"]] == [UNDER, OVER, NEVER_NEG]


def test_the_report_does_not_depend_on_the_order_of_the_model() -> None:
    model = synthetic_model()
    shuffled = attrs.evolve(
        model,
        mutants=tuple(reversed(model.mutants)),
        tests=tuple(reversed(model.tests)),
        files=dict(reversed(model.files.items())),
    )
    assert json.dumps(stryker_report(model)) == json.dumps(stryker_report(shuffled))


def test_a_mutant_in_a_file_without_source_is_refused_naming_it() -> None:
    model = synthetic_model()
    model = attrs.evolve(model, files={k: v for k, v in model.files.items() if k != "domain/native/render.py"})
    with pytest.raises(ClaimsError, match="render_unit__mutmut_1.*domain/native/render.py"):
        stryker_report(model)
