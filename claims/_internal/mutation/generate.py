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

from attrs import asdict

from claims._internal.caching.fingerprint import package_files, package_folder
from claims._internal.mutation.codegen import Render
from claims._internal.mutation.layout import LeftOut, lay_out
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.operators.mutmut_seam import ignored_code, tagging_visitor
from claims._internal.mutation.operators.registry import Operator, OperatorSets
from claims.atomic import write_atomically

if TYPE_CHECKING:  # libcst costs a third of a second to import: the gate and the reports read mutants, never make them
    pass

GENERATOR = "claims-generate/3"
MANIFEST = "manifest.json"
TRAMPOLINES = "trampolines"
"""The sibling of a tree that holds its modules with the trampolines alone (see `trampolines_of`)."""


def mutate_source(
    module_name: str, filename: str, source: str, operators: Sequence[Operator]
) -> tuple[str, list[Mutant]]:
    """Return the trampolined source of one module and its mutants.

    A domain mutant whose function reads exactly like one mutmut already made is not made
    twice: that mutant is attributed to the (more specific) domain operator instead.
    """
    code, _, mutants, _ = mutate_module(module_name, filename, source, operators)
    return code, mutants


def mutate_module(
    module_name: str, filename: str, source: str, operators: Sequence[Operator], excluded: str | None = None
) -> tuple[str, str, list[Mutant], list[LeftOut]]:
    """Return `mutate_source`'s code and mutants, and between them the module with its trampolines alone; then
    the function-likes left unmutated, with why (`excluded`: why the whole module is)."""
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider

    wrapper = MetadataWrapper(cst.parse_module(source))
    if not operators or excluded is not None:  # a file left unmutated is only trampolined: no visitor needed
        visitor: Any = types.SimpleNamespace(tagged=[], origin={})
    else:
        visitor = tagging_visitor(operators, ignored_code(filename, source, wrapper))
        wrapper.visit(visitor)
    with Render(wrapper.module) as render:
        positions = wrapper.resolve(PositionProvider)
        return lay_out(module_name, source, wrapper.module, positions, visitor, render, excluded)


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
    why_not: Callable[[str], str | None] | None = None,
    on_file: Any = None,
) -> list[Mutant]:
    """Write the trampolined tree (regenerating only changed files) and return every mutant, sorted by id.

    `skip(relative_path)` names files left unmutated (mutmut's `do_not_mutate`), and so does a module for which
    `why_not(module)` gives a reason (outside the mutation scope, or not selected by a run's patterns); they are
    still trampolined, so declared defects can target their rules.  Each module is also written with its
    trampolines alone, to `trampolines_of(tree)`, from the same generation, so the two trees never disagree.  The
    manifest also records what was left unmutated and why (`left_out`).
    """
    plain = trampolines_of(tree)
    manifest_path = tree / MANIFEST
    old = _previous_manifest(manifest_path)
    ops_key = _digest(GENERATOR, *_own_sources(), operators.key())
    new: dict[str, Any] = {}
    todo: list[Todo] = []
    for package in packages:
        for name, path in package_files(package, root):
            rel = _relative(path, root, package)
            source = path.read_text(encoding="utf-8")
            excluded = _excluded(rel, name, skip, why_not)
            key = _digest(ops_key, source, excluded or "")
            cached = old.get(rel)
            if _still_generated(cached, key, tree / rel, plain / rel):
                new[rel] = cached
            else:
                todo.append((name, rel, source, key, excluded))
        _copy_data(package, root, (tree, plain))
    _regenerate(todo, operators, (tree, plain), new, on_file)
    mutants = [Mutant(**m) for entry in new.values() for m in entry["mutants"]]
    if new != old:  # a run that regenerated nothing leaves the manifest (megabytes of JSON) as it was
        write_atomically(manifest_path, (json.dumps(new, indent=1, sort_keys=True) + "\n").encode())
    return sorted(mutants, key=lambda m: m.id)


def _previous_manifest(manifest_path: Path) -> Any:
    """Decide what the last generation recorded: its manifest, or nothing when it is missing or unreadable."""
    try:
        return json.loads(manifest_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _relative(path: Path, root: Path, package: str) -> str:
    """Decide where a module's file goes in the trees: its path under the root (else under its package's name)."""
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else f"{package}/{path.name}"


def _excluded(rel: str, name: str, skip: Any, why_not: Callable[[str], str | None] | None) -> str | None:
    """Decide why a module is left unmutated (`do_not_mutate` first, then `why_not`), or None when it is mutated."""
    excluded = "excluded by [tool.mutmut].do_not_mutate" if skip and skip(rel) else None
    return excluded or (why_not(name) if why_not is not None else None)


Todo = tuple[str, str, str, str, str | None]
"""A module to regenerate: (module name, path relative to the root, source, manifest key, why it is not mutated)."""

# The generator's own source is part of the key: an edit to it (or to an operator) regenerates every file.
OWN_SOURCES = (
    "generate.py",
    "layout.py",
    "identity.py",
    "mutant.py",
    "codegen.py",
    "operators/mutmut_seam.py",
    "operators/registry.py",
    "operators/definition.py",
    "operators/domain.py",
    "operators/flow.py",
    "operators/bounds.py",
    "../functions.py",
)


def _own_sources() -> list[str]:
    here = Path(__file__).parent
    return [(here / name).read_text(encoding="utf-8") for name in OWN_SOURCES]


def _still_generated(cached: Any, key: str, code: Path, trampolines: Path) -> bool:
    """Say whether a manifest entry was generated under this key and both its files are still there."""
    return isinstance(cached, dict) and cached.get("key") == key and code.is_file() and trampolines.is_file()


def _copy_data(package: str, root: Path, trees: tuple[Path, Path]) -> None:
    """Copy the package's non-Python files (data the rules read) into both trees, unchanged."""
    folder = package_folder(package, root)
    for data in folder.rglob("*") if folder is not None and folder.is_relative_to(root) else ():
        if data.is_file() and data.suffix != ".py" and "__pycache__" not in data.parts:
            for target in (trees[0] / data.relative_to(root), trees[1] / data.relative_to(root)):
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(data, target)


def _regenerate(
    todo: Sequence[Todo], operators: OperatorSets, trees: tuple[Path, Path], new: dict[str, Any], on_file: Any
) -> None:
    """Regenerate the changed modules into both trees and record each in the manifest `new`."""
    done = len(new)
    _progress(on_file, done)
    # libcst is slow: regenerate changed files on every core (forked, so mutmut's loaded configuration comes along).
    loaded = operators.load() if todo else []
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(max_workers=_workers(len(todo)), mp_context=context) as pool:
        jobs = {
            pool.submit(mutate_module, name, rel, source, loaded, excluded): (rel, key, name)
            for name, rel, source, key, excluded in todo
        }
        for job in concurrent.futures.as_completed(jobs):
            rel, key, module = jobs[job]
            new[rel] = _written(trees, rel, key, module, job.result())
            done += 1
            _progress(on_file, done)


def _workers(jobs: int) -> int:
    """Decide how many processes regenerate: one per job, at most one per core, and at least one."""
    return min(jobs, os.cpu_count() or 1) or 1


def _progress(on_file: Any, done: int) -> None:
    """Report how many files are generated so far, when someone listens."""
    if on_file is not None:
        on_file(done)


def _written(
    trees: tuple[Path, Path], rel: str, key: str, module: str, result: tuple[str, str, list[Mutant], list[LeftOut]]
) -> dict[str, Any]:
    """Write one regenerated module into both trees and decide its manifest entry."""
    tree, plain = trees
    code, trampolines, found, left = result
    write_atomically(plain / rel, trampolines.encode("utf-8"))
    write_atomically(tree / rel, code.encode("utf-8"))
    return {
        "key": key,
        "module": module,
        "mutants": [asdict(m) for m in found],
        "left": [list(item) for item in left],
    }


def left_out(tree: Path) -> list[tuple[str, str, int, str]]:
    """Read, from a generated tree's manifest, every function-like left unmutated: (module, qualname, line, why)."""
    try:
        manifest = json.loads((tree / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return sorted(
        (entry["module"], qualname, line, why)
        for entry in manifest.values()
        if isinstance(entry, dict) and "module" in entry
        for qualname, line, why in entry.get("left", [])
    )
