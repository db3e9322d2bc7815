"""The bound operator of the domain catalogue: a range or index bound shifted by one, up or down.

`domain` lists it in the catalogue with the others; it lives apart as `flow` does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import libcst as cst
import libcst.matchers as m


def name_of(node: cst.CSTNode) -> str:
    """Return the last name of an expression (`row.candidate_key` -> `candidate_key`), or ''."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    if isinstance(node, cst.Subscript):
        return name_of(node.value)
    if isinstance(node, cst.Call):
        return name_of(node.func)
    return ""


INDEX = re.compile(r"^[ijk]$|(^|_)(index|idx|pos|position|offset)$", re.I)
# Operators under which `bound + 1` needs no parentheses (`a * b + 1` is `(a * b) + 1`).
ADDITIVE_OR_TIGHTER = (
    cst.Add,
    cst.Subtract,
    cst.Multiply,
    cst.Divide,
    cst.FloorDivide,
    cst.Modulo,
    cst.Power,
    cst.MatrixMultiply,
)
ARITHMETIC = (*ADDITIVE_OR_TIGHTER, cst.BitAnd, cst.BitOr, cst.BitXor, cst.LeftShift, cst.RightShift)


def _literal(node: cst.BaseExpression) -> bool:
    """Say whether a bound is an integer literal (`3`, `-1`): mutmut's number operator and constant_nudged own it."""
    return isinstance(node, cst.Integer) or (
        isinstance(node, cst.UnaryOperation)
        and isinstance(node.operator, (cst.Minus, cst.Plus))
        and _literal(node.expression)
    )


def _computed(node: cst.BaseExpression) -> bool:
    """Say whether a bound is computed: a name, attribute, call or subscript, or arithmetic that is not a literal."""
    if isinstance(node, cst.Name):
        return node.value not in ("None", "True", "False")
    if isinstance(node, (cst.Attribute, cst.Call, cst.Subscript)):
        return True
    if isinstance(node, cst.BinaryOperation):
        return isinstance(node.operator, ARITHMETIC)
    return isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus) and not _literal(node)


def _len_of(node: cst.BaseExpression, sliced: cst.BaseExpression | None = None) -> bool:
    """Say whether a bound is `len(...)` (of `sliced`, when given)."""
    if not m.matches(node, m.Call(func=m.Name("len"), args=[m.Arg(star="")])):
        return False
    assert isinstance(node, cst.Call)
    code = cst.Module([]).code_for_node
    return sliced is None or code(node.args[0].value) == code(sliced)


def _shifted(bound: cst.BaseExpression, *, up: bool = True) -> Iterable[cst.BaseExpression]:
    """Yield a computed bound moved by one, up then down (`n` -> `n + 1`, `n - 1`); nothing for a literal.

    A bound `e + k` or `e - k` already moves by one under mutmut's number operator (k + 1) and constant_nudged
    (k - 1, from 2): of those, only `e + 1` and `e - 1` lack a shift, the one back to `e`.
    """
    if _literal(bound) or not _computed(bound):
        return
    back = _back_to_base(bound)
    if back is not None:
        yield from back
        return
    bound = _grouped(bound)
    for operator in (cst.Add(), cst.Subtract()) if up else (cst.Subtract(),):
        yield cst.BinaryOperation(left=bound, operator=operator, right=cst.Integer("1"))


def _back_to_base(bound: cst.BaseExpression) -> tuple[cst.BaseExpression, ...] | None:
    """Decide the shifts of a bound offset by an integer literal (`e + k`, `k + e`, `e - k`): only `e + 1`, `1 + e`
    and `e - 1` shift, back to `e`; None when the bound has no literal offset."""
    if not (isinstance(bound, cst.BinaryOperation) and isinstance(bound.operator, (cst.Add, cst.Subtract))):
        return None
    for offset, other in ((bound.right, bound.left), (bound.left, bound.right)):
        if isinstance(offset, cst.Integer):
            undone = _is_one(offset) and (offset is bound.right or isinstance(bound.operator, cst.Add))
            return (other,) if undone else ()
    return None


def _is_one(literal: cst.Integer) -> bool:
    """Say whether an integer literal is 1 (in any base, with any underscores)."""
    return int(literal.value.replace("_", ""), 0) == 1


def _grouped(bound: cst.BaseExpression) -> cst.BaseExpression:
    """Decide how a bound reads as the left of `+ 1`: parenthesised unless its operator binds at least as tightly."""
    if isinstance(bound, cst.BinaryOperation) and not isinstance(bound.operator, ADDITIVE_OR_TIGHTER):
        return bound.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])  # `(a | b) + 1`
    return bound


def bound_shifted(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Shift a computed bound by one: a slice bound, a `range()` start or stop, an index that is arithmetic, `len(...)` or named as one (`xs[:n]` -> `xs[:n + 1]`, `xs[:n - 1]`; `xs[i + 1]` -> `xs[i]`)."""
    if isinstance(node, cst.Call) and m.matches(node.func, m.Name("range")):
        yield from _range_shifted(node)
    elif isinstance(node, cst.Subscript) and len(node.slice) == 1:
        element = node.slice[0]
        piece = element.slice
        if isinstance(piece, cst.Slice):
            yield from _slice_shifted(node, element, piece)
        elif isinstance(piece, cst.Index) and _index_bound(piece.value):
            for moved in _shifted(piece.value):
                yield node.with_changes(slice=[element.with_changes(slice=piece.with_changes(value=moved))])


def _range_shifted(node: cst.Call) -> Iterable[cst.CSTNode]:
    """Yield a `range()` call with its start or its stop shifted (a step is no bound; nothing after a `*` or keyword)."""
    args = list(node.args)
    for i, arg in enumerate(args[:2]):
        if arg.star or arg.keyword is not None:
            break
        for bound in _shifted(arg.value):
            yield node.with_changes(args=[*args[:i], arg.with_changes(value=bound), *args[i + 1 :]])


def _slice_shifted(node: cst.Subscript, element: cst.SubscriptElement, piece: cst.Slice) -> Iterable[cst.CSTNode]:
    """Yield a slicing with its lower or upper bound shifted (a `len(...)` of what it slices only down)."""
    for field in ("lower", "upper"):
        bound = getattr(piece, field)
        if bound is None:
            continue
        # A slice clamps past the end of what it slices: `xs[:len(xs) + 1]` is `xs[:len(xs)]`.
        for moved in _shifted(bound, up=not _len_of(bound, node.value)):
            yield node.with_changes(slice=[element.with_changes(slice=piece.with_changes(**{field: moved}))])


def _index_bound(index: cst.BaseExpression) -> bool:
    """Say whether an index is a bound: arithmetic, `len(...)`, or a name that reads as a position."""
    positional = isinstance(index, (cst.BinaryOperation, cst.UnaryOperation)) or _len_of(index)
    named = isinstance(index, (cst.Name, cst.Attribute)) and bool(INDEX.search(name_of(index)))
    return positional or named
