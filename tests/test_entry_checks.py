"""A checked function opens with its plain-pass tests inline, asking typeguard (with its memo) only for what fails them."""

from __future__ import annotations

import ast
from typing import Any
from unittest import mock

import pytest
from typeguard import TypeCheckError, TypeCheckMemo

from claims._internal.running import entry_checks, type_checks
from claims._internal.running.loader import _transformer

RULES = """
from __future__ import annotations

def scaled(size: int, factor: float, name: str | None = None) -> float:
    return size * factor

def named(name: str) -> str:
    return name if name else 7

def constant() -> tuple[str, ...]:
    return ("a",)

def outer(size: int) -> int:
    def inner(extra: int) -> int:
        return extra
    return inner(size)

class Box:
    def sized(self, size: int) -> int:
        return size

def assigned(size: int) -> int:
    kept: int = size
    return kept
"""


def instrumented(source: str, *, inline: bool = True) -> dict[str, Any]:
    """Return the namespace of `source` transformed as the loader transforms a rule module."""
    tree = _transformer()().visit(ast.parse(source))
    if inline:
        tree = entry_checks.inline(tree)
    namespace: dict[str, Any] = {"__name__": "rules_under_test"}
    exec(compile(tree, "<rules>", "exec"), namespace)
    return namespace


def test_plain_arguments_and_returns_build_no_memo_and_never_ask_typeguard() -> None:
    rules = instrumented(RULES)
    with (
        mock.patch.dict(rules, {"TypeCheckMemo": mock.Mock(side_effect=AssertionError("a memo was built"))}),
        mock.patch.object(type_checks, "_typeguard_arguments", side_effect=AssertionError("asked typeguard")),
        mock.patch.object(type_checks, "_typeguard_return", side_effect=AssertionError("asked typeguard")),
    ):
        assert rules["named"]("a") == "a"
        assert rules["constant"]() == ("a",)
        assert rules["outer"](3) == 3


def test_without_the_rewrite_every_call_builds_a_memo() -> None:
    # The control for the test above: typeguard's own opening builds a memo even for plain values.
    rules = instrumented(RULES, inline=False)
    with mock.patch.dict(rules, {"TypeCheckMemo": mock.Mock(side_effect=AssertionError("a memo was built"))}):
        with pytest.raises(AssertionError, match="a memo was built"):
            rules["named"]("a")


def test_a_value_not_plainly_passed_is_judged_by_typeguard_with_a_memo() -> None:
    rules = instrumented(RULES)
    with (
        mock.patch.object(type_checks, "_typeguard_arguments", wraps=type_checks._typeguard_arguments) as arguments,
        mock.patch.object(type_checks, "_typeguard_return", wraps=type_checks._typeguard_return) as returned,
    ):
        # An int for a float is not a plain pass (typeguard has a checker of its own for float), and typeguard
        # passes it; so is the int returned for a float.
        assert rules["scaled"](2, 3) == 6
    (name, table, memo), _ = arguments.call_args
    assert (name, list(table)) == ("scaled", ["factor", "name"])  # from the first argument not plainly passed
    assert isinstance(memo, TypeCheckMemo) and memo.locals == {"size": 2, "factor": 3, "name": None}
    assert memo.globals is rules
    (name, value, annotation, memo), _ = returned.call_args
    assert (name, value, annotation) == ("scaled", 6, float)
    assert isinstance(memo, TypeCheckMemo) and memo.globals is rules and memo.locals["factor"] == 3


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda r: r["scaled"]("2", 3.0), 'argument "size" (str) is not an instance of int'),
        (lambda r: r["scaled"](2, 3.0, 5), 'argument "name" (int) did not match any element in the union'),
        (lambda r: r["named"](""), "the return value (int) is not an instance of str"),
        (lambda r: r["scaled"](2, "x"), 'argument "factor" (str) is neither float or int'),
        (lambda r: r["outer"]("s"), 'argument "size" (str) is not an instance of int'),
    ],
)
def test_a_failing_value_fails_with_typeguards_own_words_as_before(call: Any, words: str) -> None:
    with pytest.raises(TypeCheckError) as theirs:
        call(instrumented(RULES, inline=False))
    with pytest.raises(TypeCheckError) as ours:
        call(instrumented(RULES))
    assert str(ours.value) == str(theirs.value)
    assert words in str(ours.value)


def test_only_a_plain_memo_serving_only_the_entry_and_return_checks_is_rewritten() -> None:
    tree = entry_checks.inline(_transformer()().visit(ast.parse(RULES)))
    source = ast.unparse(tree)
    function = {node.name: ast.unparse(node) for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    assert "from claims._internal.running.type_checks import passes as __claims_passes__" in source
    for name in ("scaled", "named", "constant", "outer", "inner"):
        assert "memo =" not in function[name], name
    assert "if not (__claims_passes__(size, int) and __claims_passes__(factor, float)" in function["scaled"]
    assert "check_return_type_internal('named', name if name else 7, str, None)" in function["named"]
    # A method's memo names its class (for `Self`); an annotated assignment's check uses the memo too.
    assert "memo = TypeCheckMemo(globals(), locals(), self_type=self.__class__)" in function["sized"]
    assert "memo = TypeCheckMemo(globals(), locals())" in function["assigned"]
    assert "check_return_type_internal('assigned', kept, int, memo)" in function["assigned"]


def test_a_module_with_nothing_to_check_is_left_alone() -> None:
    tree = ast.parse("def _helper(size: int) -> int:\n    return size\n")
    assert ast.dump(entry_checks.inline(_transformer()().visit(tree))) == ast.dump(
        _transformer()().visit(ast.parse("def _helper(size: int) -> int:\n    return size\n"))
    )


def test_a_module_keeps_its_docstring_with_or_without_a_future_import() -> None:
    for source in ('"""Rules."""\ndef rule(a: int) -> int:\n    return a\n', '"""Rules."""\n' + RULES):
        rules = instrumented(source)
        assert rules["__doc__"] == "Rules."
        assert rules["rule" if "def rule" in source else "named"]
