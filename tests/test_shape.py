"""The framework's shape holds: no import cycle in `claims/`, and every module of `claims/` on the map."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "claims"


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Return the modules of `claims` a module imports, at any depth (not under `if TYPE_CHECKING:`)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    stack: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while stack:
        node = stack.pop()
        if _type_checking_only(node):
            stack.extend(getattr(node, "orelse", []))
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        stack.extend(ast.iter_child_nodes(node))
    return {m for m in found if m in known and m != name}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Return the strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, set(modules)) for name, path in modules.items()}


def test_claims_has_no_import_cycle() -> None:
    graph = import_graph()
    cycles = _cycles(graph)
    said = [" <-> ".join(c) for c in cycles]
    assert said == [], (
        "import cycles in claims/ (break each by moving what both need into a module below them):\n" + "\n".join(said)
    )


def test_the_cycle_finder_finds_a_cycle_of_any_length() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


MOST_LINES = 400
SIZED = ("claims", "domain", "witnesses", "mutations")


def test_no_module_passes_400_lines() -> None:
    over = sorted(
        (len(path.read_text(encoding="utf-8").splitlines()), path.relative_to(ROOT).as_posix())
        for folder in SIZED
        for path in (ROOT / folder).rglob("*.py")
        if len(path.read_text(encoding="utf-8").splitlines()) > MOST_LINES
    )
    said = [f"{name}: {lines} lines" for lines, name in reversed(over)]
    assert said == [], (
        f"modules over {MOST_LINES} lines (split each by what it decides; a witness keeps its claim ids):\n"
        + "\n".join(said)
    )


def _rooms() -> dict[str, tuple[list[str], list[str]]]:
    """Read docs/claims-map.md: each room's folder -> (the modules listed under it, the folders it may import)."""
    rooms: dict[str, tuple[list[str], list[str]]] = {}
    folder = ""
    for line in (ROOT / "docs" / "claims-map.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            folder = line.rsplit("(`", 1)[1].split("`)", 1)[0]
            rooms[folder] = ([], [])
        elif folder and line.startswith("- `"):
            rooms[folder][0].append(line[3:].split("`", 1)[0])
        elif folder and line.startswith("May import:"):
            rooms[folder][1].extend(part.split("`")[1] for part in line.split(",") if "`" in part)
    return rooms


def _folder(path: str) -> str:
    return path.rpartition("/")[0] + "/"


def test_every_module_of_claims_is_listed_under_its_own_room() -> None:
    listed = {module: folder for folder, (modules, _) in _rooms().items() for module in modules}
    wrong = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(ROOT).as_posix()
        if module not in listed:
            wrong.append(f"{module} is missing (add it under the room of {_folder(module)})")
        elif listed[module] != _folder(module):
            wrong.append(f"{module} is listed under {listed[module]}, not under its own room {_folder(module)}")
    stale = sorted(module for module in listed if not (ROOT / module).is_file())
    assert wrong == [] and stale == [], "docs/claims-map.md: " + "; ".join(
        wrong + [f"{m} no longer exists" for m in stale]
    )


def test_no_room_imports_a_room_the_map_does_not_allow() -> None:
    rooms = _rooms()
    wrong = []
    for module, targets in import_graph().items():
        home = _folder(_modules()[module].relative_to(ROOT).as_posix())
        for target in targets:
            there = _folder(_modules()[target].relative_to(ROOT).as_posix())
            if there != home and there not in rooms[home][1]:
                wrong.append(f"{module} imports {target}: {home} may not import {there}")
    assert wrong == [], "imports the map (docs/claims-map.md) does not allow:\n" + "\n".join(sorted(wrong))


def _twins(names: dict[str, str]) -> list[str]:
    """Name pairs of modules one could take for the other: the same name, a plural, or one name inside the other."""
    found = []
    for a, b in itertools.combinations(sorted(names), 2):
        x, y = names[a], names[b]
        if x == y or any(
            long in (short + "s", short + "es") or long.startswith(short + "_") or long.endswith("_" + short)
            for short, long in ((x, y), (y, x))
        ):
            found.append(f"{a} / {b}")
    return found


def test_no_two_machinery_modules_have_names_one_could_take_for_the_other() -> None:
    names = {}
    for path in (PACKAGE / "_internal").rglob("*.py"):
        if "vendor" in path.parts:
            continue
        name = path.parent.name if path.name == "__init__.py" else path.stem
        if name != "_internal":
            names[path.relative_to(ROOT).as_posix()] = name
    assert _twins(names) == []


def test_the_twin_finder_finds_each_kind_of_twin() -> None:
    assert _twins({"a/report.py": "report", "b/reports/__init__.py": "reports"}) == [
        "a/report.py / b/reports/__init__.py"
    ]
    assert _twins({"a/mirror.py": "mirror", "a/mirror_views.py": "mirror_views"}) == ["a/mirror.py / a/mirror_views.py"]
    assert _twins({"a/reach.py": "reach", "b/import_reach.py": "import_reach"}) == ["a/reach.py / b/import_reach.py"]
    assert _twins({"a/tables.py": "tables", "b/tables.py": "tables"}) == ["a/tables.py / b/tables.py"]
    assert _twins({"a/reach.py": "reach", "a/ledger.py": "ledger", "a/kinds.py": "kinds"}) == []


def test_the_machinery_never_imports_the_command_line_or_the_plugin() -> None:
    graph = import_graph()
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in graph.items()
        if module.startswith(("claims._internal", "claims.check", "claims.values", "claims.defects", "claims.errors"))
        for target in targets
        if target.startswith("claims.cli") or target == "claims.pytest_plugin"
    )
    assert wrong == []


MOST_COMPLEX = 25
"""No new function of `claims/` may pass this cyclomatic complexity (radon's measure)."""
ABOVE_TODAY: dict[str, int] = {}
"""Functions allowed above the limit, each at most as complex as listed (a ratchet that only goes down): none today."""
SHARE_OF_TEN_OR_MORE = 0.06
"""At most this share of functions may reach 10 (the 6% of pytest and attrs; none reach it today)."""


def _complexities() -> dict[str, int]:
    radon = pytest.importorskip("radon.complexity", reason="radon comes with the test extra (requirements.lock)")
    from radon.visitors import Function

    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        for block in radon.cc_visit(path.read_text(encoding="utf-8")):
            if isinstance(block, Function):
                name = f"{block.classname}.{block.name}" if block.classname else block.name
                found[f"{relative}:{name}"] = block.complexity
    return found


def test_no_function_passes_the_complexity_limit_or_its_recorded_ceiling() -> None:
    found = _complexities()
    over = sorted(
        f"{name}: {value} (limit {ABOVE_TODAY.get(name, MOST_COMPLEX)})"
        for name, value in found.items()
        if value > ABOVE_TODAY.get(name, MOST_COMPLEX)
    )
    assert over == [], "functions too complex (split each into steps named for what they decide):\n" + "\n".join(over)
    lowered = sorted(name for name, ceiling in ABOVE_TODAY.items() if found.get(name, 0) < ceiling)
    assert lowered == [], f"lower their ceilings in ABOVE_TODAY (or drop them at {MOST_COMPLEX} or less): {lowered}"


def test_the_share_of_complex_functions_does_not_grow() -> None:
    found = _complexities()
    share = sum(1 for value in found.values() if value >= 10) / len(found)
    assert share <= SHARE_OF_TEN_OR_MORE, f"{share:.1%} of functions have complexity 10 or more"


def test_every_cache_path_is_named_in_one_place() -> None:
    # config.CachePaths names each file under .claims-cache/; a module spelling one itself would drift from it.
    spelled = sorted(
        path.relative_to(ROOT).as_posix()
        for path in PACKAGE.rglob("*.py")
        if path.name != "config.py" and "config.cache / " in path.read_text(encoding="utf-8")
    )
    assert spelled == [], "name the cache path in config.CachePaths instead: " + ", ".join(spelled)
