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
