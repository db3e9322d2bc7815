"""A warm run imports only the witness modules holding a claim to rerun, and reports what a full run reports.

The project is `test_results_cache`'s, with each witness module noting its
import in a file, and one more witness whose claims are made at import from
a rule's table (so an edit outside the witnesses changes which claims exist).
"""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest
from conftest import run_cli, write_files
from test_results_cache import FILES

NOTED = "import os as _os\nwith open(_os.environ['IMPORTED'], 'a') as _f:\n    _f.write(__name__ + '\\n')\n"

PROJECT = {
    **FILES,
    **{name: NOTED + textwrap.dedent(FILES[name]).lstrip("\n") for name in ("cw/a.py", "cw/b.py", "cw/c.py")},
    "cd/table.py": '''
        def sizes() -> tuple[int, ...]:
            """The sizes a witness makes one claim for each, at import."""
            return (1, 2)
        ''',
    "cw/d.py": NOTED
    + textwrap.dedent(
        """
        from claims import Witness, check
        from cd import rules, table

        witness = Witness("d")


        def _claim_for(size: int) -> None:
            def admitted() -> None:
                check.equal("admitted", rules.admit(size), True)

            admitted.__name__ = admitted.__qualname__ = f"size_{size}_is_admitted"
            witness.positive(f"Size {size} is admitted.", rules=[rules.admit])(admitted)


        for _size in table.sizes():
            _claim_for(_size)
        """
    ),
}
EVERY = {"a.admits", "a.row", "a.small", "b.doubles", "b.rendered", "c.doubled_row", "d.size_1_is_admitted"}
EVERY |= {"d.size_2_is_admitted"}


@pytest.fixture(scope="module")
def warmed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project with its snapshot recorded, after one full run filled the cache and wrote the catalogue."""
    root = tmp_path_factory.mktemp("warmed") / "warm"
    write_files(root, PROJECT)
    done = run_cli(root, "snapshots", "--update", env={"IMPORTED": str(root / "imported.txt")})
    assert done.returncode == 0, done.stdout + done.stderr
    run(root)
    assert (root / ".claims-cache" / "catalogue.json").is_file()
    return root


@pytest.fixture
def project(warmed: Path, tmp_path: Path) -> Path:
    """A copy of the warmed project for one test (files keep their times, so the catalogue still holds)."""
    return Path(shutil.copytree(warmed, tmp_path / "warm", ignore=shutil.ignore_patterns("__pycache__", "bytecode")))


def run(root: Path, *args: str) -> tuple[dict[str, dict[str, object]], set[str]]:
    """Run claim_batch --json; return each claim's record and the witness modules the run imported."""
    noted = root / "imported.txt"
    noted.unlink(missing_ok=True)
    done = run_cli(root, "--json", *args, env={"IMPORTED": str(noted)})
    assert done.returncode == 0, done.stdout + done.stderr
    records = {r["id"]: r for r in json.loads(done.stdout)["claims"]}
    imported = set(noted.read_text(encoding="utf-8").split()) if noted.exists() else set()
    return records, imported


def edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} in {name}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def same_report(warm: dict[str, dict[str, object]], root: Path) -> None:
    """A fresh run of everything reports the same claims, in the same order, with the same fields but timing."""
    fresh, _ = run(root, "--no-cache")
    strip = lambda records: [
        {k: v for k, v in r.items() if k not in ("duration_s", "cached")} for r in records.values()
    ]
    assert strip(warm) == strip(fresh)


def test_nothing_changed_imports_no_witness_and_reports_every_claim_as_a_full_run_does(project: Path) -> None:
    records, imported = run(project)
    assert imported == set()
    assert set(records) == EVERY and all(r["cached"] for r in records.values())
    same_report(records, project)


def test_an_edited_rule_imports_only_the_witness_modules_of_the_claims_that_executed_it(project: Path) -> None:
    edit(project, "cd/rules.py", 'return f"x={x}\\n"', 'return "x=" + str(x) + "\\n"')
    records, imported = run(project)
    assert imported == {"cw.b"}
    assert {i for i, r in records.items() if not r["cached"]} == {"b.rendered"}
    same_report(records, project)
    # c imports a: rerunning c's claim imports a too, and a's claims still come from the cache.
    edit(project, "cd/rules.py", "return 2 * x", "return x + x")
    records, imported = run(project)
    assert imported == {"cw.a", "cw.b", "cw.c"}
    assert {i for i, r in records.items() if not r["cached"]} == {"b.doubles", "c.doubled_row"}
    same_report(records, project)


def test_a_selection_imports_nothing_when_its_claims_stand_and_what_it_selects_when_they_do_not(project: Path) -> None:
    records, imported = run(project, "b")
    assert (set(records), imported) == ({"b.doubles", "b.rendered"}, set())
    edit(project, "cd/rules.py", "return 3\n", "return 1 + 2\n")  # run by cw.a at import; c imports a
    records, imported = run(project, "b", "c")
    assert (set(records), imported) == ({"b.doubles", "b.rendered", "c.doubled_row"}, {"cw.a", "cw.c"})


def test_claims_made_at_import_from_a_rule_follow_the_rule_and_stay_catalogued(project: Path) -> None:
    edit(project, "cd/table.py", "return (1, 2)", "return (1, 2, 3)")
    records, imported = run(project)
    assert imported == {"cw.d"}
    assert set(records) == EVERY | {"d.size_3_is_admitted"}
    # The next warm run imports nothing, and still reports the claim the last one found.
    records, imported = run(project)
    assert (set(records), imported) == (EVERY | {"d.size_3_is_admitted"}, set())
    same_report(records, project)


def test_a_new_claim_in_a_witness_module_is_discovered(project: Path) -> None:
    edit(
        project,
        "cw/b.py",
        "@witness.snapshot(",
        '@witness.positive("Doubling one gives two.", rules=[rules.double])\n'
        "def doubles_one() -> None:\n"
        '    check.equal("double", rules.double(1), 2)\n\n\n'
        "@witness.snapshot(",
    )
    records, imported = run(project)
    assert "b.doubles_one" in records and not records["b.doubles_one"]["cached"]
    assert imported == {"cw.a", "cw.b", "cw.c", "cw.d"}  # a witness file changed: everything is discovered


@pytest.mark.parametrize("damage", ["torn", "foreign"])
def test_a_damaged_catalogue_means_a_full_discovery(project: Path, damage: str) -> None:
    catalogue = project / ".claims-cache" / "catalogue.json"
    text = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(text[: len(text) // 2] if damage == "torn" else text.replace("claims-catalogue/", "other/"))
    records, imported = run(project)
    assert set(records) == EVERY and imported == {"cw.a", "cw.b", "cw.c", "cw.d"}


def test_a_module_that_no_longer_imports_is_reported_and_the_catalogue_kept(project: Path) -> None:
    catalogue = project / ".claims-cache" / "catalogue.json"
    before = catalogue.read_bytes()
    edit(project, "cd/table.py", "return (1, 2)", "raise RuntimeError('no table')")
    noted = project / "imported.txt"
    done = run_cli(project, env={"IMPORTED": str(noted)})
    assert done.returncode == 1
    assert "cw.d" in done.stdout and "no table" in done.stdout
    assert catalogue.read_bytes() == before
    shutil.rmtree(project / ".claims-cache")  # and a run without any cache says the same
    again = run_cli(project, env={"IMPORTED": str(noted)})
    assert again.returncode == 1 and "no table" in again.stdout


def test_only_a_claim_run_writes_the_catalogue(project: Path) -> None:
    # Other commands discover too (a mutation run imports its rules from a generated tree): they leave it alone.
    catalogue = project / ".claims-cache" / "catalogue.json"
    catalogue.unlink()
    done = run_cli(project, "explain", "a.admits", env={"IMPORTED": str(project / "imported.txt")})
    assert done.returncode == 0, done.stdout + done.stderr
    assert not catalogue.exists()
    run(project)
    assert catalogue.is_file()


def test_rediscovering_a_split_witness_package_brings_its_submodules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A warm run rediscovers the modules declaring a stale claim; for a witness split into a package that module
    # is the package, and importing it alone lost every claim of its submodules (55 of 1,034 here, silently).
    from claims._internal.running.discovery import discover

    write_files(
        tmp_path,
        {
            "splitw/__init__.py": "",
            "splitw_rules.py": "def one() -> int:\n    return 1\n",
            "splitw/pkg/__init__.py": (
                "from claims import Witness, check\n"
                "import splitw_rules\n\n"
                'witness = Witness("pkg")\n\n\n'
                '@witness.positive("One is one.", rules=[splitw_rules.one])\n'
                "def here() -> None:\n"
                '    check.equal("one", splitw_rules.one(), 1)\n'
            ),
            "splitw/pkg/more.py": (
                "from claims import check\n"
                "import splitw_rules\n"
                "from splitw.pkg import witness\n\n\n"
                '@witness.positive("Two is one and one.", rules=[splitw_rules.one])\n'
                "def below() -> None:\n"
                '    check.equal("two", splitw_rules.one() + 1, 2)\n'
            ),
        },
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in __import__("sys").modules if m.startswith("splitw")]:
        monkeypatch.delitem(__import__("sys").modules, name)
    found = discover(["splitw"], only=["splitw.pkg"], root=tmp_path)
    assert sorted(c.id for w in found.witnesses for c in w.claims) == ["pkg.below", "pkg.here"], found.failures
