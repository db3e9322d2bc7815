"""A declared patch compiles from its rule's own lines to the very code a parse of the whole patched module gives."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from claims._internal.functions import function_likes
from claims._internal.mutation import patches
from claims._internal.mutation.defects import Defect
from claims._internal.mutation.patched_lines import function_spans

RULES = '''\
import functools


def clamp(value: int, most: int) -> int:
    """Keep a value at most `most`."""
    if value > most:
        return most
    return value


@functools.cache
def cached(n: int) -> int:
    return n * 2


async def later(n: int) -> int:
    return n + 1


class Outer:
    class Inner:
        def __init__(self, size: int) -> None:
            self.__size = size

        def holds(self, value: int) -> bool:
            return 0 <= value < self.__size

    @staticmethod
    def twice(n: int) -> int:
        return n * 2

    @property
    def size(self) -> int:
        return 1

    @size.setter
    def size(self, value: int) -> None:
        if value < 0:
            raise ValueError(value)
'''

PATCHES = [
    ("rules.clamp", ("if value > most:", "if value >= most:")),
    ("rules.cached", ("n * 2", "n * 3")),
    ("rules.later", ("n + 1", "n - 1")),
    ("rules.Outer.Inner.holds", ("0 <= value", "0 < value")),
    ("rules.Outer.Inner.__init__", ("= size", "= size + 1")),
    ("rules.Outer.twice", ("n * 2", "n + 2")),
    ("rules.Outer.size.setter", ("value < 0", "value <= 0")),
    ("rules.clamp", ("    return value\n", "    value += 1\n    return value\n")),
]


def _whole_module(defect: Defect, qualname: str, path: Path, text: str) -> object:
    """Find the patched rule as the whole patched module parses (how patches were compiled before)."""
    assert defect.patch is not None
    old, new = defect.patch
    first, last = function_spans(text)[qualname]
    lines = text.splitlines(keepends=True)
    body = "".join(lines[first - 1 : last]).replace(old, new)
    patched = "".join([*lines[: first - 1], body, *lines[last:]])
    return {f.qualname: f for f in function_likes(ast.parse(patched))[0]}[qualname]


@pytest.mark.parametrize(("target", "patch"), PATCHES, ids=[f"{t}:{p[0].strip()}" for t, p in PATCHES])
def test_a_patch_compiles_to_the_code_the_whole_patched_module_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target: str, patch: tuple[str, str]
) -> None:
    path = tmp_path / "rules.py"
    defect = Defect(id="t.d", target=target, intent="A defect.", must_red={"t.c"}, patch=patch)
    own = patches._patch_code(defect, "rules", path, RULES)
    monkeypatch.setattr(patches, "_patched_function", _whole_module)
    # Code objects compare by bytecode, constants, names and line tables (lines and columns).
    assert own == patches._patch_code(defect, "rules", path, RULES)


@pytest.mark.parametrize(
    ("target", "patch", "why"),
    [
        ("rules.clamp", ("if value > most:", "if value >> most"), "does not parse"),
        ("rules.clamp", ("def clamp(", "def clamped("), "is no longer a function"),
        ("rules.Outer.twice", ("return n * 2\n", "return n * 2\nDEDENTED = 1\n"), "is no longer a function"),
        ("rules.clamp", ("    return value\n", "    return value\nLATER = 1\n"), "is no longer a function"),
        ("rules.clamp", ("return", "yield"), "appears 2 times"),
        ("rules.nowhere", ("a", "b"), "no function 'nowhere'"),
    ],
)
def test_a_patch_that_no_longer_makes_the_rule_is_refused_with_why(
    tmp_path: Path, target: str, patch: tuple[str, str], why: str
) -> None:
    defect = Defect(id="t.d", target=target, intent="A defect.", must_red={"t.c"}, patch=patch)
    with pytest.raises(LookupError, match=why):
        patches._patch_code(defect, "rules", tmp_path / "rules.py", RULES)
