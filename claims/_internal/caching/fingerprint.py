"""Fingerprint what a claim's result depends on, from source text, without importing anything.

A claim's fingerprint covers:
- its own function (decorators included: statement, rules, reasons, examples);
- the source of every function it executed (its reach), in the rule and
  witness packages alike (fixtures and strategies are functions too);
- the *skeleton* of every module in those packages that the claim can read
  (`readable_modules` says which: its witness's modules and every module they
  import, transitively): the module's text with its top-level functions cut
  out, so a module-level constant, table, class or import change reruns
  every claim that can read it, while a change inside one function body
  reruns only the claims that executed it, and a module no claim's witness
  imports reruns nothing;
- the functions run at import whose work the claim can read (the same
  modules'), listed with the functions it executed;
- the framework's own source, the versions of Python and every dependency,
  and the hypothesis profile;
- for a snapshot claim, the stored snapshot's bytes.

Wrong reuse is the one failure this must never have, so anything unknown
(a function that no longer exists, a module that no longer parses) yields a
fingerprint no cached entry can match.
"""

from __future__ import annotations

import ast
import hashlib
import importlib.metadata
import importlib.util
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from attrs import frozen

from claims._internal.functions import function_likes, span
from claims.atomic import write_atomically

DEPENDENCIES = ("attrs", "cattrs", "hypothesis", "typeguard", "mutmut", "pytest")


def _digest(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8") if isinstance(part, str) else part)
        h.update(b"\0")
    return h.hexdigest()


@frozen
class ModuleSources:
    """Hold one module's skeleton digest, the digest of each of its functions (by qualname), and what it imports.

    `imports` is None when the module could not be read: it may import anything.  `binds` names the modules its
    import statements bind to a name (see `bound_modules`).  `declares_witness` says a top-level statement assigns
    `Witness(...)`.
    """

    skeleton: str
    functions: dict[str, str]
    imports: frozenset[str] | None = None
    declares_witness: bool = False
    binds: frozenset[str] = frozenset()


def _statements(tree: ast.Module) -> Iterator[ast.AST]:
    """Yield every statement of a module, however nested (an import is a statement, so expressions are skipped)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        for field in node._fields:
            value = getattr(node, field, None)
            if isinstance(value, list):
                stack.extend(v for v in value if isinstance(v, (ast.stmt, ast.excepthandler, ast.match_case)))


def _resolved(node: ast.ImportFrom, name: str, package: bool) -> str:
    """Return the absolute module a `from ... import` statement reads from (relative ones resolved)."""
    base = node.module or ""
    if node.level:
        anchor = name.split(".") if package else name.split(".")[:-1]
        anchor = anchor[: len(anchor) - (node.level - 1)] if node.level > 1 else anchor
        base = ".".join([*anchor, *([base] if base else [])])
    return base


def _prefixes(dotted: str) -> list[str]:
    parts = dotted.split(".") if dotted else []
    return [".".join(parts[: i + 1]) for i in range(len(parts))]


def imported_modules(tree: ast.Module, name: str, package: bool) -> frozenset[str]:
    """Name every module an import statement anywhere in the module can load (`from P import n`: P and P.n)."""
    found: set[str] = set()
    for node in _statements(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.update(_prefixes(alias.name))
        elif isinstance(node, ast.ImportFrom):
            base = _resolved(node, name, package)
            found.update(_prefixes(base))
            found.update(f"{base}.{alias.name}" for alias in node.names if base and alias.name != "*")
    return frozenset(found)


def bound_modules(tree: ast.Module, name: str, package: bool) -> frozenset[str]:
    """Name every module an import statement binds to a name, through which any of its loaded submodules is read.

    `import a.b` binds `a` (so `a.x.CONSTANT` reads whatever of `a` is loaded); `import a.b as m` binds `a.b`;
    `from P import n` binds `P.n` when that is a module, and `from P import *` binds what P holds.
    """
    found: set[str] = set()
    for node in _statements(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name if alias.asname else alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolved(node, name, package)
            for alias in node.names:
                if alias.name == "*":
                    found.add(base)
                elif base:
                    found.add(f"{base}.{alias.name}")
    return frozenset(found)


def _declares_witness(tree: ast.Module) -> bool:
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        if isinstance(value, ast.Call):
            func = value.func
            if (isinstance(func, ast.Name) and func.id == "Witness") or (
                isinstance(func, ast.Attribute) and func.attr == "Witness"
            ):
                return True
    return False


def read_module(text: str, name: str = "", package: bool = False) -> ModuleSources:
    """Digest a module's skeleton and function-likes (`f`, `Class.method`, see `functions`), decorators included;
    list its imports."""
    lines = text.splitlines(keepends=True)
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return ModuleSources(skeleton=_digest("unparsable", text), functions={})
    functions: dict[str, str] = {}
    cut: set[int] = set()
    found, _ = function_likes(tree)
    for item in found:
        first, last = span(item.node)
        functions[item.qualname] = _digest("".join(lines[first - 1 : last]))
        # A top-level function is cut from the skeleton; a method stays in it too: a class's methods decide its
        # behaviour implicitly (a dunder, an override, a property), even for claims that never executed one.
        if not item.owners:
            cut.update(range(first, last + 1))
    skeleton = "".join(line for number, line in enumerate(lines, start=1) if number not in cut)
    return ModuleSources(
        skeleton=_digest(skeleton),
        functions=functions,
        imports=imported_modules(tree, name, package),
        declares_witness=_declares_witness(tree),
        binds=bound_modules(tree, name, package),
    )


def package_folder(package: str, root: Path) -> Path | None:
    """Return a package's folder: under the project root (or its src/), else where it is installed; None when absent."""
    from claims._internal.config import project_paths

    for base in project_paths(root):
        folder = base / package.replace(".", "/")
        if (folder / "__init__.py").is_file():
            return folder
    spec = importlib.util.find_spec(package) if "." not in package else None
    locations = list(spec.submodule_search_locations or []) if spec else []
    return Path(locations[0]) if locations else None


def package_files(package: str, root: Path) -> list[tuple[str, Path]]:
    """List (module name, path) for every source file of a package, without importing it."""
    folder = package_folder(package, root)
    if folder is None:
        return []
    found = []
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(folder).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found.append((".".join([package, *parts]), path))
    return found


STORE_SCHEMA = "claims-sources/2"


class Sources:
    """Digest every module of the given packages once per run.

    With a `store` (a file under the cache folder), each module's digests are kept by the digest of everything
    `read_module` reads (its text, name and kind, and this file's own source), so a later run parses only the
    modules whose text changed.
    """

    def __init__(self, packages: Sequence[str], root: Path, *, store: Path | None = None) -> None:
        self.modules: dict[str, ModuleSources] = {}
        self.texts: dict[str, str] = {}  # each readable module's source, as digested
        known = _read_store(store) if store is not None else {}
        kept: dict[str, Any] = {}
        for package in packages:
            for name, path in package_files(package, root):
                self._read(name, path, known, kept)
        if store is not None and kept.keys() != known.keys():
            write_atomically(
                store, (json.dumps({"schema": STORE_SCHEMA, "modules": kept}, sort_keys=True) + "\n").encode()
            )
        self.skeletons = _digest(*(f"{name}={m.skeleton}" for name, m in sorted(self.modules.items())))
        # The modules declaring a witness, the innermost first: a witness's family is its module and the modules below it.
        self.families = sorted((n for n, m in self.modules.items() if m.declares_witness), key=lambda n: (-len(n), n))
        self._family: dict[str, str | None] = {}

    def _read(self, name: str, path: Path, known: dict[str, Any], kept: dict[str, Any]) -> None:
        """Decide one module's digests: unreadable, digested already, stored, or parsed now (kept for the store)."""
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            self.modules[name] = ModuleSources(skeleton=_digest("unreadable", str(path)), functions={})
            return
        self.texts[name] = text
        package_init = path.name == "__init__.py"
        key = _digest(_READER, name, str(package_init), text)
        found = _DIGESTED.get(key) or _from_plain(known.get(key))
        self.modules[name] = _DIGESTED[key] = found or read_module(text, name, package=package_init)
        kept[key] = _plain(self.modules[name])

    def tree(self, modules: Iterable[str] | None = None) -> str:
        """Digest the named modules (all by default) as read: each skeleton and function (any edit moves it)."""
        chosen = set(self.modules) if modules is None else set(modules)
        return _digest(
            *(
                f"{name}={m.skeleton}:" + ",".join(f"{f}={d}" for f, d in sorted(m.functions.items()))
                for name, m in sorted(self.modules.items())
                if name in chosen
            )
        )

    def family_of(self, module: str) -> str | None:
        """Return the module declaring the witness a module belongs to (itself, or a witness package holding it)."""
        try:
            return self._family[module]
        except KeyError:
            found = self._family[module] = next(
                (f for f in self.families if module == f or module.startswith(f + ".")), None
            )
            return found

    def skeletons_of(self, modules: Iterable[str]) -> str:
        """Digest the skeletons of the named modules (those this run read)."""
        chosen = set(modules)
        return _digest(*(f"{name}={m.skeleton}" for name, m in sorted(self.modules.items()) if name in chosen))

    def text(self, module: str) -> str | None:
        """Return a module's source as digested, or None when it is not one of these packages' or was unreadable."""
        return self.texts.get(module)

    def function(self, key: str) -> str:
        """Return the digest of `module:qualname`, or a marker no digest equals when it does not exist."""
        module, _, qualname = key.partition(":")
        found = self.modules.get(module)
        digest = found.functions.get(qualname) if found else None
        return digest or f"missing:{key}"


_READER = _digest(Path(__file__).read_bytes())  # an edit to how modules are digested invalidates every stored row


# What this process digested already, by the same key: a run builds its Sources more than once.
_DIGESTED: dict[str, ModuleSources] = {}


def _read_store(store: Path) -> dict[str, Any]:
    try:
        document = json.loads(store.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # absent, torn or foreign: every module is parsed again, and the store rewritten
    if not isinstance(document, dict) or document.get("schema") != STORE_SCHEMA:
        return {}
    modules = document.get("modules")
    return modules if isinstance(modules, dict) else {}


def _plain(module: ModuleSources) -> dict[str, Any]:
    imports = sorted(module.imports) if module.imports is not None else None
    return {
        "skeleton": module.skeleton,
        "functions": module.functions,
        "imports": imports,
        "witness": module.declares_witness,
        "binds": sorted(module.binds),
    }


_PLAIN_KEYS = {"skeleton", "functions", "imports", "witness", "binds"}


def _strings(value: Any) -> bool:
    """Say whether a stored value is a list of strings."""
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _string_map(value: Any) -> bool:
    """Say whether a stored value maps strings to strings."""
    return isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in value.items())


def _plain_shape(row: Any) -> bool:
    """Say whether a stored row is exactly what `_plain` writes: its keys, and each value's type."""
    if not isinstance(row, dict) or set(row) != _PLAIN_KEYS:
        return False
    return (
        isinstance(row["skeleton"], str)
        and _string_map(row["functions"])
        and (row["imports"] is None or _strings(row["imports"]))
        and isinstance(row["witness"], bool)
        and _strings(row["binds"])
    )


def _from_plain(row: Any) -> ModuleSources | None:
    """Return a stored row as digests, or None when it is not exactly what `_plain` writes."""
    if not _plain_shape(row):
        return None
    skeleton, functions, imports, witness = row["skeleton"], row["functions"], row["imports"], row["witness"]
    binds = row["binds"]
    return ModuleSources(
        skeleton=skeleton,
        functions=dict(functions),
        imports=frozenset(imports) if imports is not None else None,
        declares_witness=witness,
        binds=frozenset(binds),
    )


def framework_digest() -> str:
    """Digest the framework's own source files (an edit to the framework reruns everything)."""
    root = Path(__file__).resolve().parents[2]  # claims/
    return _digest(*(p.read_bytes() for p in sorted(root.rglob("*.py")) if "__pycache__" not in p.parts))


def meta_digest(profile: str) -> str:
    """Digest what every result depends on besides the project's code: framework, Python, dependencies, profile."""
    versions = []
    for name in DEPENDENCIES:
        try:
            versions.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            versions.append(f"{name} absent")
    return _digest(framework_digest(), sys.version, *versions, f"profile={profile}")


def claim_fingerprint(
    claim_key: str, functions: Iterable[str], sources: Sources, skeletons: str, meta: str, snapshot: str | None
) -> str:
    """Fingerprint one claim's result: its own function, what it executed, the skeletons it can read, meta, its snapshot."""
    executed = sorted(set(functions) | {claim_key})
    return _digest(meta, skeletons, json.dumps([(k, sources.function(k)) for k in executed]), snapshot or "-")
