"""The quick type test passes only what typeguard passes, and passes the plain shapes without asking typeguard."""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Mapping, MutableMapping, MutableSequence, Sequence
from collections.abc import Set as AbstractSet
from types import MappingProxyType
from typing import Any, Generic, Literal, NamedTuple, NewType, Protocol, TypedDict, TypeVar
from unittest import mock

import attrs
import pytest
from typeguard import CollectionCheckStrategy, TypeCheckError, TypeCheckMemo, check_type
from typeguard._functions import check_argument_types_internal, check_return_type_internal

from claims._internal.running import type_checks


@attrs.frozen
class Row:
    name: str


class Pair(NamedTuple):
    left: str
    right: int


class Named(Protocol):
    name: str


class Movie(TypedDict):
    title: str


class Text(str):
    pass


UserId = NewType("UserId", int)
Item = TypeVar("Item")


@attrs.frozen
class Box(Generic[Item]):
    content: Item


VALUES: list[Any] = [
    None, True, 0, 7, 1.5, "", "a", Text("t"), b"b", bytearray(b"b"), (), ("a",), ("a", "b"), ("a", 1), ("a", None),
    (1, "a"), Pair("a", 1), frozenset(), frozenset({"a"}), frozenset({"a", 1}), {"title": "x"}, ["a"], Row("r"),
    Row, mock.Mock(), [], ["a", 1], [Row("r"), None], set(), {"a"}, {1, "a"}, {}, {"a": 1}, {1: "a"}, {"a": None},
    {"a": ("b",)}, {"a": ("b", 1)}, MappingProxyType({"a": 1}), Box("x"), Box(1), Box,
]  # fmt: skip

# The shapes the quick test answers itself: its answer is typeguard's, checking every item of a collection
# (the typing module's spellings too, which a rule may use).
PLAIN: list[Any] = [
    str, int, bool, Text, Row, type(None), Any, int | None, str | Row | None, tuple[str, ...] | None, Any | None,
    int | list[str],
    tuple[str, ...], tuple[str | None, ...], tuple[str, int], tuple[()], tuple[tuple[str, ...], ...],
    frozenset[str], frozenset[int | str], set[str], AbstractSet[int | str],
    list[str], list[Row | None], list[Any], Sequence[str], MutableSequence[str], Iterable[int],
    dict[str, int], dict[str, Any], dict[Any, str], Mapping[str, tuple[str, ...]], Mapping[str | int, str | None],
    MutableMapping[str, int], Box, Box[str], Box[int], Box[Row],
    *[typing.Optional[str], typing.Union[int, str], typing.Tuple, typing.List[str], typing.Dict[str, int]],  # noqa: UP006, UP007, UP045
    *[typing.Set[str], typing.Mapping[str, int], typing.Sequence[str]],  # noqa: UP006
]  # fmt: skip

# Shapes typeguard judges with a checker of its own: the quick test must leave every one to it.
OTHER: list[Any] = [
    float, complex, bytes, tuple, frozenset, list, dict, Literal["a", 1], Named, Movie, Pair, UserId, Item,
    type[Row], tuple[float, ...], tuple[str, float], "Row", list[float], Sequence[bytes], dict[str, float],
    Mapping[float, str], set[float], Callable[[], str], typing.List, typing.Dict,  # noqa: UP006
]  # fmt: skip


def typeguard_passes(value: Any, annotation: Any, *, every_item: bool = False) -> bool:
    strategy = CollectionCheckStrategy.ALL_ITEMS if every_item else CollectionCheckStrategy.FIRST_ITEM
    try:
        check_type(value, annotation, collection_check_strategy=strategy)
    except TypeCheckError:
        return False
    return True


def test_a_value_passed_quickly_is_one_typeguard_passes() -> None:
    # Every value against every shape (about 2,900 pairs): none passes quickly that typeguard refuses.
    wrong = [(v, a) for v in VALUES for a in PLAIN + OTHER if type_checks.passes(v, a) and not typeguard_passes(v, a)]
    assert wrong == []


@pytest.mark.parametrize("annotation", PLAIN, ids=repr)
def test_the_plain_shapes_are_answered_exactly(annotation: Any) -> None:
    answers = {
        repr(v): (type_checks.passes(v, annotation), typeguard_passes(v, annotation, every_item=True))
        for v in VALUES
        if not isinstance(v, mock.Mock)
    }
    assert {k: a for k, a in answers.items() if a[0] != a[1]} == {}


@pytest.mark.parametrize("annotation", OTHER, ids=repr)
def test_a_shape_with_a_checker_of_its_own_goes_to_typeguard(annotation: Any) -> None:
    assert [v for v in VALUES if type_checks.passes(v, annotation)] == []


def test_a_collection_that_cannot_be_tested_plainly_goes_to_typeguard() -> None:
    class Endless(Sequence[str]):
        def __getitem__(self, index: Any) -> Any:
            raise RuntimeError("no items")

        def __len__(self) -> int:
            return 1

    assert not type_checks.passes(Endless(), Sequence[str])


def test_a_union_passes_quickly_only_through_its_plain_members() -> None:
    assert type_checks.passes(None, float | None)
    assert not type_checks.passes(1.5, float | None)
    assert not type_checks.passes(1, float | None)  # typeguard takes an int for a float: it says so itself


def test_an_unhashable_annotation_goes_to_typeguard() -> None:
    from typing import Annotated

    assert not type_checks.passes("a", Annotated[str, ["unhashable"]])


def test_a_failing_argument_fails_with_typeguards_own_error() -> None:
    memo = TypeCheckMemo(globals(), locals())
    arguments = {"name": ("a", str), "size": ("7", int), "row": (Row("r"), Row)}
    with pytest.raises(TypeCheckError) as theirs:
        check_argument_types_internal("rule", arguments, memo)
    with pytest.raises(TypeCheckError) as ours:
        type_checks.check_argument_types_internal("rule", arguments, memo)
    assert str(ours.value) == str(theirs.value) == 'argument "size" (str) is not an instance of int'
    with pytest.raises(TypeCheckError) as returned:
        type_checks.check_return_type_internal("rule", ("a", 1.5), tuple[str, int], memo)
    with pytest.raises(TypeCheckError) as their_return:
        check_return_type_internal("rule", ("a", 1.5), tuple[str, int], memo)
    assert str(returned.value) == str(their_return.value)


def test_plain_arguments_and_returns_never_reach_typeguard() -> None:
    memo = TypeCheckMemo(globals(), locals())
    value = ("a", "b")
    with (
        mock.patch.object(type_checks, "_typeguard_arguments", side_effect=AssertionError("asked typeguard")),
        mock.patch.object(type_checks, "_typeguard_return", side_effect=AssertionError("asked typeguard")),
    ):
        assert type_checks.check_argument_types_internal("rule", {"n": (7, int), "o": (None, Row | None)}, memo)
        assert type_checks.check_return_type_internal("rule", value, tuple[str, ...], memo) is value


def test_instrumented_rules_call_the_quick_checks() -> None:
    import ast

    from claims._internal.running.loader import _transformer

    checked = ast.unparse(_transformer()().visit(ast.parse("def rule(size: int) -> int:\n    return size\n")))
    assert (
        "from claims._internal.running.type_checks import check_argument_types_internal, check_return_type_internal"
        in checked
    )
