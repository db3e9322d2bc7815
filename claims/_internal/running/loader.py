"""Instrument the configured packages at import: reach stores, and typeguard at public entry points.

One import hook does both jobs (typeguard's own hook would transform the
same modules a second time):

- the `[tool.claims].typecheck` packages get a reach store before every
  statement (see `reach`) and typeguard's checks in every *public* function
  and method: a rule's entry point checks its arguments and its return
  value, while private helpers called in hot loops run unchecked (a helper's
  wrong value still reaches a public return, where it is caught); the
  checks called are `type_checks`' (a plain value passes with one
  `isinstance`, anything else goes to typeguard), and `entry_checks` opens
  each function with those plain tests inline, building typeguard's memo
  and argument table only for a value they do not pass;
- the witness packages get a reach store at each function's entry, so a
  cached result knows which fixtures and strategies it ran.

Transformed code is cached under `.claims-cache/bytecode/`, keyed by the
source bytes, the transform's own source and the typeguard version, so a
warm start parses nothing (PYTHONDONTWRITEBYTECODE does not slow it down).
"""

from __future__ import annotations

import ast
import hashlib
import importlib.machinery
import importlib.metadata
import importlib.util
import marshal
import os
import sys
import types
from collections.abc import Callable, Sequence
from importlib.abc import MetaPathFinder
from pathlib import Path
from typing import Any

from claims._internal.caching import reach
from claims._internal.functions import ACCESSORS
from claims._internal.running import entry_checks

_installed: list[InstrumentingFinder] = []
_import_work: dict[str, frozenset[str]] = {}
_compiled: dict[str, str] = {}  # each instrumented file's path -> the sha256 of the source this process compiled


def changed_since_compiled() -> list[str]:
    """Return the instrumented files whose source on disk is no longer what this process compiled and runs.

    A result is cached under the fingerprint of the source as read when the run began; an edit made while the run
    was importing or running would file a result of the old code under the new code's fingerprint.
    """
    changed = []
    for path, digest in sorted(_compiled.items()):
        try:
            now = hashlib.sha256(Path(path).read_bytes()).hexdigest()
        except OSError:
            now = ""
        if now != digest:
            changed.append(path)
    return changed


def import_work() -> dict[str, frozenset[str]]:
    """Return, per instrumented module, the reach keys its top-level code ran while it executed (nested imports included)."""
    return dict(_import_work)


def _inside(name: str, packages: Sequence[str]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def _public(name: str) -> bool:
    # A copy of a public rule (`x_rule__mutmut_orig`, `x_rule__mutmut_3`, `xǁClassǁsizeǁsetter__mutmut_1`)
    # carries the rule's body, so it carries the rule's checks too; dunders are entry points (attrs hooks).
    source = name
    if reach.MUTMUT_SUFFIX in name:
        stem = name.rpartition(reach.MUTMUT_SUFFIX)[0]
        parts = stem.split("ǁ")[1:] if stem.startswith("xǁ") else [stem[2:]]
        source = parts[-2] if len(parts) > 1 and parts[-1] in ACCESSORS else parts[-1]
    return not source.startswith("_") or (source.startswith("__") and source.endswith("__"))


_QUICK_CHECKS = frozenset({"check_argument_types_internal", "check_return_type_internal"})


def _transformer() -> type[ast.NodeTransformer]:
    from typeguard._transformer import TypeguardTransformer

    class PublicEntryTransformer(TypeguardTransformer):
        """Typeguard's transformer, leaving private functions and methods unchecked."""

        def visit_FunctionDef(self, node: Any) -> Any:
            if len(self._memo.path) <= 1 and not _public(node.name):
                self._memo.local_names.add(node.name)
                return node
            return super().visit_FunctionDef(node)

        visit_AsyncFunctionDef = visit_FunctionDef

        def _get_import(self, module: str, name: str) -> Any:
            # The argument and return checks first pass plain values quickly, then ask typeguard (see type_checks).
            if module == "typeguard._functions" and name in _QUICK_CHECKS:
                module = "claims._internal.running.type_checks"
            return super()._get_import(module, name)

        def _convert_annotation(self, annotation: Any) -> Any:
            # Every value is an `object`: checking one can never fail, and an attrs validator's
            # `(instance: object, attribute: Field, value: object)` runs for every field of every value built.
            if annotation is not None and self._memo.name_matches(annotation, "builtins.object"):
                return None
            return super()._convert_annotation(annotation)

    return PublicEntryTransformer


def _transform_identity() -> str:
    parts = [Path(p).read_bytes() for p in (__file__, reach.__file__, entry_checks.__file__)] + [sys.version.encode()]
    try:
        parts.append(importlib.metadata.version("typeguard").encode())
    except importlib.metadata.PackageNotFoundError:
        parts.append(b"typeguard?")
    return hashlib.sha256(b"\0".join(parts)).hexdigest()


class InstrumentingLoader(importlib.machinery.SourceFileLoader):
    """Load a source file with reach stores and (optionally) typeguard's public checks."""

    def __init__(
        self, fullname: str, path: str, *, lines: bool, typecheck: bool, cache: Path | None, identity: str
    ) -> None:
        super().__init__(fullname, path)
        self.lines, self.typecheck, self.cache, self.identity = lines, typecheck, cache, identity

    def cached_path(self, source: bytes) -> Path | None:
        """Return where this module's transformed code is cached: keyed by the transform, the path and the source."""
        if self.cache is None:
            return None
        key = hashlib.sha256(
            b"\0".join([self.identity.encode(), self.path.encode(), f"{self.lines}{self.typecheck}".encode(), source])
        ).hexdigest()
        return self.cache / f"{key}.code"

    def get_code(self, fullname: str) -> types.CodeType:
        source = self.get_data(self.path)
        _compiled[self.path] = hashlib.sha256(source).hexdigest()
        cached = self.cached_path(source)
        if cached is not None and cached.is_file():
            try:
                code = marshal.loads(cached.read_bytes())
                if isinstance(code, types.CodeType):
                    return code
            except (OSError, ValueError, EOFError):
                pass  # a torn or foreign cache file: transform again
        code = self.transform(source, fullname)
        if cached is not None:
            _store(cached, marshal.dumps(code))
        return code

    def exec_module(self, module: types.ModuleType) -> None:
        """Execute the module, recording what its top-level code ran (a claim depends on some modules' only)."""
        table = reach.table()
        outer = dict(table)
        table.clear()
        try:
            super().exec_module(module)
        finally:
            # A module imported while another executes is part of that one's work too, so the outer
            # table gets these keys back: a claim that imports lazily still reaches what the import ran.
            _import_work[module.__name__] = frozenset(table)
            table.update(outer)

    def transform(self, source: bytes, fullname: str) -> types.CodeType:
        """Parse, insert reach stores, add typeguard's checks, compile."""
        tree = ast.parse(importlib.util.decode_source(source), self.path)
        tree = reach.instrument(tree, fullname, lines=self.lines)
        if self.typecheck:
            # Its last step fixes every missing location, the reach stores' too (a second pass costs a fifth of a
            # mutation tree's transform).
            tree = entry_checks.inline(_transformer()().visit(tree))
        else:
            ast.fix_missing_locations(tree)
        return compile(tree, self.path, "exec", dont_inherit=True)


def uncached(
    modules: Sequence[tuple[str, Path]], *, cache: Path, unchecked: Sequence[str] = ()
) -> list[InstrumentingLoader]:
    """Return loaders for the rule modules whose transformed code is not in the cache yet (`unchecked`: the modules
    and packages whose run-time type checks are off)."""
    identity = _transform_identity()
    todo = []
    for name, path in modules:
        checked = not _inside(name, unchecked)
        loader = InstrumentingLoader(name, str(path), lines=True, typecheck=checked, cache=cache, identity=identity)
        try:
            cached = loader.cached_path(loader.get_data(loader.path))
        except OSError:
            continue  # importing it will say what is wrong
        if cached is not None and not cached.is_file():
            todo.append(loader)
    return todo


def precompile(
    loaders: Sequence[InstrumentingLoader], *, workers: int, on_done: Callable[[int], None] | None = None
) -> None:
    """Transform and cache the modules' code on `workers` processes.

    Importing them stays serial and unchanged: it then finds each module's code in the cache (the transform
    depends only on the source, the path and the transform itself, so which process made it does not matter).
    A generated mutation tree holds every mutant as a function copy, so its first transform is long.
    """
    if len(loaders) < 2 or workers < 2:
        return  # nothing to share out: importing transforms them, as it always did
    import concurrent.futures  # only a mutation run compiles ahead: keep claim_batch's start light
    import multiprocessing

    longest_first = sorted(loaders, key=lambda loader: -Path(loader.path).stat().st_size)  # the workers end together
    context = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(workers, len(loaders)), mp_context=context) as pool:
        jobs = [pool.submit(_cache_code, loader) for loader in longest_first]
        for done, _ in enumerate(concurrent.futures.as_completed(jobs), 1):
            if on_done is not None:
                on_done(done)


def _cache_code(loader: InstrumentingLoader) -> None:
    loader.get_code(loader.name)


def _store(path: Path, data: bytes) -> None:
    # Best effort: a cache that cannot be written only costs the next start a transform.
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temp.write_bytes(data)
        os.replace(temp, path)
    except OSError:
        pass


class InstrumentingFinder(MetaPathFinder):
    """Hand the configured packages' source files to an InstrumentingLoader."""

    def __init__(
        self,
        typecheck: Sequence[str],
        entries: Sequence[str],
        *,
        check_types: bool,
        cache: Path | None,
        unchecked: Sequence[str] = (),
    ) -> None:
        self.typecheck, self.entries, self.check_types, self.cache = (
            tuple(typecheck),
            tuple(entries),
            check_types,
            cache,
        )
        self.unchecked = tuple(unchecked)
        self.identity = _transform_identity()

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        rules = _inside(fullname, self.typecheck)
        if not rules and not _inside(fullname, self.entries):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader):
            return spec
        spec.loader = InstrumentingLoader(
            fullname,
            spec.loader.path,
            lines=rules,
            typecheck=rules and self.check_types and not _inside(fullname, self.unchecked),
            cache=self.cache,
            identity=self.identity,
        )
        return spec


def install(
    typecheck: Sequence[str],
    entries: Sequence[str],
    *,
    check_types: bool = True,
    cache: Path | None = None,
    unchecked: Sequence[str] = (),
) -> list[str]:
    """Install the hook once, first on sys.meta_path; return packages imported too early to be instrumented."""
    reach.table()
    if check_types:
        _strict_typeguard()
    wanted = _not_installed(typecheck, entries)
    if not wanted:
        return []
    too_early = _imported_already(typecheck)
    finder = InstrumentingFinder(
        [p for p in typecheck if p in wanted],
        [p for p in entries if p in wanted],
        check_types=check_types,
        cache=cache,
        unchecked=unchecked,
    )
    sys.meta_path.insert(0, finder)
    _installed.append(finder)
    return too_early


def _strict_typeguard() -> None:
    """Set how typeguard checks: every item of a collection, and an unresolvable forward reference is an error."""
    from typeguard import CollectionCheckStrategy, ForwardRefPolicy
    from typeguard import config as typeguard_config

    typeguard_config.collection_check_strategy = CollectionCheckStrategy.ALL_ITEMS
    typeguard_config.forward_ref_policy = ForwardRefPolicy.ERROR


def _not_installed(typecheck: Sequence[str], entries: Sequence[str]) -> list[str]:
    """Decide which packages no hook installed before covers."""
    return [p for p in (*typecheck, *entries) if not any(_inside(p, (*f.typecheck, *f.entries)) for f in _installed)]


def _imported_already(typecheck: Sequence[str]) -> list[str]:
    """Decide which packages to type-check were imported before the hook, too early to be instrumented."""
    return [p for p in typecheck if any(_inside(m, (p,)) for m in sys.modules)]
