"""The README's commands on a fresh clone: a development install runs the bundled suite and its commands, and installs none of it.

The commands are read from the README itself (its `docs: e2e` block), so
the README cannot promise a command this test does not run.  The test
command (this suite, then the gate) is what `.ci/run` runs, and
`tests/documentation` checks that it does.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from documentation.blocks import readme_commands

from .venvs import E2E, Venv, fresh_clone, make_venv

pytestmark = E2E


@pytest.fixture(scope="module")
def checkout(tmp_path_factory: pytest.TempPathFactory) -> tuple[Venv, Path]:
    """A fresh clone installed for development, by the README's install command, into a fresh virtual environment."""
    clone = fresh_clone(tmp_path_factory.mktemp("dev-clone") / "typed-claims")
    venv = make_venv(tmp_path_factory.mktemp("dev-venv") / "checkout")
    install = readme_commands()[0][:2]
    assert install == ["python -m pip install -r requirements.lock", "python -m pip install --no-deps -e ."]
    # The README's commands as written; only pip's bytecode compiling of every installed module (about 10 CPU-s,
    # nothing this checks depends on it) is off. pip reads this negated option's variable inverted: 0 means "no".
    for step in install:
        done = venv.run(step, clone, env={"PIP_NO_COMPILE": "0"})
        assert done.returncode == 0, done.stdout + done.stderr
    return venv, clone


def test_the_readme_run_command_proves_the_bundled_suite_on_a_fresh_clone(checkout: tuple[Venv, Path]) -> None:
    venv, clone = checkout
    first, second = readme_commands()
    # The test command's own parts (this suite, then the gate) are what `.ci/run` runs next, on its own fresh clone.
    assert first[2:] == ["claim_batch"] and second[2:] == [
        "python -m pytest -n auto",
        "claim_batch gate --random-order",
    ]
    done = venv.run(first[2], clone, env={"CI": "true"})
    assert done.returncode == 0, f"{first[2]}:\n{done.stdout[-4000:]}{done.stderr[-4000:]}"
    assert done.stdout.splitlines()[-1].endswith(" passed, 0 failed")


def test_the_bundled_suites_commands_work_from_anywhere_and_nothing_of_it_is_installed(
    checkout: tuple[Venv, Path], tmp_path: Path
) -> None:
    venv, clone = checkout
    log = clone / "examples" / "authority" / "v41-admitting.jsonl"
    done = venv.run(
        ["launch_dry_run", "v41-group-a", "--authority-log", str(log), "--out", str(tmp_path / "r.txt")], tmp_path
    )
    assert done.returncode == 0 and "v41-group-a: ADMITTED" in done.stdout, done.stdout + done.stderr
    done = venv.run(["native_verdict", str(clone / "examples" / "native" / "complete-native.json")], tmp_path)
    assert done.returncode == 0 and "verdict: 12/12 PASS" in done.stdout, done.stdout + done.stderr
    present = {p.name for p in venv.site_packages.iterdir()}
    assert not present & {"domain", "witnesses", "mutations"}
    # The development install maps `claims` to the clone, and nothing else: a user's `domain` is never shadowed.
    done = venv.run(
        ["python", "-c", "import claims, os; print(os.path.dirname(claims.__file__)); import domain"], tmp_path
    )
    assert done.stdout.strip() == str(clone / "claims") and "No module named 'domain'" in done.stderr
    assert os.access(venv.bin / "launch_dry_run", os.X_OK)
