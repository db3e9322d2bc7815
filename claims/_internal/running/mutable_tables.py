"""Find module-level mutable tables: the bindings that let one claim change what the next one sees.

A module-level list, dict or set (or a non-frozen attrs instance) is shared
by every claim in a process: a claim that appends to it, or a rule that
updates it, changes every claim run after it, so verdicts depend on order.
`mutable_tables` names each such binding, and each mutable container nested
inside an immutable one (a list in a tuple, a dict in a frozen attrs value,
a set behind a `MappingProxyType`), so a gate can refuse them.  It only
reads: it imports nothing the caller has not imported.
"""

from __future__ import annotations

import collections
import sys
import types
from collections.abc import Iterable, Iterator, MutableMapping, MutableSequence, MutableSet
from typing import Any

import attrs

from claims.errors import UsageError

_MUTABLE = (list, dict, set, bytearray, collections.deque, MutableMapping, MutableSequence, MutableSet)
"""Mutable containers: OrderedDict, defaultdict and Counter are dicts; the ABCs catch the rest."""

_MAX_NESTING = 16


@attrs.frozen
class _FrozenProbe:
    """Carry nothing: its `__setattr__` is the one attrs gives every frozen class."""


def _is_frozen_attrs(kind: type) -> bool:
    props = getattr(kind, "__attrs_props__", None)  # attrs >= 25.4 says so directly
    if props is not None:
        return bool(props.is_frozen)
    return getattr(kind, "__setattr__", None) is _FrozenProbe.__setattr__


def _mutable_kind(value: Any) -> str | None:
    """Return the type name of a mutable container or a non-frozen attrs instance, else None."""
    kind = type(value)
    if isinstance(value, _MUTABLE) or (attrs.has(kind) and not _is_frozen_attrs(kind)):
        return kind.__name__
    return None


def _parts(value: Any) -> Iterator[tuple[str, Any]]:
    """Yield (path suffix, item) for what an immutable container holds; nothing for anything else."""
    if isinstance(value, tuple):
        yield from ((f"[{i}]", item) for i, item in enumerate(value))
    elif isinstance(value, frozenset):
        yield from (("{...}", item) for item in value)
    elif isinstance(value, types.MappingProxyType):
        yield from ((f"[{key!r}]", item) for key, item in value.items())
    elif attrs.has(type(value)):
        yield from ((f".{a.name}", getattr(value, a.name)) for a in attrs.fields(type(value)))


def _found(value: Any, path: str, seen: set[int], depth: int) -> Iterator[tuple[str, str]]:
    kind = _mutable_kind(value)
    if kind is not None:
        yield path, kind
        return
    if depth >= _MAX_NESTING or id(value) in seen:
        return
    seen.add(id(value))
    for suffix, item in _parts(value):
        yield from _found(item, path + suffix, seen, depth + 1)


def _skipped(value: Any) -> bool:
    # Modules, classes and functions (imported or not) are namespaces and code, not tables.
    return isinstance(value, (types.ModuleType, type, types.FunctionType, types.BuiltinFunctionType, types.MethodType))


def mutable_tables(module_names: Iterable[str], allow: Iterable[str] = ()) -> list[tuple[str, str, str]]:
    """Return (module, name, type name) for every mutable table bound at module level in these modules.

    Each module must already be imported (it is looked up in `sys.modules`,
    never imported here).  Dunder names are skipped, and so are modules,
    classes and functions.  `allow` lists accepted bindings as `module.name`
    (that module only) or a bare `name` (any module).  A container nested in
    an immutable one is named by its path: `TABLE[2]`, `ROW.field`.
    """
    allowed = set(allow)
    rows: list[tuple[str, str, str]] = []
    for module_name in module_names:
        module = _imported(module_name)
        for name, value in sorted(vars(module).items()):
            if _checked(module_name, name, value, allowed):
                rows.extend((module_name, path, kind) for path, kind in _found(value, name, set(), 0))
    return rows


def _imported(module_name: str) -> types.ModuleType:
    """Return an imported module, or refuse a name not in `sys.modules` (nothing is imported here)."""
    module = sys.modules.get(module_name)
    if module is None:
        raise UsageError(
            f"mutable_tables: expected an imported module, got {module_name!r}, which is not in sys.modules; import it first"
        )
    return module


def _checked(module_name: str, name: str, value: Any, allowed: set[str]) -> bool:
    """Say whether a module-level binding is checked: not a dunder, namespace or code, and not allowed."""
    if name.startswith("__") and name.endswith("__") or _skipped(value):
        return False
    return not (name in allowed or f"{module_name}.{name}" in allowed)
