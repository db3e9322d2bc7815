"""Find the claims a mutant or defect can change at all (weak mutation), so its real run skips the others.

The rules are pure: all a caller can see of a call is what it hands back
(the value, or the exception it raises, with its fields and cause) and
what it did to its arguments.  A probe runs each covering claim once on
the original code; at every call of a probed rule it also calls each
variant (a mutant or a defect's replacement) on a copy of the same
arguments and compares.  A variant that answers every call of a claim
exactly as the original did cannot change that claim's run: the claim
is derandomised, so it draws the same values and makes the same calls,
and its verdict stays green.  Its real run is skipped.

Anything the probe cannot prove counts as reaching the claim, which then
runs for real: a different answer, an argument changed differently, a
variant that re-enters its own rule (its inner calls would be the
variant's too), one that spins past its budget, arguments that cannot be
copied, a claim that is not green in the probe, a probe worker that dies.

A rule at the edge is not pure.  An audit hook and stand-ins for
sys.stdout and sys.stderr watch every call: when the original touches the
outside world (files, directories, processes, sockets, class attributes,
the standard streams), no variant of that rule is ever compared, since it
would act twice, and each reaches every claim; when only a variant tries
to, the attempt is refused (or its output dropped) and that variant
reaches the claim.  State a rule keeps in module globals is beyond what
the probe sees: `--probe` is for pure rules.  The `random` module's state is handed to each variant as the
original found it, and must be left as the original left it.
"""

from __future__ import annotations

import copy
import enum
import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from types import BuiltinFunctionType, FunctionType
from typing import Any, cast

import attrs

_frozen_setattrs: Any
try:
    from attr._make import _frozen_setattrs  # what a frozen attrs class sets as its __setattr__
except ImportError:  # pragma: no cover - another attrs layout: copy every argument (slower, still sound)
    _frozen_setattrs = None

CALL_BUDGET = 100
"""Calls of one rule a probe compares in one claim; a variant that has answered them all alike still reaches it."""

MIN_BUDGET = 0.05
"""CPU seconds a variant's call may take at least before it counts as a hang (and so as reaching the claim)."""

_ATOMIC = (type(None), bool, int, float, complex, str, bytes, Fraction, range, type, FunctionType, BuiltinFunctionType)


_WORLD = (
    "open",
    "os.",
    "shutil.",
    "subprocess.",
    "socket.",
    "tempfile.",
    "glob.",
    "pathlib.",
    "fcntl.",
    "ctypes.",
    "sqlite3.",
    "urllib.",
    "http.",
    "webbrowser.",
    "object.__setattr__",
    "object.__delattr__",
)
"""Audit events (prefixes) that touch state outside a rule's arguments and answer."""


class _World:
    watching = False  # an original or variant call is being watched now
    refusing = False  # a variant is running: refuse what it tries
    touched = False
    hooked = False


class _Refused(BaseException):
    """A variant tried to touch the outside world during a probe; the attempt was stopped."""


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _World.watching and event.startswith(_WORLD):
        _World.touched = True
        if _World.refusing:
            raise _Refused(event)


class _Noticing:
    """Stand in for sys.stdout or sys.stderr during a watched call: note any write, pass it on (or drop it)."""

    def __init__(self, stream: Any, forward: bool) -> None:
        self._stream, self._forward = stream, forward

    def write(self, text: str) -> int:
        _World.touched = True
        return self._stream.write(text) if self._forward else len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        if name not in _HARMLESS:  # `buffer`, `fileno()`: a way around `write`, so count it as a write
            _World.touched = True
        return getattr(self._stream, name)


_HARMLESS = frozenset({"encoding", "errors", "isatty", "closed", "name", "mode", "newlines", "line_buffering", "flush"})


class _Streams:
    """Watch sys.stdout and sys.stderr for the length of one call (the original's output still goes through)."""

    def __init__(self, forward: bool) -> None:
        self.forward = forward

    def __enter__(self) -> None:
        self.saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = _Noticing(sys.stdout, self.forward), _Noticing(sys.stderr, self.forward)

    def __exit__(self, *exc: object) -> None:
        sys.stdout, sys.stderr = self.saved


def _hook() -> None:
    if not _World.hooked:
        # Both for the rest of the process (a probe's own fresh fork): each does nothing outside a watched call.
        sys.addaudithook(_audit)
        signal.signal(signal.SIGPROF, _spin)
        _World.hooked = True


class _Spun(BaseException):
    """A variant's call ran past its CPU budget (a BaseException, so a variant's `except Exception` cannot hide it)."""


_KNOWN: dict[int, tuple[Any, bool]] = {}
"""What `_frozen` found in the claim running now, by id: each value is held, so no other value takes its id."""


def _frozen(value: Any) -> bool:
    """Say whether nothing a rule does can change `value` in place (so its variants may share it)."""
    return _judged(value, set())[0]


def _judged(value: Any, path: set[int]) -> tuple[bool, bool]:
    """Return (frozen, known for good); `path` holds the values being judged around this one."""
    if isinstance(value, _ATOMIC):
        return True, True
    found = _KNOWN.get(id(value))
    if found is not None:
        return found[1], True
    if id(value) in path:
        return False, True  # a value that holds itself is not proven frozen: it is copied
    kind = type(value)
    if isinstance(value, (tuple, frozenset)):
        parts: Iterable[Any] = value
    elif _frozen_setattrs is not None and attrs.has(kind) and kind.__setattr__ is _frozen_setattrs:
        # A value being built (an attrs validator's `instance`) lacks its later fields: none can be set now, but
        # they will be, so what is found of it holds for this call only.
        parts = [getattr(value, a.name, _Missing) for a in attrs.fields(kind)]
    else:
        frozen = isinstance(value, (enum.Enum, attrs.Attribute))
        _KNOWN[id(value)] = (value, frozen)
        return frozen, True
    path.add(id(value))
    frozen = lasting = True
    for part in parts:
        if part is _Missing:
            lasting = False
            continue
        frozen, settled = _judged(part, path)
        lasting = lasting and settled
        if not frozen:
            break
    path.discard(id(value))
    # Not frozen is for good (what is not frozen stays so); frozen only once every part is there.
    if lasting or not frozen:
        _KNOWN[id(value)] = (value, frozen)
    return frozen, lasting or not frozen


class _Missing:
    """Stands for a field a value being built does not have yet."""


_PLAIN = frozenset({type(None), bool, int, float, str, bytes})


def _copied(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
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
        if id(value) in seen:
            raise _NotPlain  # shared: deepcopy keeps it shared
        seen.add(id(value))
        if kind is dict:
            return {k if type(k) in _PLAIN else _tree(k, seen): _tree(v, seen) for k, v in value.items()}
        return [_tree(v, seen) for v in value]
    if _frozen(value):
        return value  # nothing can change it: handed over as it is, as frozen arguments always are
    raise _NotPlain


def _frozen_parts(value: Any, memo: dict[int, Any], seen: set[int]) -> None:
    """Enter in a `deepcopy` memo, as themselves, the frozen values a mutable value holds (found as `_frozen` looks)."""
    if isinstance(value, _ATOMIC) or id(value) in seen:
        return
    seen.add(id(value))
    kind = type(value)
    if kind is tuple or kind is list or kind is frozenset or kind is set:
        parts: Iterable[Any] = value
    elif kind is dict:
        parts = (*value.keys(), *value.values())
    elif attrs.has(kind):
        if _frozen(value):
            memo[id(value)] = value
            return
        parts = [getattr(value, a.name, None) for a in attrs.fields(kind)]
    else:
        return  # anything else is copied whole, as `deepcopy` copies it
    for part in parts:
        _frozen_parts(part, memo, seen)


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
    if kind is tuple or kind is list:
        return len(a) == len(b) and all(_alike(x, y) for x, y in zip(a, b, strict=True))
    if kind is dict:
        return len(a) == len(b) and all(
            _alike(ka, kb) and _alike(va, vb) for (ka, va), (kb, vb) in zip(a.items(), b.items(), strict=True)
        )
    if _attrs_made(kind):
        return all(_alike(getattr(a, f.name, _Missing), getattr(b, f.name, _Missing)) for f in attrs.fields(kind))
    try:
        return bool(a == b) and repr(a) == repr(b)
    except Exception:
        return False


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


class Probe:
    """Stand in for one rule: call the original for real, and each watched variant on a copy, comparing."""

    active: Probe | None = None  # the probe whose variant is running now (nested probes pass straight through)

    def __init__(self, original: Callable[..., Any], variants: Mapping[str, Callable[..., Any]]) -> None:
        self.original = original
        self.variants = dict(variants)
        self.watched: tuple[str, ...] = ()
        self.reached: set[str] = set()
        self.compared = 0  # the calls compared in this claim
        self.reentered = False
        self.answering = False  # the original is answering a watched call now
        self.impure = False  # the original touched the outside world: its variants are never run here

    def watch(self, subjects: Iterable[str]) -> None:
        """Start a claim: compare only these variants, and forget what the previous claim reached."""
        self.watched = tuple(sorted(set(subjects) & self.variants.keys()))
        _KNOWN.clear()  # what was found in the last claim: its values are let go
        self.reached = set()
        self.compared = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if Probe.active is not None:
            if Probe.active is self:
                self.reentered = True  # in the real run this inner call would be the variant's too
            return self.original(*args, **kwargs)
        if self.answering:
            # A call of this rule inside its own original's answer (a recursion): a variant answers the outer call
            # in the real run, and its own inner calls, if any, count as a difference there (`reentered`), so
            # nothing about this one can change what the claim sees.
            return self.original(*args, **kwargs)
        pending = [name for name in self.watched if name not in self.reached]
        if pending:
            self.compared += 1
        if self.impure or self.compared > CALL_BUDGET:
            # Comparing every call of a rule a claim calls this often costs more than running the claim.
            self.reached.update(pending)
            pending = []
        if not pending:
            return self.original(*args, **kwargs)
        shared = _frozen(args) and _frozen(tuple(kwargs.values()))  # each call gets its own kwargs dict
        try:
            copies = [(args, kwargs) if shared else _copied(args, kwargs) for _ in pending]
        except Exception:
            self.reached.update(pending)
            return self.original(*args, **kwargs)
        _hook()
        before = random.getstate()
        start = time.process_time()
        outer = (_World.watching, _World.touched)  # an enclosing watched call (this rule called from another)
        _World.watching, _World.touched = True, False
        self.answering = True
        try:
            with _Streams(forward=True):
                answer: tuple[str, Any] = ("value", self.original(*args, **kwargs))
        except BaseException as exc:
            answer = ("raised", exc)
        finally:
            self.answering = False
            touched = _World.touched
            _World.watching, _World.touched = outer[0], outer[1] or touched
        budget = max(MIN_BUDGET, 20 * (time.process_time() - start))
        if touched:
            self.impure = True
            self.reached.update(pending)
            pending, copies = [], []
        after = random.getstate()
        try:
            for name, (a, k) in zip(pending, copies, strict=True):
                random.setstate(before)
                agrees = self._agrees(self.variants[name], a, k, answer, None if shared else (args, kwargs), budget)
                if not agrees or random.getstate() != after:
                    self.reached.add(name)
        finally:
            random.setstate(after)
        if answer[0] == "raised":
            raise answer[1]
        return answer[1]

    def _agrees(
        self,
        variant: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        answer: tuple[str, Any],
        after: tuple[Any, Any] | None,
        budget: float,
    ) -> bool:
        self.reentered = False
        Probe.active = self
        signal.setitimer(signal.ITIMER_PROF, budget)  # `_spin` handles the tick (installed by `_hook`)
        outer = (_World.watching, _World.refusing, _World.touched)
        _World.watching, _World.refusing, _World.touched = True, True, False
        try:
            with _Streams(forward=False):
                theirs: tuple[str, Any] = ("value", variant(*args, **kwargs))
        except (_Spun, _Refused):
            return False
        except BaseException as exc:
            theirs = ("raised", exc)
        finally:
            touched = _World.touched  # an attempt was refused, so the outside world is as the original left it
            _World.watching, _World.refusing, _World.touched = outer
            signal.setitimer(signal.ITIMER_PROF, 0)
            Probe.active = None
        if self.reentered or touched or theirs[0] != answer[0]:
            return False
        ours = (args, kwargs) if after is None else after  # shared arguments: nothing could change them
        where = _position(answer[1], ours)
        if where != _position(theirs[1], (args, kwargs)):
            return False  # one hands back an argument itself, the other does not (or another one)
        if after is not None and not same((args, kwargs), after):
            return False  # the variant left its arguments unlike the original left them
        return where is not None or same(theirs[1], answer[1])


def _position(value: Any, call: tuple[tuple[Any, ...], dict[str, Any]]) -> int | str | None:
    """Return which argument `value` is (its index or keyword), or None when it is none of them (or a plain value)."""
    if isinstance(value, _ATOMIC):
        return None  # small ints and strings are shared objects: identity says nothing about them
    for index, item in enumerate(call[0]):
        if item is value:
            return index
    return next((key for key, item in call[1].items() if item is value), None)


def _spin(signum: int, frame: Any) -> None:
    if Probe.active is not None:  # a tick that lands after the variant returned is dropped
        raise _Spun()
