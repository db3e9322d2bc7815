"""An ill-typed call into a real domain rule is caught by typeguard and reported as ERROR, naming the argument.

Under pytest the claims plugin installs typeguard's import hook over `domain`
before any test imports it (`pytest_load_initial_conftests`), so a claim
that passes a str where the fit wall expects a `CheckpointRow` crashes with
a TypeCheckError the runner turns into an ERROR with a readable message.
"""

from __future__ import annotations

from pathlib import Path

from claims import Witness
from claims._internal.kinds import Verdict
from claims._internal.running.one_claim import Settings, run_claim
from domain.spark import fit_wall
from domain.spark.fleet import GROUP_A
from domain.spark.profile import deepseek_v41_measurement_profile


def test_the_domain_is_instrumented_by_typeguard() -> None:
    # The hook rewrites the module's functions; an uninstrumented module would make the next test vacuous.
    names = fit_wall.serving_arm_admits_under.__code__.co_names
    assert "check_argument_types_internal" in names, (
        "domain.spark.fit_wall was imported before typeguard's import hook was installed"
    )


def test_an_ill_typed_rule_call_is_an_error_naming_the_argument(tmp_path: Path) -> None:
    witness = Witness("tests.typeguard_domain")

    @witness.positive("The wall fits a row named by a string.", rules=[fit_wall.serving_arm_admits_under])
    def a_row_passed_as_a_string() -> None:
        fit_wall.serving_arm_admits_under(
            "DeepseekV41FlashDba1be0a", GROUP_A, deepseek_v41_measurement_profile(8000, 262144, 16, 8192, False)
        )  # type: ignore[arg-type]

    (claim,) = witness.claims
    result = run_claim(claim, Settings(timeout=10, snapshots=tmp_path))

    assert result.verdict is Verdict.ERROR
    assert result.error_type == "TypeCheckError"
    assert result.observed is not None
    assert 'argument "row" (str)' in result.observed
    assert "domain.spark.checkpoint.CheckpointRow" in result.observed


def test_public_functions_check_every_annotation_but_object_which_no_value_can_fail() -> None:
    import ast

    from claims._internal.running.loader import _transformer

    source = (
        "from attrs import Attribute\n"
        "def validator(instance: object, attribute: Attribute, value: object) -> None:\n"
        "    pass\n"
        "def rule(size: int, *extra: object) -> object:\n"
        "    return size\n"
        "def _helper(size: int) -> int:\n"
        "    return size\n"
    )
    checked = ast.unparse(_transformer()().visit(ast.parse(source)))
    assert "check_argument_types_internal('validator', {'attribute': (attribute, Attribute)}, memo)" in checked
    assert "check_argument_types_internal('rule', {'size': (size, int)}, memo)" in checked
    assert "check_return_type" not in checked.split("def rule")[1].split("def _helper")[0]
    assert "check_argument_types_internal('_helper'" not in checked
