"""Scope a run to what changed since a git ref: the function-likes whose bodies changed, and the lines that did.

A function-like (see `claims._internal.functions`) changed when its definition, compared as a syntax tree
with its own name, line numbers and formatting left out, appears nowhere at the base: a function renamed,
moved down its module or moved to another module, unchanged, is not a change of its body.  Its changed lines
are the lines the diff adds or rewrites inside it; when its change only deletes lines, every line of it
counts.  A declaration that is not a function (a `Defect(id=...)` in a mutations module) is compared the
same way, named by its `id`.

The base is the merge base of REF and HEAD, as a pull request is reviewed; a shallow clone that holds REF
but not their common history compares with REF itself, and the scope says so.  The working tree is compared,
so uncommitted edits count as changes.
"""

from __future__ import annotations

import ast
import copy
import re
import subprocess
from collections.abc import Iterable, Mapping
from pathlib import Path

from attrs import frozen

from claims._internal.functions import function_likes, span
from claims.errors import UsageError

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


@frozen
class Unit:
    """One comparable piece of a module: a function-like, or a declaration named by its `id`."""

    name: str
    first: int
    last: int
    shape: str
    """The syntax tree's dump without its own name, positions or formatting."""


@frozen
class Scope:
    """What changed since the base: per module, the units that changed and their changed lines."""

    ref: str
    base: str
    note: str
    changed: Mapping[str, Mapping[str, frozenset[int]]]
    """module -> unit name -> the unit's changed lines (empty: the change deleted lines only, so all count)."""

    def holds_unit(self, module: str, name: str) -> bool:
        """Say whether a unit of a module changed."""
        return name in self.changed.get(module, {})

    def holds_lines(self, module: str, name: str, first: int, last: int) -> bool:
        """Say whether a unit changed and the span first..last touches one of its changed lines (any, when none)."""
        units = self.changed.get(module, {})
        if name not in units:
            return False
        lines = units[name]
        return not lines or any(first <= line <= last for line in lines)

    def count(self) -> int:
        """Return how many units changed."""
        return sum(len(units) for units in self.changed.values())


def _shape(node: ast.AST) -> str:
    clone = copy.copy(node)
    if hasattr(clone, "name"):
        clone.name = ""
    return ast.dump(clone, include_attributes=False)


def _declared_id(statement: ast.stmt) -> str | None:
    """Return the `id="..."` keyword of a module-level `name = Call(id="...", ...)`, else None."""
    value = statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign)) else None
    if not isinstance(value, ast.Call):
        return None
    for keyword in value.keywords:
        if keyword.arg == "id" and isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, str):
            return keyword.value.value
    return None


def units(text: str) -> list[Unit]:
    """Return a module's comparable units: its function-likes by qualified name, and its declarations by id."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    found = []
    for function in function_likes(tree)[0]:
        first, last = span(function.node)
        found.append(Unit(function.qualname, first, last, _shape(function.node)))
    for statement in tree.body:
        declared = _declared_id(statement)
        if declared is not None:
            found.append(Unit(declared, statement.lineno, statement.end_lineno or statement.lineno, _shape(statement)))
    return found


def added_lines(diff: str) -> dict[str, set[int]]:
    """Return, per new path of a `git diff --unified=0` text, the line numbers it adds or rewrites."""
    lines: dict[str, set[int]] = {}
    current: set[int] | None = None
    for row in diff.splitlines():
        if row.startswith("+++ "):
            target = row[4:]
            current = lines.setdefault(target[2:], set()) if target.startswith("b/") else None
        elif current is not None and (hunk := _HUNK.match(row)):
            start, length = int(hunk.group(1)), int(hunk.group(2) if hunk.group(2) is not None else 1)
            current.update(range(start, start + length))
    return lines


def _git(root: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    try:
        run = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, encoding="utf-8")
    except FileNotFoundError:
        raise UsageError("--since needs git on PATH; none was found") from None
    if check and run.returncode != 0:
        raise UsageError(f"--since: `git {' '.join(args)}` failed: {run.stderr.strip() or run.returncode}")
    return run


def _fetch_hint(ref: str) -> str:
    """Say how to fetch a ref into a shallow clone, where `git fetch origin main` fills only FETCH_HEAD."""
    remote, _, branch = ref.partition("/")
    if branch and remote == "origin":
        return f"`git fetch --depth=1 origin {branch}:refs/remotes/origin/{branch}`"
    return f"`git fetch --depth=1 origin {ref}:refs/remotes/origin/{ref}`, then --since origin/{ref}"


def resolve_base(root: Path, ref: str) -> tuple[str, str]:
    """Return the commit to compare with (the merge base of REF and HEAD, else REF) and a note saying which."""
    if _git(root, "rev-parse", "--is-inside-work-tree", check=False).returncode != 0:
        raise UsageError(f"--since {ref}: {root} is not inside a git work tree")
    found = _git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", check=False)
    if found.returncode != 0:
        raise UsageError(f"--since {ref}: git knows no commit {ref!r} here; fetch it first ({_fetch_hint(ref)})")
    commit = found.stdout.strip()
    merged = _git(root, "merge-base", commit, "HEAD", check=False)
    if merged.returncode == 0 and merged.stdout.strip():
        base = merged.stdout.strip()
        return base, f"since {ref} (merge base {base[:12]})"
    return commit, f"since {ref} ({commit[:12]}; no merge base with HEAD in this clone, so compared with {ref} itself)"


def _base_texts(root: Path, base: str, folders: Iterable[str]) -> list[str]:
    """Return the text of every Python file under the folders at the base commit (one `git cat-file` call)."""
    listed = _git(root, "ls-tree", "-r", "--name-only", "--full-tree", base, "--", *sorted(set(folders))).stdout
    paths = [p for p in listed.splitlines() if p.endswith(".py")]
    if not paths:
        return []
    batch = subprocess.run(
        ["git", "cat-file", "--batch"],
        cwd=root,
        input="".join(f"{base}:{p}\n" for p in paths).encode("utf-8"),
        capture_output=True,
        check=True,
    ).stdout
    texts, at = [], 0
    while at < len(batch):
        header_end = batch.index(b"\n", at)
        header = batch[at:header_end].split()
        if len(header) < 3 or header[1] != b"blob":
            at = header_end + 1
            continue
        size = int(header[2])
        texts.append(batch[header_end + 1 : header_end + 1 + size].decode("utf-8", "replace"))
        at = header_end + 1 + size + 1
    return texts


def diff_scope(root: Path, ref: str, modules: Iterable[tuple[str, Path]]) -> Scope:
    """Return what changed since REF among the given modules (dotted name, file), read from git at `root`."""
    base, note = resolve_base(root, ref)
    top = Path(_git(root, "rev-parse", "--show-toplevel").stdout.strip())
    located = {module: path.resolve().relative_to(top.resolve()).as_posix() for module, path in modules}
    folders = {str(Path(p).parent.as_posix()) for p in located.values()}
    shapes = _base_shapes(top, base, folders)
    diff = _git(top, "diff", "--unified=0", "--no-color", "--no-ext-diff", "-M", base, "--", *sorted(folders)).stdout
    added = added_lines(diff)
    changed: dict[str, dict[str, frozenset[int]]] = {}
    for module, relative in sorted(located.items()):
        text = (top / relative).read_text(encoding="utf-8")
        found = _changed_units(text, added.get(relative, set()), shapes)
        if found:
            changed[module] = found
    return Scope(ref, base, note, changed)


def _base_shapes(top: Path, base: str, folders: Iterable[str]) -> set[str]:
    """Decide what every unit under the folders looked like at the base (its shape: no name, no positions)."""
    return {unit.shape for text in _base_texts(top, base, folders) for unit in units(text)}


def _changed_units(text: str, touched: set[int], shapes: set[str]) -> dict[str, frozenset[int]]:
    """Decide which units of a module changed (their shape appears nowhere at the base), each with the lines the
    diff touched inside it."""
    return {
        unit.name: frozenset(line for line in touched if unit.first <= line <= unit.last)
        for unit in units(text)
        if unit.shape not in shapes
    }
