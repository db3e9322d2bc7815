"""What a claim executed (its reach, and every fingerprint built on it) is the same on every machine and in any order.

Reach feeds the result cache, the claims a mutant runs and the evidence
fingerprints the gate recomputes, so anything that moves it moves a
committed row.  Two inputs moved it with nothing in the project changed:
the string-hash seed (a rule that walks a set of strings reaches what its
first item leads to) and what ran earlier in the worker (a memoised helper
runs its body only for the first claim that calls it).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli, write_files

SET_ORDER = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["sw"]
        typecheck = ["sd"]
        ledger = "ledger"
        """,
    "sd/__init__.py": "",
    "sd/names.py": '''
        NAMES = frozenset({"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"})


        def _early(name: str) -> str:
            return name.upper()


        def _late(name: str) -> str:
            return name.title()


        def first_name() -> str:
            """Return the set's first name, shouted when it sorts before `e`, titled otherwise."""
            for name in NAMES:
                return _early(name) if name < "e" else _late(name)
            return ""
        ''',
    "sw/__init__.py": "",
    "sw/names.py": """
        from claims import Witness, check
        from sd import names

        witness = Witness("names", never_refuses=[names.first_name])


        @witness.positive("The first name is one of the names.", rules=[names.first_name])
        def the_first_name_is_known() -> None:
            check.equal("known", names.first_name().lower() in names.NAMES, True)
        """,
}


def _reach(project: Path) -> dict[str, list[str]]:
    entries = json.loads((project / ".claims-cache" / "results.json").read_text(encoding="utf-8"))["claims"]
    return {claim: entry["functions"] for claim, entry in entries.items()}


def test_a_claim_reaches_the_same_functions_under_every_string_hash_seed(tmp_path: Path) -> None:
    # Under seeds 1-4 the set's first name is alpha, delta, eta and theta: both helpers, unless the seed is pinned.
    project = write_files(tmp_path / "p", SET_ORDER)
    seen = set()
    for seed in ("1", "2", "3", "4"):
        proc = run_cli(project, "--no-cache", env={"PYTHONHASHSEED": seed})
        assert proc.returncode == 0, proc.stdout + proc.stderr
        seen.add(json.dumps(_reach(project), sort_keys=True))
    assert len(seen) == 1, seen


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


        @functools.cache
        def _cubes(n: int) -> tuple[int, ...]:
            return tuple(i * i * i for i in range(n))


        def square(i: int) -> int:
            """Return i squared from a memoised table."""
            return _squares(10)[i]


        def cube(i: int) -> int:
            """Return i cubed from a memoised table."""
            return _cubes(10)[i]
        ''',
    "mw/__init__.py": "",
    "mw/table.py": """
        from claims import Witness, check
        from md import table

        witness = Witness("table", never_refuses=[table.square, table.cube])


        @witness.positive("Three squared is nine.", rules=[table.square])
        def three_squared() -> None:
            check.equal("square", table.square(3), 9)


        @witness.positive("Four squared is sixteen.", rules=[table.square])
        def four_squared() -> None:
            check.equal("square", table.square(4), 16)


        @witness.positive("Two cubed is eight.", rules=[table.cube])
        def two_cubed() -> None:
            check.equal("cube", table.cube(2), 8)


        @witness.positive("Three cubed is twenty-seven.", rules=[table.cube])
        def three_cubed() -> None:
            check.equal("cube", table.cube(3), 27)
        """,
}


@pytest.mark.parametrize("order", ["--random-order=1", "--random-order=2"])
def test_a_memoised_helper_is_reached_by_every_claim_that_calls_it_in_any_order(tmp_path: Path, order: str) -> None:
    project = write_files(tmp_path / "p", MEMO)
    proc = run_cli(project, "--no-cache", "-n", "1", order)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    reach = _reach(project)
    for claim in ("table.three_squared", "table.four_squared"):
        assert "md.table:_squares" in reach[claim], (claim, reach[claim])
    for claim in ("table.two_cubed", "table.three_cubed"):
        assert "md.table:_cubes" in reach[claim], (claim, reach[claim])
