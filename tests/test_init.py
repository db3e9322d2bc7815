"""`claim_batch init` scaffolds a project that passes every command as generated, and never overwrites a file."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import run_cli

from claims._internal.scaffold import FILES, identifier, plan

BUNDLED = {"domain", "witnesses", "mutations"}


@pytest.mark.parametrize(
    ("folder", "name"),
    [
        ("demo", "demo"),
        ("My Project-2", "my_project_2"),
        ("2024", "project_2024"),
        ("tiny.rules", "tiny_rules"),
        ("---", "project"),
    ],
)
def test_a_folder_name_becomes_the_packages_identifier(folder: str, name: str) -> None:
    assert identifier(folder) == name and plan(Path(folder)).name == name


def test_the_scaffold_names_its_packages_after_the_project_never_after_the_bundled_suite(tmp_path: Path) -> None:
    scaffold = plan(tmp_path / "demo")
    paths = [path for path, _ in scaffold.files]
    assert paths == [target.replace("{{name}}", "demo") for _, target in FILES]
    table = tomllib.loads(dict(scaffold.files)["pyproject.toml"])["tool"]["claims"]
    assert (table["witnesses"], table["typecheck"], table["mutations"]) == (
        ["demo_claims"],
        ["demo_rules"],
        ["demo_defects"],
    )
    assert not {p.split("/")[0] for p in paths} & BUNDLED
    assert not any("{{" in text for _, text in scaffold.files)


def test_init_refuses_to_overwrite_naming_every_file_and_writes_nothing(tmp_path: Path) -> None:
    project = tmp_path / "demo"
    (project / "demo_rules").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    (project / "demo_rules" / "quota.py").write_text("# mine\n")
    (project / "demo_claims").write_text("a file where a folder goes\n")
    before = sorted(p.relative_to(project).as_posix() for p in project.rglob("*"))
    done = run_cli(tmp_path, "init", "demo")
    assert done.returncode == 2, done.stderr
    assert "refusing to overwrite 4 existing file(s)" in done.stderr and "nothing written" in done.stderr
    for named in ("pyproject.toml", "demo_rules/quota.py", "demo_claims/__init__.py", "demo_claims/quota.py"):
        assert f"  {named}\n" in done.stderr
    assert sorted(p.relative_to(project).as_posix() for p in project.rglob("*")) == before
    assert (project / "pyproject.toml").read_text() == "[project]\nname = 'mine'\n"


@pytest.mark.parametrize("name", ["Demo", "class", "1x", "my-project"])
def test_a_bad_name_is_a_usage_error(tmp_path: Path, name: str) -> None:
    done = run_cli(tmp_path, "init", "demo", "--name", name)
    assert done.returncode == 2 and "is not a project identifier" in done.stderr
    assert not (tmp_path / "demo").exists()


def test_a_file_in_place_of_the_folder_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "demo").write_text("x")
    done = run_cli(tmp_path, "init", "demo")
    assert done.returncode == 2 and "is not a folder" in done.stderr


def test_no_ledger_writes_the_files_and_names_the_commands_to_run(tmp_path: Path) -> None:
    done = run_cli(tmp_path, "init", "proj", "--name", "tiny", "--no-ledger")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "proj" / "tiny_rules" / "quota.py").is_file() and not (tmp_path / "proj" / "ledger").exists()
    assert (
        "next: cd proj && claim_batch snapshots --update && claim_batch mutate --update && claim_batch mutate --auto --update && claim_batch ledger --write && claim_batch gate"
        in done.stdout
    )


def test_the_generated_project_passes_every_command_as_generated(tmp_path: Path) -> None:
    done = run_cli(tmp_path, "init", "demo", timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.endswith("ready: cd demo && claim_batch gate\n")
    project = tmp_path / "demo"
    for folder in ("ledger/evidence", "ledger/snapshots/quota"):
        assert any((project / folder).iterdir())
    listed = run_cli(project, "--json")
    assert listed.returncode == 0, listed.stderr
    ids = [c["id"] for c in json.loads(listed.stdout)["claims"]]
    assert len(ids) == 7 and all(i.startswith("quota.") for i in ids)
    for args in (("gate", "--random-order"), ("mutate",), ("mutate", "--auto"), ("ledger", "--check")):
        ran = run_cli(project, *args, env={"CI": "true"}, timeout=240)
        assert ran.returncode == 0, f"claim_batch {' '.join(args)}:\n{ran.stdout}{ran.stderr}"
    pytest_run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert pytest_run.returncode == 0 and "7 passed" in pytest_run.stdout, pytest_run.stdout + pytest_run.stderr


def test_the_generated_claims_can_fail(tmp_path: Path) -> None:
    done = run_cli(tmp_path, "init", "demo", "--no-ledger")
    assert done.returncode == 0, done.stderr
    rules = tmp_path / "demo" / "demo_rules" / "quota.py"
    rules.write_text(rules.read_text().replace("return Admitted(left - size)", "return Admitted(left - size + 1)"))
    ran = run_cli(tmp_path / "demo", "--no-cache", "quota.a_request_within_the_quota_is_admitted")
    assert ran.returncode == 1 and "expected: units left: 7\n  observed: units left: 8" in ran.stdout
