"""`mutate show` and `mutate survivors`: the function's diff, the status, every killer with how it turned red, the reasons."""

from __future__ import annotations

import attrs
import pytest

from claims._internal.reports.show import find_mutant, render_show, show_text, survivors_text
from claims.errors import UsageError

from .synthetic import DEFECT, EQUIVALENT, FIT_WALL, MANY_KILLERS, SURVIVOR, synthetic_model


def test_show_an_automatic_mutant() -> None:
    assert show_text(synthetic_model(), MANY_KILLERS) == (
        "domain.fit_wall.x_headroom_gib__mutmut_1  (automatic mutant)\n"
        "operator: mutmut.operator\n"
        "rule:     domain.fit_wall.headroom_gib\n"
        "where:    domain/fit_wall.py:6:21-6:22\n"
        "status:   Killed: killed by 3 claims: 2 FAIL, 1 ERROR by the type contract\n"
        "--- domain/fit_wall.py (original)\n"
        "+++ domain/fit_wall.py (domain.fit_wall.x_headroom_gib__mutmut_1)\n"
        "@@ -4,3 +4,3 @@\n"
        " def headroom_gib(pool: int, used: int) -> int:\n"
        '     """Return the headroom."""\n'
        "-    return max(pool - used, 0)\n"
        "+    return max(pool + used, 0)\n"
        "killed by 3 claims:\n"
        "  spark.fit_wall.headroom_never_negative        ERROR by the type contract\n"
        "  spark.fit_wall.need_over_headroom_is_refused  FAIL\n"
        "  spark.fit_wall.need_under_headroom_fits       FAIL\n"
    )


def test_show_a_survivor_with_its_diff() -> None:
    text = show_text(synthetic_model(), SURVIVOR)
    assert "status:   Survived\n" in text
    assert "-    return True\n+    return False\n" in text
    assert text.endswith("no claim kills it; 1 claim executes it\n")


def test_show_a_declared_defect_with_its_intent() -> None:
    text = show_text(synthetic_model(), DEFECT)
    assert text.startswith(
        "spark.headroom_ignores_used  (declared defect)\nintent:   Ignore the used memory: the headroom is the whole pool.\n"
    )
    assert "-    return max(pool - used, 0)\n+    return max(pool, 0)\n" in text
    assert "killed by 2 claims:\n" in text


def test_hunk_lines_are_the_files_even_given_part_of_it() -> None:
    mutant = find_mutant(synthetic_model(), MANY_KILLERS)
    part = "".join(FIT_WALL.splitlines(keepends=True)[3:])
    assert render_show(mutant, part, first_line=4) == render_show(mutant, FIT_WALL)


def test_without_the_source_or_with_a_changed_one_the_diff_is_the_changed_text_saying_why() -> None:
    mutant = find_mutant(synthetic_model(), MANY_KILLERS)
    text = render_show(mutant)
    assert "(only the changed text: the source is not at hand)\n" in text
    assert "@@ -6,1 +6,1 @@\n--\n++\n" in text
    changed = render_show(mutant, FIT_WALL.replace("pool - used", "pool * used"))
    assert "the source does not hold the recorded original text there" in changed


def test_a_mutant_is_found_by_the_last_part_of_its_id() -> None:
    model = synthetic_model()
    assert find_mutant(model, "x_headroom_gib__mutmut_1").id == MANY_KILLERS
    with pytest.raises(UsageError, match="closest: domain.admission.x_admit__mutmut_"):
        find_mutant(model, "x_admit__mutmut_9")
    ambiguous = attrs.evolve(
        model, mutants=(*model.mutants, attrs.evolve(model.mutants[0], id="other.x_headroom_gib__mutmut_1"))
    )
    with pytest.raises(UsageError, match="names 2 mutants"):
        find_mutant(ambiguous, "x_headroom_gib__mutmut_1")


def test_survivors_lists_the_unexplained_then_the_equivalents_with_their_reasons() -> None:
    text = survivors_text(synthetic_model())
    heads = [
        line for line in text.splitlines() if line.endswith("(automatic mutant)") or line.endswith("(declared defect)")
    ]
    assert heads == [
        f"{SURVIVOR}  (automatic mutant)",
        "domain.native.render.x_render_unit__mutmut_1  (automatic mutant)",
        f"{EQUIVALENT}  (automatic mutant)",
    ]
    assert "status:   Ignored (equivalent): max(a, 0) and max(0, a) are the same value\n" in text
    assert "+    return max(0, pool - used)\n" in text
    assert "no claim kills it; no claim executes it\n" in text
    assert text.endswith("3 survivors: 2 unexplained (1 Survived, 1 NoCoverage), 1 equivalent\n")
    assert text == survivors_text(attrs.evolve(synthetic_model(), mutants=tuple(reversed(synthetic_model().mutants))))
