"""A claim that changes the state its modules share is an ERROR naming what changed, and the state is put back.

Before, a claim that rebound `fit_wall.FIT_REQUIREMENT_FACTOR` or popped a
key from the dict behind `authority_log.EVENT_TYPES` passed itself and
turned 5 to 27 other claims red, depending on `--random-order`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli, write_files

PROJECT = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["sw"]
        typecheck = ["sd"]
        ledger = "ledger"
        """,
    "sd/__init__.py": "",
    "sd/table.py": '''
        import types
        from fractions import Fraction

        FACTOR = Fraction(5, 4)
        _KINDS = {"start": 1, "stop": 2}
        KINDS = types.MappingProxyType(_KINDS)
        NESTED = ([1, 2], "x")


        def charge(gib: int) -> Fraction:
            """Charge the factor on a size."""
            return gib * FACTOR


        def kind(name: str) -> int:
            """Return a kind's code."""
            return KINDS[name]


        def first(n: int) -> int:
            """Return the nested list's n-th item."""
            return NESTED[0][n]
        ''',
    "sw/__init__.py": "",
    "sw/table.py": """
        import gc

        from claims import Witness, check
        from sd import table

        witness = Witness("table", never_refuses=[table.charge, table.kind, table.first])


        @witness.positive("Rebinding the factor is caught.", rules=[table.charge])
        def rebinds_the_factor() -> None:
            table.FACTOR = 2
            check.equal("charge", table.charge(4), 8)


        @witness.positive("Popping a kind behind the proxy is caught.", rules=[table.kind])
        def pops_a_kind() -> None:
            behind = next(r for r in gc.get_referents(table.KINDS) if isinstance(r, dict))
            behind.pop("stop")
            check.equal("start", table.kind("start"), 1)


        @witness.positive("Appending to a list a tuple holds is caught.", rules=[table.first])
        def appends_to_the_nested_list() -> None:
            table.NESTED[0].append(3)
            check.equal("first", table.first(0), 1)


        @witness.positive("The factor charges a quarter more.", rules=[table.charge])
        def the_factor_is_five_quarters() -> None:
            check.equal("charge", table.charge(4), 5)


        @witness.positive("Both kinds are known.", rules=[table.kind])
        def both_kinds_are_known() -> None:
            check.equal("kinds", [table.kind("start"), table.kind("stop")], [1, 2])


        @witness.positive("The nested list holds two items.", rules=[table.first])
        def the_nested_list_holds_two() -> None:
            check.equal("length", len(table.NESTED[0]), 2)
        """,
}


@pytest.mark.parametrize("order", ["--random-order=1", "--random-order=2", "--random-order=3"])
def test_a_claim_that_changes_shared_state_is_an_error_naming_it_and_the_others_stay_green(
    tmp_path: Path, order: str
) -> None:
    project = write_files(tmp_path / "p", PROJECT)
    done = run_cli(project, "--no-cache", "-n", "1", order)
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert "ERROR table.rebinds_the_factor" in out and "sd.table.FACTOR was rebound (from Fraction(5, 4) to 2)" in out
    assert "ERROR table.pops_a_kind" in out and "a dict reachable from sd.table._KINDS was changed" in out
    assert (
        "ERROR table.appends_to_the_nested_list" in out and "a list reachable from sd.table.NESTED was changed" in out
    )
    assert out.splitlines()[-1] == "3 passed, 3 failed", out
    assert "FAIL table." not in out, "a claim after the change saw it: the state was not put back"
