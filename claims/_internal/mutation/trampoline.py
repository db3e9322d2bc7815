"""Switch a rule between its original and a mutant or defect, in-process, through a trampoline.

The generated tree defines each top-level function three ways: the public
name is a trampoline that calls whatever its table holds under `active`;
`x_rule__mutmut_orig` is the untouched copy (the table's `orig`); each
mutant is a further copy.  Activating a mutant or a declared defect is one
dict store, so every binding of the rule (`from domain.x import rule`, rule
tables, claim declarations) sees it, and `original(rule)` always reaches
the untouched copy, so a defect can wrap the rule it replaces.

A trampoline costs every call of a rule a frame and a table lookup: in a
mutation run, millions of calls, most of them of rules no mutant or defect
replaces.  `go_direct` (in the engine's supervisor, before it forks) has each
trampoline whose table holds the original run the original's code itself;
`switch` puts the trampoline's code back on the one rule it replaces.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable
from typing import Any

TABLE = "__claims_table__"
ORIG, ACTIVE = "orig", "active"


def _call(*args: Any, _claims_table: dict[str, Callable[..., Any]] = {}, **kwargs: Any) -> Any:  # noqa: B006
    # The code every trampoline runs, in its rule's module (so the original's code can take its place): its table
    # is a keyword-only default, not a closure cell, and "active" is spelled out, since ACTIVE is not a name there.
    return _claims_table["active"](*args, **kwargs)


_TRAMPOLINES: dict[int, tuple[types.FunctionType, dict[str, Callable[..., Any]]]] = {}
"""Every trampoline made in this process and its table, by the id of the table (each lives as long as its module)."""


def trampoline(table: dict[str, Callable[..., Any]]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a rule in the generated tree: calls go to `table['active']`."""

    def wrap(function: Callable[..., Any]) -> Callable[..., Any]:
        call = types.FunctionType(_call.__code__, getattr(function, "__globals__", {}), _call.__name__)
        call.__kwdefaults__ = {"_claims_table": table}
        functools.update_wrapper(call, function)
        setattr(call, TABLE, table)
        _TRAMPOLINES[id(table)] = (call, table)
        return call

    return wrap


def table_of(rule: Any) -> dict[str, Callable[..., Any]] | None:
    """Return a trampolined rule's table (a function, a method as its class holds it or bound, a property's
    getter), or None for an ordinary function."""
    if isinstance(rule, property):
        rule = rule.fget
    found = getattr(getattr(rule, "__func__", rule), TABLE, None)
    return found if isinstance(found, dict) else None


def original(rule: Callable[..., Any]) -> Callable[..., Any]:
    """Return the untouched rule, even while a mutant or defect replaces it (outside the engine: the rule itself)."""
    table = table_of(rule)
    return table[ORIG] if table is not None else rule


def activate(rule: Any, replacement: Callable[..., Any]) -> None:
    """Make every call to a trampolined rule go to `replacement` (the worker is a fresh fork: nothing to restore)."""
    table = table_of(rule)
    if table is None:
        raise LookupError(f"{getattr(rule, '__qualname__', rule)!r} is not trampolined")
    switch(table, replacement)


def switch(table: dict[str, Callable[..., Any]], replacement: Callable[..., Any]) -> None:
    """Make a table's rule call `replacement`, its trampoline running again if `go_direct` had it run the original."""
    table[ACTIVE] = replacement
    call, _ = _TRAMPOLINES.get(id(table), (None, None))
    if call is not None and call.__code__ is not _call.__code__:
        _runs(call, _call.__code__, None, {"_claims_table": table})


def go_direct() -> int:
    """Have every trampoline whose table holds the original run the original's code; return how many now do.

    The trampoline and its original share their module's globals, so the original's code (with its defaults)
    runs in the trampoline's place exactly as it runs in its own.  An original whose code needs a closure (a
    method that calls `super()`), or that is not a plain function (a class method), keeps its trampoline.
    """
    direct = 0
    for call, table in _TRAMPOLINES.values():
        orig = table.get(ORIG)
        if (
            call.__code__ is _call.__code__
            and isinstance(orig, types.FunctionType)
            and table.get(ACTIVE) is orig
            and orig.__globals__ is call.__globals__
            and not orig.__code__.co_freevars
        ):
            _runs(call, orig.__code__, orig.__defaults__, orig.__kwdefaults__)
            direct += 1
    return direct


def _runs(call: types.FunctionType, code: types.CodeType, defaults: Any, kwdefaults: Any) -> None:
    """Have a trampoline run this code, with these defaults."""
    call.__code__, call.__defaults__, call.__kwdefaults__ = code, defaults, kwdefaults
