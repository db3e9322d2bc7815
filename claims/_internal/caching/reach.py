"""Record which statements a claim reached: a store per statement, inserted at import.

Every function of an instrumented module gets, before each statement, a
store `__claims_reach__["module:function:offset"] = 1`, where `function` is
the top-level function (or `Class.method`) and `offset` the statement's line
counted from that function's `def` line.  Keys are independent of where the
function sits in its file, so mutmut's trampolined copy (`x_rule__mutmut_orig`)
reports the same keys as the source it was copied from.  A store costs a few
tens of nanoseconds; coverage's line tracer cost this suite 2.3x.

The worker clears the table before a claim and reads it after: the keys are
the claim's reach, used to fingerprint its result (what it executed) and to
skip claims that never execute a mutated line.
"""

from __future__ import annotations

import ast
import builtins
import gc
import itertools
from collections.abc import Iterable

from claims._internal.functions import function_likes

TABLE = "__claims_reach__"
MUTMUT_SUFFIX = "__mutmut_"


def table() -> dict[str, int]:
    """Return this process's reach table (created on first use, shared through builtins)."""
    found = getattr(builtins, TABLE, None)
    if found is None:
        found = {}
        setattr(builtins, TABLE, found)
        _CollectionGuard(found).install()
    return found


class _CollectionGuard:
    """Keep out of the table what runs inside a garbage collection.

    A collection runs the finalizers of whatever garbage it finds (`__del__`,
    an io object's close, a weakref callback) inside whichever claim it
    interrupts, and which claim that is depends on the order claims run in
    and on the allocator.  What such code reaches is nobody's: the guard
    notes the table's size when a collection starts and drops, when it
    stops, the keys added meanwhile.  Keys already present stay (the claim
    reached them itself), and a key the claim reaches later is added again.
    """

    def __init__(self, table: dict[str, int]) -> None:
        self.table = table
        self.size: int | None = None

    def install(self) -> None:
        gc.callbacks.append(self)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.size = len(self.table)
            return
        size, self.size = self.size, None
        if size is not None and len(self.table) > size:
            for key in list(itertools.islice(self.table, size, None)):
                del self.table[key]


def original_name(name: str) -> str | None:
    """Return the qualified name of the source a function copy was made from, or None for a mutant copy.

    `x_rule__mutmut_orig` is the untouched copy of `rule`; `xǁClassǁm__mutmut_orig` of `Class.m`,
    `xǁOuterǁInnerǁm__mutmut_orig` of `Outer.Inner.m`, `xǁClassǁsizeǁsetter__mutmut_orig` of the setter
    `Class.size.setter`; `x_rule__mutmut_3` is a mutant (not recorded: it runs only under its mutant).  Any
    other name is returned as it is.
    """
    if MUTMUT_SUFFIX not in name:
        return name
    stem, _, tail = name.rpartition(MUTMUT_SUFFIX)
    if tail != "orig":
        return None
    if stem.startswith("xǁ"):
        return ".".join(stem.split("ǁ")[1:])
    return stem[2:] if stem.startswith("x_") else stem


def function_key(module: str, qualname: str) -> str:
    """Name a function in reach keys: `module:qualname`."""
    return f"{module}:{qualname}"


def statement_key(module: str, qualname: str, offset: int) -> str:
    """Name a statement in reach keys: `module:qualname:offset` (offset 0 is the def line)."""
    return f"{module}:{qualname}:{offset}"


def _store(key: str, like: ast.stmt) -> ast.stmt:
    node = ast.Assign(
        targets=[
            ast.Subscript(value=ast.Name(id=TABLE, ctx=ast.Load()), slice=ast.Constant(value=key), ctx=ast.Store())
        ],
        value=ast.Constant(value=1),
    )
    return ast.copy_location(node, like)


def _is_docstring(stmt: ast.stmt) -> bool:
    return isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and isinstance(stmt.value.value, str)


class _Statements(ast.NodeTransformer):
    """Insert a store before every statement of one function body, recursively into blocks."""

    def __init__(self, module: str, qualname: str, def_line: int, lines: bool) -> None:
        self.module, self.qualname, self.def_line, self.lines = module, qualname, def_line, lines

    def body(self, statements: list[ast.stmt], *, top: bool = False) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        entered = False
        for index, stmt in enumerate(statements):
            if top and index == 0 and _is_docstring(stmt):
                out.append(stmt)  # the docstring stays first, or the function loses its __doc__
                continue
            if self.lines or not entered:
                out.append(_store(statement_key(self.module, self.qualname, stmt.lineno - self.def_line), stmt))
                entered = True
            out.append(self.visit(stmt) if self.lines else stmt)
        return out

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and self.lines:
            # A closure's statements are the enclosing function's own (a mutant of them is that function's mutant):
            # record them under its name, counted from its def line, whenever the closure runs.
            node.body = self.body(node.body, top=True)
            return node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return node  # witness modules record entries only; a class body is not a function's statement
        self._blocks(node)
        return node

    def _blocks(self, node: ast.AST) -> None:
        """Decide which blocks of a compound statement get stores: its bodies, its handlers' and its cases'."""
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                setattr(node, field, self.body(block))
        for handler in getattr(node, "handlers", []):
            handler.body = self.body(handler.body)
        for case in getattr(node, "cases", []):
            case.body = self.body(case.body)


def instrument(tree: ast.Module, module: str, *, lines: bool) -> ast.Module:
    """Insert reach stores into every function-like of a parsed module (`functions`: methods at any depth too).

    With `lines` false only each function's entry is recorded (witness modules:
    the cache needs which functions ran, not which lines).
    """
    found, _ = function_likes(tree)
    for item in found:
        name = original_name(item.node.name)
        if name is None:
            continue  # a mutant copy: it runs only under its own mutant
        # A copy's name spells its source's qualified name (`xǁClassǁm__mutmut_orig` -> `Class.m`).
        qualname = name if name != item.node.name else item.qualname
        item.node.body = _Statements(module, qualname, item.node.lineno, lines).body(item.node.body, top=True)
    return tree


def functions_of(keys: Iterable[str]) -> frozenset[str]:
    """Return the `module:qualname` of every function that statement keys reached."""
    return frozenset(key.rpartition(":")[0] for key in keys)
