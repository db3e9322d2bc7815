"""The result cache never files a pass under code that differs from the code that ran.

Before, editing a rule while a run was under way (within about a second of
its start) left later runs printing `992 of 992 results reused ... 992
passed` while `--no-cache` found 44 failures: the sources were read when
the first result came back, after the edit, so the old code's passes were
filed under the new code's fingerprints.
"""

from __future__ import annotations

from pathlib import Path

from conftest import run_cli, write_files

PROJECT = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["rw"]
        typecheck = ["rd"]
        ledger = "ledger"
        """,
    "rd/__init__.py": "",
    "rd/rules.py": '''
        def admit(size: int) -> bool:
            """Admit a size of ten at most."""
            return size <= 10
        ''',
    "rw/__init__.py": "",
    "rw/rules.py": """
        from pathlib import Path

        from claims import Witness, check
        from rd import rules

        witness = Witness("rules", never_refuses=[rules.admit])


        @witness.positive("An editor saves the rule while the run is under way.", rules=[rules.admit])
        def a_save_during_the_run() -> None:
            # What an editor does a second into a run: the rule on disk no longer admits anything.
            path = Path(rules.__file__)
            path.write_text(path.read_text().replace("return size <= 10", "return False"))
            check.equal("admitted", rules.admit(1), True)


        @witness.positive("Three is admitted.", rules=[rules.admit])
        def three_is_admitted() -> None:
            check.equal("admitted", rules.admit(3), True)
        """,
}


def test_a_rule_edited_during_a_run_is_not_filed_under_the_new_code(tmp_path: Path) -> None:
    project = write_files(tmp_path / "p", PROJECT)
    first = run_cli(project, "-n", "1")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "changed while the claims ran (rules.py); this run's results are not cached" in first.stderr
    second = run_cli(project, "-n", "1")
    assert "FAIL rules.three_is_admitted" in second.stdout, second.stdout
    assert second.returncode == 1


MEMO = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["mw"]
        typecheck = ["md"]
        ledger = "ledger"
        """,
    "md/__init__.py": "",
    "md/table.py": '''
        import functools


        @functools.lru_cache(maxsize=None)
        def _squares(n: int) -> tuple[int, ...]:
            return tuple(i * i for i in range(n))


        def square(i: int) -> int:
            """Return i squared from a memoised table."""
            return _squares(10)[i]
        ''',
    "mw/__init__.py": "",
    "mw/table.py": """
        from claims import Witness, check
        from md import table

        witness = Witness("table", never_refuses=[table.square])


        @witness.positive("1 squared is 1.", rules=[table.square])
        def square_of_1() -> None:
            check.equal("square", table.square(1), 1)


        @witness.positive("2 squared is 4.", rules=[table.square])
        def square_of_2() -> None:
            check.equal("square", table.square(2), 4)


        @witness.positive("3 squared is 9.", rules=[table.square])
        def square_of_3() -> None:
            check.equal("square", table.square(3), 9)


        @witness.positive("4 squared is 16.", rules=[table.square])
        def square_of_4() -> None:
            check.equal("square", table.square(4), 16)


        @witness.positive("5 squared is 25.", rules=[table.square])
        def square_of_5() -> None:
            check.equal("square", table.square(5), 25)


        @witness.positive("6 squared is 36.", rules=[table.square])
        def square_of_6() -> None:
            check.equal("square", table.square(6), 36)
        """,
}


def test_a_warm_run_after_breaking_a_memoised_helper_fails_as_many_claims_as_a_cold_one(tmp_path: Path) -> None:
    # Before, which claims recorded the helper depended on which ran first in their worker (the memo answered the
    # rest): a warm run after breaking it reused the passes of those that had not recorded it.
    project = write_files(tmp_path / "p", MEMO)
    for order in ("--random-order=1", "--random-order=2"):
        assert run_cli(project, "-n", "2", order).returncode == 0
    helper = project / "md" / "table.py"
    helper.write_text(helper.read_text().replace("i * i for i", "i * i + 1 for i"))
    warm = run_cli(project, "-n", "2").stdout.splitlines()[-1]
    cold = run_cli(project, "-n", "2", "--no-cache").stdout.splitlines()[-1]
    assert warm == cold == "0 passed, 6 failed", (warm, cold)
