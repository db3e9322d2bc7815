"""A declared defect's textual patch runs only the claims that executed a statement it changes."""

from __future__ import annotations

import ast
import textwrap
from typing import Any

import pytest

from claims._internal.caching import reach
from claims._internal.mutation.defects import Defect, DefectGroup
from claims._internal.mutation.patched_lines import patched_statements
from claims._internal.mutation.plan import Baseline, defect_covering

TEXT = textwrap.dedent(
    '''
    import functools


    @functools.lru_cache(maxsize=None)
    def rule(a, b=1):
        """Doc."""
        total = a + b
        if total > 3:
            total -= 1
        elif total < 0:
            total = 0
        else:
            total += 2
        try:
            value = 10 // (total - 4)
        except ZeroDivisionError:
            value = -1
        def inner(n):
            return n * 2
        class Local:
            limit = 4
        for _ in range(a % 3):
            value += Local.limit
        return inner(value)
    '''
).lstrip("\n")
# Offsets from the def line: docstring 1, total 2, if 3, total -= 1 4, elif 5, total = 0 6, else 7, total += 2 8,
# try 9, value = 10, except 11, value = -1 12, def inner 13, its return 14, class 15, limit 16, for 17, += 18, return 19.

PATCHES: list[tuple[str, str, str, frozenset[int] | None]] = [
    # (what, old, new, the statements it changes: None is every claim that ran the rule)
    ("a simple statement", "a + b", "a - b", frozenset({2})),
    ("an if's condition", "total > 3", "total >= 3", frozenset({3})),
    ("a line in its body", "total -= 1", "total -= 2", frozenset({4})),
    ("an elif's condition", "total < 0", "total <= 0", frozenset({5})),
    ("the else body", "total += 2", "total += 3", frozenset({8})),
    ("an except clause: its try", "except ZeroDivisionError", "except ValueError", frozenset({9})),
    ("a handler's body", "value = -1", "value = -2", frozenset({12})),
    ("a closure's statement", "n * 2", "n * 3", frozenset({14})),
    ("a class body: the class statement", "limit = 4", "limit = 5", frozenset({15})),
    ("a loop body", "value += Local.limit", "value -= Local.limit", frozenset({18})),
    ("two statements in one patch", "total = 0\n    else:", "total = 1\n    else:", frozenset({6})),
    ("a line inserted in a block: the block", "total -= 1\n", "total -= 1\n        total -= 1\n", frozenset({3})),
    ("the signature", "b=1", "b=2", None),
    ("a decorator", "maxsize=None", "maxsize=2", None),
    ("the docstring", '"""Doc."""', '"""Docs."""', None),
    ("a line inserted at the top level", "    total = a + b\n", "    total = a + b\n    total += 1\n", None),
    ("a text that is not there", "a * b", "a / b", None),
    ("a text that is there twice", "total", "sum", None),
]


@pytest.mark.parametrize(("what", "old", "new", "expected"), PATCHES, ids=[p[0] for p in PATCHES])
def test_a_patch_names_the_innermost_statement_holding_each_changed_line(
    what: str, old: str, new: str, expected: frozenset[int] | None
) -> None:
    assert patched_statements(TEXT, "rule", old, new) == expected, what


def test_an_unknown_rule_or_unparsable_module_is_every_claim() -> None:
    assert patched_statements(TEXT, "other", "a + b", "a - b") is None
    assert patched_statements("def broken(:\n", "broken", "(", "((") is None


def _run(text: str, a: int) -> tuple[Any, set[str]]:
    """Run `rule(a)` of a module's text, instrumented as the domain is; return its answer and the keys it reached."""
    tree = reach.instrument(ast.parse(text), "m", lines=True)
    table: dict[str, int] = {}
    namespace: dict[str, Any] = {reach.TABLE: table}
    exec(compile(ast.fix_missing_locations(tree), "<m>", "exec"), namespace)
    try:
        answer: Any = namespace["rule"].__wrapped__(a)
    except Exception as exc:
        answer = repr(exc)
    return answer, set(table)


@pytest.mark.parametrize(("what", "old", "new", "expected"), PATCHES[:12], ids=[p[0] for p in PATCHES[:12]])
def test_a_call_whose_answer_a_patch_changes_reached_a_statement_it_names(
    what: str, old: str, new: str, expected: frozenset[int] | None
) -> None:
    # The property the narrowing rests on, over inputs through every branch: where the answers differ, the
    # original's run executed one of the named statements, so a claim that reached none of them sees no change.
    offsets = patched_statements(TEXT, "rule", old, new)
    assert offsets is not None
    keys = {reach.statement_key("m", "rule", offset) for offset in offsets}
    differed = 0
    for a in range(-8, 9):
        original, reached = _run(TEXT, a)
        patched, _ = _run(TEXT.replace(old, new), a)
        if original != patched:
            differed += 1
            assert reached & keys, f"{what}: rule({a}) changed without reaching {sorted(keys)}"
    assert differed, f"{what}: no input tells the patch apart; the case proves nothing"


def _defect(patch: tuple[str, str] | None = None, target: str = "m.rule") -> Defect:
    return Defect(
        id="toy.defect",
        target=target,
        intent="Change the rule.",
        must_red={"w.a"},
        patch=patch,
        replacement=None if patch else (lambda a, b=1: 0),
    )


def test_a_defect_runs_the_claims_that_reached_a_changed_statement_and_a_wrapper_every_claim_of_its_rule() -> None:
    baseline = Baseline.of(
        {"w.a": 0.1, "w.b": 0.1, "w.c": 0.1},
        {
            "w.a": [reach.statement_key("m", "rule", 2), reach.statement_key("m", "rule", 3)],
            "w.b": [reach.statement_key("m", "rule", 2), reach.statement_key("m", "rule", 5)],
            "w.c": [reach.statement_key("m", "other", 1)],
        },
    )
    text_of = {"m": TEXT}.get
    assert defect_covering(_defect(("total > 3", "total >= 3")), baseline, [], text_of) == {"w.a"}
    assert defect_covering(_defect(("total < 0", "total <= 0")), baseline, [], text_of) == {"w.b"}
    assert defect_covering(_defect(("b=1", "b=2")), baseline, [], text_of) == {"w.a", "w.b"}
    assert defect_covering(_defect(), baseline, [], text_of) == {"w.a", "w.b"}
    # A source that cannot be read is every claim of the rule, never none.
    assert defect_covering(_defect(("total > 3", "total >= 3")), baseline, [], lambda m: None) == {"w.a", "w.b"}
    group = DefectGroup(
        id="toy.group",
        intent="Change both.",
        must_red={"w.a"},
        defects=(_defect(("total > 3", "total >= 3")), _defect(("x", "y"), target="m.other")),
    )
    assert defect_covering(group, baseline, [], text_of) == {"w.a", "w.c"}


def _edits() -> list[tuple[str, str]]:
    """Every one-token edit of the rule's body a reviewer might plant: a digit, a comparison, an operator."""
    swaps = {" > ": " < ", " < ": " > ", " + ": " - ", " - ": " + ", " * ": " + ", " // ": " % ", " += ": " -= "}
    swaps |= {" -= ": " += ", "ZeroDivisionError": "ValueError"}
    lines = TEXT.splitlines(keepends=True)
    found = []
    for number, line in enumerate(lines):
        if number < 5 or '"""' in line:
            continue  # the import, decorator and def lines; the docstring
        for at, char in enumerate(line):
            if char.isdigit():
                found.append((number, at, char, str((int(char) + 1) % 10)))
        for old, new in swaps.items():
            at = line.find(old)
            if at >= 0:
                found.append((number, at, old, new))
    edits = []
    for number, at, old, new in found:
        edited = lines[number][:at] + new + lines[number][at + len(old) :]
        before = "".join(lines[max(0, number - 1) : number + 1])  # the line with the one above: unique in the rule
        after = "".join(lines[max(0, number - 1) : number]) + edited
        try:
            ast.parse(TEXT.replace(before, after))
        except SyntaxError:
            continue
        edits.append((before, after))
    return edits


EDITS = _edits()


@pytest.mark.parametrize(("old", "new"), EDITS, ids=[f"edit{n}" for n in range(len(EDITS))])
def test_every_one_token_edit_changes_answers_only_where_a_named_statement_ran(old: str, new: str) -> None:
    offsets = patched_statements(TEXT, "rule", old, new)
    assert offsets is not None, "a one-line edit inside the body is placed"
    keys = {reach.statement_key("m", "rule", offset) for offset in offsets}
    for a in range(-8, 9):
        original, reached = _run(TEXT, a)
        patched, _ = _run(TEXT.replace(old, new), a)
        assert original == patched or reached & keys, f"rule({a}) changed without reaching {sorted(keys)}"


def test_the_one_token_edits_cover_every_statement_of_the_body() -> None:
    # So the property above is exercised at every nesting: the if and its else, the handler, the closure, the loop.
    named = set().union(*(patched_statements(TEXT, "rule", old, new) or () for old, new in EDITS))
    assert named == {2, 3, 4, 5, 6, 8, 9, 10, 12, 14, 15, 17, 18}, sorted(named)  # the return has no token
