"""Switch a rule between its original and a mutant or defect, in-process, through a trampoline.

The generated tree defines each top-level function three ways: the public
name is a trampoline that calls whatever its table holds under `active`;
`x_rule__mutmut_orig` is the untouched copy (the table's `orig`); each
mutant is a further copy.  Activating a mutant or a declared defect is one
dict store, so every binding of the rule (`from domain.x import rule`, rule
tables, claim declarations) sees it, and `original(rule)` always reaches
the untouched copy, so a defect can wrap the rule it replaces.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

TABLE = "__claims_table__"
ORIG, ACTIVE = "orig", "active"


def trampoline(table: dict[str, Callable[..., Any]]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Decorate a rule in the generated tree: calls go to `table['active']`."""

    def wrap(function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            return table[ACTIVE](*args, **kwargs)

        functools.update_wrapper(call, function)
        setattr(call, TABLE, table)
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
    table[ACTIVE] = replacement
