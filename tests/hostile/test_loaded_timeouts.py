"""A loaded machine does not kill mutants by timeout.

The fault run saw an explained equivalent recorded as "killed (timeout)" under
heavy load, turning the gate red ("stale explanation"): each claim runs a
mutant under ten times its clean duration (at least a second), and a loaded
machine can be that slow with no mutant to blame.  Here the load is
simulated: every claim sleeps 2.5 s once a `LOAD` file exists, against
limits of one second.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_cli, write_files

PROJECT = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["lw"]
        typecheck = ["ld"]
        mutations = ["lm"]
        ledger = "ledger"
        timeout = 20
        """,
    "ld/__init__.py": "",
    "ld/rules.py": '''
        def admit(size: int) -> bool:
            """Admit a size of ten at most."""
            return size + 0 <= 10
        ''',
    "lm/__init__.py": '"""No declared defects."""\n',
    "lw/__init__.py": "",
    "lw/rules.py": """
        import time
        from pathlib import Path

        from claims import Witness, check
        from ld import rules

        witness = Witness("rules", never_refuses=[rules.admit])


        def load() -> None:
            # A machine under load: this claim takes 2.5 s where its clean run took a millisecond.
            if (Path(__file__).parents[1] / "LOAD").exists():
                time.sleep(2.5)


        @witness.positive("Ten is admitted.", rules=[rules.admit])
        def ten_is_admitted() -> None:
            load()
            check.equal("admitted", rules.admit(10), True)


        @witness.positive("Eleven is not.", rules=[rules.admit])
        def eleven_is_not() -> None:
            load()
            check.equal("admitted", rules.admit(11), False)
        """,
}


def evidence(project: Path) -> dict[str, dict[str, object]]:
    path = project / "ledger" / "evidence" / "ld" / "rules.jsonl"
    return {r["mutant"]: r for r in map(json.loads, path.read_text().splitlines()) if "mutant" in r}


def killers(row: dict[str, object]) -> set[str]:
    return {kind for kind in ("F", "E", "TC", "TO", "X") if row.get(kind)}


def test_an_explained_equivalent_stays_a_survivor_on_a_loaded_machine(tmp_path: Path) -> None:
    project = write_files(tmp_path / "loaded", PROJECT)
    assert run_cli(project, "--no-cache").returncode == 0  # records each claim's clean duration
    swept = run_cli(project, "mutate", "--auto", "--update", "-q", "--operators", "mutmut", timeout=300)
    assert "recorded:" in swept.stdout, swept.stdout + swept.stderr
    quiet = evidence(project)
    survivors = sorted(ident for ident, row in quiet.items() if not killers(row))
    assert len(survivors) == 1, quiet
    (project / "lm" / "equivalent.toml").write_text(
        "[[equivalent]]\n"
        f'mutant = "ld.rules.{survivors[0]}"\n'
        'reason = "equivalent: size - 0 is size + 0 for every int size."\n'
    )
    assert run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300).returncode == 0

    (project / "LOAD").write_text("")
    loaded = run_cli(project, "mutate", "--auto", "--rebuild", "--update", "-q", "--operators", "mutmut", timeout=600)
    assert loaded.returncode == 0, loaded.stdout + loaded.stderr
    rows = evidence(project)
    assert {ident: killers(row) for ident, row in rows.items()} == {
        ident: killers(row) for ident, row in quiet.items()
    }, "the loaded sweep must find what the quiet one found"
    assert not any(row.get("TO") for row in rows.values())
    (project / "LOAD").unlink()
    assert run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300).returncode == 0


DEFECTS = {
    "lm/defects.py": """
        from claims.defects import Defect
        from ld import rules

        strict_bound = Defect(
            id="ld.strict_bound",
            target=rules.admit,
            intent="Refuse ten, the largest size admitted.",
            patch=("size + 0 <= 10", "size + 0 < 10"),
            must_red={"rules.ten_is_admitted"},
        )
        """,
}


def defect_rows(project: Path) -> dict[str, dict[str, object]]:
    path = project / "ledger" / "evidence" / "ld" / "rules.jsonl"
    return {r["defect"]: r for r in map(json.loads, path.read_text().splitlines()) if "defect" in r}


def test_a_declared_defects_killers_do_not_grow_on_a_loaded_machine(tmp_path: Path) -> None:
    # Only the claim the defect does not break is slow under load: the defect's job has a real kill (a failure)
    # beside a timeout, and that timeout must be confirmed alone, with a longer limit, before it is a killer.
    files = {**PROJECT, **DEFECTS}
    files["lw/rules.py"] = files["lw/rules.py"].replace(
        "def ten_is_admitted() -> None:\n            load()\n", "def ten_is_admitted() -> None:\n"
    )
    project = write_files(tmp_path / "loaded", files)
    assert run_cli(project, "--no-cache").returncode == 0  # records each claim's clean duration
    quiet = run_cli(project, "mutate", "--update", "-q", timeout=300)
    assert quiet.returncode == 0, quiet.stdout + quiet.stderr
    before = defect_rows(project)["ld.strict_bound"]
    assert before.get("F") and not before.get("TO"), before

    (project / "LOAD").write_text("")
    loaded = run_cli(project, "mutate", "--rebuild", "--update", "-q", timeout=300)
    assert loaded.returncode == 0, loaded.stdout + loaded.stderr
    after = defect_rows(project)["ld.strict_bound"]
    assert after == before, "the loaded run must record the killers the quiet one did"
