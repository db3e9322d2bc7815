"""The generator's shortcuts make the tree mutmut's way would: each copy is the original with one node replaced.

`mutate_source` replaces a node by rebuilding only the path to it (not the
whole function, as mutmut's `deep_replace` does) and makes each copy's code
once, under a stand-in name, putting it into the module's code as text.
These tests hold both shortcuts to the slow, plain construction on a source
with the shapes that could tell them apart: nested blocks, multi-line
brackets with trailing commas, comments, decorators, methods, tabs.
"""

from __future__ import annotations

import marshal
from pathlib import Path
from typing import Any

import libcst as cst
import pytest
from libcst._nodes.base import CSTCodegenError
from mutmut.mutation.file_mutation import deep_replace

from claims._internal.caching.fingerprint import Sources, package_files
from claims._internal.caching.readable_modules import ImportReach
from claims._internal.mutation import generate as generate_module
from claims._internal.mutation.codegen import Render, parent_map, replace_once
from claims._internal.mutation.generate import (
    generate,
    mutate_module,
    mutate_source,
    trampolines_of,
)
from claims._internal.mutation.identity import change_of
from claims._internal.mutation.inputs import ClaimDigests
from claims._internal.mutation.layout import mangled
from claims._internal.mutation.operators.registry import OperatorSets, chosen_sets
from claims._internal.mutation.plan import Baseline, mutant_prints
from claims._internal.running.loader import precompile, uncached

SOURCE = '''\
"""A module with the shapes codegen depends on."""
import functools

LIMIT = 3  # _claims_stand_in is spelled here, so the generator must pick another stand-in


def nested(items: list[int], floor: int = 0) -> list[int]:
    # a comment before the body
    kept = []
    for item in items:
        if item > floor and (
            item < LIMIT  # a comment inside brackets
            or item == 10
        ):
            kept.append(
                item + 1,
            )
        elif not item:
            continue
    return kept


@functools.cache
def decorated(x: int) -> int:
    return x * 2


class Holder:
    def method(self, x: int) -> bool:
        return x >= 4


def tabbed(a: int, b: int) -> bool:
\tif a < b:
\t\treturn a + b > 7
\treturn {"a": a, "b": b} == {"a": 1}


def last(s: str) -> str:
    return s.startswith("x") and "y" or s[1:-1]'''


def top_functions(code: str) -> dict[str, str]:
    """Return each top-level function's code in a module, under its own name."""
    module = cst.parse_module(code)
    return {s.name.value: module.code_for_node(s) for s in module.body if isinstance(s, cst.FunctionDef)}


def renamed(module: cst.Module, node: Any, name: str) -> str:
    return module.code_for_node(node.with_changes(name=cst.Name(name)))


def every_node(root: cst.CSTNode) -> list[cst.CSTNode]:
    found, stack = [], [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(node.children)
    return found[1:]


@pytest.mark.parametrize("function", ["nested", "tabbed", "last"])
def test_replacing_any_node_makes_the_tree_deep_replace_makes(function: str) -> None:
    module = cst.parse_module(SOURCE)
    stmt = next(s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == function)
    parents = parent_map(stmt)
    compared = 0
    for node in every_node(stmt):
        new: cst.CSTNode = cst.Name("zz") if isinstance(node, cst.BaseExpression) else node.deep_clone()
        try:
            expected = module.code_for_node(deep_replace(stmt, node, new))
        except Exception as refused:  # a parent that cannot hold a Name refuses it either way
            with pytest.raises(type(refused)):
                replace_once(stmt, node, new, parents)
            continue
        assert module.code_for_node(replace_once(stmt, node, new, parents)) == expected, module.code_for_node(node)
        compared += 1
    assert compared > 30


def test_rendering_each_subtree_once_gives_libcsts_code_for_every_node_and_copy() -> None:
    module = cst.parse_module(SOURCE)
    plain = cst.CSTNode._codegen
    compared = 0

    def same_code(render: Render, node: cst.CSTNode) -> bool:
        try:
            expected = module.code_for_node(node)
        except CSTCodegenError:  # a node only its parent can render (an annotation's `:` or `->`)
            with pytest.raises(CSTCodegenError):
                render(node)
            return False
        assert render(node) == expected
        return True

    with Render(module) as render:
        # The whole module first, so every node below is remembered at the indentation it has there.
        assert render(module) == module.code == SOURCE
        for stmt in module.body:
            parents = parent_map(stmt)
            for node in [stmt, *every_node(stmt)]:
                same_code(render, node)
                if isinstance(node, cst.BaseExpression) and node is not stmt:
                    try:
                        copy = replace_once(stmt, node, cst.Name("zz"), parents)
                    except Exception:  # a parent that cannot hold a Name
                        continue
                    compared += same_code(render, copy)
        reordered = module.with_changes(body=module.body[::-1])
        assert render(reordered) == reordered.code
    assert compared > 90
    assert cst.CSTNode._codegen is plain, "libcst's codegen is restored on leaving"


def function_likes_of(module: cst.Module) -> dict[str, cst.FunctionDef]:
    """Return every function and method of a module (classes at any depth), by qualified name, decorators dropped
    but `staticmethod`'s: a copy in the tree is the body alone."""
    found: dict[str, cst.FunctionDef] = {}

    def walk(body: Any, prefix: str) -> None:
        for stmt in body:
            if isinstance(stmt, cst.FunctionDef):
                kept = [
                    d
                    for d in stmt.decorators
                    if isinstance(d.decorator, cst.Name) and d.decorator.value == "staticmethod"
                ]
                found[prefix + stmt.name.value] = stmt.with_changes(decorators=kept)
            elif isinstance(stmt, cst.ClassDef) and isinstance(stmt.body, cst.IndentedBlock):
                walk(stmt.body.body, f"{prefix}{stmt.name.value}.")

    walk(module.body, "")
    return found


def flat(text: str) -> str:
    return "\n".join(line.strip() for line in text.splitlines())


def test_every_copy_in_the_tree_is_one_proposed_mutation_of_its_function() -> None:
    code, mutants = mutate_source("pkg.rules", "pkg/rules.py", SOURCE, chosen_sets(["mutmut", "domain"]).load())
    generated = {name.rpartition(".")[2]: node for name, node in function_likes_of(cst.parse_module(code)).items()}
    tree = cst.parse_module(code)
    module = cst.parse_module(SOURCE)
    originals = function_likes_of(module)
    # Every mutation the operators propose, made the plain way: mutmut's deep_replace, then libcst's codegen.
    proposed: dict[str, dict[str, set[tuple[str, str]]]] = {name: {} for name in originals}
    for operator in chosen_sets(["mutmut", "domain"]).load():
        for name, stmt in originals.items():
            for node in [stmt, *every_node(stmt)]:
                if isinstance(node, operator.node_type) and not isinstance(node, cst.Decorator):
                    for mutated in operator.function(node):
                        copy = mutated if node is stmt else deep_replace(stmt, node, mutated)
                        if isinstance(copy, cst.FunctionDef):
                            change = (flat(module.code_for_node(node)), flat(module.code_for_node(mutated)))
                            proposed[name].setdefault(renamed(module, copy, "f"), set()).add(change)
    # Methods, and decorated functions (their bodies; the decorators are kept on the trampoline), are mutated too.
    assert {m.function for m in mutants} == {"nested", "decorated", "Holder.method", "tabbed", "last"}
    for mutant in mutants:
        text = tree.code_for_node(generated[mutant.copy]).replace(f"def {mutant.copy}(", "def f(", 1)
        # ... and the one its record names: the code under its name is the change it records.
        # (A statement's recorded text reads as in the file: its lines at their own indentation.)
        assert (flat(mutant.original), flat(mutant.replacement)) in proposed[mutant.function].get(text, ()), mutant
        assert text != renamed(module, originals[mutant.function], "f")
    # The trampolined originals keep their exact text, and the tree holds nothing else under a stand-in's name.
    for name, stmt in originals.items():
        stem = f"x_{name}" if "." not in name else "xǁ" + name.replace(".", "ǁ")
        assert tree.code_for_node(generated[f"{stem}__mutmut_orig"]) == renamed(module, stmt, f"{stem}__mutmut_orig")
    assert "_claims_stand_in_" not in code.replace("_claims_stand_in is spelled", "")
    namespace: dict[str, Any] = {"__name__": "pkg.rules"}
    exec(compile(code, "pkg/rules.py", "exec"), namespace)
    for mutant in mutants:
        stem = mangled(mutant.function)
        assert namespace[f"mutants_{stem}__mutmut"][mutant.copy].__name__ == mutant.copy
    # A decorated function keeps its decorator, applied once, around the trampoline.
    assert namespace["decorated"].cache_info().currsize == 0 and namespace["decorated"](3) == 6
    assert namespace["Holder"]().method(4) is True


def _by_id(source: str, operators: Any) -> dict[str, Any]:
    mutants = mutate_source("pkg.rules", "pkg/rules.py", source, operators)[1]
    found = {m.id: m for m in mutants}
    assert len(found) == len(mutants), "two mutants share an id"
    return found


def _same_mutation(a: Any, b: Any) -> bool:
    """Say whether two mutants make the same change: in the same function, by the same operator, the same text for
    the same text on the same lines (a node holding it may read differently elsewhere: an `if` block one of whose
    other lines was edited)."""

    def what(m: Any) -> tuple[str, ...]:
        change = change_of(m.original, m.replacement)
        return (m.function, m.operator, change.before, change.after, change.statement)

    return what(a) == what(b)


def test_a_mutants_id_names_its_mutation_whatever_an_added_operator_adds() -> None:
    # Numbers in source order gave an old name to another mutation once an operator was added (fold_first_only,
    # here, to a catalogue without it); an id made of what the mutation changes keeps naming the same one.
    operators = chosen_sets(["mutmut", "domain"]).load()
    before = _by_id(SOURCE, [o for o in operators if o.name != "domain.fold_first_only"])
    after = _by_id(SOURCE, operators)
    assert set(before) < set(after)
    for mutant_id, old in before.items():
        assert _same_mutation(after[mutant_id], old) and after[mutant_id].change == old.change
    # The copies in the tree are still numbered: the hazard the ids remove is there underneath.
    assert any(before[i].copy != after[i].copy for i in before)


@pytest.mark.parametrize(
    ("edit", "old", "new"),
    [
        ("a statement added above", "    kept = []\n", "    seen = 0\n    kept = []\n"),
        (
            "a parameter added",
            "def nested(items: list[int], floor: int = 0)",
            "def nested(items: list[int], floor: int = 0, spare: int = 1)",
        ),
        ("a line reworded elsewhere", "        elif not item:", "        elif item == 0:"),
        ("another function edited", "return x >= 4", "return x >= 5"),
    ],
)
def test_a_mutants_id_survives_an_edit_of_other_lines(edit: str, old: str, new: str) -> None:
    operators = chosen_sets(["mutmut", "domain"]).load()
    assert SOURCE.count(old) == 1
    first = SOURCE[: SOURCE.index(old)].count("\n") + 1
    edited = range(first, first + old.count("\n") + (0 if old.endswith("\n") else 1))
    before = _by_id(SOURCE, operators)
    after = _by_id(SOURCE.replace(old, new), operators)
    elsewhere = [m for m in before.values() if not any(m.line <= n <= m.end_line for n in edited)]
    assert len(elsewhere) > len(before) // 2, edit
    for mutant in elsewhere:
        assert mutant.id in after, f"{edit}: {mutant.id} ({mutant.original!r} -> {mutant.replacement!r}) lost its id"
        assert _same_mutation(after[mutant.id], mutant)
    for mutant_id, mutant in after.items():
        assert mutant_id not in before or _same_mutation(before[mutant_id], mutant), mutant_id


def test_an_edit_of_a_mutations_own_line_gives_it_a_new_id_never_another_mutations() -> None:
    operators = chosen_sets(["mutmut", "domain"]).load()
    before = _by_id(SOURCE, operators)
    after = _by_id(SOURCE.replace("item + 1,", "item + 2,"), operators)
    for mutant_id, mutant in after.items():
        if mutant_id in before:
            assert _same_mutation(before[mutant_id], mutant), mutant_id
    assert any(i not in after for i in before), "the edited line's mutants keep their ids: the test shows nothing"


def test_a_mutants_change_moves_with_any_edit_of_its_function_and_with_it_the_rows_fingerprint() -> None:
    operators = chosen_sets(["mutmut", "domain"]).load()
    before = _by_id(SOURCE, operators)
    after = _by_id(SOURCE.replace("    kept = []\n", "    seen = 0\n    kept = []\n"), operators)
    moved = [i for i, m in before.items() if m.function == "nested" and i in after]
    assert moved
    sources = Sources([], Path("."))
    covered = ClaimDigests({}, sources, Baseline.of({}, {}), ImportReach({}, {}))
    for mutant_id in moved:
        old, new = before[mutant_id], after[mutant_id]
        assert new.change != old.change
        same = (new.module, new.name, new.function, new.operator)
        assert mutant_prints(*same, (), covered, sources, new.change) != mutant_prints(
            *same, (), covered, sources, old.change
        )


def test_the_trampolines_tree_is_the_mutated_tree_without_a_mutant_and_follows_it(tmp_path: Path) -> None:
    operators = chosen_sets(["mutmut", "domain"]).load()
    code, plain, mutants, _ = mutate_module("pkg.rules", "pkg/rules.py", SOURCE, operators)
    assert mutants and (code, mutants) == mutate_source("pkg.rules", "pkg/rules.py", SOURCE, operators)
    assert plain == mutate_source("pkg.rules", "pkg/rules.py", SOURCE, [])[0]
    assert "__mutmut_orig" in plain and not any(m.copy in plain for m in mutants)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "limits.json").write_text("{}")
    rules = tmp_path / "pkg" / "rules.py"
    tree = tmp_path / "tree"
    for text in (SOURCE, SOURCE.replace("item == 10", "item == 11")):
        rules.write_text(text)
        generate(["pkg"], tmp_path, tree, chosen_sets(["mutmut", "domain"]))
        made = mutate_module("pkg.rules", "pkg/rules.py", text, operators)
        assert (tree / "pkg" / "rules.py").read_text() == made[0]
        assert (trampolines_of(tree) / "pkg" / "rules.py").read_text() == made[1], "regenerated with the tree"
        assert (trampolines_of(tree) / "pkg" / "limits.json").read_text() == "{}"
    (trampolines_of(tree) / "pkg" / "rules.py").unlink()
    generate(["pkg"], tmp_path, tree, chosen_sets(["mutmut", "domain"]))
    assert (trampolines_of(tree) / "pkg" / "rules.py").is_file(), "a tree missing its trampolines is regenerated"


def test_an_up_to_date_tree_loads_no_operator_and_a_new_mutmut_regenerates_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "rules.py").write_text("def admit(x: int) -> bool:\n    return x < 3\n")
    sets = chosen_sets(["mutmut", "domain"])
    first = generate(["pkg"], tmp_path, tmp_path / "tree", sets)
    assert first

    def refuse(self: OperatorSets) -> list[Any]:
        raise AssertionError("loaded the operators (libcst and mutmut's) for a tree that is up to date")

    monkeypatch.setattr(OperatorSets, "load", refuse)
    assert generate(["pkg"], tmp_path, tmp_path / "tree", sets) == first
    monkeypatch.setattr(OperatorSets, "key", lambda self: "mutmut, another version")
    with pytest.raises(AssertionError, match="loaded the operators"):
        generate(["pkg"], tmp_path, tmp_path / "tree", sets)


def test_an_up_to_date_tree_leaves_its_manifest_unwritten_and_an_edit_rewrites_it(tmp_path: Path) -> None:
    # The bundled suite's manifest is megabytes of JSON: dumping it again on every run cost each declared run time.
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "rules.py").write_text("def admit(x: int) -> bool:\n    return x < 3\n")
    sets = chosen_sets(["mutmut", "domain"])
    manifest = tmp_path / "tree" / generate_module.MANIFEST
    generate(["pkg"], tmp_path, tmp_path / "tree", sets)
    written = manifest.stat().st_ino
    generate(["pkg"], tmp_path, tmp_path / "tree", sets)
    assert manifest.stat().st_ino == written  # written atomically (a new file) only when it changes
    (tmp_path / "pkg" / "rules.py").write_text("def admit(x: int) -> bool:\n    return x < 4\n")
    generate(["pkg"], tmp_path, tmp_path / "tree", sets)
    assert manifest.stat().st_ino != written and "x < 4" in (tmp_path / "tree" / "pkg" / "rules.py").read_text()


def test_the_tree_compiled_on_two_workers_is_the_code_an_import_would_make(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    for name in ("a", "b", "c"):
        (tmp_path / "pkg" / f"{name}.py").write_text(f"def {name}(x: int) -> bool:\n    return x < {len(name)}\n")
    generate(["pkg"], tmp_path, tmp_path / "tree", chosen_sets(["mutmut"]))
    files = package_files("pkg", tmp_path / "tree")
    cache = tmp_path / "bytecode"
    todo = uncached(files, cache=cache)
    assert {loader.name for loader in todo} == {"pkg", "pkg.a", "pkg.b", "pkg.c"}
    seen: list[int] = []
    precompile(todo, workers=2, on_done=seen.append)
    assert seen == [1, 2, 3, 4] and uncached(files, cache=cache) == []
    for loader in todo:  # what the workers cached is what this process's transform makes
        source = loader.get_data(loader.path)
        cached = loader.cached_path(source)
        assert cached is not None
        assert marshal.loads(cached.read_bytes()) == loader.transform(source, loader.name)
