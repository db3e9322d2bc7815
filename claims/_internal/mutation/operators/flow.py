"""The domain operators that change which code runs or what a call is handed.

A guard without its `not` or an early refusal skipped, two arguments of one
call crossed, a statement dropped whose only effect was a call (a reason
never appended), a condition negated (the other arm of a branch taken), an
error caught too narrowly (a refusal turned into a crash), a replacement
field dropped from an f-string.  They are listed, with the operators on
values and comparisons, in `domain_operators.CATALOGUE`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

import libcst as cst
import libcst.matchers as m


def guard_skipped(node: cst.If) -> Iterable[cst.CSTNode]:
    """Remove a guard's `not`, or skip an early `return Refused(...)`."""
    if isinstance(node.test, cst.UnaryOperation) and isinstance(node.test.operator, cst.Not):
        yield node.with_changes(test=node.test.expression)
    body = node.body
    if isinstance(body, cst.IndentedBlock) and body.body:
        last = body.body[-1]
        if m.matches(last, m.SimpleStatementLine(body=[m.Return(value=m.Call(func=m.Name("Refused")))])):
            yield node.with_changes(
                body=body.with_changes(body=[*body.body[:-1], cst.SimpleStatementLine([cst.Pass()])])
            )


# Calls whose arguments are order-free, or whose order another operator already plants (min_max, the type checks).
ORDER_FREE = frozenset(
    {"min", "max", "set", "frozenset", "sorted", "sum", "any", "all", "zip", "print", "isinstance", "getattr"}
)


def _reference(node: cst.CSTNode) -> bool:
    return isinstance(node, (cst.Name, cst.Attribute, cst.Subscript))


def arguments_swapped(node: cst.Call) -> Iterable[cst.CSTNode]:
    """Swap two adjacent arguments of one call that are both references (names, attributes, subscripts): positional with positional, or the values of two keyword arguments."""
    if isinstance(node.func, cst.Name) and node.func.value in ORDER_FREE:
        return
    for kind in _positional_then_keywords(node):
        for i, j in pairwise(kind):
            a, b = node.args[i], node.args[j]
            if _swappable(a.value, b.value):
                args = list(node.args)
                args[i], args[j] = a.with_changes(value=b.value), b.with_changes(value=a.value)
                yield node.with_changes(args=args)


def _positional_then_keywords(node: cst.Call) -> tuple[list[int], list[int]]:
    """Decide which arguments can cross each other: the positions of the positional ones, then of the keyword ones
    (never a `*` or `**` argument)."""
    plain = [i for i, arg in enumerate(node.args) if not arg.star]
    positional = [i for i in plain if node.args[i].keyword is None]
    keywords = [i for i in plain if node.args[i].keyword is not None]
    return positional, keywords


def _swappable(a: cst.BaseExpression, b: cst.BaseExpression) -> bool:
    """Say whether two argument values are worth crossing: both references, and spelled differently."""
    code = cst.Module([]).code_for_node
    return _reference(a) and _reference(b) and code(a) != code(b)


QUIET = frozenset({"print"})
LOGGING = frozenset({"debug", "info", "warning", "error", "exception"})


def statement_dropped(node: cst.SimpleStatementLine) -> Iterable[cst.CSTNode]:
    """Drop one statement whose only effect is a call: a reason appended to a fold, an item added to a collection, a check whose result is discarded."""
    if len(node.body) != 1 or not m.matches(node.body[0], m.Expr(m.Call())):
        return
    call = node.body[0]
    assert isinstance(call, cst.Expr) and isinstance(call.value, cst.Call)
    func = call.value.func
    # Output and logging say what happened; dropping them changes no value a rule returns.
    if isinstance(func, cst.Name) and func.value in QUIET:
        return
    if isinstance(func, cst.Attribute) and func.attr.value in LOGGING:
        return
    # mutmut never drops a statement, so even a block's only statement made `pass` is a mutant of its own.
    yield node.with_changes(body=[cst.Pass()])


# Constants: mutmut's `name` operator flips True and False already, and a literal test is no decision.
CONSTANT = frozenset({"True", "False", "None", "__debug__"})


def _negatable(test: cst.BaseExpression) -> bool:
    """Say whether a condition is one to negate: not a comparison (mutmut flips it), not a `not`, not a constant."""
    if isinstance(test, (cst.Comparison, cst.BaseNumber, cst.BaseString, cst.BooleanOperation)):
        return False
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        return False  # guard_skipped and mutmut's remove_unary_ops take the `not` away already
    return not (isinstance(test, cst.Name) and test.value in CONSTANT)


def _negations(test: cst.BaseExpression, *, whole: bool) -> Iterable[cst.BaseExpression]:
    """Yield the test with one condition negated: the test itself (if `whole`), or one operand of its and/or."""
    if isinstance(test, cst.BooleanOperation):
        for left in _negations(test.left, whole=True):
            yield test.with_changes(left=left)
        for right in _negations(test.right, whole=True):
            yield test.with_changes(right=right)
    elif whole and _negatable(test):
        # The test's own parentheses stay outside (`if(ok):` -> `if(not ok):`, never `ifnot (ok):`); what binds
        # looser than `not` gets parentheses of its own (`(m := f())` -> `(not (m := f()))`).
        bare = test.with_changes(lpar=[], rpar=[])
        if isinstance(bare, (cst.NamedExpr, cst.IfExp, cst.Lambda)):
            bare = bare.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        yield cst.UnaryOperation(operator=cst.Not(), expression=bare, lpar=test.lpar, rpar=test.rpar)


def condition_negated(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Negate one condition that is neither a comparison nor already negated: an `if`/`elif`/`while`/`assert` test, or one operand of an `and`/`or` in it or in a conditional expression's test (`if fits(x):` -> `if not fits(x):`)."""
    if isinstance(node, (cst.If, cst.While, cst.Assert)):
        for test in _negations(node.test, whole=True):
            yield node.with_changes(test=test)
    elif isinstance(node, cst.IfExp):
        # mutmut's if_exp forces a conditional expression down each arm already: every input that kills one of its
        # two mutants kills the negated test too, so only the operands of an and/or are left to negate.
        for test in _negations(node.test, whole=False):
            yield node.with_changes(test=test)


def handler_narrowed(node: cst.ExceptHandler) -> Iterable[cst.CSTNode]:
    """Catch one kind of error fewer: drop one type from an `except (A, B, ...)` tuple, so what only it caught escapes as a crash."""
    if not isinstance(node.type, cst.Tuple) or len(node.type.elements) < 2:
        return
    elements = list(node.type.elements)
    for i in range(len(elements)):
        rest = elements[:i] + elements[i + 1 :]
        if len(rest) == 1:
            yield node.with_changes(type=rest[0].value)
        else:
            last = rest[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            yield node.with_changes(type=node.type.with_changes(elements=[*rest[:-1], last]))


def format_field_dropped(node: cst.FormattedString) -> Iterable[cst.CSTNode]:
    """Drop one replacement field of an f-string (`f"--port={port} --rank={rank}"` -> `f"--port= --rank={rank}"`)."""
    # mutmut's string operator mutates plain strings only, never an f-string, so each of these is a mutant of its own.
    # A lone field with no text (`f"{x}"`) is skipped: dropping it leaves an empty string, a string mutation's class
    # rather than a rendered value missing. A field goes whole, with its conversion and format spec, never those alone.
    if len(node.parts) < 2:
        return
    for i, part in enumerate(node.parts):
        if isinstance(part, cst.FormattedStringExpression):
            yield node.with_changes(parts=[*node.parts[:i], *node.parts[i + 1 :]])
