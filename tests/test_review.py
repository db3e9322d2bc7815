"""Mutants in code review: on a branch that edits one rule, `--since main` runs only its mutants on the edited
lines, and `--report-sarif` says each survivor there (validated against the SARIF 2.1.0 schema)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest
from conftest import run_cli

SCHEMA = Path(__file__).parent / "fixtures" / "sarif" / "sarif-2.1.0.json"
EDITED = '    name = name.strip() or "unnamed"\n'


def _git(root: Path, *args: str) -> str:
    command = ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args]
    return subprocess.run(command, cwd=root, check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def branch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A scratch `init` project on main, cloned shallow onto a branch that edits one rule (render_decision)."""
    base = tmp_path_factory.mktemp("origin")
    made = run_cli(base, "init", "demo", timeout=240)
    assert made.returncode == 0, made.stdout + made.stderr
    origin = base / "demo"
    _git(origin, "init", "-q", "-b", "main")
    _git(origin, "add", "-A")
    _git(origin, "commit", "-qm", "base")
    _git(origin, "checkout", "-qb", "change")
    rules = origin / "demo_rules" / "quota.py"
    text = rules.read_text()
    rules.write_text(
        text.replace("    if isinstance(outcome, Refused):\n", EDITED + "    if isinstance(outcome, Refused):\n", 1)
    )
    _git(origin, "commit", "-qam", "strip names")
    clone = tmp_path_factory.mktemp("review") / "demo"
    _git(clone.parent, "clone", "-q", "--depth=1", "--branch", "change", f"file://{origin}", str(clone))
    _git(clone, "fetch", "-q", "--depth=1", "origin", "main:refs/remotes/origin/main")
    return clone


def _edited_line(root: Path) -> int:
    lines = (root / "demo_rules" / "quota.py").read_text().splitlines(keepends=True)
    return lines.index(EDITED) + 1


def test_only_the_edited_rules_mutants_run_and_its_survivors_fail_the_run(branch: Path) -> None:
    listed = run_cli(branch, "mutate", "--auto", "--list")
    everything = {line.split()[0] for line in listed.stdout.splitlines() if line.strip()}
    done = run_cli(branch, "mutate", "--auto", "--since", "origin/main", "-q", timeout=240)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "since origin/main (" in done.stderr and "no merge base with HEAD in this clone" in done.stderr
    ran = {line.split(": ")[0].strip() for line in done.stdout.splitlines() if ": new row:" in line}
    assert ran and len(ran) < len(everything)
    assert all(m.startswith("demo_rules.quota.render_decision.") for m in ran)
    assert "unexplained survivor" in done.stdout


def test_the_sarif_validates_and_points_at_the_edited_line(branch: Path) -> None:
    done = run_cli(branch, "mutate", "--auto", "--since", "origin/main", "-q", "--report-sarif", "s.sarif", timeout=240)
    assert "wrote s.sarif (SARIF 2.1.0, " in done.stdout, done.stdout + done.stderr
    log = json.loads((branch / "s.sarif").read_text())
    assert list(jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text())).iter_errors(log)) == []
    results = log["runs"][0]["results"]
    assert results
    line = _edited_line(branch)
    for result in results:
        where = result["locations"][0]["physicalLocation"]
        assert where["artifactLocation"]["uri"] == "demo_rules/quota.py"
        assert where["region"]["startLine"] == line
        assert result["level"] == "error"
        assert "covered by 2 claim(s)" in result["message"]["text"]
    again = run_cli(
        branch, "mutate", "--auto", "--since", "origin/main", "-q", "--report-sarif", "t.sarif", timeout=240
    )
    assert again.returncode == 1
    assert (branch / "t.sarif").read_bytes() == (branch / "s.sarif").read_bytes()


def test_a_newly_explained_survivor_is_a_note_with_its_reason_and_annotations_under_github(branch: Path) -> None:
    first = json.loads((branch / "s.sarif").read_text()) if (branch / "s.sarif").exists() else None
    done = run_cli(branch, "mutate", "--auto", "--since", "origin/main", "-q", "--report-sarif", "u.sarif", timeout=240)
    results = json.loads((branch / "u.sarif").read_text())["runs"][0]["results"]
    explained = results[0]["message"]["text"].split(":")[0]
    equivalent = branch / "demo_defects" / "equivalent.toml"
    kept = equivalent.read_text() if equivalent.exists() else ""
    equivalent.write_text(
        kept + f'\n[[equivalent]]\nmutant = "{explained}"\nreason = "equivalent: a name is never blank here."\n'
    )
    try:
        done = run_cli(
            branch,
            "mutate",
            "--auto",
            "--since",
            "origin/main",
            "-q",
            "--report-sarif",
            "v.sarif",
            env={"GITHUB_ACTIONS": "true"},
            timeout=240,
        )
    finally:
        equivalent.write_text(kept) if kept else equivalent.unlink()
    levels = {
        r["message"]["text"].split(":")[0]: r["level"]
        for r in json.loads((branch / "v.sarif").read_text())["runs"][0]["results"]
    }
    assert levels[explained] == "note"
    assert sorted(levels.values()).count("error") == len(levels) - 1
    notes = [line for line in done.stdout.splitlines() if line.startswith("::notice file=demo_rules/quota.py,")]
    errors = [line for line in done.stdout.splitlines() if line.startswith("::error file=demo_rules/quota.py,")]
    assert len(notes) == 1 and "a name is never blank here" in notes[0]
    assert len(errors) == len(levels) - 1
    assert first is None or first["runs"][0]["tool"] == json.loads((branch / "v.sarif").read_text())["runs"][0]["tool"]


def test_since_with_update_is_a_usage_error(branch: Path) -> None:
    done = run_cli(branch, "mutate", "--auto", "--since", "origin/main", "--update")
    assert done.returncode == 2 and "drop the patterns, --since and --shard" in done.stderr


def test_an_unknown_ref_is_exit_2_saying_how_to_fetch_it(branch: Path) -> None:
    done = run_cli(branch, "mutate", "--auto", "--since", "origin/nosuch", "-q", timeout=240)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "git knows no commit 'origin/nosuch' here; fetch it first" in done.stderr
    assert "`git fetch --depth=1 origin nosuch:refs/remotes/origin/nosuch`" in done.stderr
