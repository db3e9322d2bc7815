"""Fail naming every public domain function that no command reaches.

Issue 13: a claim on a rule the product never runs proves nothing a user
gets.  The walk is static.  Each module of the package is parsed with `ast`; its
top-level functions, classes and assigned names are nodes.  A node's edges
are the package names its code refers to (calls, and also a function passed
as a value, kept in a tuple or a dict, or named as a validator), resolved
through `from pkg.x import f`, `import pkg.x as y`, `from pkg import x`,
re-exports and attribute chains (`vf.positive_int`, `pkg.x.f`).
Annotations are not references: a type named in a signature runs nothing.
Statements at a module's top level that bind no name (a bare call) run when
the module is first used, so they hang off every node of their module.
From the entry points (the `[project.scripts]` of this package, plus the
public API below) the walk marks what is reached; a public (no leading
underscore) top-level function that stays unmarked is reported.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

API_ENTRY_POINTS = (
    "domain.edges.packet_publish.publish_packet",
    "domain.native.private.SuffixRow",
    "domain.native.private.BroadcastBuffer",
    "domain.native.private.TapContents",
    "domain.native.private.KvContents",
)
"""Entry points that are an API rather than a command: the packet publisher (seed B2) is called by runners, and the
private payloads (seed B1) are built by the runners' suffix-audit exporter, which compares them privately: building
one runs the privacy of its fields (`domain.core.privacy`) that keeps them out of every text."""

Node = tuple[str, str]
"""A module and a top-level name in it."""


def _modules(package_dir: Path, package: str) -> tuple[dict[str, ast.Module], set[str]]:
    """Parse every module of the package; return them by dotted name, and the names that are packages."""
    found, packages = {}, set()
    for path in sorted(package_dir.rglob("*.py")):
        parts = path.relative_to(package_dir).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
            packages.add(".".join((package, *parts)))
        found[".".join((package, *parts))] = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return found, packages


def _aliases(
    module: str, tree: ast.Module, modules: dict[str, ast.Module], packages: set[str]
) -> dict[str, tuple[str, str | None]]:
    """Map each name the module imports (anywhere in it) to (module, attribute or None for a module)."""
    aliases: dict[str, tuple[str, str | None]] = {}
    for statement in ast.walk(tree):
        if isinstance(statement, ast.Import):
            for name in statement.names:
                if name.asname:
                    aliases[name.asname] = (name.name, None)
                else:
                    head = name.name.split(".")[0]
                    aliases[head] = (head, None)
        elif isinstance(statement, ast.ImportFrom) and statement.module:
            source = statement.module
            if statement.level:  # a relative import: `.` is this module's package, each further dot one up
                here = module.split(".") if module in packages else module.split(".")[:-1]
                source = ".".join([*here[: len(here) - statement.level + 1], statement.module])
            for name in statement.names:
                full = f"{source}.{name.name}"
                aliases[name.asname or name.name] = (full, None) if full in modules else (source, name.name)
    return aliases


def _bound_names(target: ast.expr) -> Iterator[str]:
    for node in ast.walk(target):
        if isinstance(node, ast.Name):
            yield node.id


def _top_level(tree: ast.Module) -> Iterator[tuple[str | None, ast.AST]]:
    """Yield (bound name, code) for every top-level definition; None binds nothing (a bare statement)."""
    for statement in tree.body:
        yield from _statement(statement)


def _statement(statement: ast.stmt) -> Iterator[tuple[str | None, ast.AST]]:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield statement.name, statement
    elif isinstance(statement, ast.Assign):
        for target in statement.targets:
            for name in _bound_names(target):
                yield name, statement.value
    elif isinstance(statement, ast.AnnAssign):
        if statement.value is not None and isinstance(statement.target, ast.Name):
            yield statement.target.id, statement.value
    elif isinstance(statement, (ast.If, ast.Try)):
        for inner in [*statement.body, *statement.orelse, *getattr(statement, "finalbody", [])]:
            yield from _statement(inner)
    elif isinstance(statement, (ast.Import, ast.ImportFrom)):
        return  # aliases are read by `_aliases`
    elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
        return  # a docstring runs nothing
    else:
        yield None, statement  # a bare call or loop, run at import time


def _annotations(code: ast.AST) -> set[int]:
    """Return the ids of every annotation node under `code` (signatures and annotated assignments)."""
    skipped: set[int] = set()
    for node in ast.walk(code):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = [
                *node.args.posonlyargs,
                *node.args.args,
                *node.args.kwonlyargs,
                node.args.vararg,
                node.args.kwarg,
            ]
            skipped.update(id(a.annotation) for a in arguments if a is not None and a.annotation is not None)
            if node.returns is not None:
                skipped.add(id(node.returns))
        elif isinstance(node, ast.AnnAssign):
            skipped.add(id(node.annotation))
    return skipped


def _references(code: ast.AST) -> Iterator[list[str]]:
    """Yield each dotted name chain the code reads (`a`, `a.b.c`), annotations excluded."""
    skipped = _annotations(code)
    stack: list[ast.AST] = [code]
    while stack:
        node = stack.pop()
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Attribute):
            chain: list[str] = []
            inner: ast.expr = node
            while isinstance(inner, ast.Attribute):
                chain.insert(0, inner.attr)
                inner = inner.value
            if isinstance(inner, ast.Name):
                yield [inner.id, *chain]
                continue
        elif isinstance(node, ast.Name):
            yield [node.id]
        stack.extend(ast.iter_child_nodes(node))


class CallGraph:
    """Hold the package's nodes and edges, and walk them from entry points."""

    def __init__(self, package_dir: Path, package: str) -> None:
        self.package = package
        self.modules, packages = _modules(package_dir, package)
        self.nodes: dict[Node, list[ast.AST]] = {}
        self.bare: dict[str, list[ast.AST]] = {}
        self.public_functions: set[Node] = set()
        self.aliases = {module: _aliases(module, tree, self.modules, packages) for module, tree in self.modules.items()}
        for module, tree in self.modules.items():
            for name, code in _top_level(tree):
                if name is None:
                    self.bare.setdefault(module, []).append(code)
                    continue
                self.nodes.setdefault((module, name), []).append(code)
                if isinstance(code, (ast.FunctionDef, ast.AsyncFunctionDef)) and not name.startswith("_"):
                    self.public_functions.add((module, name))

    def resolve(self, module: str, chain: list[str], seen: frozenset[Node] = frozenset()) -> Node | None:
        """Resolve a dotted name read in `module` to a node of the package, or None."""
        head, rest = chain[0], chain[1:]
        if (module, head) in self.nodes:
            return (module, head)
        alias = self.aliases.get(module, {}).get(head)
        if alias is None:
            return None
        target, attribute = alias
        if attribute is not None:  # `from x import name`: follow a re-export to where it is defined
            if (target, attribute) in seen or target not in self.modules:
                return None
            return self.resolve(target, [attribute, *rest], seen | {(target, attribute)})
        while rest and f"{target}.{rest[0]}" in self.modules:  # `import pkg.x` then `pkg.x.f`
            target, rest = f"{target}.{rest[0]}", rest[1:]
        if not rest or target not in self.modules:
            return None
        return self.resolve(target, rest, seen)

    def reached(self, entry_points: Iterable[str]) -> set[Node]:
        """Return every node reachable from the entry points (`pkg.module.function` or `pkg.module:function`)."""
        todo = [tuple(entry.replace(":", ".").rsplit(".", 1)) for entry in entry_points]
        reached: set[Node] = set()
        loaded: set[str] = set()
        while todo:
            node = todo.pop()
            if node in reached or node not in self.nodes:
                continue
            reached.add(node)
            module = node[0]
            codes = list(self.nodes[node])
            if module not in loaded:  # its import-time statements run once the module is used
                loaded.add(module)
                codes += self.bare.get(module, [])
            for code in codes:
                for chain in _references(code):
                    found = self.resolve(module, chain)
                    if found is not None and found not in reached:
                        todo.append(found)
        return reached

    def unreached_public_functions(self, entry_points: Iterable[str]) -> list[str]:
        """Name every public top-level function no entry point reaches, sorted."""
        reached = self.reached(entry_points)
        return sorted(f"{module}.{name}" for module, name in self.public_functions - reached)


def project_entry_points(pyproject: Path, package: str) -> list[str]:
    """Return the commands that live in `package`: the framework's `[project.scripts]` and the bundled suite's `[tool.bundled-suite.scripts]`."""
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    scripts = {**data["project"]["scripts"], **data["tool"]["bundled-suite"]["scripts"]}
    return [target for target in scripts.values() if target.split(".")[0].split(":")[0] == package]


def test_every_public_domain_function_is_reached_by_a_command() -> None:
    entry_points = [*project_entry_points(ROOT / "pyproject.toml", "domain"), *API_ENTRY_POINTS]
    assert "domain.edges.launch_dry_run:main" in entry_points and "domain.edges.native_verdict:main" in entry_points
    unreached = CallGraph(ROOT / "domain", "domain").unreached_public_functions(entry_points)
    assert unreached == [], (
        "public domain functions no command reaches (make each a private helper, delete it with its claims, "
        "or give it a use in a command):\n  " + "\n  ".join(unreached)
    )


SYNTHETIC = {
    "__init__.py": "",
    "edges/__init__.py": "",
    "edges/cmd.py": (
        "from toy import rules\n"
        "from toy.core import fields as ff\n"
        "import toy.tables as tables\n\n"
        "def main() -> int:\n"
        "    local()\n"
        "    return rules.admit(1) + tables.CHECKS[0](2)\n\n"
        "def local() -> None:\n"
        "    from toy.rules import imported_in_a_function\n"
        "    imported_in_a_function()\n"
    ),
    "core/__init__.py": "",
    "core/fields.py": (
        "def positive(instance, attribute, value):\n    pass\n\n"
        "def relative(n):\n    return n\n\n"
        "def never_named(instance, attribute, value):\n    pass\n"
    ),
    "rules.py": (
        "from attrs import field, frozen\n"
        "from toy.core import fields as ff\n"
        "from toy.core.fields import positive as reexported\n\n"
        "@frozen\n"
        "class Size:\n"
        "    n: int = field(validator=ff.positive)\n\n"
        "def admit(n: int) -> int:\n"
        "    return Size(n).n\n\n"
        "def imported_in_a_function() -> None:\n    pass\n\n"
        "def only_in_an_annotation() -> None:\n    pass\n\n"
        "def typed(x: 'only_in_an_annotation') -> None:\n    pass\n"
    ),
    "tables.py": (
        "from .core.fields import relative\n\n"
        "def tabled(n: int) -> int:\n    return relative(n)\n\n"
        "def _helper() -> None:\n    pass\n\n"
        "CHECKS = (tabled,)\n"
    ),
}


def _write(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / "toy" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root / "toy"


def test_the_walk_follows_calls_aliases_tables_and_validators(tmp_path: Path) -> None:
    graph = CallGraph(_write(tmp_path, SYNTHETIC), "toy")
    reached = graph.reached(["toy.edges.cmd:main"])
    for node in [
        ("toy.rules", "admit"),
        ("toy.rules", "Size"),
        ("toy.core.fields", "positive"),
        ("toy.tables", "tabled"),
        ("toy.rules", "imported_in_a_function"),
        ("toy.edges.cmd", "local"),
        ("toy.core.fields", "relative"),
    ]:
        assert node in reached, node
    assert graph.unreached_public_functions(["toy.edges.cmd:main"]) == [
        "toy.core.fields.never_named",
        "toy.rules.only_in_an_annotation",
        "toy.rules.typed",
    ]


def test_an_unreferenced_public_function_fails_and_a_private_one_does_not(tmp_path: Path) -> None:
    files = {**SYNTHETIC, "rules.py": SYNTHETIC["rules.py"] + "\ndef added_and_never_called() -> None:\n    pass\n"}
    files["core/fields.py"] = "def positive(instance, attribute, value):\n    pass\n\ndef relative(n):\n    return n\n"
    graph = CallGraph(_write(tmp_path, files), "toy")
    assert "toy.rules.added_and_never_called" in graph.unreached_public_functions(["toy.edges.cmd:main"])
    files["rules.py"] = files["rules.py"].replace("def added_and_never_called", "def _added_and_never_called")
    files["rules.py"] = (
        files["rules.py"]
        .replace("def only_in_an_annotation", "def _only_in_an_annotation")
        .replace("def typed", "def _typed")
    )
    files["rules.py"] = files["rules.py"].replace("'only_in_an_annotation'", "'_only_in_an_annotation'")
    graph = CallGraph(_write(tmp_path, files), "toy")
    assert graph.unreached_public_functions(["toy.edges.cmd:main"]) == []


def test_a_reexport_reaches_the_defining_module(tmp_path: Path) -> None:
    files = {
        **SYNTHETIC,
        "edges/cmd.py": "from toy.rules import reexported\n\ndef main() -> None:\n    reexported(None, None, 1)\n",
    }
    graph = CallGraph(_write(tmp_path, files), "toy")
    assert ("toy.core.fields", "positive") in graph.reached(["toy.edges.cmd:main"])
