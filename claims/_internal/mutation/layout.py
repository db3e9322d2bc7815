"""Lay out a module's generated code: every function-like a trampoline, its untouched copy and a copy per mutant.

Every function-like body of the module (`functions`: top-level functions,
methods at any depth of nesting, decorated or not) becomes three things:

- the trampoline: the definition as written, its decorators kept, with the
  trampoline decorator innermost, so the decorators run once, on it, and
  every call goes to whatever its table holds under `active`;
- `x_rule__mutmut_orig` (`xǁClassǁmethod__mutmut_orig` for a method, defined
  in its class, so `super()` and private names work as in the original):
  the body as written, undecorated (a static method stays one);
- a copy per mutant, numbered in source order (`x_rule__mutmut_3`): names
  only the tree and its table use; a mutant's id names what it changes.

A method's table is a module-level dict declared before its outermost class
and filled after it.  A copy is rendered once, under a stand-in name, at
its class's indentation, and put into the module's code as text.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from claims._internal.functions import FunctionLike, function_likes, walk_statements
from claims._internal.mutation.codegen import Render, code_named, parent_map, renamed, replace_once, splice, unused_name
from claims._internal.mutation.identity import change_of, mutant_tags
from claims._internal.mutation.located import located_mutant
from claims._internal.mutation.mutant import Mutant

if TYPE_CHECKING:
    import libcst as cst

TRAMPOLINE_IMPORT = "from claims._internal.mutation.trampoline import trampoline as _claims_trampoline"
NEVER_TRAMPOLINED = frozenset({"__getattribute__", "__setattr__", "__new__"})
"""mutmut's own never-mutate names: a trampoline in their place would run for every attribute, or build nothing."""


def mangled(qualname: str) -> str:
    """Return the generated-tree stem of a function-like (`rule` -> `x_rule`, `A.size.setter` -> `xǁAǁsizeǁsetter`)."""
    parts = qualname.split(".")
    return f"x_{qualname}" if len(parts) == 1 else "xǁ" + "ǁ".join(parts)


def offset_of(line: int, def_line: int, spans: list[tuple[int, int, int]]) -> int:
    """Return the offset (from the def line) of the innermost statement holding `line`; 0 for the signature."""
    inside = [s for s in spans if s[0] <= line <= s[1]]
    if not inside:
        return 0
    start = max(inside, key=lambda s: (s[0], -s[1]))[2]
    return start - def_line


def mutmut_made(mutation: Any, visitor: Any) -> bool:
    """Say whether mutmut's own operators proposed this mutation (it keeps mutmut's numbering)."""
    return bool(visitor.origin.get(id(mutation), False))


class _Likes:
    """The module's function-likes, found in its source and matched to its libcst nodes by the `def`'s position."""

    def __init__(self, source: str, positions: Any, module: cst.Module) -> None:
        import libcst as cst

        found, self.skipped = function_likes(ast.parse(source))
        self.all = found
        by_place = {(f.node.lineno, f.node.col_offset): f for f in found}
        self.of: dict[int, FunctionLike] = {}  # id(cst.FunctionDef) -> its function-like
        self.nodes: dict[str, Any] = {}
        for node, where in positions.items():
            if isinstance(node, cst.FunctionDef):
                like = by_place.get((where.start.line, where.start.column))
                if like is not None and node.name.value not in NEVER_TRAMPOLINED:
                    self.of[id(node)] = like
                    self.nodes[like.qualname] = node
        self.parents = parent_map(module)

    def owner(self, node: Any) -> FunctionLike | None:
        """Return the function-like whose body holds a node (itself, for a whole function), if any."""
        while node is not None:
            like = self.of.get(id(node))
            if like is not None:
                return like
            node = self.parents.get(id(node), (None,))[0]
        return None


LeftOut = tuple[str, int, str]
"""A function-like not mutated: its qualified name, its `def` line, and why."""
NOTHING = "nothing to mutate: no operator applies to its body"
"""The one reason that is not code left out: a body no operator can change (a bare `return self.x`)."""


def lay_out(
    module_name: str, source: str, module: Any, positions: Any, visitor: Any, render: Render, excluded: str | None
) -> tuple[str, str, list[Mutant], list[LeftOut]]:
    """Return the trampolined code with every mutant, the code with the trampolines alone, the mutants, and the
    function-likes left unmutated with why (`excluded` says why the whole module is, when it is)."""
    likes = _Likes(source, positions, module)
    stand_in = unused_name(source)
    proposed: dict[str, list[tuple[Any, str, Any]]] = {}
    for mutation, operator, position in visitor.tagged:
        like = likes.owner(mutation.original_node)
        if like is not None and position is not None:
            proposed.setdefault(like.qualname, []).append((mutation, operator, position))
    copies_of = {
        qualname: _copies(module_name, likes, qualname, proposed[qualname], stand_in, visitor, render)
        for qualname in likes.nodes
        if qualname in proposed
    }
    code, trampolines, mutants = _Module(module, likes, copies_of, stand_in, render).build()
    return code, trampolines, mutants, _left_out(likes, copies_of, visitor, excluded)


def _left_out(likes: _Likes, copies_of: dict[str, list[Any]], visitor: Any, excluded: str | None) -> list[LeftOut]:
    """Say which function-likes got no mutant, and why."""
    left = [(s.qualname, s.line, s.why) for s in likes.skipped]
    left += [
        (like.qualname, like.node.lineno, "mutmut never mutates __new__, __getattribute__ or __setattr__")
        for like in likes.all
        if like.node.name in NEVER_TRAMPOLINED
    ]
    pragma = set(getattr(visitor, "ignored_functions", ()))
    for qualname, node in likes.nodes.items():
        if copies_of.get(qualname):
            continue
        line = likes.of[id(node)].node.lineno
        if excluded is not None:
            left.append((qualname, line, excluded))
        elif node.name.value in pragma:
            left.append((qualname, line, "# pragma: no mutate"))
        else:
            left.append((qualname, line, NOTHING))
    return sorted(left, key=lambda item: item[1])


def _indent(likes: _Likes, like: FunctionLike, render: Render) -> tuple[str, ...]:
    """Return the indentation of a function-like's lines: one level per class holding it."""
    tokens: list[str] = []
    node = likes.nodes[like.qualname]
    chain = []
    while node is not None:
        parent = likes.parents.get(id(node), (None,))[0]
        if parent is not None and type(parent).__name__ == "IndentedBlock":
            chain.append(parent.indent if parent.indent is not None else render.module.default_indent)
        node = parent
    tokens.extend(reversed(chain))
    return tuple(tokens)


def _bare(stmt: Any) -> Any:
    """Return a definition without its decorators, but `staticmethod` (a copy is called exactly as the original)."""
    kept = [d for d in stmt.decorators if _decorator(d) == "staticmethod"]
    return stmt.with_changes(decorators=kept)


def _decorator(decorator: Any) -> str:
    node = decorator.decorator
    parts = []
    while type(node).__name__ == "Attribute":
        parts.append(node.attr.value)
        node = node.value
    if type(node).__name__ == "Name":
        parts.append(node.value)
    return ".".join(reversed(parts))


def _copies(
    module_name: str,
    likes: _Likes,
    qualname: str,
    proposed: Sequence[tuple[Any, str, Any]],
    stand_in: str,
    visitor: Any,
    render: Render,
) -> list[tuple[str, Mutant]]:
    """Return each kept mutant of one function-like with its copy's code (under its copy name, at its indentation)."""
    stmt = likes.nodes[qualname]
    like = likes.of[id(stmt)]
    indent = _indent(likes, like, render)
    base = _bare(stmt)
    # Every copy's text is made once, under a stand-in name, and serves both to drop duplicates and as the copy's
    # code in the tree.
    original = code_named(render, base, stand_in, indent)
    parents = parent_map(base)
    candidates = [_candidate(stmt, base, parents, one, stand_in, indent, render) for one in proposed]
    kept = _kept(candidates, original, visitor)
    spans = [(s.lineno, s.end_lineno or s.lineno, s.lineno) for s in walk_statements(like.node)]
    # What each copy changes, read with the function's own name (the stand-in depends on the module's text).
    name = stmt.name.value
    named = original.replace(stand_in, name)
    tags = mutant_tags(qualname, [(c[1], change_of(named, c[4].replace(stand_in, name))) for c in kept])
    found = []
    for candidate, tag, copy_name in zip(kept, tags, _copy_names(qualname, kept, visitor), strict=True):
        offset = offset_of(candidate[2].start.line, like.node.lineno, spans)
        mutant_id = f"{module_name}.{qualname}.{tag}"
        mutant = located_mutant(mutant_id, module_name, qualname, copy_name, offset, candidate, likes.parents, render)
        found.append((renamed(render, candidate[0], candidate[4], stand_in, mutant.copy, indent), mutant))
    return found


def _candidate(
    stmt: Any,
    base: Any,
    parents: Any,
    proposed: tuple[Any, str, Any],
    stand_in: str,
    indent: tuple[str, ...],
    render: Render,
) -> list[Any]:
    """Make one proposed mutation's copy: [its node, operator, position, mutation, its code under the stand-in]."""
    mutation, operator, position = proposed
    # A mutation of the whole function (sibling_field) replaces the statement itself.
    copy: Any = (
        _bare(mutation.mutated_node)
        if mutation.original_node is stmt
        else replace_once(base, mutation.original_node, mutation.mutated_node, parents)
    )
    return [copy, operator, position, mutation, code_named(render, copy, stand_in, indent)]


def _kept(candidates: list[list[Any]], original: str, visitor: Any) -> list[list[Any]]:
    """Decide which copies become mutants: all of mutmut's, then each other one unlike the original and all kept."""
    # mutmut's own mutants are all kept, duplicates included, as mutmut makes them.
    kept = [c for c in candidates if mutmut_made(c[3], visitor)]
    seen: dict[str, int] = {}
    for index, candidate in enumerate(kept):
        seen.setdefault(candidate[4], index)
    for candidate in candidates:
        if mutmut_made(candidate[3], visitor) or candidate[4] == original:
            continue
        if candidate[4] in seen:
            _rename_duplicate(kept[seen[candidate[4]]], candidate)
            continue
        seen[candidate[4]] = len(kept)
        kept.append(candidate)
    kept.sort(key=lambda c: candidates.index(c))
    return kept


def _rename_duplicate(same: list[Any], duplicate: list[Any]) -> None:
    """Give a kept copy of mutmut's the more specific operator name of a domain copy making the same defect."""
    if same[1].startswith("mutmut."):
        same[1] = duplicate[1]


def _copy_names(qualname: str, kept: Sequence[list[Any]], visitor: Any) -> list[str]:
    """Name each kept copy in the tree: mutmut's and the domain's numbered apart, in source order."""
    numbers = {False: 0, True: 0}
    names = []
    for candidate in kept:
        domain = not mutmut_made(candidate[3], visitor)
        numbers[domain] += 1
        names.append(f"{mangled(qualname)}__mutmut_{'d' if domain else ''}{numbers[domain]}")
    return names


class _Module:
    """Build the two module bodies, the trampolined one with every mutant and the one with the trampolines alone."""

    def __init__(
        self, module: Any, likes: _Likes, copies_of: dict[str, list[tuple[str, Mutant]]], stand_in: str, render: Render
    ) -> None:
        self.module, self.likes, self.copies_of, self.stand_in, self.render = module, likes, copies_of, stand_in, render
        self.texts: dict[str, str] = {}  # a stand-in statement's line -> a mutant's code, put in after codegen

    def build(self) -> tuple[str, str, list[Mutant]]:
        import libcst as cst

        body: list[Any] = []
        plain: list[Any] = []
        prologue = True
        for stmt in self.module.body:
            if prologue and isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
                body += _trampoline_import()
                plain += _trampoline_import()
                prologue = False
            before, (full, alone), after = self._statement(stmt)
            body += [*before, *full, *after[0]]
            plain += [*before, *alone, *after[1]]
        if prologue:
            body += _trampoline_import()
            plain += _trampoline_import()
        code = self.render(self.module.with_changes(body=body))
        trampolines = self.render(self.module.with_changes(body=plain))
        mutants = [m for copies in self.copies_of.values() for _, m in copies]
        return splice(code, self.texts), trampolines, mutants

    def _statement(self, stmt: Any) -> tuple[list[Any], tuple[list[Any], list[Any]], tuple[list[Any], list[Any]]]:
        """Lay out one top-level statement: (table declarations, (its code, with trampolines alone), table fills)."""
        import libcst as cst

        if isinstance(stmt, cst.FunctionDef) and id(stmt) in self.likes.of:
            like = self.likes.of[id(stmt)]
            return self._declare(like), self._definition(stmt, like), self._fills(like, "")
        if isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock):
            declared: list[Any] = []
            fills: tuple[list[Any], list[Any]] = ([], [])
            full_class, plain_class = self._class(stmt, (), declared, fills)
            return declared, ([full_class], [plain_class]), fills
        return [], ([stmt], [stmt]), ([], [])

    def _class(
        self, stmt: Any, owners: tuple[str, ...], declared: list[Any], fills: tuple[list[Any], list[Any]]
    ) -> tuple[Any, Any]:
        """Lay out a class: each method a trampoline and its copies, nested classes likewise."""
        import libcst as cst

        full: list[Any] = []
        plain: list[Any] = []
        path = (*owners, stmt.name.value)
        for item in stmt.body.body:
            if isinstance(item, cst.FunctionDef) and id(item) in self.likes.of:
                like = self.likes.of[id(item)]
                declared.extend(self._declare(like))
                mine, alone = self._definition(item, like)
                full.extend(mine)
                plain.extend(alone)
                more = self._fills(like, ".".join(path) + ".")
                fills[0].extend(more[0])
                fills[1].extend(more[1])
            elif isinstance(item, cst.ClassDef) and isinstance(item.body, cst.IndentedBlock):
                inner_full, inner_plain = self._class(item, path, declared, fills)
                full.append(inner_full)
                plain.append(inner_plain)
            else:
                full.append(item)
                plain.append(item)
        return (
            stmt.with_changes(body=stmt.body.with_changes(body=full)),
            stmt.with_changes(body=stmt.body.with_changes(body=plain)),
        )

    def _declare(self, like: FunctionLike) -> list[Any]:
        import libcst as cst

        return list(cst.parse_module(f"{_table(like.qualname)}: dict = {{}}\n").body)

    def _definition(self, stmt: Any, like: FunctionLike) -> tuple[list[Any], list[Any]]:
        """Return (the trampoline, the untouched copy and the mutants' stand-in statements; the first two alone)."""
        import libcst as cst

        stem = mangled(like.qualname)
        trampoline = stmt.with_changes(
            decorators=[
                *stmt.decorators,
                cst.Decorator(cst.parse_expression(f"_claims_trampoline({_table(like.qualname)})")),
            ]
        )
        untouched = _bare(stmt).with_changes(name=cst.Name(f"{stem}__mutmut_orig"))
        stand_ins = []
        indent = "".join(_indent(self.likes, like, self.render))
        for text, _ in self.copies_of.get(like.qualname, []):
            placeholder = f"{self.stand_in}_{len(self.texts)}"
            self.texts[indent + placeholder + self.module.default_newline] = text
            stand_ins.append(cst.SimpleStatementLine([cst.Expr(cst.Name(placeholder))]))
        return [trampoline, untouched, *stand_ins], [trampoline, untouched]

    def _fills(self, like: FunctionLike, holder: str) -> tuple[list[Any], list[Any]]:
        """Return the statements filling a table: with every mutant, and with the untouched copy alone."""
        import libcst as cst

        stem = mangled(like.qualname)
        table = _table(like.qualname)
        entries = [f"'orig': {holder}{stem}__mutmut_orig", f"'active': {holder}{stem}__mutmut_orig"]
        alone = list(cst.parse_module(f"{table}.update({{{', '.join(entries)}}})\n").body)
        entries += [f"{m.copy!r}: {holder}{m.copy}" for _, m in self.copies_of.get(like.qualname, [])]
        return list(cst.parse_module(f"{table}.update({{{', '.join(entries)}}})\n").body), alone


def _trampoline_import() -> list[Any]:
    """Return the statement importing the trampoline decorator, parsed afresh (each body gets its own nodes)."""
    import libcst as cst

    return list(cst.parse_module(TRAMPOLINE_IMPORT + "\n").body)


def _table(qualname: str) -> str:
    return f"mutants_{mangled(qualname)}__mutmut"
