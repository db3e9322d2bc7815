"""`--since REF` scopes a run to the function-likes whose bodies changed, and to the lines that did."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from claims._internal.mutation.since import added_lines, diff_scope, units
from claims.errors import UsageError

RULES = """\
def limit(a, b):
    if a < b:
        return a
    return b


def spare(a):
    total = a + 1
    total = total * 2
    return total


class Quota:
    def left(self, used):
        return 10 - used
"""


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "rules.py").write_text(RULES)
    (root / "pkg" / "other.py").write_text("def other():\n    return 1\n")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    _git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "base")
    _git(root, "checkout", "-q", "-b", "change")
    return root


def _modules(root: Path) -> list[tuple[str, Path]]:
    return [("pkg.rules", root / "pkg" / "rules.py"), ("pkg.other", root / "pkg" / "other.py")]


def _edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / "pkg" / name
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_nothing_changed_is_an_empty_scope(repo: Path) -> None:
    scope = diff_scope(repo, "main", _modules(repo))
    assert scope.changed == {} and scope.count() == 0
    assert scope.note.startswith("since main (merge base ")


def test_an_edited_line_scopes_its_function_and_that_line_only(repo: Path) -> None:
    _edit(repo, "rules.py", "    if a < b:", "    if a <= b:")
    scope = diff_scope(repo, "main", _modules(repo))
    assert scope.changed == {"pkg.rules": {"limit": frozenset({2})}}
    assert scope.holds_lines("pkg.rules", "limit", 2, 2)
    assert not scope.holds_lines("pkg.rules", "limit", 3, 4)
    assert not scope.holds_lines("pkg.rules", "spare", 7, 10)


def test_a_method_is_scoped_by_its_qualified_name(repo: Path) -> None:
    _edit(repo, "rules.py", "return 10 - used", "return 11 - used")
    assert diff_scope(repo, "main", _modules(repo)).changed == {"pkg.rules": {"Quota.left": frozenset({15})}}


def test_a_rename_is_not_a_change_of_the_body(repo: Path) -> None:
    _edit(repo, "rules.py", "def spare(a):", "def spared(a):")
    assert diff_scope(repo, "main", _modules(repo)).changed == {}


def test_a_function_moved_down_its_module_or_to_another_is_not_a_change(repo: Path) -> None:
    spare = "def spare(a):\n    total = a + 1\n    total = total * 2\n    return total\n"
    _edit(repo, "rules.py", spare, "")
    (repo / "pkg" / "other.py").write_text("def other():\n    return 1\n\n\n" + spare)
    assert diff_scope(repo, "main", _modules(repo)).changed == {}


def test_a_change_that_only_deletes_lines_scopes_every_line_of_its_function(repo: Path) -> None:
    _edit(repo, "rules.py", "    total = total * 2\n", "")
    scope = diff_scope(repo, "main", _modules(repo))
    assert scope.changed == {"pkg.rules": {"spare": frozenset()}}
    assert scope.holds_lines("pkg.rules", "spare", 8, 8)


def test_a_new_function_is_a_change_and_a_committed_edit_counts_as_an_uncommitted_one(repo: Path) -> None:
    _edit(repo, "other.py", "    return 1\n", "    return 1\n\n\ndef fresh():\n    return 2\n")
    uncommitted = diff_scope(repo, "main", _modules(repo)).changed
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "fresh")
    assert (
        diff_scope(repo, "main", _modules(repo)).changed == uncommitted == {"pkg.other": {"fresh": frozenset({5, 6})}}
    )


def test_a_declaration_named_by_its_id_is_compared_like_a_function() -> None:
    text = 'limit_off = Defect(id="rules.limit_off", intent="x")\nplain = 3\n'
    assert [u.name for u in units(text)] == ["rules.limit_off"]


def test_added_lines_read_hunks_of_any_length_and_skip_deleted_files() -> None:
    diff = (
        "diff --git a/x.py b/x.py\n--- a/x.py\n+++ b/x.py\n@@ -3 +3 @@\n-a\n+b\n@@ -9,0 +10,2 @@\n+c\n+d\n"
        "@@ -20,2 +21,0 @@\n-e\n-f\n"
        "diff --git a/gone.py b/gone.py\n--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-g\n"
    )
    assert added_lines(diff) == {"x.py": {3, 10, 11}}


def test_a_shallow_clone_with_only_the_base_fetched_compares_with_the_base(repo: Path, tmp_path: Path) -> None:
    _edit(repo, "rules.py", "    if a < b:", "    if a <= b:")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "edit")
    clone = tmp_path / "shallow"
    _git(tmp_path, "clone", "-q", "--depth=1", "--branch", "change", f"file://{repo}", str(clone))
    _git(clone, "fetch", "-q", "--depth=1", "origin", "main:main")
    scope = diff_scope(clone, "main", _modules(clone))
    assert scope.changed == {"pkg.rules": {"limit": frozenset({2})}}
    assert "no merge base" in scope.note


def test_an_unknown_ref_is_a_usage_error_saying_how_to_fetch_it(repo: Path) -> None:
    with pytest.raises(
        UsageError,
        match=r"git knows no commit 'nosuch' here; fetch it first \(`git fetch --depth=1 origin nosuch:refs/remotes/origin/nosuch`, then --since origin/nosuch\)",
    ):
        diff_scope(repo, "nosuch", _modules(repo))


def test_outside_a_git_work_tree_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "m.py").write_text("def f():\n    return 1\n")
    with pytest.raises(UsageError, match="is not inside a git work tree"):
        diff_scope(tmp_path, "main", [("m", tmp_path / "m.py")])
