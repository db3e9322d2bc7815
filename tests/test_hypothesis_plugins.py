"""Hypothesis's plugins: they run unless `[tool.claims] hypothesis_plugins = false`, and they are part of every fingerprint.

A plugin is a `hypothesis` entry point of an installed package, which
hypothesis runs as it first imports; it may register strategies, so what a
property claim draws can depend on it. Here a fake distribution on
PYTHONPATH registers one that notes each process it runs in.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli, write_files

from claims._internal.running import profiles

PROJECT = {
    "pyproject.toml": """
        [tool.claims]
        witnesses = ["pw"]
        typecheck = ["pd"]
        """,
    "pd/__init__.py": "",
    "pd/rules.py": '''
        def admit(size: int) -> bool:
            """Admit a size up to 10."""
            return 0 <= size <= 10
        ''',
    "pw/__init__.py": "",
    "pw/sizes.py": """
        from hypothesis import given, strategies as st

        from claims import Witness, check
        from pd import rules

        witness = Witness("sizes")


        @witness.positive("Ten is admitted.", rules=[rules.admit])
        def ten() -> None:
            check.equal("admitted", rules.admit(10), True)


        @witness.positive("Any small size is admitted.", rules=[rules.admit])
        @given(st.integers(0, 10))
        def small(size: int) -> None:
            check.equal("admitted", rules.admit(size), True)
        """,
}
CLAIMS = {"sizes.ten", "sizes.small"}


def install_plugin(site: Path, version: str) -> None:
    """Put a distribution `fakeplug` VERSION on `site`, whose hypothesis plugin appends its process id to $PLUGIN_RAN."""
    for old in site.glob("fakeplug-*.dist-info"):
        for f in old.iterdir():
            f.unlink()
        old.rmdir()
    write_files(
        site,
        {
            f"fakeplug-{version}.dist-info/METADATA": f"Metadata-Version: 2.1\nName: fakeplug\nVersion: {version}\n",
            f"fakeplug-{version}.dist-info/entry_points.txt": "[hypothesis]\nfake = fakeplug:setup\n",
            "fakeplug.py": """
                import os


                def setup() -> None:
                    with open(os.environ["PLUGIN_RAN"], "a", encoding="utf-8") as ran:
                        ran.write(f"{os.getpid()}\\n")
                """,
        },
    )


def environment(tmp: Path, site: Path | None) -> dict[str, str]:
    """Plugins allowed by the environment (the tests' conftest skips them), and the fake one on the path if given."""
    return {"HYPOTHESIS_NO_PLUGINS": "", "PLUGIN_RAN": str(tmp / "ran.txt"), "PYTHONPATH": str(site or "")}


def ran(tmp: Path) -> int:
    """Return how many processes ran the plugin since the last call."""
    marker = tmp / "ran.txt"
    count = len(marker.read_text(encoding="utf-8").splitlines()) if marker.exists() else 0
    marker.unlink(missing_ok=True)
    return count


def executed(root: Path, env: dict[str, str]) -> set[str]:
    """Run every claim; return the ids of those that ran (were not reused from the cache), all passing."""
    done = run_cli(root, "--json", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(done.stdout)["claims"]
    assert {r["id"] for r in results} == CLAIMS and all(r["verdict"] == "PASS" for r in results), results
    return {r["id"] for r in results if not r["cached"]}


@pytest.fixture
def plugged(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """The project, the folder holding `fakeplug` 1.0, and an environment with that folder on the path."""
    root, site = tmp_path / "project", tmp_path / "site"
    write_files(root, PROJECT)
    install_plugin(site, "1.0")
    return root, site, environment(tmp_path, site)


def test_installed_plugins_run_by_default_and_installing_or_upgrading_or_removing_one_reruns_every_claim(
    plugged: tuple[Path, Path, dict[str, str]], tmp_path: Path
) -> None:
    root, site, env = plugged
    assert executed(root, env) == CLAIMS and ran(tmp_path) >= 1
    assert executed(root, env) == set()  # nothing changed: both reused
    install_plugin(site, "1.1")
    assert executed(root, env) == CLAIMS, "a plugin's new version may draw otherwise: no result is reused"
    assert executed(root, env) == set() and ran(tmp_path) >= 1
    without = environment(tmp_path, None)
    assert executed(root, without) == CLAIMS, "a plugin removed: no result is reused"
    assert executed(root, without) == set() and ran(tmp_path) == 0
    # The environment's own switch counts as well: with it set, the plugins in force are none.
    assert executed(root, {**env, "HYPOTHESIS_NO_PLUGINS": "1"}) == CLAIMS and ran(tmp_path) == 0


def test_hypothesis_plugins_false_skips_them_in_claim_batch_its_mutation_workers_and_under_pytest(
    plugged: tuple[Path, Path, dict[str, str]], tmp_path: Path
) -> None:
    root, _, env = plugged
    pytest_env = {**{k: v for k, v in os.environ.items() if k != "CI"}, **env}
    collected = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "pw"]
    # The control: by default the plugin runs under pytest too.
    done = subprocess.run(collected, cwd=root, env=pytest_env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "2 passed" in done.stdout, done.stdout + done.stderr
    assert ran(tmp_path) >= 1
    config = root / "pyproject.toml"
    config.write_text(config.read_text(encoding="utf-8") + "hypothesis_plugins = false\n", encoding="utf-8")
    assert executed(root, env) == CLAIMS and ran(tmp_path) == 0
    done = subprocess.run(collected, cwd=root, env=pytest_env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and "2 passed" in done.stdout, done.stdout + done.stderr
    assert ran(tmp_path) == 0
    done = run_cli(root, "mutate", "--auto", "--update", "-q", "-n", "2", env=env, timeout=120)
    # Its workers ran the property claim under a mutant (both claims kill it), with no plugin; one survivor: exit 1.
    assert done.returncode == 1 and re.search(r"pd\.rules\.admit\.\w+: new row: killed by 2 claim\(s\)", done.stdout), (
        done.stdout
    )
    assert ran(tmp_path) == 0


def test_a_hypothesis_plugins_value_that_is_not_a_boolean_is_exit_two_located(tmp_path: Path) -> None:
    write_files(tmp_path, {**PROJECT, "pyproject.toml": PROJECT["pyproject.toml"] + 'hypothesis_plugins = "no"\n'})
    done = run_cli(tmp_path)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"{tmp_path / 'pyproject.toml'}: [tool.claims].hypothesis_plugins: expected true or false, got 'no'" in (
        done.stderr
    )


def test_once_hypothesis_has_imported_its_plugins_have_run_and_the_fingerprint_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import hypothesis  # noqa: F401 - imported before the setting is read, as another pytest plugin might

    monkeypatch.delenv("HYPOTHESIS_NO_PLUGINS", raising=False)
    monkeypatch.setattr(profiles, "_plugins_ran_first", False)
    monkeypatch.setattr(
        importlib.metadata,
        "entry_points",
        lambda group: [importlib.metadata.EntryPoint("fake", "fakeplug:setup", group)],
    )
    assert profiles.skip_plugins() is False
    assert profiles.plugins_in_force() == "plugins=fakeplug:setup"
    monkeypatch.setenv("HYPOTHESIS_NO_PLUGINS", "1")  # set later, for the workers: the plugins still ran here
    assert profiles.skip_plugins() is False and profiles.plugins_in_force() == "plugins=fakeplug:setup"
    monkeypatch.setattr(profiles, "_plugins_ran_first", False)
    assert profiles.skip_plugins() is True and profiles.plugins_in_force() == "plugins=none"
