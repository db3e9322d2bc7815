"""Decide what a probe's variant may share with the original's call, copy the rest, and say whether answers are alike.

A variant is called on a copy of the arguments, so that whatever it does to
them cannot reach the original's.  A frozen value (atomic, a tuple or
frozenset of frozen values, a frozen attrs value of frozen fields, an enum
member) cannot be changed in place, so it is handed over as it is, even
inside a value that is not frozen.  Two answers are alike when a caller
cannot tell them apart: the same type, equal, with the same `repr`, which
is checked part by part where that is at least as strict.
"""

from __future__ import annotations

import copy
import enum
from collections.abc import Iterable
from fractions import Fraction
from types import BuiltinFunctionType, FunctionType
from typing import Any, cast

import attrs

_frozen_setattrs: Any
try:
    from attr._make import _frozen_setattrs  # what a frozen attrs class sets as its __setattr__
except ImportError:  # pragma: no cover - another attrs layout: copy every argument (slower, still sound)
    _frozen_setattrs = None

ATOMIC = (type(None), bool, int, float, complex, str, bytes, Fraction, range, type, FunctionType, BuiltinFunctionType)
"""Values nothing can change in place, and that identity says nothing about (small ints and strings are shared)."""

_KNOWN: dict[int, tuple[Any, bool]] = {}
"""What `frozen` found in the claim running now, by id: each value is held, so no other value takes its id."""


def forget() -> None:
    """Let go of what was found frozen (a new claim starts: its values are not the last one's)."""
    _KNOWN.clear()


def frozen(value: Any) -> bool:
    """Say whether nothing a rule does can change `value` in place (so its variants may share it)."""
    return _judged(value, set())[0]


def _judged(value: Any, path: set[int]) -> tuple[bool, bool]:
    """Return (frozen, known for good); `path` holds the values being judged around this one."""
    quick = _judged_at_once(value, path)
    if quick is not None:
        return quick
    parts = _parts_to_judge(value)
    if parts is None:
        fixed = isinstance(value, (enum.Enum, attrs.Attribute))
        _KNOWN[id(value)] = (value, fixed)
        return fixed, True
    path.add(id(value))
    fixed, lasting = _judged_parts(parts, path)
    path.discard(id(value))
    # Not frozen is for good (what is not frozen stays so); frozen only once every part is there.
    if lasting or not fixed:
        _KNOWN[id(value)] = (value, fixed)
    return fixed, lasting or not fixed


def _judged_at_once(value: Any, path: set[int]) -> tuple[bool, bool] | None:
    """Decide (frozen, known for good) without looking inside `value`, or None when its parts must be judged."""
    if isinstance(value, ATOMIC):
        return True, True
    found = _KNOWN.get(id(value))
    if found is not None:
        return found[1], True
    if id(value) in path:
        return False, True  # a value that holds itself is not proven frozen: it is copied
    return None


def _parts_to_judge(value: Any) -> Iterable[Any] | None:
    """Decide the parts that make `value` frozen if they all are, or None when its type alone says."""
    kind = type(value)
    if isinstance(value, (tuple, frozenset)):
        return cast(Iterable[Any], value)
    if _frozen_setattrs is not None and attrs.has(kind) and kind.__setattr__ is _frozen_setattrs:
        # A value being built (an attrs validator's `instance`) lacks its later fields: none can be set now, but
        # they will be, so what is found of it holds for this call only.
        return [getattr(value, a.name, _Missing) for a in attrs.fields(kind)]
    return None


def _judged_parts(parts: Iterable[Any], path: set[int]) -> tuple[bool, bool]:
    """Decide (all frozen, known for good) for these parts, stopping at the first that is not frozen."""
    fixed = lasting = True
    for part in parts:
        if part is _Missing:
            lasting = False
            continue
        fixed, settled = _judged(part, path)
        lasting = lasting and settled
        if not fixed:
            break
    return fixed, lasting


class _Missing:
    """Stands for a field a value being built does not have yet."""


_PLAIN = frozenset({type(None), bool, int, float, str, bytes})


def copied(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Copy the arguments for a variant: trees of plain dicts and lists (a parsed JSON document, say) in which no
    dict or list appears twice are built afresh, and frozen values among them handed over as they are.

    That is what `copy.deepcopy((args, kwargs))` gives such a tree, at several times the cost: a new dict or
    list for each one, in the same order, with the same plain leaves.  Anything else goes to `deepcopy`.
    """
    seen: set[int] = set()
    try:
        return tuple(_tree(a, seen) for a in args), {k: _tree(v, seen) for k, v in kwargs.items()}
    except _NotPlain:
        # `deepcopy`, but a frozen value inside the arguments is handed over as it is (as it is in a plain tree): a
        # frozen packet with a dict among its fields is copied as a new packet and a new dict, sharing the rest.
        memo: dict[int, Any] = {}
        _frozen_parts((*args, *kwargs.values()), memo, set())
        return copy.deepcopy((args, kwargs), memo)


class _NotPlain(Exception):
    pass


def _tree(value: Any, seen: set[int]) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is dict or kind is list:
        return _fresh(value, seen)
    if frozen(value):
        return value  # nothing can change it: handed over as it is, as frozen arguments always are
    raise _NotPlain


def _fresh(value: dict[Any, Any] | list[Any], seen: set[int]) -> Any:
    """Decide a plain dict's or list's fresh copy, refusing (`_NotPlain`) one that appears twice in the tree."""
    if id(value) in seen:
        raise _NotPlain  # shared: deepcopy keeps it shared
    seen.add(id(value))
    if type(value) is dict:
        return {k if type(k) in _PLAIN else _tree(k, seen): _tree(v, seen) for k, v in value.items()}
    return [_tree(v, seen) for v in value]


def _frozen_parts(value: Any, memo: dict[int, Any], seen: set[int]) -> None:
    """Enter in a `deepcopy` memo, as themselves, the frozen values a mutable value holds (found as `frozen` looks)."""
    if isinstance(value, ATOMIC) or id(value) in seen:
        return
    seen.add(id(value))
    for part in _parts_to_search(value, memo):
        _frozen_parts(part, memo, seen)


_COLLECTIONS = frozenset({tuple, list, frozenset, set})
"""Types whose items `_frozen_parts` searches (exactly these, not their subclasses)."""


def _parts_to_search(value: Any, memo: dict[int, Any]) -> Iterable[Any]:
    """Decide which parts of `value` may hold frozen values; a frozen attrs value is entered in `memo` instead."""
    kind = type(value)
    if kind in _COLLECTIONS:
        return cast(Iterable[Any], value)
    if kind is dict:
        return (*value.keys(), *value.values())
    if attrs.has(kind):
        if frozen(value):
            memo[id(value)] = value
            return ()
        return [getattr(value, a.name, None) for a in attrs.fields(kind)]
    return ()  # anything else is copied whole, as `deepcopy` copies it


def same(a: Any, b: Any) -> bool:
    """Say whether two answers are indistinguishable to a caller: same type, equal, same repr (exceptions: fields and cause)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, BaseException):
        return (
            _alike(a.args, b.args)
            and str(a) == str(b)
            and _alike(_fields(a), _fields(b))
            and same(a.__cause__, b.__cause__)
            and a.__suppress_context__ == b.__suppress_context__
        )
    return _alike(a, b)


_EQUAL = frozenset({type(None), bool, int, str, bytes, Fraction})
"""Types whose equal values are indistinguishable (same type checked first): equality alone says it."""


def _alike(a: Any, b: Any) -> bool:
    """Say whether `a` and `b` are equal with the same repr, at every depth, without rendering either.

    Tuples, lists and dicts (their order included) and attrs values whose equality and repr attrs wrote are
    compared part by part: every field, even one left out of their equality.  That is at least as strict as
    `a == b and repr(a) == repr(b)`, and anything else is compared so.
    """
    kind = type(a)
    if kind is not type(b):
        return False
    if kind in _EQUAL:
        return bool(a == b)
    if kind is float:
        return a == b and repr(a) == repr(b)  # -0.0 is not 0.0, and no nan is proven alike
    if a is b:
        return True
    return _alike_parts(kind, a, b)


def _alike_parts(kind: type, a: Any, b: Any) -> bool:
    """Decide whether two distinct values of one type are alike, part by part where the type allows it."""
    if kind is tuple or kind is list:
        return _alike_sequences(a, b)
    if kind is dict:
        return _alike_dicts(a, b)
    if _attrs_made(kind):
        return all(_alike(getattr(a, f.name, _Missing), getattr(b, f.name, _Missing)) for f in attrs.fields(kind))
    try:
        return bool(a == b) and repr(a) == repr(b)
    except Exception:
        return False


def _alike_sequences(a: tuple[Any, ...] | list[Any], b: tuple[Any, ...] | list[Any]) -> bool:
    """Decide whether two tuples or lists hold alike items in the same order."""
    return len(a) == len(b) and all(_alike(x, y) for x, y in zip(a, b, strict=True))


def _alike_dicts(a: dict[Any, Any], b: dict[Any, Any]) -> bool:
    """Decide whether two dicts hold alike keys and values in the same order."""
    return len(a) == len(b) and all(
        _alike(ka, kb) and _alike(va, vb) for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True)
    )


_MADE: dict[type, bool] = {}


def _attrs_made(kind: type) -> bool:
    """Say whether `kind` is an attrs class whose `__eq__` and `__repr__` attrs generated (memoised per class)."""
    made = _MADE.get(kind)
    if made is None:
        made = _MADE[kind] = attrs.has(kind) and all(
            getattr(getattr(getattr(kind, name, None), "__code__", None), "co_filename", "").startswith(
                "<attrs generated"
            )
            for name in ("__eq__", "__repr__")
        )
    return made


def _fields(error: BaseException) -> Any:
    if attrs.has(type(error)):
        return tuple(getattr(error, f.name, None) for f in attrs.fields(cast(Any, type(error))))
    return dict(sorted(vars(error).items())) if hasattr(error, "__dict__") else None
