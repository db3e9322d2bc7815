"""Declaring witnesses and claims refuses misuse with messages that say how to fix it."""

from __future__ import annotations

import pytest

from claims import Witness, because, raising
from claims.errors import DeclarationError


def rule() -> int:
    return 1


@pytest.mark.parametrize("name", ["tinyrules", "quota", "billing.quota", "spark.fit_wall", "Quota", "a.b.c_d"])
def test_a_witness_name_is_any_plain_or_dotted_name(name: str) -> None:
    assert Witness(name).name == name


@pytest.mark.parametrize(
    "name", ["", "fit wall", "1quota", "quota.", ".quota", "billing..quota", "fit-wall", "quota.2x"]
)
def test_a_witness_name_that_is_not_a_name_is_refused_with_an_example(name: str) -> None:
    with pytest.raises(DeclarationError, match=r"is not a name: .* e\.g\. Witness\('quota'\)"):
        Witness(name)


def test_a_claim_id_is_the_witness_plus_the_function_name() -> None:
    w = Witness("spark.fit_wall")

    @w.positive("The rule yields one.", rules=[rule])
    def yields_one() -> None:
        pass

    (claim,) = w.claims
    assert claim.id == "spark.fit_wall.yields_one"
    assert claim.rules == ("tests.test_declare.rule",) or claim.rules[0].endswith("test_declare.rule")
    assert claim.source_file.endswith("test_declare.py")


def test_rules_are_resolved_and_must_exist() -> None:
    w = Witness("spark.fit_wall")
    with pytest.raises(DeclarationError, match="has no 'no_such_rule'"):

        @w.positive("The rule yields one.", rules=["claims._internal.declare.no_such_rule"])
        def a() -> None:
            pass

    with pytest.raises(DeclarationError, match="does not import"):

        @w.positive("The rule yields one.", rules=["no_such_package.rule"])
        def b() -> None:
            pass

    with pytest.raises(DeclarationError, match="name the rule"):

        @w.positive("The rule yields one.", rules=[])
        def c() -> None:
            pass


def test_a_statement_is_required() -> None:
    w = Witness("spark.fit_wall")
    with pytest.raises(DeclarationError, match="non-empty sentence"):

        @w.positive("  ", rules=[rule])
        def a() -> None:
            pass


def test_a_refusal_names_its_expected_reasons() -> None:
    w = Witness("spark.fit_wall")
    with pytest.raises(DeclarationError, match=r"either the reasons a refusal gives .* or the exception"):

        @w.refusal("The rule refuses.", rules=[rule], reasons=[])
        def a() -> None:
            pass

    with pytest.raises(DeclarationError, match="exactly one of them"):

        @w.refusal(
            "The rule refuses.",
            rules=[rule],
            reasons=[because(ValueError, at="$")],
            raises=raising(ValueError, saying="no"),
        )
        def b() -> None:
            pass

    with pytest.raises(DeclarationError, match="expects an exception class"):
        raising("ValueError")  # type: ignore[arg-type]
    with pytest.raises(DeclarationError, match="not a regular expression"):
        raising(ValueError, matching="(")

    with pytest.raises(DeclarationError, match="expects a reason class"):
        because("not a class", at="$")  # type: ignore[arg-type]


def test_a_claim_is_declared_once_per_witness() -> None:
    w = Witness("spark.fit_wall")

    @w.positive("The rule yields one.", rules=[rule])
    def same() -> None:
        pass

    with pytest.raises(DeclarationError, match="declared twice"):

        @w.positive("The rule yields one.", rules=[rule])
        def same() -> None:
            pass


def test_snapshot_extensions_cannot_carry_paths() -> None:
    w = Witness("spark.fit_wall")
    with pytest.raises(DeclarationError, match="snapshot ext"):
        w.snapshot("The unit renders.", rules=[rule], ext="../x")
