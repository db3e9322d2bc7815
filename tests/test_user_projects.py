"""A user's project whose packages are named like the bundled suite's runs only its own claims, flat or src layout.

Run here in the development environment (where this checkout is installed
for development); `tests/e2e` runs the same project against the installed
wheel, installed itself or not.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli
from user_project import TINYRULES
from user_project import own_names_project as project


@pytest.mark.parametrize("layout", ["flat", "src"])
def test_only_the_projects_own_claims_run(tmp_path: Path, layout: str) -> None:
    done = run_cli(project(tmp_path, layout), "--json")
    assert done.returncode == 0, done.stderr
    claims = json.loads(done.stdout)["claims"]
    assert {c["id"] for c in claims} == TINYRULES
    assert all(c["source"].startswith(str(tmp_path)) for c in claims)


@pytest.mark.parametrize(
    "layout",
    ["flat", "src"],
)
def test_the_project_reaches_a_green_gate(tmp_path: Path, layout: str) -> None:
    root = project(tmp_path, layout)
    for args in (
        ("mutate", "--update", "-q"),
        ("mutate", "--auto", "--update", "-q"),
        ("ledger", "--write"),
        ("gate",),
    ):
        done = run_cli(root, *args, timeout=240)
        assert done.returncode == 0, f"claim_batch {' '.join(args)}:\n{done.stdout}{done.stderr}"


def test_witness_packages_that_do_not_exist_are_named_and_nothing_runs(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.claims]\nwitnesses = ["witnesses", "my_claims"]\n')
    done = run_cli(tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    # Whether an installed `witnesses` exists somewhere (it is then outside this project) or not, it is refused by name.
    assert "[tool.claims].witnesses names 'witnesses', which " in done.stderr
    assert "[tool.claims].witnesses names 'my_claims', which is not a package of this project" in done.stderr


def test_a_bare_table_never_runs_the_bundled_suite(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.claims]\n")
    done = run_cli(tmp_path, "--list")
    assert done.returncode == 2 and "'witnesses', which" in done.stderr and done.stdout == ""
