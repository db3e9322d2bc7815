"""The views by rule, claim and operator: rows, tables and markdown, in a fixed order."""

from __future__ import annotations

import attrs

from claims._internal.reports.views import (
    Tally,
    claim_rows,
    idle_claims,
    markdown,
    operator_rows,
    rule_rows,
    tables,
    total,
    views_markdown,
)

from .synthetic import ALONE, DEFECT, HELD, MANY_KILLERS, NEVER_NEG, OVER, UNDER, UNHELD, UNIT, synthetic_model


def test_a_rule_lists_its_claims_by_kind_its_defects_and_its_mutants_tally() -> None:
    rows = {r.rule: r for r in rule_rows(synthetic_model())}
    assert list(rows) == [
        "domain.admission.admit",
        "domain.fit_wall.fits",
        "domain.fit_wall.headroom_gib",
        "domain.native.render.render_unit",
    ]
    fits = rows["domain.fit_wall.fits"]
    assert (fits.of_kind("positive"), fits.of_kind("refusal"), fits.of_kind("property"), fits.of_kind("snapshot")) == (
        (UNDER,),
        (OVER,),
        (),
        (),
    )
    # Killed and Timeout both name a claim that turned red.
    assert fits.tally == Tally(mutants=2, detected=2, equivalent=0)
    headroom = rows["domain.fit_wall.headroom_gib"]
    assert headroom.of_kind("property") == (NEVER_NEG,)
    assert headroom.defects == (DEFECT,) and headroom.missed_defects == ()
    # The declared defect is listed, not counted: one killed and one equivalent automatic mutant.
    assert headroom.tally == Tally(mutants=2, detected=1, equivalent=1)
    assert headroom.tally.rate() == "50.0%"
    render = rows["domain.native.render.render_unit"]
    # NoCoverage and CompileError are undetected: uncovered code is unproven code.
    assert (render.tally.undetected, render.tally.rate()) == (2, "0.0%")


def test_a_declared_defect_no_claim_kills_is_listed_as_missed() -> None:
    model = synthetic_model()
    model = attrs.evolve(
        model,
        mutants=tuple(attrs.evolve(m, status="Survived", killed_by=()) if m.id == DEFECT else m for m in model.mutants),
    )
    headroom = {r.rule: r for r in rule_rows(model)}["domain.fit_wall.headroom_gib"]
    assert headroom.missed_defects == (DEFECT,)


def test_a_mutant_killed_by_exactly_one_claim_is_under_that_claims_alone_kills() -> None:
    rows = {r.claim: r for r in claim_rows(synthetic_model())}
    assert ALONE in rows[OVER].alone
    assert rows[OVER].alone == (ALONE,)
    # Killed by three claims: alone under none of them.
    assert all(MANY_KILLERS not in r.alone for r in rows.values())
    # A Timeout and a worker death under one claim are that claim's alone.
    assert rows[UNDER].alone == ("domain.fit_wall.x_fits__mutmut_2",)
    assert rows[UNHELD].alone == ("domain.admission.x_admit__mutmut_1",)
    assert (rows[OVER].killed, rows[OVER].covered) == (3, 5)
    assert rows[HELD].alone == ()


def test_a_claim_killing_nothing_is_listed() -> None:
    rows = claim_rows(synthetic_model())
    assert [r.claim for r in rows] == sorted(r.claim for r in rows)
    assert idle_claims(rows) == (UNIT,)
    idle = tables(synthetic_model())[2]
    assert idle.title == "Claims that kill nothing"
    assert idle.rows == (((UNIT,), "snapshot", "0"),)


def test_the_operator_table_counts_automatic_mutants_only() -> None:
    rows = {r.operator: r.tally for r in operator_rows(synthetic_model())}
    assert DEFECT not in rows
    assert rows == {
        "domain.min_max": Tally(1, 0, 1),
        "mutmut.bool": Tally(2, 1, 0),
        "mutmut.operator": Tally(4, 4, 0),
        "mutmut.string": Tally(2, 0, 0),
    }
    assert total(operator_rows(synthetic_model())) == Tally(9, 5, 1)


def test_markdown_tables() -> None:
    operators = tables(synthetic_model())[3]
    assert markdown(operators) == [
        "| operator | mutants | detected | equivalent | undetected | detected% |",
        "|---|---|---|---|---|---|",
        "| `domain.min_max` | 1 | 0 | 1 | 0 | 0.0% |",
        "| `mutmut.bool` | 2 | 1 | 0 | 1 | 50.0% |",
        "| `mutmut.operator` | 4 | 4 | 0 | 0 | 100.0% |",
        "| `mutmut.string` | 2 | 0 | 0 | 2 | 0.0% |",
        "| total | 9 | 5 | 1 | 3 | 55.6% |",
    ]
    claims = markdown(tables(synthetic_model())[1])
    assert f"| `{OVER}` | refusal | 3 | 5 | 1 | `{ALONE}` |" in claims
    assert markdown(attrs.evolve(operators, rows=())) == ["None."]


def test_markdown_escapes_pipes_and_is_the_same_for_any_model_order() -> None:
    model = synthetic_model()
    shuffled = attrs.evolve(model, mutants=tuple(reversed(model.mutants)), tests=tuple(reversed(model.tests)))
    text = views_markdown(model)
    assert text == views_markdown(shuffled)
    assert [line for line in text.splitlines() if line.startswith("## ")] == [
        "## Rules",
        "## Claims",
        "## Claims that kill nothing",
        "## Operators",
    ]
    piped = attrs.evolve(
        model, mutants=tuple(attrs.evolve(m, operator="a|b") if m.id == ALONE else m for m in model.mutants)
    )
    assert "| `a\\|b` | 1 | 1 | 0 | 0 | 100.0% |" in views_markdown(piped, level=3)
