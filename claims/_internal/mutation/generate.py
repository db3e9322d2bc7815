"""Generate the trampolined tree: every top-level rule switchable, every mutant of the chosen operators a copy.

Each `.py` file of the `[tool.claims].typecheck` packages is parsed with
libcst; mutmut's visitor (its pragmas, `do_not_mutate` and skip rules hold)
proposes mutations from every chosen operator, each tagged with its
operator's name; every undecorated top-level function becomes a trampoline
(see `trampoline`), an untouched copy and one copy per mutant.  A mutant's
id names what it changes (`identity`: `domain.fit_wall.headroom_gib.min_max_3f0c9a1d`),
never its place in source order; its copy in the tree is named by number
(`x_rule__mutmut_3`, the domain catalogue's `x_rule__mutmut_d3`), a name
only the tree and its trampoline table use.  Only changed files are
regenerated.
"""

from __future__ import annotations

import ast
import concurrent.futures
import hashlib
import json
import multiprocessing
import os
import shutil
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import asdict, frozen

from claims._internal.fingerprint import package_files, package_folder
from claims._internal.mutation.codegen import Render, code_named, parent_map, renamed, replace_once, splice, unused_name
from claims._internal.mutation.identity import change_of, mutant_tags
from claims._internal.mutation.operators import Operator, OperatorSets
from claims.atomic import write_atomically

if TYPE_CHECKING:  # libcst costs a third of a second to import: the gate and the reports read mutants, never make them
    import libcst as cst

GENERATOR = "claims-generate/3"
MANIFEST = "manifest.json"
TRAMPOLINES = "trampolines"
"""The sibling of a tree that holds its modules with the trampolines alone (see `trampolines_of`)."""
TRAMPOLINE_IMPORT = "from claims._internal.mutation.trampoline import trampoline as _claims_trampoline"


@frozen
class Mutant:
    """One automatic mutant: its stable id, where it is, which operator made it, and the text it changes."""

    id: str
    module: str
    function: str
    operator: str
    copy: str
    """The name of the mutant's copy of its function in the generated tree (`x_rule__mutmut_3`): a number in
    source order, so it names another mutation after an edit; only the tree's trampoline table uses it."""
    offset: int
    line: int
    column: int
    end_line: int
    end_column: int
    original: str
    replacement: str
    change: str = ""
    """A digest of the mutant's whole copy of its function: any edit of the function changes it, so the row's
    fingerprint, which covers it, reruns the mutant after one (the id stays)."""

    @property
    def name(self) -> str:
        """Return the id within its module (`headroom_gib.min_max_3f0c9a1d`), as its evidence row names it."""
        return self.id[len(self.module) + 1 :]


def mangled(function: str) -> str:
    """Return the generated-tree stem of a function (`rule` -> `x_rule`)."""
    return f"x_{function}"


def _statement_offsets(source: str) -> dict[str, tuple[int, list[tuple[int, int, int]]]]:
    """Map each top-level function to its def line and every statement span (start, end, start) inside it."""
    found: dict[str, tuple[int, list[tuple[int, int, int]]]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            spans = [
                (s.lineno, s.end_lineno or s.lineno, s.lineno)
                for s in ast.walk(node)
                if isinstance(s, ast.stmt) and s is not node
            ]
            found[node.name] = (node.lineno, spans)
    return found


def offset_of(line: int, def_line: int, spans: list[tuple[int, int, int]]) -> int:
    """Return the offset (from the def line) of the innermost statement holding `line`; 0 for the signature."""
    inside = [s for s in spans if s[0] <= line <= s[1]]
    if not inside:
        return 0
    start = max(inside, key=lambda s: (s[0], -s[1]))[2]
    return start - def_line


class _Visitor:
    """Build mutmut's visitor class lazily (importing mutmut costs a start that lists nothing)."""

    @staticmethod
    def make(operators: Sequence[Operator], ignored: Any) -> Any:
        from libcst.metadata import PositionProvider
        from mutmut.mutation.file_mutation import Mutation, MutationVisitor, OuterFunctionProvider

        names = {id(op.function): op.name for op in operators}

        class TaggingVisitor(MutationVisitor):
            """mutmut's visitor, recording each mutation's operator and position."""

            def __init__(self) -> None:
                super().__init__([(op.node_type, op.function) for op in operators], ignored)
                self.tagged: list[tuple[Any, str, Any]] = []
                self.origin: dict[int, bool] = {}

            def _create_mutations(self, node: cst.CSTNode) -> None:
                for node_type, function in self._operators:
                    if isinstance(node, node_type):
                        for mutated in function(node):
                            if self._removes_ignored_code(node, mutated):
                                continue
                            owner: Any = self.get_metadata(OuterFunctionProvider, node, None)
                            mutation = Mutation(
                                original_node=node, mutated_node=mutated, contained_by_top_level_function=owner
                            )
                            self.mutations.append(mutation)
                            self.tagged.append(
                                (mutation, names[id(function)], self.get_metadata(PositionProvider, node, None))
                            )
                            self.origin[id(mutation)] = names[id(function)].startswith("mutmut.")

        return TaggingVisitor()


def mutate_source(
    module_name: str, filename: str, source: str, operators: Sequence[Operator]
) -> tuple[str, list[Mutant]]:
    """Return the trampolined source of one module and its mutants.

    A domain mutant whose function reads exactly like one mutmut already made is not made
    twice: that mutant is attributed to the (more specific) domain operator instead.
    """
    code, _, mutants = mutate_module(module_name, filename, source, operators)
    return code, mutants


def mutate_module(
    module_name: str, filename: str, source: str, operators: Sequence[Operator]
) -> tuple[str, str, list[Mutant]]:
    """Return `mutate_source`'s code and mutants, and between them the module with its trampolines alone."""
    import libcst as cst
    from libcst.metadata import MetadataWrapper
    from mutmut.mutation.pragma_handling import get_ignored_lines

    if not operators:  # a file left unmutated is only trampolined: no visitor needs to go through it
        module, visitor = cst.parse_module(source), types.SimpleNamespace(tagged=[], origin={})
    else:
        wrapper = MetadataWrapper(cst.parse_module(source))
        visitor = _Visitor.make(operators, get_ignored_lines(filename, source, wrapper))
        module = wrapper.visit(visitor)
    with Render(module) as render:
        return _trampolined(module_name, source, module, visitor, render)


def _trampolined(
    module_name: str, source: str, module: Any, visitor: Any, render: Render
) -> tuple[str, str, list[Mutant]]:
    """Return the trampolined code with every mutant, the code with the trampolines alone, and the mutants."""
    import libcst as cst

    top: dict[Any, str] = {
        stmt: stmt.name.value for stmt in module.body if isinstance(stmt, cst.FunctionDef) and not stmt.decorators
    }
    offsets = _statement_offsets(source)
    stand_in = unused_name(source)
    proposed: dict[str, list[tuple[Any, str, Any]]] = {}
    for mutation, operator, position in visitor.tagged:
        function = top.get(mutation.contained_by_top_level_function)
        if function is not None and position is not None:
            proposed.setdefault(function, []).append((mutation, operator, position))
        # Methods and decorated functions are not switchable (DESIGN: rules are module-level, undecorated).

    by_function: dict[str, list[tuple[str, Mutant]]] = {}
    for stmt, function in top.items():
        if function not in proposed:
            continue  # no mutant: only its trampoline and untouched copy, below
        # Every copy's text is made once, under a stand-in name (renamed as text below), and serves both to drop
        # duplicates and as the copy's code in the tree.
        original = code_named(render, stmt, stand_in)
        parents = parent_map(stmt)
        candidates = []
        for mutation, operator, position in proposed[function]:
            # A mutation of the whole function (sibling_field) replaces the statement itself.
            copy: Any = (
                mutation.mutated_node
                if mutation.original_node is stmt
                else replace_once(stmt, mutation.original_node, mutation.mutated_node, parents)
            )
            candidates.append([copy, operator, position, mutation, code_named(render, copy, stand_in)])
        # mutmut's own mutants are all kept, duplicates included, so their names stay mutmut's.
        kept = [c for c in candidates if mutmut_made(c[3], visitor)]
        seen: dict[str, int] = {}
        for index, candidate in enumerate(kept):
            seen.setdefault(candidate[4], index)
        for candidate in candidates:
            if mutmut_made(candidate[3], visitor) or candidate[4] == original:
                continue
            if candidate[4] in seen:
                same = kept[seen[candidate[4]]]
                if same[1].startswith("mutmut."):
                    same[1] = candidate[1]  # the more specific name for the same defect
                continue
            seen[candidate[4]] = len(kept)
            kept.append(candidate)
        kept.sort(key=lambda c: candidates.index(c))
        numbers = {False: 0, True: 0}
        def_line, spans = offsets[function]
        # What each copy changes, read with the function's own name (the stand-in depends on the module's text).
        named = original.replace(stand_in, function)
        tags = mutant_tags(function, [(c[1], change_of(named, c[4].replace(stand_in, function))) for c in kept])
        for (copy, operator, position, mutation, text), tag in zip(kept, tags, strict=True):
            domain = not mutmut_made(mutation, visitor)
            numbers[domain] += 1
            name = f"{mangled(function)}__mutmut_{'d' if domain else ''}{numbers[domain]}"
            mutant = Mutant(
                id=f"{module_name}.{function}.{tag}",
                module=module_name,
                function=function,
                operator=operator,
                copy=name,
                offset=offset_of(position.start.line, def_line, spans),
                line=position.start.line,
                column=position.start.column,
                end_line=position.end.line,
                end_column=position.end.column,
                original=render(mutation.original_node),
                replacement=render(mutation.mutated_node),
                change=_digest(text)[:16],
            )
            by_function.setdefault(function, []).append((renamed(render, copy, text, stand_in, mutant.copy), mutant))

    # Two modules: with every mutant's copy, and the trampolines alone (a declared defect needs no automatic mutant).
    body: list[Any] = []
    plain: list[Any] = []

    def both(*statements: Any) -> None:
        body.extend(statements)
        plain.extend(statements)

    copies: dict[str, str] = {}  # stand-in statement -> a mutant's code, put in after the module's own codegen
    prologue = True
    for stmt in module.body:
        if prologue and isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
            both(*cst.parse_module(TRAMPOLINE_IMPORT + "\n").body)
            prologue = False
        if stmt not in top:
            both(stmt)
            continue
        function = top[stmt]
        stem = mangled(function)
        table = f"mutants_{stem}__mutmut"
        both(
            *cst.parse_module(f"{table}: dict = {{}}\n").body,
            stmt.with_changes(decorators=[cst.Decorator(cst.parse_expression(f"_claims_trampoline({table})"))]),
            stmt.with_changes(name=cst.Name(f"{stem}__mutmut_orig")),
        )
        entries = [f"'orig': {stem}__mutmut_orig", f"'active': {stem}__mutmut_orig"]
        plain.extend(cst.parse_module(f"{table}.update({{{', '.join(entries)}}})\n").body)
        for text, mutant in by_function.get(function, []):
            placeholder = f"{stand_in}_{len(copies)}"
            copies[placeholder + module.default_newline] = text
            body.append(cst.SimpleStatementLine([cst.Expr(cst.Name(placeholder))]))
            entries.append(f"{mutant.copy!r}: {mutant.copy}")
        body.extend(cst.parse_module(f"{table}.update({{{', '.join(entries)}}})\n").body)
    if prologue:
        both(*cst.parse_module(TRAMPOLINE_IMPORT + "\n").body)
    code = render(module.with_changes(body=body))
    trampolines = render(module.with_changes(body=plain))
    return splice(code, copies), trampolines, [m for items in by_function.values() for _, m in items]


def mutmut_made(mutation: Any, visitor: Any) -> bool:
    """Say whether mutmut's own operators proposed this mutation (it keeps mutmut's numbering)."""
    return bool(visitor.origin.get(id(mutation), False))


def trampolines_of(tree: Path) -> Path:
    """Return where the modules of a tree are written with their trampolines alone (what declared defects run on).

    A declared defect switches a rule through its trampoline and needs no automatic mutant; a process that has
    not imported thousands of mutant copies forks and runs each job faster.
    """
    return tree.parent / TRAMPOLINES


def _digest(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def generate(
    packages: Sequence[str],
    root: Path,
    tree: Path,
    operators: OperatorSets,
    *,
    skip: Any = None,
    mutated: Callable[[str], bool] | None = None,
    on_file: Any = None,
) -> list[Mutant]:
    """Write the trampolined tree (regenerating only changed files) and return every mutant, sorted by id.

    `skip(relative_path)` names files left unmutated (mutmut's `do_not_mutate`), and so does a module
    `mutated(module)` refuses (a run selecting some modules' mutants); they are still trampolined, so declared
    defects can target their rules.  Each module is also written with its trampolines alone, to
    `trampolines_of(tree)`, from the same generation, so the two trees never disagree.
    """
    plain = trampolines_of(tree)
    manifest_path = tree / MANIFEST
    try:
        old = json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        old = {}
    # The generator's own source is part of the key: an edit to it (or to an operator) regenerates every file.
    here = Path(__file__).parent
    own = [
        (here / name).read_text(encoding="utf-8")
        for name in ("generate.py", "codegen.py", "operators.py", "domain_operators.py", "flow_operators.py")
    ]
    ops_key = _digest(GENERATOR, *own, operators.key())
    new: dict[str, Any] = {}
    todo: list[tuple[str, str, str, str, bool]] = []
    for package in packages:
        for name, path in package_files(package, root):
            rel = path.relative_to(root).as_posix() if path.is_relative_to(root) else f"{package}/{path.name}"
            source = path.read_text(encoding="utf-8")
            excluded = bool(skip and skip(rel)) or (mutated is not None and not mutated(name))
            key = _digest(ops_key, source, str(excluded))
            cached = old.get(rel)
            if (
                isinstance(cached, dict)
                and cached.get("key") == key
                and (tree / rel).is_file()
                and (plain / rel).is_file()
            ):
                new[rel] = cached
            else:
                todo.append((name, rel, source, key, excluded))
        # Non-Python files of the package (data the rules read) come along unchanged.
        folder = package_folder(package, root)
        for data in folder.rglob("*") if folder is not None and folder.is_relative_to(root) else ():
            if data.is_file() and data.suffix != ".py" and "__pycache__" not in data.parts:
                for target in (tree / data.relative_to(root), plain / data.relative_to(root)):
                    target.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(data, target)
    done = len(new)
    if on_file is not None:
        on_file(done)
    # libcst is slow: regenerate changed files on every core (forked, so mutmut's loaded configuration comes along).
    loaded = operators.load() if todo else []
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(
        max_workers=min(len(todo), os.cpu_count() or 1) or 1, mp_context=context
    ) as pool:
        jobs = {
            pool.submit(mutate_module, name, rel, source, [] if excluded else loaded): (rel, key)
            for name, rel, source, key, excluded in todo
        }
        for job in concurrent.futures.as_completed(jobs):
            rel, key = jobs[job]
            code, trampolines, found = job.result()
            write_atomically(plain / rel, trampolines.encode("utf-8"))
            write_atomically(tree / rel, code.encode("utf-8"))
            new[rel] = {"key": key, "mutants": [asdict(m) for m in found]}
            done += 1
            if on_file is not None:
                on_file(done)
    mutants = [Mutant(**m) for entry in new.values() for m in entry["mutants"]]
    write_atomically(manifest_path, (json.dumps(new, indent=1, sort_keys=True) + "\n").encode())
    return sorted(mutants, key=lambda m: m.id)
