"""Find claims that call (or otherwise use) other claims, by reading each claim body's syntax.

A claim that calls another is an aggregator: its verdict repeats evidence
counted elsewhere, and one defect turns both red.  Names are resolved through
the claim function's own globals, so a claim of any witness in the same module
and an imported claim are both found, whatever they are called locally.
"""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeGuard

from claims._internal.declare import Claim


def _resolve(node: ast.expr, namespace: Mapping[str, Any]) -> Any:
    if isinstance(node, ast.Name):
        return namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, namespace)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def _body(fn: Callable[..., Any]) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    try:
        source = textwrap.dedent(inspect.getsource(fn))
    except (OSError, TypeError):
        return None
    tree = ast.parse(source)
    node = tree.body[0] if tree.body else None
    return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def _locals(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    # A parameter or local variable shadows a module-level claim of the same name.
    names = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    names |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return names


def _claims_by_function(items: list[Claim]) -> dict[int, str]:
    """Decide which claim each function object stands for: the claim's function, wrapped or unwrapped."""
    by_function: dict[int, str] = {}
    for claim in items:
        by_function[id(claim.fn)] = claim.id
        by_function[id(inspect.unwrap(claim.fn))] = claim.id
    return by_function


def _may_name_a_claim(sub: ast.AST, shadowed: set[str]) -> TypeGuard[ast.Name | ast.Attribute]:
    """Decide whether a node may name a claim: a loaded global name (not a local) or an attribute."""
    if isinstance(sub, ast.Name):
        return sub.id not in shadowed and isinstance(sub.ctx, ast.Load)
    return isinstance(sub, ast.Attribute)


def _claims_used(claim: Claim, by_function: Mapping[int, str]) -> set[str]:
    """Decide which other claims one claim's body refers to (none when its source cannot be read)."""
    inner = inspect.unwrap(claim.fn)
    node = _body(inner)
    if node is None:
        return set()
    namespace = getattr(inner, "__globals__", {})
    shadowed = _locals(node)
    found: set[str] = set()
    # Walk the body only: decorators legitimately name the witness and rules.
    for sub in (sub for statement in node.body for sub in ast.walk(statement)):
        if _may_name_a_claim(sub, shadowed):
            target = by_function.get(id(_resolve(sub, namespace)))
            if target is not None and target != claim.id:
                found.add(target)
    return found


def claim_uses(claims: Iterable[Claim]) -> dict[str, tuple[str, ...]]:
    """Map each claim id to the ids of other claims its body refers to (empty tuples omitted)."""
    items = list(claims)
    by_function = _claims_by_function(items)
    uses: dict[str, tuple[str, ...]] = {}
    for claim in items:
        found = _claims_used(claim, by_function)
        if found:
            uses[claim.id] = tuple(sorted(found))
    return uses
