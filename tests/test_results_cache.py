"""The result cache never reuses a result that something the claim depends on changed, and reuses the rest.

Each test edits one thing in a small project between two runs and checks
which claims rerun: a rule's body, a constant (of a rule module, of a
witness module, of a shared witness module), a fixture, a strategy, a
function run at import (by a witness, by a shared module, by a witness
another imports), a snapshot, and the dependencies' versions; and a
selected run reuses what a full run recorded.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli, write_files

from claims._internal.caching import fingerprint
from claims._internal.running import profiles

FILES = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["cw"]
        typecheck = ["cd"]
        ledger = "ledger"
        """,
    "cd/__init__.py": "",
    "cd/rules.py": '''
        LIMIT = 10


        def admit(size: int) -> bool:
            """Admit a size within the limit."""
            return size <= LIMIT


        def double(x: int) -> int:
            """Double."""
            return 2 * x


        def table_entry() -> int:
            """A witness's table is built with this at import."""
            return 3


        def shared_entry() -> int:
            """A shared module's table is built with this at import."""
            return 4


        def render(x: int) -> str:
            """Render."""
            return f"x={x}\\n"
        ''',
    "cd/unused.py": '''
        """A module no witness imports, directly or through another."""

        SPARE = 1
        ''',
    "cw/__init__.py": "",
    "cw/shared.py": '''
        from hypothesis import strategies as st

        from cd import rules

        BASE = rules.shared_entry()


        def sizes() -> st.SearchStrategy[int]:
            """Sizes within the limit."""
            return st.integers(0, 5)
        ''',
    "cw/a.py": """
        from hypothesis import given

        from claims import Witness, check
        from cd import rules
        from cw import shared

        witness = Witness("a")
        ROW = rules.table_entry()


        def fixture_size() -> int:
            return 4


        @witness.positive("A fixture size is admitted.", rules=[rules.admit])
        def admits() -> None:
            check.equal("admitted", rules.admit(fixture_size()), True)


        @witness.positive("The table holds its row.", rules=[rules.table_entry])
        def row() -> None:
            check.equal("row", ROW, 3)


        @witness.positive("Any small size is admitted.", rules=[rules.admit])
        @given(shared.sizes())
        def small(size: int) -> None:
            check.equal("admitted", rules.admit(size), True)
        """,
    "cw/b.py": """
        from claims import Witness, check
        from cd import rules

        witness = Witness("b")


        @witness.positive("Doubling doubles.", rules=[rules.double])
        def doubles() -> None:
            check.equal("double", rules.double(2), 4)


        @witness.snapshot("The rendering is stable.", rules=[rules.render])
        def rendered() -> str:
            return rules.render(1)
        """,
    "cw/c.py": """
        from claims import Witness, check
        from cd import rules
        from cw.a import ROW

        witness = Witness("c")


        @witness.positive("The table row doubles.", rules=[rules.double])
        def doubled_row() -> None:
            check.equal("double", rules.double(ROW), 6)
        """,
}
ALL = {"a.admits", "a.row", "a.small", "b.doubles", "b.rendered", "c.doubled_row"}


@pytest.fixture(scope="module")
def warmed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project with its snapshot recorded and its result cache filled by one full run."""
    root = tmp_path_factory.mktemp("warmed") / "cached"
    write_files(root, FILES)
    done = run_cli(root, "snapshots", "--update")
    assert done.returncode == 0, done.stdout + done.stderr
    assert rerun(root) == ALL  # the first run fills the cache
    assert rerun(root) == set()  # nothing changed: everything is reused
    return root


@pytest.fixture
def project(warmed: Path, tmp_path: Path) -> Path:
    """A copy of the warmed project, cache included (fingerprints name modules, never paths), for one edit."""
    root = tmp_path / "cached"
    shutil.copytree(warmed, root, ignore=shutil.ignore_patterns("__pycache__", "bytecode"))
    return root


def rerun(root: Path) -> set[str]:
    """Run every claim; return the ids of those that ran (were not reused), checking every claim passed."""
    done = run_cli(root, "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(done.stdout)["claims"]
    assert {r["id"] for r in results} == ALL
    return {r["id"] for r in results if not r["cached"]}


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


A_AND_ITS_IMPORTERS = {"a.admits", "a.row", "a.small", "c.doubled_row"}
EDITS = {
    # what changed: (file, text, replacement, the claims that must rerun)
    "a rule's body reruns the claims that executed it": (
        "cd/rules.py",
        "return size <= LIMIT",
        "return size <= LIMIT  # edited",
        {"a.admits", "a.small"},
    ),
    "a rule module's constant reruns every claim": ("cd/rules.py", "LIMIT = 10", "LIMIT = 11", ALL),
    "a witness module's constant reruns its claims and its importers'": (
        "cw/a.py",
        'witness = Witness("a")',
        'witness = Witness("a")\nSPARE = 1',
        A_AND_ITS_IMPORTERS,
    ),
    "a shared witness module's constant reruns the claims of the witnesses importing it": (
        "cw/shared.py",
        "BASE = rules.shared_entry()",
        "BASE = rules.shared_entry()\nSPARE = 1",
        A_AND_ITS_IMPORTERS,
    ),
    "a module no witness imports reruns no claim": ("cd/unused.py", "SPARE = 1", "SPARE = 2", set()),
    "a fixture reruns the claims that called it": ("cw/a.py", "return 4", "return 3", {"a.admits"}),
    # `@given(shared.sizes())` calls the strategy while `cw.a` imports: that is import-time work of witness a.
    "a strategy built at decoration reruns its witness's claims and its importers'": (
        "cw/shared.py",
        "st.integers(0, 5)",
        "st.integers(0, 6)",
        A_AND_ITS_IMPORTERS,
    ),
    "work a witness did at import reruns its claims and its importers'": (
        "cd/rules.py",
        "return 3",
        "return 1 + 2",
        A_AND_ITS_IMPORTERS,
    ),
    "work a shared module did at import reruns the claims of the witnesses importing it": (
        "cd/rules.py",
        "return 4",
        "return 2 + 2",
        A_AND_ITS_IMPORTERS,
    ),
}


def test_a_new_module_no_witness_imports_reruns_no_claim(project: Path) -> None:
    (project / "cd" / "zz_unimported.py").write_text("ANSWER = 42\n", encoding="utf-8")
    (project / "cw" / "zz_unimported.py").write_text("ANSWER = 42\n", encoding="utf-8")
    assert rerun(project) == set()


def test_a_name_bound_to_a_package_reads_every_module_below_it(project: Path) -> None:
    # `import cd.rules` binds `cd`: the claim can read `cd.unused.SPARE` once anything has imported it.
    edit(project, "cw/b.py", "from cd import rules\n", "import cd.rules\nfrom cd import rules\n")
    assert rerun(project) == {"b.doubles", "b.rendered"}
    edit(project, "cd/unused.py", "SPARE = 1", "SPARE = 2")
    assert rerun(project) == {"b.doubles", "b.rendered"}


@pytest.mark.parametrize("change", list(EDITS))
def test_an_edit_reruns_exactly_the_claims_whose_results_depend_on_it(project: Path, change: str) -> None:
    name, old, new, expected = EDITS[change]
    edit(project, name, old, new)
    assert rerun(project) == expected


def test_a_changed_snapshot_reruns_its_claim(project: Path) -> None:
    snapshot = next((project / "ledger" / "snapshots").rglob("*.txt"))
    snapshot.write_text("x=2\n", encoding="utf-8")
    done = run_cli(project, "--json")
    assert done.returncode == 1
    assert {r["id"]: r["verdict"] for r in json.loads(done.stdout)["claims"] if not r["cached"]} == {
        "b.rendered": "FAIL"
    }


def test_a_dependency_version_changes_every_fingerprint(monkeypatch: pytest.MonkeyPatch) -> None:
    before = fingerprint.meta_digest("ci")
    real = fingerprint.importlib.metadata.version
    monkeypatch.setattr(
        fingerprint.importlib.metadata,
        "version",
        lambda name: "0.0.1" if name == "hypothesis" else real(name),
    )
    assert fingerprint.meta_digest("ci") != before
    monkeypatch.undo()
    assert fingerprint.meta_digest("ci") == before
    assert fingerprint.meta_digest("dev") != before  # the hypothesis profile too


def test_imports_are_read_from_import_statements_relative_ones_resolved() -> None:
    tree = fingerprint.ast.parse("import a.b\nfrom . import c\nfrom ..d import e\nfrom .f import *\n")
    assert fingerprint.imported_modules(tree, "p.q.r", package=False) == {
        "a",
        "a.b",
        "p.q",
        "p.q.c",
        "p",
        "p.d",
        "p.d.e",
        "p.q.f",
    }
    assert "p.q.r.c" in fingerprint.imported_modules(tree, "p.q.r", package=True)


def test_imports_nested_in_any_statement_are_read() -> None:
    # An import may sit in any block: each one below loads a module the claims' results can depend on.
    source = """
def f():
    import in_function
class C:
    import in_class
    def m(self):
        if x:
            import in_if
        else:
            import in_else
try:
    import in_try
except ImportError:
    import in_handler
else:
    import in_try_else
finally:
    import in_finally
for _ in y:
    import in_for
else:
    import in_for_else
while z:
    import in_while
with w:
    import in_with
match v:
    case 1:
        import in_case
async def g():
    async with w:
        import in_async_with
"""
    found = fingerprint.imported_modules(fingerprint.ast.parse(source), "p", package=False)
    assert found == {
        f"in_{where}"
        for where in (
            "function", "class", "if", "else", "try", "handler", "try_else", "finally", "for", "for_else",
            "while", "with", "case", "async_with",
        )
    }  # fmt: skip


def test_a_selected_run_reuses_what_a_full_run_recorded(project: Path) -> None:
    # Families are read from the source, not from what a run imported: `claim_batch b` imports only cw.b,
    # and still fingerprints b's claims as the full run did.
    done = run_cli(project, "b", "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    assert {r["id"]: r["cached"] for r in json.loads(done.stdout)["claims"]} == {"b.doubles": True, "b.rendered": True}


DRAWING = {
    "pyproject.toml": FILES["pyproject.toml"],
    "cd/__init__.py": "",
    "cd/rules.py": '''
        def echo(text: str) -> str:
            """Return the text."""
            return text
        ''',
    "cw/__init__.py": "",
    "cw/a.py": """
        import os

        from hypothesis import given, strategies as st

        from claims import Witness, check
        from cd import rules

        witness = Witness("a")


        @witness.property("Echo returns any text.", rules=[rules.echo])
        @given(st.text(max_size=12), st.integers())
        def echoes(text: str, number: int) -> None:
            with open(os.environ["DRAWN"], "a", encoding="utf-8") as drawn:
                drawn.write(f"{text!r} {number}\\n")
            check.equal("echo", rules.echo(text), text)
        """,
    # Another witness whose literals a property of witness a must never draw, loaded or not.
    "cw/b.py": "\n".join(
        [
            "from claims import Witness, check",
            "from cd import rules",
            "",
            'witness = Witness("b")',
            *(f'WORD_{n} = "zq-literal-{n}"\nNUMBER_{n} = {987650 + n}' for n in range(40)),
            "",
            "",
            '@witness.positive("Echo returns a word.", rules=[rules.echo])',
            "def word() -> None:",
            '    check.equal("word", rules.echo(WORD_0), "zq-literal-0")',
            "",
        ]
    ),
}


def test_a_property_draws_the_same_examples_whatever_else_is_imported_and_no_modules_literals(tmp_path: Path) -> None:
    # Hypothesis mixes the literals of every loaded local module into its draws. A full run loads witness b, a run
    # of `a` does not: unless the framework stops that harvest, `a.echoes` draws other examples in each, so its
    # cached result (and the killers recorded for it) could differ from what a fresh run of the other would find.
    write_files(tmp_path, DRAWING)
    drawn = {}
    # The full run first: it writes the witness index, with which `claim_batch a` imports cw.a alone.
    for label, selection in (("full", []), ("selected", ["a"])):
        out = tmp_path / f"{label}.txt"
        done = run_cli(tmp_path, "--no-cache", "-n", "1", *selection, env={"DRAWN": str(out)})
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.count("PASS") == (2 if label == "full" else 1), done.stdout
        drawn[label] = out.read_text(encoding="utf-8")
    # The pytest glue runs the same claim with the same profile: the same examples again.
    out = tmp_path / "pytest.txt"
    env = {**{k: v for k, v in os.environ.items() if k != "CI"}, "DRAWN": str(out)}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "cw/a.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    drawn["pytest"] = out.read_text(encoding="utf-8")
    assert drawn["selected"].count("\n") >= 60
    assert drawn["selected"] == drawn["full"] == drawn["pytest"]
    numbers = {int(line.rsplit(" ", 1)[1]) for line in drawn["full"].splitlines()}
    assert "zq-literal" not in drawn["full"] and not numbers & set(range(987650, 987690))


def test_a_hypothesis_without_the_hook_the_framework_replaces_is_named_in_a_warning_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from hypothesis.internal.conjecture import providers

    monkeypatch.delattr(providers, "_get_local_constants")
    monkeypatch.setattr(profiles, "_warned_harvest", False)
    profiles.draw_no_local_constants()
    profiles.draw_no_local_constants()
    err = capsys.readouterr().err
    assert err.count("warning: hypothesis ") == 1 and "no `_get_local_constants` to replace" in err, err
