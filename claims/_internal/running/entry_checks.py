"""Open a checked function with its plain-pass tests inline: no memo and no argument table unless one fails.

Typeguard's transformer opens every function it checks with

    memo = TypeCheckMemo(globals(), locals())
    check_argument_types_internal('rule', {'a': (a, A), 'b': (b, B)}, memo)

and hands `memo` to each return check.  For a rule called with plain
values, the memo (a `locals()` dict and an object) and the table built at
every call cost more than the checks themselves.  After typeguard's
transformer, this pass rewrites that opening into

    if not (__claims_passes__(a, A) and __claims_passes__(b, B)):
        check_argument_types_internal('rule', {'a': (a, A), 'b': (b, B)}, TypeCheckMemo(globals(), locals()))

and each return check's memo into `None`.  `passes` (see `type_checks`)
says True only where typeguard would pass, so a value that is not plainly
passed still reaches typeguard, with the same memo and the same table, and
fails with typeguard's own error.  A return check given no memo builds one
only for a value it does not plainly pass, from the function's globals and
its locals at the return; the memo's locals only ever resolve a forward
reference by name, and the annotation itself is evaluated in the same
scope at the same moment.

A function is left as typeguard wrote it unless its memo is exactly
`TypeCheckMemo(globals(), locals())` (a method's memo also names its own
class) and the memo's only other uses, in the function's own scope, are the
argument check right after it and the return checks.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Iterator

PASSES = "__claims_passes__"
_CHECKS = "claims._internal.running.type_checks"
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def inline(tree: ast.Module) -> ast.Module:
    """Rewrite every function typeguard opened with a memo, where that is safe; import `passes` if any was."""
    names = _aliases(tree)
    memo_class = names.get(("typeguard", "TypeCheckMemo"))
    arguments = names.get((_CHECKS, "check_argument_types_internal"))
    returns = names.get((_CHECKS, "check_return_type_internal"))
    if memo_class is None:
        return tree
    rewritten = False
    for function in [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]:
        rewritten |= _rewrite(function, memo_class, arguments, returns)
    if rewritten:
        tree.body.insert(_import_index(tree), ast.ImportFrom(_CHECKS, [ast.alias("passes", PASSES)], 0))
        ast.fix_missing_locations(tree)
    return tree


def _aliases(tree: ast.Module) -> dict[tuple[str, str], str]:
    """Return the module-level name each `from M import N [as A]` binds, by (M, N)."""
    found: dict[tuple[str, str], str] = {}
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
            for alias in statement.names:
                found[(statement.module, alias.name)] = alias.asname or alias.name
    return found


def _import_index(tree: ast.Module) -> int:
    """Return where an import may go: after the module's docstring (which stays its `__doc__`) and `__future__` imports."""
    index = 0
    for position, statement in enumerate(tree.body):
        docstring = position == 0 and isinstance(statement, ast.Expr) and _is_text(statement.value)
        if docstring or (isinstance(statement, ast.ImportFrom) and statement.module == "__future__"):
            index = position + 1
    return index


def _is_text(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _own(node: ast.AST) -> Iterator[ast.AST]:
    """Walk a function's own scope: its body, not the bodies of functions, lambdas or classes inside it."""
    pending = list(ast.iter_child_nodes(node))
    while pending:
        child = pending.pop()
        yield child
        if not isinstance(child, _NESTED):
            pending.extend(ast.iter_child_nodes(child))


def _called(node: ast.AST, name: str | None) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name


def _rewrite(
    function: ast.FunctionDef | ast.AsyncFunctionDef, memo_class: str, arguments: str | None, returns: str | None
) -> bool:
    """Decide whether a function's memo can go, and rewrite its opening and return checks when it can."""
    body = function.body
    found = _memo_opening(body, memo_class)
    if found is None:
        return False
    index, memo, opening = found
    check = body[index + 1] if index + 1 < len(body) else None
    table = _argument_table(check, arguments, memo)
    return_checks = _return_checks(function, returns, memo)
    if _memo_uses(function, memo) != 1 + len(return_checks) + (table is not None):
        return False  # the memo serves another check (a yield's, an assignment's): leave the function as it is
    for call in return_checks:
        call.args[3] = ast.Constant(None)
    if table is None:
        _drop_opening(body, index)
    else:
        _guard_check(body, index, check, opening, table)
    return True


def _memo_opening(body: list[ast.stmt], memo_class: str) -> tuple[int, str, ast.Call] | None:
    """Decide where the memo opens, its name and call: None unless it is `TypeCheckMemo(globals(), locals())`."""
    index = next((i for i, s in enumerate(body) if _opens_memo(s, memo_class)), None)
    if index is None:
        return None
    statement = body[index]
    assert isinstance(statement, ast.Assign) and isinstance(statement.targets[0], ast.Name)
    memo, opening = statement.targets[0].id, statement.value
    assert isinstance(opening, ast.Call)
    if not _plain_opening(opening):
        return None
    return index, memo, opening


def _return_checks(function: ast.FunctionDef | ast.AsyncFunctionDef, returns: str | None, memo: str) -> list[ast.Call]:
    """Decide which calls in the function's own scope are return checks handed this memo."""
    return [n for n in _own(function) if isinstance(n, ast.Call) and _checks_return(n, returns, memo)]


def _memo_uses(function: ast.FunctionDef | ast.AsyncFunctionDef, memo: str) -> int:
    """Count the memo's uses in the function's own scope."""
    return sum(1 for n in _own(function) if isinstance(n, ast.Name) and n.id == memo)


def _drop_opening(body: list[ast.stmt], index: int) -> None:
    """Remove a memo no argument check uses, keeping the body a body."""
    del body[index]
    if not body:
        body.append(ast.Pass())


def _guard_check(body: list[ast.stmt], index: int, check: ast.stmt | None, opening: ast.Call, table: ast.Dict) -> None:
    """Replace the memo and its argument check with the check, run only when an argument does not plainly pass."""
    assert isinstance(check, ast.Expr) and isinstance(check.value, ast.Call)
    check.value.args[2] = opening
    body[index : index + 2] = [ast.If(ast.UnaryOp(ast.Not(), _plain_passes(table)), [check], [])]


def _plain_passes(table: ast.Dict) -> ast.expr:
    """Return the inline test that every argument plainly passes: `passes(a, A) and passes(b, B) ...`."""
    tests: list[ast.expr] = []
    for pair in table.values:
        assert isinstance(pair, ast.Tuple)
        value, annotation = (copy.deepcopy(e) for e in pair.elts)  # the table keeps its own, for the slow path
        tests.append(ast.Call(ast.Name(PASSES, ast.Load()), [value, annotation], []))
    return tests[0] if len(tests) == 1 else ast.BoolOp(ast.And(), tests)


def _plain_opening(opening: ast.Call) -> bool:
    """Say whether the memo opens as `TypeCheckMemo(globals(), locals())`, and nothing else."""
    expected = [ast.dump(_call("globals")), ast.dump(_call("locals"))]
    return not opening.keywords and [ast.dump(a) for a in opening.args] == expected


def _argument_table(check: ast.stmt | None, arguments: str | None, memo: str) -> ast.Dict | None:
    """Return the argument table of the check that follows the memo (`check_argument_types(name, {...}, memo)`)."""
    if not (isinstance(check, ast.Expr) and _called(check.value, arguments) and isinstance(check.value, ast.Call)):
        return None
    args = check.value.args
    table = args[1] if len(args) == 3 else None
    if isinstance(table, ast.Dict) and _is_memo(args[2], memo) and _pairs(table):
        return table
    return None


def _is_memo(node: ast.expr, memo: str) -> bool:
    """Say whether an argument is the memo, by its name."""
    return isinstance(node, ast.Name) and node.id == memo


def _pairs(table: ast.Dict) -> bool:
    """Say whether every value of an argument table is a (value, annotation) pair."""
    return all(isinstance(v, ast.Tuple) and len(v.elts) == 2 for v in table.values)


def _checks_return(node: ast.Call, returns: str | None, memo: str) -> bool:
    """Say whether a call is a return check handed this memo (`check_return_type(name, value, annotation, memo)`)."""
    return (
        _called(node, returns)
        and len(node.args) == 4
        and isinstance(node.args[3], ast.Name)
        and node.args[3].id == memo
    )


def _opens_memo(statement: ast.stmt, memo_class: str) -> bool:
    return (
        isinstance(statement, ast.Assign)
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
        and _called(statement.value, memo_class)
    )


def _call(name: str) -> ast.Call:
    return ast.Call(ast.Name(name, ast.Load()), [], [])
