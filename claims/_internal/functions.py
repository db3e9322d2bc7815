"""Name every function-like body of a module: what reach records, fingerprints digest and mutation mutates.

A module's function-likes are its top-level functions (decorated or not)
and the methods of its classes, at any depth of nesting: instance, class and
static methods, dunders, a property's getter, setter and deleter.  Each has
a qualified name, the same everywhere the framework names code:

    admit                   a top-level function
    Version.parse           a method (or a property's getter)
    Version.major.setter    a property's setter (`.deleter` for its deleter)
    Outer.Inner.method      a method of a nested class

A function nested in a function is part of the enclosing one's body, as a
class defined inside a function is.  Some definitions are left out, each
with its reason: an `@overload` stub (it never runs), and a name defined
twice in one scope (only the last binding survives, and a copy of each
could not be told apart).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from attrs import frozen

Function = ast.FunctionDef | ast.AsyncFunctionDef
ACCESSORS = ("setter", "deleter")


@frozen
class FunctionLike:
    """One function-like body: its qualified name, its node, and the names of the classes holding it."""

    qualname: str
    node: Function
    owners: tuple[str, ...]


@frozen
class Skipped:
    """A definition left out, and why."""

    qualname: str
    line: int
    why: str


def _decorator_name(node: ast.expr) -> str:
    """Return a decorator's dotted name, without a call's arguments (`functools.cache`, `size.setter`)."""
    if isinstance(node, ast.Call):
        node = node.func
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
    return ".".join(reversed(parts))


def own_name(node: Function) -> str:
    """Return the name a definition takes among its siblings: `size.setter` for a property's setter."""
    for decorator in node.decorator_list:
        name = _decorator_name(decorator)
        for accessor in ACCESSORS:
            if name == f"{node.name}.{accessor}":
                return name
    return node.name


def is_overload(node: Function) -> bool:
    """Say whether a definition is an `@overload` stub."""
    return any(
        _decorator_name(d) in ("overload", "typing.overload", "typing_extensions.overload") for d in node.decorator_list
    )


def function_likes(tree: ast.Module) -> tuple[list[FunctionLike], list[Skipped]]:
    """Return a module's function-likes in source order, and the definitions left out with why."""
    found: list[FunctionLike] = []
    skipped: list[Skipped] = []
    _walk(tree.body, (), found, skipped)
    return found, skipped


def _name_counts(body: list[ast.stmt]) -> dict[str, int]:
    """Decide how many times each name is defined in one scope (`@overload` stubs not counted)."""
    definitions = [s for s in body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)) and not is_overload(s)]
    counts: dict[str, int] = {}
    for definition in definitions:
        counts[own_name(definition)] = counts.get(own_name(definition), 0) + 1
    return counts


def _left_out(definition: Function, counts: dict[str, int]) -> str | None:
    """Decide why a definition is left out (an `@overload` stub, a name defined twice), or None: it is kept."""
    if is_overload(definition):
        return "an @overload stub: it never runs"
    if counts[own_name(definition)] > 1:
        return "defined more than once in its scope"
    return None


def _walk(body: list[ast.stmt], owners: tuple[str, ...], found: list[FunctionLike], skipped: list[Skipped]) -> None:
    """Collect the function-likes of one scope and of its classes, and the definitions left out with why."""
    prefix = "".join(f"{o}." for o in owners)
    counts = _name_counts(body)
    for statement in body:
        if isinstance(statement, ast.ClassDef):
            _walk(statement.body, (*owners, statement.name), found, skipped)
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            qualname = prefix + own_name(statement)
            why = _left_out(statement, counts)
            if why is None:
                found.append(FunctionLike(qualname, statement, owners))
            else:
                skipped.append(Skipped(qualname, statement.lineno, why))


def span(node: Function) -> tuple[int, int]:
    """Return a definition's first line (its decorators included) and its last."""
    return min([node.lineno, *(d.lineno for d in node.decorator_list)]), node.end_lineno or node.lineno


def walk_statements(node: Function) -> Iterator[ast.stmt]:
    """Yield every statement inside a function-like, however nested (closures' included)."""
    for child in ast.walk(node):
        if isinstance(child, ast.stmt) and child is not node:
            yield child
