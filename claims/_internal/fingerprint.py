"""Fingerprint what a claim's result depends on, from source text, without importing anything.

A claim's fingerprint covers:
- its own function (decorators included: statement, rules, reasons, examples);
- the source of every function it executed (its reach), in the rule and
  witness packages alike (fixtures and strategies are functions too);
- the *skeleton* of every module in those packages that the claim can read
  (`import_reach` says which: every module outside the witnesses, its own
  witness's and those of the witnesses it imports): the module's text with
  its top-level functions cut out, so a module-level constant, table, class
  or import change reruns every claim that can read it, while a change
  inside one function body reruns only the claims that executed it;
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
import functools
import hashlib
import importlib.metadata
import importlib.util
import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

from attrs import frozen

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

    `imports` is None when the module could not be read: it may import anything.  `declares_witness` says a
    top-level statement assigns `Witness(...)`.
    """

    skeleton: str
    functions: dict[str, str]
    imports: frozenset[str] | None = None
    declares_witness: bool = False


def imported_modules(tree: ast.Module, name: str, package: bool) -> frozenset[str]:
    """Name every module an import statement anywhere in the module can load (`from P import n`: P and P.n)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                found.update(".".join(parts[: i + 1]) for i in range(len(parts)))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)] if node.level > 1 else anchor
                base = ".".join([*anchor, *([base] if base else [])])
            parts = base.split(".") if base else []
            found.update(".".join(parts[: i + 1]) for i in range(len(parts)))
            found.update(f"{base}.{alias.name}" for alias in node.names if base and alias.name != "*")
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


@functools.lru_cache(maxsize=4096)  # a pure function of its arguments; a run digests the same files more than once
def read_module(text: str, name: str = "", package: bool = False) -> ModuleSources:
    """Digest a module's skeleton and functions (`f`, `Class.method`), decorators included; list its imports."""
    lines = text.splitlines(keepends=True)
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return ModuleSources(skeleton=_digest("unparsable", text), functions={})
    functions: dict[str, str] = {}
    cut: set[int] = set()

    def span(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[int, int]:
        first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
        return first, node.end_lineno or node.lineno

    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first, last = span(node)
            functions[node.name] = _digest("".join(lines[first - 1 : last]))
            cut.update(range(first, last + 1))
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    first, last = span(item)
                    functions[f"{node.name}.{item.name}"] = _digest("".join(lines[first - 1 : last]))
    skeleton = "".join(line for number, line in enumerate(lines, start=1) if number not in cut)
    return ModuleSources(
        skeleton=_digest(skeleton),
        functions=functions,
        imports=imported_modules(tree, name, package),
        declares_witness=_declares_witness(tree),
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


class Sources:
    """Digest every module of the given packages once per run."""

    def __init__(self, packages: Sequence[str], root: Path) -> None:
        self.modules: dict[str, ModuleSources] = {}
        for package in packages:
            for name, path in package_files(package, root):
                try:
                    self.modules[name] = read_module(
                        path.read_text(encoding="utf-8"), name, package=path.name == "__init__.py"
                    )
                except (OSError, UnicodeDecodeError):
                    self.modules[name] = ModuleSources(skeleton=_digest("unreadable", str(path)), functions={})
        self.skeletons = _digest(*(f"{name}={m.skeleton}" for name, m in sorted(self.modules.items())))
        # The modules declaring a witness, the innermost first: a witness's family is its module and the modules below it.
        self.families = sorted((n for n, m in self.modules.items() if m.declares_witness), key=lambda n: (-len(n), n))

    def family_of(self, module: str) -> str | None:
        """Return the module declaring the witness a module belongs to (itself, or a witness package holding it)."""
        for family in self.families:
            if module == family or module.startswith(family + "."):
                return family
        return None

    def skeletons_of(self, modules: Iterable[str]) -> str:
        """Digest the skeletons of the named modules (those this run read)."""
        chosen = set(modules)
        return _digest(*(f"{name}={m.skeleton}" for name, m in sorted(self.modules.items()) if name in chosen))

    def function(self, key: str) -> str:
        """Return the digest of `module:qualname`, or a marker no digest equals when it does not exist."""
        module, _, qualname = key.partition(":")
        found = self.modules.get(module)
        digest = found.functions.get(qualname) if found else None
        return digest or f"missing:{key}"


def framework_digest() -> str:
    """Digest the framework's own source files (an edit to the framework reruns everything)."""
    root = Path(__file__).resolve().parent.parent
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
