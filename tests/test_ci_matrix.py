"""The sweep on a CI matrix: N shards in N separate clones, merged, record evidence byte-identical to one
unsharded run; a missing or unfinished shard makes the merge fail, naming it.  The recipes in docs/ci/ parse
and name only commands the docs describe."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import run_cli

DOCS = Path(__file__).parents[1] / "docs"
N = 3


def _git(root: Path, *args: str) -> str:
    command = ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args]
    return subprocess.run(command, cwd=root, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def origin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An `init` project whose main edits a rule (claims still green) after its ledger was recorded."""
    base = tmp_path_factory.mktemp("matrix")
    made = run_cli(base, "init", "demo", timeout=240)
    assert made.returncode == 0, made.stdout + made.stderr
    root = base / "demo"
    rules = root / "demo_rules" / "quota.py"
    text = rules.read_text()
    anchor = "    if isinstance(outcome, Refused):\n"
    rules.write_text(text.replace(anchor, '    name = name.strip() or "unnamed"\n' + anchor, 1))
    _git(root, "init", "-q", "-b", "main")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "base")
    return root


def _clone(origin: Path, where: Path) -> Path:
    _git(where.parent, "clone", "-q", f"file://{origin}", str(where))
    return where


def _evidence(root: Path) -> dict[str, bytes]:
    folder = root / "ledger" / "evidence"
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _command(root: Path, *args: str) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"CI", "CLAIMS_PYPROJECT"}}
    return subprocess.Popen(
        [sys.executable, "-m", "claims.cli", *args],
        cwd=root,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.fixture(scope="module")
def shards(origin: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Run shard K of N in clone K, all at once, each with one worker; return their files."""
    base = tmp_path_factory.mktemp("shards")
    running = []
    for k in range(1, N + 1):
        clone = _clone(origin, base / f"clone {k}")
        args = ("mutate", "--auto", "--rebuild", "-n", "1", "-q", "--shard", f"{k}/{N}", "--out", f"shard-{k}.json")
        running.append((clone, _command(clone, *args)))
    files = []
    for k, (clone, process) in enumerate(running, start=1):
        out, err = process.communicate(timeout=600)
        assert f"wrote shard-{k}.json" in out, out + err
        files.append(shutil.copy(clone / f"shard-{k}.json", base / f"shard-{k}.json"))
    return [Path(f) for f in files]


def test_merged_shards_record_the_evidence_of_one_unsharded_run_byte_for_byte(
    origin: Path, shards: list[Path], tmp_path: Path
) -> None:
    merged = _clone(origin, tmp_path / "merge")
    done = run_cli(merged, "mutate", "--auto", "--rebuild", "-q", "--merge", *map(str, shards), "--update", timeout=600)
    assert "recorded:" in done.stdout, done.stdout + done.stderr
    whole = _clone(origin, tmp_path / "whole")
    alone = run_cli(whole, "mutate", "--auto", "--rebuild", "-q", "--update", timeout=600)
    assert "recorded:" in alone.stdout, alone.stdout + alone.stderr
    assert done.returncode == alone.returncode
    assert _evidence(merged) == _evidence(whole)
    assert _evidence(merged) != _evidence(origin)  # the edit moved the evidence: the comparison has content


def test_every_shard_ran_its_part_and_the_parts_cover_the_run_once(shards: list[Path]) -> None:
    parts = [set(json.loads(f.read_text())["observations"]) for f in shards]
    assert all(parts)
    assert sum(map(len, parts)) == len(set().union(*parts))
    assert [json.loads(f.read_text())["shard"] for f in shards] == [f"{k}/{N}" for k in range(1, N + 1)]


def test_a_missing_shard_fails_the_merge_naming_it(origin: Path, shards: list[Path], tmp_path: Path) -> None:
    merged = _clone(origin, tmp_path / "merge")
    done = run_cli(
        merged, "mutate", "--auto", "--rebuild", "-q", "--merge", str(shards[0]), str(shards[2]), timeout=600
    )
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"missing shard(s) 2/{N}: no file given holds them" in done.stderr


def test_a_shard_that_did_not_finish_fails_the_merge_naming_it(
    origin: Path, shards: list[Path], tmp_path: Path
) -> None:
    cut = tmp_path / "shard-2.json"
    document = json.loads(shards[1].read_text())
    cut.write_text(json.dumps({**document, "complete": False}))
    merged = _clone(origin, tmp_path / "merge")
    done = run_cli(merged, "mutate", "--auto", "-q", "--merge", str(shards[0]), str(cut), str(shards[2]), timeout=600)
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"from a run that did not finish: {cut}" in done.stderr


def _documented() -> str:
    return (Path(__file__).parents[1] / "README.md").read_text() + "".join(p.read_text() for p in DOCS.glob("*.md"))


def _commands(recipe: object) -> list[str]:
    """Return every shell line of a workflow: `run:` values (GitHub) and `script:` items (GitLab)."""
    found: list[str] = []
    if isinstance(recipe, dict):
        for key, value in recipe.items():
            if key == "run" and isinstance(value, str):
                found += value.splitlines()
            elif key == "script" and isinstance(value, list):
                found += [v for v in value if isinstance(v, str)]
            else:
                found += _commands(value)
    elif isinstance(recipe, list):
        for item in recipe:
            found += _commands(item)
    return found


@pytest.mark.parametrize("name", ["github-actions.yml", "gitlab-ci.yml"])
def test_each_recipe_parses_and_names_only_documented_commands(name: str) -> None:
    recipe = yaml.safe_load((DOCS / "ci" / name).read_text())
    lines = [line for line in _commands(recipe) if "claim_batch" in line]
    assert lines, name
    documented = _documented()
    for line in lines:
        command = line[line.index("claim_batch") :].split("||")[0]
        words = command.split()
        assert f"claim_batch {words[1]}" in documented, line
        for option in (w for w in words if w.startswith("--")):
            assert re.search(rf"`[^`]*{re.escape(option)}\b", documented), (line, option)
