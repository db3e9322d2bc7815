"""Say which statements of a rule a declared defect's textual patch changes, so it runs only the claims that reach one.

A patch `(old, new)` replaces one stretch of a rule's source.  A claim can
see the change only by executing a changed line, so it needs to run only
when its baseline reach (`reach`: a key per statement, counted from the
rule's `def` line) holds a statement that encloses one.  The statement
chosen for a changed line is the innermost one whose lines hold it; any
run of that line, or of an `else:` or `except` clause it heads, first
runs that statement's own store.  Text inserted between two lines is
charged to the innermost statement holding both.

The answer is None, meaning every claim that executed the rule runs, when
the patch cannot be placed that way: the `def` line, its decorators or its
docstring change, text is inserted at the top level of the body, or the
patch does not apply exactly once.  A class statement inside a rule is the
innermost statement for any line of it, since its body records no reach.
"""

from __future__ import annotations

import ast
import difflib
import functools
from collections.abc import Iterable

from claims._internal.functions import FunctionLike, function_likes, span


@functools.lru_cache(maxsize=64)
def function_likes_of(text: str) -> dict[str, FunctionLike]:
    """Map each function-like of a module's source to itself, parsing each source once (never mutated)."""
    return {item.qualname: item for item in function_likes(ast.parse(text))[0]}


@functools.lru_cache(maxsize=64)
def _function_nodes(text: str) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
    """Map each function-like of a module's source to its node, once per source (never mutated)."""
    return {qualname: item.node for qualname, item in function_likes_of(text).items()}


@functools.lru_cache(maxsize=64)
def function_spans(text: str) -> dict[str, tuple[int, int]]:
    """Map each function-like of a module's source (`rule`, `Class.method`) to its first line (decorators
    included) and its last."""
    return {qualname: span(node) for qualname, node in _function_nodes(text).items()}


def patched_statements(text: str, function: str, old: str, new: str) -> frozenset[int] | None:
    """Return the offsets (from the `def` line) of the statements a patch of `function` changes, or None: any."""
    try:
        where = function_spans(text).get(function)
    except SyntaxError:
        return None
    if where is None:
        return None
    lines = text.splitlines(keepends=True)[where[0] - 1 : where[1]]
    body = "".join(lines)
    if body.count(old) != 1:
        return None
    tree = _function_nodes(text)[function]
    changed = difflib.SequenceMatcher(a=lines, b=body.replace(old, new).splitlines(keepends=True), autojunk=False)
    # The tree's lines are the module's; the compared lines start at the definition's first.
    return _changed_statements(tree, changed.get_opcodes(), where[0] - 1)


def _changed_statements(
    tree: ast.FunctionDef | ast.AsyncFunctionDef, opcodes: Iterable[tuple[str, int, int, int, int]], shift: int
) -> frozenset[int] | None:
    """Decide the offsets of the statements holding each changed stretch of lines, or None when one has no holder."""
    found: set[int] = set()
    for tag, first, last, _, _ in opcodes:
        if tag == "equal":
            continue
        # Lines are 1-based in the tree; an insertion before line `first + 1` touches the lines on both sides.
        touched = range(first + 1, last + 1) if tag != "insert" else (first, first + 1)
        holder = _innermost(tree, min(touched) + shift, max(touched) + shift)
        if holder is None:
            return None
        found.add(holder.lineno - tree.lineno)
    return frozenset(found)


def _innermost(function: ast.FunctionDef | ast.AsyncFunctionDef, first: int, last: int) -> ast.stmt | None:
    """Return the innermost statement of the body whose lines hold `first..last` (None: the signature or top level).

    A class statement is innermost for anything in it: its body's statements record no reach of their own.  A
    nested function's decorators are its statement's lines, since they run when it does.
    """
    holder: ast.stmt | None = None
    statements = _blocks(function)
    while True:
        inside = next((s for s in statements if _start(s) <= first and last <= (s.end_lineno or s.lineno)), None)
        if inside is None or isinstance(inside, ast.ClassDef):
            return inside or holder
        holder, statements = inside, _blocks(inside)


def _blocks(node: ast.AST) -> list[ast.stmt]:
    """Return the statements directly inside a statement's blocks (a function's docstring excluded: it has no store)."""
    found = [*_own_blocks(node), *_clause_blocks(node)]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and found and _is_docstring(found[0]):
        found = found[1:]
    return found


def _own_blocks(node: ast.AST) -> list[ast.stmt]:
    """Decide the statements of a statement's own blocks: its body, then its `else`, then its `finally`."""
    found: list[ast.stmt] = []
    for field in ("body", "orelse", "finalbody"):
        block = getattr(node, field, None)
        if isinstance(block, list):
            found += [s for s in block if isinstance(s, ast.stmt)]
    return found


def _clause_blocks(node: ast.AST) -> list[ast.stmt]:
    """Decide the statements of a statement's clauses: each `except` handler's body, then each `case`'s."""
    clauses = [*getattr(node, "handlers", []), *getattr(node, "cases", [])]
    return [statement for clause in clauses for statement in clause.body]


def _start(statement: ast.stmt) -> int:
    decorators: list[ast.expr] = getattr(statement, "decorator_list", [])
    return min([statement.lineno, *(d.lineno for d in decorators)])


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )
