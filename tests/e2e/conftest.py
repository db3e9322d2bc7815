"""Session fixtures of the end-to-end tests: the framework's wheel, and one virtual environment holding it.

Each is built once per test session, outside the repository (under pytest's
temporary folder), and only when an end-to-end test runs.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .venvs import Venv, fresh_clone, make_venv


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The framework's wheel, built from a fresh copy of the checkout."""
    clone = fresh_clone(tmp_path_factory.mktemp("clone") / "typed-claims")
    dist = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--disable-pip-version-check",
            "-q",
            "-w",
            str(dist),
            str(clone),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = dist.glob("typed_claims-*.whl")
    return built


@pytest.fixture(scope="session")
def framework(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Venv:
    """A fresh virtual environment holding the framework, installed from its wheel (and setuptools and wheel, to install users' projects)."""
    venv = make_venv(tmp_path_factory.mktemp("venv") / "framework")
    # No bytecode at install: pip would compile every module of every dependency, which nothing here depends on.
    venv.pip("install", "--no-compile", str(wheel), "setuptools>=64", "wheel", cwd=wheel.parent)
    return venv
