"""Test `claims.tables.mutable_tables`: it names every module-level mutable table, and `domain` has none."""

from __future__ import annotations

import collections
import importlib
import pkgutil
import sys
import types
from collections.abc import Iterator
from types import MappingProxyType

import attrs
import pytest

import domain
from claims._internal.running.mutable_tables import mutable_tables
from claims.errors import UsageError


@attrs.define
class Mutable:
    """Carry one field, settable after construction."""

    rows: int = 0


@attrs.frozen
class Frozen:
    """Carry one field, frozen; it may still hold a mutable container."""

    rows: object = ()


@pytest.fixture
def toy() -> Iterator[types.ModuleType]:
    """Plant a toy module in sys.modules for the duration of one test."""
    module = types.ModuleType("toy_tables")
    sys.modules[module.__name__] = module
    try:
        yield module
    finally:
        del sys.modules[module.__name__]


def test_domain_has_no_mutable_table() -> None:
    names = ["domain", *(m.name for m in pkgutil.walk_packages(domain.__path__, "domain."))]
    for name in names:
        importlib.import_module(name)
    assert len(names) > 30  # every rule module, the native ones and the edges were imported
    assert mutable_tables(names) == []


def test_a_planted_list_is_found(toy: types.ModuleType) -> None:
    toy.HOSTS = ["srv5"]
    assert mutable_tables(["toy_tables"]) == [("toy_tables", "HOSTS", "list")]


def test_every_kind_of_mutable_container_is_found(toy: types.ModuleType) -> None:
    planted = {
        "A_LIST": [],
        "A_DICT": {},
        "A_SET": set(),
        "BYTES": bytearray(b"x"),
        "QUEUE": collections.deque(),
        "ORDERED": collections.OrderedDict(),
        "DEFAULTS": collections.defaultdict(list),
        "COUNTS": collections.Counter(),
        "RECORD": Mutable(),
    }
    for name, value in planted.items():
        setattr(toy, name, value)
    found = {name: kind for _, name, kind in mutable_tables(["toy_tables"])}
    assert found == {name: type(value).__name__ for name, value in planted.items()}


def test_immutable_tables_are_not_found(toy: types.ModuleType) -> None:
    toy.ROWS = ("a", 1, frozenset({2}))
    toy.TABLE = MappingProxyType({"a": (1, 2)})
    toy.FROZEN = Frozen(rows=("x",))
    toy.TEXT, toy.BLOB, toy.NUMBER = "s", b"b", 3
    assert mutable_tables(["toy_tables"]) == []


def test_a_mutable_container_inside_an_immutable_one_is_found_by_its_path(toy: types.ModuleType) -> None:
    toy.ROWS = ("a", ["b"])
    toy.TABLE = MappingProxyType({"k": (1, {"deep": 1})})
    toy.FROZEN = Frozen(rows={"x"})
    assert mutable_tables(["toy_tables"]) == [
        ("toy_tables", "FROZEN.rows", "set"),
        ("toy_tables", "ROWS[1]", "list"),
        ("toy_tables", "TABLE['k'][1]", "dict"),
    ]


def test_dunders_modules_classes_and_functions_are_skipped(toy: types.ModuleType) -> None:
    toy.__all__ = ["x"]
    toy.__custom__ = {}
    toy.collections = collections
    toy.OrderedDict = collections.OrderedDict
    toy.Mutable = Mutable
    toy.helper = lambda: []
    toy.builtin = len
    assert mutable_tables(["toy_tables"]) == []


def test_an_allow_list_accepts_named_bindings(toy: types.ModuleType) -> None:
    toy.REGISTRY, toy.CACHE, toy.OTHER = {}, [], set()
    assert mutable_tables(["toy_tables"], allow=["toy_tables.REGISTRY", "CACHE"]) == [("toy_tables", "OTHER", "set")]
    assert mutable_tables(["toy_tables"], allow=["other_module.OTHER", "toy_tables.REGISTRY", "CACHE"]) == [
        ("toy_tables", "OTHER", "set")
    ]


def test_a_container_imported_from_another_module_is_found_in_each(toy: types.ModuleType) -> None:
    shared = ["x"]
    second = types.ModuleType("toy_tables_two")
    toy.SHARED, second.SHARED = shared, shared
    sys.modules[second.__name__] = second
    try:
        assert mutable_tables(["toy_tables", "toy_tables_two"]) == [
            ("toy_tables", "SHARED", "list"),
            ("toy_tables_two", "SHARED", "list"),
        ]
    finally:
        del sys.modules[second.__name__]


def test_a_cycle_is_walked_once(toy: types.ModuleType) -> None:
    loop = Frozen()
    object.__setattr__(loop, "rows", (loop, MappingProxyType({"again": loop})))  # a frozen value that holds itself
    toy.LOOP = loop
    assert mutable_tables(["toy_tables"]) == []
    object.__setattr__(loop, "rows", (loop, []))
    assert mutable_tables(["toy_tables"]) == [("toy_tables", "LOOP.rows[1]", "list")]


def test_a_module_not_imported_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="'no_such_module_here', which is not in sys.modules"):
        mutable_tables(["no_such_module_here"])
