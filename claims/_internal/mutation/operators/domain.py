"""The domain-aware operator catalogue: the defects a careful reviewer plants in rule code like ours.

mutmut flips arithmetic, comparisons, booleans and literals; these plant the
kinds of defect that slip past a suite built on such flips.  This module
holds the operators on values and comparisons: an identity compared
loosely, a fold that keeps only its first reason, the wrong end of a range,
a rounding the other way, a constant nudged, a bound off by an instant, an
overwrite where a create was exclusive, an element missing from a rendered
argv, a sibling field read instead of the right one, a computed slice,
range or index bound off by one.  `flow` holds those that change
which code runs or what a call is handed (a guard skipped, arguments
crossed, a statement dropped, a condition negated, a handler narrowed, an
f-string field dropped); `CATALOGUE` lists them all.
Each is a libcst operator, run by mutmut's own visitor (so pragmas and
skip rules hold), named `domain.*` in the evidence and the reports.  Where
one yields exactly a mutant mutmut already makes, that mutant is attributed
to the domain operator rather than made twice (see `generate`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import libcst as cst
import libcst.matchers as m

from claims._internal.mutation.operators.bounds import bound_shifted, name_of
from claims._internal.mutation.operators.definition import Operator
from claims._internal.mutation.operators.flow import (
    arguments_swapped,
    condition_negated,
    format_field_dropped,
    guard_skipped,
    handler_narrowed,
    statement_dropped,
)

IDENTITY = re.compile(
    r"(^|_)(id|ids|key|keys|name|names|digest|subject|candidate|host|image|group|start|manifest|tag|kind|mode|arm|unit|container|reading|source|owner|successor|incumbent|check|subcase|workload|hooks|path)$",
    re.I,
)
INSTANT = re.compile(
    r"(^|_)(at|time|now|lease|expires|expiry|deadline|until|since|start|end|when|seconds|wait|clock|epoch)(_|$)", re.I
)


def _stringish(node: cst.CSTNode) -> bool:
    return isinstance(node, (cst.SimpleString, cst.FormattedString, cst.ConcatenatedString)) or bool(
        IDENTITY.search(name_of(node))
    )


def _call(func: str, *args: cst.BaseExpression) -> cst.Call:
    return cst.Call(func=cst.parse_expression(func), args=[cst.Arg(a) for a in args])


def _method(value: cst.BaseExpression, method: str, *args: cst.BaseExpression) -> cst.Call:
    return cst.Call(func=cst.Attribute(value=value, attr=cst.Name(method)), args=[cst.Arg(a) for a in args])


def identity_loosened(node: cst.Comparison) -> Iterable[cst.CSTNode]:
    """Compare identities loosely: case-insensitive, prefix, suffix, containment, whitespace-stripped."""
    if len(node.comparisons) != 1 or not isinstance(node.comparisons[0].operator, (cst.Equal, cst.NotEqual)):
        return
    left, right = node.left, node.comparisons[0].comparator
    if not (_stringish(left) or _stringish(right)) or any(m.matches(side, m.Name("None")) for side in (left, right)):
        return
    loose = [
        cst.Comparison(
            left=_method(left, "casefold"), comparisons=[cst.ComparisonTarget(cst.Equal(), _method(right, "casefold"))]
        ),
        _method(left, "startswith", right),
        _method(left, "endswith", right),
        cst.Comparison(left=right, comparisons=[cst.ComparisonTarget(cst.In(), left)]),
        cst.Comparison(
            left=_method(left, "strip"), comparisons=[cst.ComparisonTarget(cst.Equal(), _method(right, "strip"))]
        ),
    ]
    negate = isinstance(node.comparisons[0].operator, cst.NotEqual)
    for expression in loose:
        wrapped = expression.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
        yield cst.UnaryOperation(operator=cst.Not(), expression=wrapped) if negate else wrapped


def _collects(statement: cst.CSTNode) -> bool:
    return m.matches(
        statement,
        m.SimpleStatementLine(
            body=[m.Expr(m.Call(func=m.Attribute(attr=m.Name("append") | m.Name("extend") | m.Name("add"))))]
        ),
    )


def _with_break(block: cst.BaseSuite) -> Iterable[cst.BaseSuite]:
    if not isinstance(block, cst.IndentedBlock):
        return
    for i, statement in enumerate(block.body):
        if _collects(statement):
            yield block.with_changes(
                body=[*block.body[: i + 1], cst.SimpleStatementLine([cst.Break()]), *block.body[i + 1 :]]
            )
        elif isinstance(statement, cst.If) and not isinstance(statement.body, cst.SimpleStatementSuite):
            for inner in _with_break(statement.body):
                yield block.with_changes(
                    body=[*block.body[:i], statement.with_changes(body=inner), *block.body[i + 1 :]]
                )


def fold_first_only(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Keep only a fold's first reason: break after the first collect; all <-> any; drop a comprehension's filter; Refused(reasons[:1])."""
    if isinstance(node, cst.For):
        for body in _with_break(node.body):
            yield node.with_changes(body=body)
    elif isinstance(node, cst.Call):
        yield from _fold_call_narrowed(node)
    elif isinstance(node, (cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)) and node.for_in.ifs:
        yield node.with_changes(for_in=node.for_in.with_changes(ifs=[]))


def _fold_call_narrowed(node: cst.Call) -> Iterable[cst.CSTNode]:
    """Yield a folding call that keeps less: `all` <-> `any`, or a `Refused` handed only its first reason."""
    if m.matches(node.func, m.Name("all") | m.Name("any")):
        swapped = "any" if m.matches(node.func, m.Name("all")) else "all"
        yield node.with_changes(func=cst.Name(swapped))
    elif m.matches(node.func, m.Name("Refused")) and len(node.args) == 1:
        inner = node.args[0].value
        if m.matches(inner, m.Call(func=m.Name("tuple"), args=[m.Arg()])):
            assert isinstance(inner, cst.Call)
            first = cst.Subscript(
                value=inner.args[0].value, slice=[cst.SubscriptElement(cst.Slice(lower=None, upper=cst.Integer("1")))]
            )
            yield node.with_changes(args=[cst.Arg(inner.with_changes(args=[cst.Arg(first)]))])


def min_max(node: cst.Call) -> Iterable[cst.CSTNode]:
    """Take the other end: min <-> max."""
    if m.matches(node.func, m.Name("min")):
        yield node.with_changes(func=cst.Name("max"))
    elif m.matches(node.func, m.Name("max")):
        yield node.with_changes(func=cst.Name("min"))


def rounding(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Round the other way: ceil <-> floor, an exact ceiling division made a floor, a floor division made round-half."""
    if isinstance(node, cst.Call):
        yield from _rounding_call_swapped(node)
    elif _exact_ceiling(node):
        assert isinstance(node, cst.UnaryOperation) and isinstance(node.expression, cst.BinaryOperation)
        division = node.expression
        assert isinstance(division.left, cst.UnaryOperation)
        yield division.with_changes(left=division.left.expression, lpar=[cst.LeftParen()], rpar=[cst.RightParen()])
    elif isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.FloorDivide):
        yield _call("round", node.with_changes(operator=cst.Divide()))


def _rounding_call_swapped(node: cst.Call) -> Iterable[cst.CSTNode]:
    """Yield a `ceil(...)` made `floor(...)` or the reverse, however the function is spelled (`math.ceil`)."""
    swap = {"ceil": "floor", "floor": "ceil"}.get(name_of(node.func))
    if swap and isinstance(node.func, (cst.Name, cst.Attribute)):
        func = cst.Name(swap) if isinstance(node.func, cst.Name) else node.func.with_changes(attr=cst.Name(swap))
        yield node.with_changes(func=func)


def _exact_ceiling(node: cst.CSTNode) -> bool:
    """Say whether an expression is an exact ceiling division, `-(-a // b)`."""
    return m.matches(
        node,
        m.UnaryOperation(
            operator=m.Minus(),
            expression=m.BinaryOperation(left=m.UnaryOperation(operator=m.Minus()), operator=m.FloorDivide()),
        ),
    )


def constant_nudged(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Nudge a constant: a Fraction's numerator or denominator +-1, an integer -1 (mutmut makes +1)."""
    if isinstance(node, cst.Call) and name_of(node.func) == "Fraction" and len(node.args) == 2:
        yield from _fraction_nudged(node)
    elif isinstance(node, cst.Integer):
        value = int(node.value.replace("_", ""), 0)
        if value >= 2:
            spelled = {"0o": oct, "0x": hex, "0b": bin}.get(node.value[:2].lower(), str)
            yield node.with_changes(value=spelled(value - 1))


def _fraction_nudged(node: cst.Call) -> Iterable[cst.CSTNode]:
    """Yield a `Fraction(p, q)` with a literal p or q moved by one, up then down (a denominator stays positive)."""
    for i, arg in enumerate(node.args):
        if not isinstance(arg.value, cst.Integer):
            continue
        value = int(arg.value.value.replace("_", ""))
        for nudged in (value + 1, value - 1):
            if nudged > 0 or i == 0:
                args = list(node.args)
                args[i] = arg.with_changes(value=cst.Integer(str(nudged)))
                yield node.with_changes(args=args)


def instant_bound(node: cst.ComparisonTarget) -> Iterable[cst.CSTNode]:
    """Move a time, lease or deadline bound by its instant: < <-> <=, > <-> >=."""
    swap: dict[type, Callable[[], cst.BaseCompOp]] = {
        cst.LessThan: cst.LessThanEqual,
        cst.LessThanEqual: cst.LessThan,
        cst.GreaterThan: cst.GreaterThanEqual,
        cst.GreaterThanEqual: cst.GreaterThan,
    }
    kind = swap.get(type(node.operator))
    if kind is not None and INSTANT.search(name_of(node.comparator)):
        yield node.with_changes(operator=kind())


EXCLUSIVE_MODES = ("'x'", '"x"', "'xb'", '"xb"', "'wx'", '"wx"')
"""The `open()` modes that create exclusively, as spelled in source."""


def exclusive_made_overwrite(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Overwrite where a create was exclusive (O_EXCL dropped, link -> replace, mode 'x' -> 'w'); write in place where a rename was atomic."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr):
        yield from _excl_dropped(node)
    elif isinstance(node, cst.Call) and _two_argument_os_call(node):
        yield from _os_call_overwrites(node)
    elif isinstance(node, cst.SimpleString) and node.value in EXCLUSIVE_MODES:
        yield node.with_changes(
            value=node.value.replace("x", "w") if "w" not in node.value else node.value.replace("x", "")
        )


def _excl_dropped(node: cst.BinaryOperation) -> Iterable[cst.CSTNode]:
    """Yield a flag union without its `O_EXCL` (on either side)."""
    if name_of(node.right) == "O_EXCL":
        yield node.left
    elif name_of(node.left) == "O_EXCL":
        yield node.right


def _two_argument_os_call(node: cst.Call) -> bool:
    """Say whether a call is `os.something(a, b)`."""
    return isinstance(node.func, cst.Attribute) and name_of(node.func.value) == "os" and len(node.args) == 2


def _os_call_overwrites(node: cst.Call) -> Iterable[cst.CSTNode]:
    """Yield `os.link` made `os.replace`, or an atomic `os.replace`/`os.rename` made a copy in place."""
    assert isinstance(node.func, cst.Attribute)
    name = node.func.attr.value
    if name == "link":
        yield node.with_changes(func=node.func.with_changes(attr=cst.Name("replace")))
    elif name in ("replace", "rename"):
        source, target = node.args[0].value, node.args[1].value
        # Copy the bytes onto the target in place: readers can see a half-written file.
        yield _call("(lambda s, t: open(t, 'wb').write(open(s, 'rb').read()))", source, target)


def rendered_element_dropped(node: cst.CSTNode) -> Iterable[cst.CSTNode]:
    """Drop one element of a rendered tuple or list literal (argv, mounts, env), or swap two sibling strings of one table."""
    if not isinstance(node, (cst.Tuple, cst.List)) or len(node.elements) < 2:
        return
    strings = [isinstance(e.value, (cst.SimpleString, cst.FormattedString)) for e in node.elements]
    if sum(strings) < 2:
        return
    yield from _string_dropped(node, strings)
    yield from _strings_swapped(node, strings)


def _string_dropped(node: cst.Tuple | cst.List, strings: list[bool]) -> Iterable[cst.CSTNode]:
    """Yield the literal without one of its string elements, each in turn."""
    for i in range(len(node.elements)):
        if strings[i]:
            kept = [*node.elements[:i], *node.elements[i + 1 :]]
            kept[-1] = (
                kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                if len(kept) > 1 or isinstance(node, cst.List)
                else kept[-1]
            )
            yield node.with_changes(elements=kept)


def _strings_swapped(node: cst.Tuple | cst.List, strings: list[bool]) -> Iterable[cst.CSTNode]:
    """Yield the literal with two neighbouring, different strings swapped, each pair in turn."""
    code = cst.Module([]).code_for_node
    for i in range(len(node.elements) - 1):
        a, b = node.elements[i], node.elements[i + 1]
        if strings[i] and strings[i + 1] and code(a.value) != code(b.value):
            swapped = list(node.elements)
            swapped[i], swapped[i + 1] = a.with_changes(value=b.value), b.with_changes(value=a.value)
            yield node.with_changes(elements=swapped)


def _fields(function: cst.FunctionDef) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}

    class Reads(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            if isinstance(node.value, cst.Name):
                found.setdefault(node.value.value, set()).add(node.attr.value)

    function.visit(Reads())
    return found


def _suffix(name: str) -> str:
    return name.rsplit("_", 1)[-1] if "_" in name else ""


def sibling_field(node: cst.FunctionDef) -> Iterable[cst.CSTNode]:
    """Read a sibling field of the same kind on the same value (`row.a_gib` -> `row.b_gib`)."""
    fields = _fields(node)

    class Swap(cst.CSTTransformer):
        def __init__(self, target: tuple[str, str], replacement: str) -> None:
            self.target, self.replacement, self.done = target, replacement, False

        def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
            if (
                not self.done
                and isinstance(updated.value, cst.Name)
                and (updated.value.value, updated.attr.value) == self.target
            ):
                self.done = True
                return updated.with_changes(attr=cst.Name(self.replacement))
            return updated

    for owner, names in sorted(fields.items()):
        for name in sorted(names):
            for other in sorted(names - {name}):
                if _suffix(name) and _suffix(name) == _suffix(other) and not name.startswith("_"):
                    mutated = node.visit(Swap((owner, name), other))
                    assert isinstance(mutated, cst.FunctionDef)
                    yield mutated


# An index named as one: a subscript by a bare name or attribute is a mapping key as often as a list index, and no
# syntax tells them apart; these names say position (`staging[index]`), where `members[tag]` says key.
CATALOGUE: tuple[Operator, ...] = (
    Operator("domain.identity_loosened", cst.Comparison, identity_loosened, identity_loosened.__doc__ or ""),
    Operator("domain.fold_first_only", cst.CSTNode, fold_first_only, fold_first_only.__doc__ or ""),
    Operator("domain.min_max", cst.Call, min_max, min_max.__doc__ or ""),
    Operator("domain.rounding", cst.CSTNode, rounding, rounding.__doc__ or ""),
    Operator("domain.constant_nudged", cst.CSTNode, constant_nudged, constant_nudged.__doc__ or ""),
    Operator("domain.instant_bound", cst.ComparisonTarget, instant_bound, instant_bound.__doc__ or ""),
    Operator(
        "domain.exclusive_made_overwrite", cst.CSTNode, exclusive_made_overwrite, exclusive_made_overwrite.__doc__ or ""
    ),
    Operator(
        "domain.rendered_element_dropped", cst.CSTNode, rendered_element_dropped, rendered_element_dropped.__doc__ or ""
    ),
    Operator("domain.sibling_field", cst.FunctionDef, sibling_field, sibling_field.__doc__ or ""),
    Operator("domain.guard_skipped", cst.If, guard_skipped, guard_skipped.__doc__ or ""),
    Operator("domain.arguments_swapped", cst.Call, arguments_swapped, arguments_swapped.__doc__ or ""),
    Operator("domain.statement_dropped", cst.SimpleStatementLine, statement_dropped, statement_dropped.__doc__ or ""),
    Operator("domain.bound_shifted", cst.CSTNode, bound_shifted, bound_shifted.__doc__ or ""),
    Operator("domain.condition_negated", cst.CSTNode, condition_negated, condition_negated.__doc__ or ""),
    Operator("domain.handler_narrowed", cst.ExceptHandler, handler_narrowed, handler_narrowed.__doc__ or ""),
    Operator(
        "domain.format_field_dropped", cst.FormattedString, format_field_dropped, format_field_dropped.__doc__ or ""
    ),
)
