"""The checks instrumented code calls: typeguard's, after a quick test that passes only what typeguard passes.

A rule's entry point checks every argument and its return value, and most
values are plain: a `str`, an attrs value, `X | None`, a `tuple[X, ...]` of
plain items.  For those typeguard's answer is an `isinstance`, reached
through a walk of its checker tables that costs ten to twenty times the
answer.  `passes(value, annotation)` gives that answer directly for those
shapes and says False for anything else; a value it does not pass goes to
typeguard, which judges it exactly as before and words the same error.  So
it can only skip a check that would have passed: no check is weaker, and a
failing one fails in typeguard with typeguard's message.

A shape is handled only when typeguard's own judgement of it is the same
`isinstance` test:

- a class for which no checker of typeguard's applies (not `float`, which
  takes an `int`; not `bytes`, `dict`, `tuple`, a protocol, a NamedTuple ...);
- a generic class no checker applies to (`Admitted[X]`, `Iterable[X]`):
  typeguard tests only the class, so does this;
- a union: typeguard passes a value that any member passes (a union of
  classes is one `isinstance` with all of them);
- `tuple[X, ...]`, `tuple[A, B]`, `tuple[()]`, `list[X]`, `Sequence[X]`,
  the sets and `frozenset[X]`, `dict[K, V]` and the mappings, whose every
  item passes (the loader has typeguard check every item too; sampling
  would pass at least these).

A test that raises (a strange collection) counts as not passed.
"""

from __future__ import annotations

import collections.abc
import sys
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar, Union, get_args, get_origin

from typeguard import TypeCheckMemo
from typeguard._checkers import checker_lookup_functions
from typeguard._functions import check_argument_types_internal as _typeguard_arguments
from typeguard._functions import check_return_type_internal as _typeguard_return

T = TypeVar("T")
Test = Callable[[Any], bool]

_SEQUENCES: dict[Any, Any] = {
    list: list,
    collections.abc.Sequence: collections.abc.Sequence,
    frozenset: frozenset,
    set: collections.abc.Set,  # typeguard takes any set for set[X]
    collections.abc.Set: collections.abc.Set,
}
_MAPPINGS: dict[Any, Any] = {
    dict: dict,
    collections.abc.Mapping: collections.abc.Mapping,
    collections.abc.MutableMapping: collections.abc.MutableMapping,
}

_tests: dict[Any, Test | None] = {}
_CLASSES: dict[Test, tuple[type, ...]] = {}  # the tests that are one isinstance, and their classes


_UNION_KEY = object()
# `X | Y` and `typing.Union[X, Y]` (which `Generic[T] | Y` makes); typing's class is private, and gone in 3.14.
_UNIONS = tuple(u for u in (types.UnionType, getattr(typing, "_UnionGenericAlias", None)) if isinstance(u, type))


def passes(value: object, annotation: Any) -> bool:
    """Return True only if typeguard would pass `value` against `annotation`; False means: ask typeguard.

    Instrumented code evaluates its annotations at every call, so `str | None` is a new object each time, and
    hashing and comparing a union (a set of its members) costs more than the test itself.  A union is looked up
    by its members in order instead: equal tuples are equal unions, and they hash as fast as their classes.
    """
    key = (_UNION_KEY, annotation.__args__) if type(annotation) in _UNIONS else annotation
    try:
        test = _tests[key]
    except KeyError:
        try:
            test = _test_for(annotation)
        except Exception:  # an annotation this cannot read: typeguard judges it
            test = None
        _tests[key] = test
    except TypeError:  # an unhashable annotation (an Annotated with a list in it, say): typeguard judges it
        return False
    if test is None:
        return False
    try:
        return test(value)
    except Exception:  # a collection that will not be tested plainly: typeguard judges it
        return False


def check_argument_types_internal(func_name: str, arguments: dict[str, tuple[Any, Any]], memo: TypeCheckMemo) -> bool:
    """Check the arguments as typeguard does, handing it every argument from the first one not plainly passed."""
    for index, (value, annotation) in enumerate(arguments.values()):
        if not passes(value, annotation):
            rest = dict(list(arguments.items())[index:])
            return _typeguard_arguments(func_name, rest, memo)
    return True


def check_return_type_internal(func_name: str, retval: T, annotation: Any, memo: TypeCheckMemo | None) -> T:
    """Check the return value as typeguard does, unless it plainly passes.

    Without a memo (see `entry_checks`), one is built from the returning function's globals and its locals now.
    """
    if passes(retval, annotation):
        return retval
    if memo is None:
        caller = sys._getframe(1)
        memo = TypeCheckMemo(caller.f_globals, caller.f_locals)
    return _typeguard_return(func_name, retval, annotation, memo)


def _test_for(annotation: Any) -> Test | None:
    """Decide an annotation's plain test, by its shape: a class, a union, a tuple, a generic; None: ask typeguard."""
    origin = get_origin(annotation)
    if origin is None:
        return _class_test(annotation)
    args = get_args(annotation)
    if origin is Union or origin is types.UnionType:
        return _union_test(args)
    if origin is tuple:
        return _tuple_test(annotation, args)
    return _generic_test(origin, args)


def _union_test(args: tuple[Any, ...]) -> Test | None:
    """Decide a union's test: one isinstance when its known members are classes, else any member's test."""
    members = [_test_for(a) for a in args]
    known = [t for t in members if t is not None]
    if not known:
        return None
    if all(t in _CLASSES for t in known):  # a union of classes is one isinstance with all of them
        return _instance_test(tuple(c for t in known for c in _CLASSES[t]))
    return _any_of(known)


def _any_of(known: list[Test]) -> Test:
    """Test a value that passes any of the tests, tried in order."""

    def union(value: Any) -> bool:
        for test in known:
            if test(value):
                return True
        return False

    return union


def _generic_test(origin: Any, args: tuple[Any, ...]) -> Test | None:
    """Decide a generic's test: every item of a sequence or mapping, or only its class when no checker applies."""
    if origin in _SEQUENCES and len(args) == 1:
        return _collection_test(_SEQUENCES[origin], args[0])
    if origin in _MAPPINGS and len(args) == 2:
        return _mapping_test(_MAPPINGS[origin], args[0], args[1])
    if isinstance(origin, type) and not _has_checker(origin, args):
        return _instance_test((origin,))  # typeguard tests a generic class's instances, not its arguments
    return None


def _instance_test(classes: tuple[type, ...]) -> Test:
    def test(value: Any) -> bool:
        return isinstance(value, classes)

    _CLASSES[test] = classes
    return test


def _collection_test(kind: Any, annotation: Any) -> Test | None:
    item = _test_for(annotation)
    return None if item is None else _every(kind, item)


def _every(kind: Any, item: Test) -> Test:
    """Test a collection of `kind` whose every item passes `item` (a loop: a generator costs more than the tests)."""
    classes = _CLASSES.get(item)
    if classes is not None:

        def instances(value: Any) -> bool:
            if not isinstance(value, kind):
                return False
            for v in value:
                if not isinstance(v, classes):
                    return False
            return True

        return instances

    def collection(value: Any) -> bool:
        if not isinstance(value, kind):
            return False
        for v in value:
            if not item(v):
                return False
        return True

    return collection


def _mapping_test(kind: Any, key_annotation: Any, value_annotation: Any) -> Test | None:
    key, item = _test_for(key_annotation), _test_for(value_annotation)
    if key is None or item is None:
        return None
    keys, items = _every(collections.abc.Iterable, key), _every(collections.abc.Iterable, item)

    def mapping(value: Any) -> bool:
        return isinstance(value, kind) and keys(value.keys()) and items(value.values())

    return mapping


def _has_checker(origin: Any, args: tuple[Any, ...]) -> bool:
    return any(lookup(origin, args, ()) for lookup in checker_lookup_functions)


def _class_test(annotation: Any) -> Test | None:
    if annotation is Any:
        return lambda value: True
    if not isinstance(annotation, type) or _has_checker(annotation, ()):
        return None
    try:
        isinstance(None, annotation)
    except TypeError:  # a class isinstance() refuses (a typing special form): typeguard judges it
        return None
    return _instance_test((annotation,))


def _tuple_test(annotation: Any, args: tuple[Any, ...]) -> Test | None:
    """Decide a tuple's test, by its shape: empty or bare, `tuple[X, ...]`, or `tuple[A, B]`; None: ask typeguard."""
    if not args:
        return _bare_tuple_test(annotation)
    if len(args) == 2 and args[1] is Ellipsis:
        return _collection_test(tuple, args[0])
    if Ellipsis in args:
        return None
    return _fixed_tuple_test(args)


def _bare_tuple_test(annotation: Any) -> Test:
    """Decide the test of a tuple annotation without arguments."""
    # typing.Tuple alone takes any tuple; tuple[()] (whose args read as empty) only the empty one.
    if annotation is typing.Tuple:  # noqa: UP006 - the annotation a rule may spell, not ours
        return lambda value: isinstance(value, tuple)
    return lambda value: isinstance(value, tuple) and value == ()


def _fixed_tuple_test(args: tuple[Any, ...]) -> Test | None:
    """Decide the test of a tuple of fixed length: each item passes its own test; None when one has none."""
    tests = [t for t in map(_test_for, args) if t is not None]
    if len(tests) < len(args):
        return None
    return lambda value: (
        isinstance(value, tuple) and len(value) == len(tests) and all(t(v) for t, v in zip(tests, value, strict=True))
    )
