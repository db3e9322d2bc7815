"""Apply a seeded defect in-process so every binding sees it, and notice whether any claim reached it.

A function target keeps its identity: its `__code__` becomes a stub that
calls the replacement through a counter, so `from domain.x import rule`
bindings, rule tables and claim declarations all see the defect.  A constant
cannot be swapped in place, so every module attribute of the same name bound
to the same object is patched.  Everything is restored on exit.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from attrs import define, field

from claims.errors import DeclarationError
from claims._internal.mutate.defect import Defect

_STUB_GLOBAL = "_claims_defect_{n}_"


@define
class Reach:
    """Count how often claims reached the defects' targets (a call, or a read of a constant)."""

    calls: dict[str, int] = field(factory=dict)

    def hit(self, target: str) -> None:
        self.calls[target] = self.calls.get(target, 0) + 1

    def reached(self, target: str) -> bool:
        return self.calls.get(target, 0) > 0


def resolve(target: str) -> tuple[types.ModuleType, str, Any]:
    """Import the longest module prefix of a dotted target and return (module, attribute, value)."""
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            module = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        if cut != len(parts) - 1:
            raise DeclarationError(f"target {target!r}: only module-level functions and constants can be replaced")
        name = parts[-1]
        if not hasattr(module, name):
            raise DeclarationError(f"target {target!r}: module {module.__name__!r} has no {name!r}")
        return module, name, getattr(module, name)
    raise DeclarationError(f"target {target!r}: no module prefix of it imports")


def _stub_code(freevars: tuple[str, ...], global_name: str) -> types.CodeType:
    # Build `def stub(*a, **k): return G(*a, **k)` with the target's free variables,
    # because a function's __code__ may only be swapped for one with as many.
    touch = "; ".join(freevars) or "pass"
    inits = "".join(f"    {v} = None\n" for v in freevars)
    source = f"def outer():\n{inits}    def stub(*args, **kwargs):\n        {touch}\n        return {global_name}(*args, **kwargs)\n    return stub\n"
    namespace: dict[str, Any] = {}
    exec(compile(source, "<claims defect stub>", "exec"), namespace)
    code = namespace["outer"]().__code__
    if code.co_freevars != freevars:
        raise DeclarationError(f"cannot build a stub with free variables {freevars} (got {code.co_freevars})")
    assert isinstance(code, types.CodeType)
    return code


def _counted(replacement: Any, target: str, reach: Reach) -> Any:
    def counted(*args: Any, **kwargs: Any) -> Any:
        reach.hit(target)
        return replacement(*args, **kwargs)

    return counted


@contextmanager
def _swap_function(defect: Defect, module: types.ModuleType, original: types.FunctionType, reach: Reach, n: int) -> Iterator[None]:
    if not callable(defect.replacement):
        raise DeclarationError(f"{defect.id}: target {defect.target} is a function; the replacement must be callable, got {defect.replacement!r}")
    if original.__code__.co_flags & (0x20 | 0x80 | 0x200):
        raise DeclarationError(f"{defect.id}: generator and coroutine targets are not supported")
    name = _STUB_GLOBAL.format(n=n)
    saved = (original.__code__, original.__defaults__, original.__kwdefaults__)
    globals_ = original.__globals__
    globals_[name] = _counted(defect.replacement, defect.target, reach)
    try:
        original.__code__ = _stub_code(original.__code__.co_freevars, name)
        # The stub forwards *args/**kwargs; the replacement's own defaults apply.
        original.__defaults__, original.__kwdefaults__ = None, None
        yield
    finally:
        original.__code__, original.__defaults__, original.__kwdefaults__ = saved
        globals_.pop(name, None)


def bindings(name: str, value: Any) -> list[types.ModuleType]:
    """Return every loaded module whose attribute `name` is this very object."""
    found = []
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None)
        if isinstance(namespace, dict) and name in namespace and namespace[name] is value:
            found.append(module)
    return found


@contextmanager
def _patch_constant(defect: Defect, name: str, original: Any, reach: Reach) -> Iterator[None]:
    modules = bindings(name, original)
    namespaces = {id(m.__dict__) for m in modules}

    # A constant is "reached" when a function that names it runs in a module bound to it.
    def profile(frame: types.FrameType, event: str, arg: Any) -> None:
        if event == "call" and name in frame.f_code.co_names and id(frame.f_globals) in namespaces:
            reach.hit(defect.target)

    for module in modules:
        setattr(module, name, defect.replacement)
    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield
    finally:
        sys.setprofile(previous)
        for module in modules:
            setattr(module, name, original)


@contextmanager
def applied(defects: tuple[Defect, ...], reach: Reach) -> Iterator[None]:
    """Apply every defect for the duration of the block; restore them all after."""
    with _stack(defects, reach, 0):
        yield


@contextmanager
def _stack(defects: tuple[Defect, ...], reach: Reach, n: int) -> Iterator[None]:
    if not defects:
        yield
        return
    first, rest = defects[0], defects[1:]
    module, name, original = resolve(first.target)
    if isinstance(original, types.FunctionType):
        context = _swap_function(first, module, original, reach, n)
    elif isinstance(original, (type, types.ModuleType)) or callable(original):
        raise DeclarationError(f"{first.id}: target {first.target} is a {type(original).__name__}; replace a module-level function or constant")
    else:
        context = _patch_constant(first, name, original, reach)
    with context, _stack(rest, reach, n + 1):
        yield
