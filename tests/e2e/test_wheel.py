"""The framework as another team gets it: its wheel in a fresh virtual environment, `claim_batch init`, every command green.

Also: a user's project whose packages are named `domain`, `witnesses` and
`mutations` (the bundled suite's names) runs only its own claims, whether
it is installed or not, in a src layout or a flat one.
"""

from __future__ import annotations

import json
import subprocess
import time
import zipfile
from pathlib import Path

import pytest
from user_project import BUNDLED, TINYRULES, own_names_project

from .venvs import E2E, Venv

pytestmark = E2E


def ok(done: subprocess.CompletedProcess[str], what: str) -> None:
    """Fail with the command's output unless it exited 0."""
    assert done.returncode == 0, f"{what}: exit {done.returncode}\n{done.stdout}{done.stderr}"


def test_the_wheel_holds_the_framework_and_its_commands_only(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        entry_points = archive.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
    name, version = wheel.name.split("-")[:2]
    assert {n.split("/")[0] for n in names} == {"claims", f"{name}-{version}.dist-info"}
    assert any(n.startswith("claims/_internal/templates/") for n in names), "init's templates ship as package data"
    assert (
        entry_points
        == "[console_scripts]\nclaim_batch = claims.cli:main\n\n[pytest11]\nclaims = claims.pytest_plugin\n"
    )


def test_site_packages_holds_none_of_the_bundled_suite(framework: Venv, tmp_path: Path) -> None:
    present = {p.name for p in framework.site_packages.iterdir()}
    assert "claims" in present and not present & set(BUNDLED)
    assert (framework.bin / "claim_batch").is_file()
    assert not (framework.bin / "launch_dry_run").exists() and not (framework.bin / "native_verdict").exists()
    done = framework.run(["python", "-c", "import domain"], tmp_path)
    assert done.returncode == 1 and "No module named 'domain'" in done.stderr


def test_init_reaches_a_green_gate_and_every_command_passes(framework: Venv, tmp_path: Path) -> None:
    start = time.monotonic()
    ok(framework.run(["claim_batch", "init", "demo"], tmp_path), "claim_batch init demo")
    project = tmp_path / "demo"
    ok(framework.run(["claim_batch", "gate"], project), "claim_batch gate")
    init_to_gate = time.monotonic() - start
    assert init_to_gate < 120, f"init to a green gate took {init_to_gate:.1f} s"
    for command in (
        ["claim_batch"],
        ["python", "-m", "pytest", "-q"],
        ["claim_batch", "ledger", "--write"],
        ["claim_batch", "gate"],
        ["claim_batch", "mutate"],
        ["claim_batch", "mutate", "--auto"],
    ):
        ok(framework.run(command, project, env={"CI": "true"}), " ".join(command))
    print(f"init to a green gate: {init_to_gate:.1f} s")


@pytest.mark.parametrize(
    ("layout", "install", "gate"),
    [
        ("flat", "not installed", True),
        ("flat", "editable", False),
        ("flat", "installed", True),
        ("src", "not installed", False),
        ("src", "editable", False),
        ("src", "installed", True),
    ],
)
def test_a_project_with_the_bundled_suites_names_runs_only_its_own_claims(
    framework: Venv, tmp_path: Path, layout: str, install: str, gate: bool
) -> None:
    project = own_names_project(tmp_path, layout)
    if install != "not installed":
        framework.pip(
            "install", "--no-deps", "--no-build-isolation", *(["-e"] if install == "editable" else []), ".", cwd=project
        )
    try:
        listed = framework.run(["claim_batch", "--json"], project)
        ok(listed, "claim_batch --json")
        assert {c["id"] for c in json.loads(listed.stdout)["claims"]} == TINYRULES
        collected = framework.run(["python", "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"], project)
        ok(collected, "python -m pytest --collect-only")
        assert sorted(line.rpartition("::")[2] for line in collected.stdout.splitlines() if "::" in line) == sorted(
            TINYRULES
        )
        if gate:
            for command in (
                ["claim_batch", "mutate", "--update"],
                ["claim_batch", "mutate", "--auto", "--update"],
                ["claim_batch", "ledger", "--write"],
                ["claim_batch", "gate"],
            ):
                ok(framework.run(command, project), " ".join(command))
    finally:
        if install != "not installed":
            framework.pip("uninstall", "-y", "tinyrules", cwd=tmp_path)
