"""Automatic mutants: every killer recorded, crashes and hangs named, identical matrices at any worker count, incremental."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli
from mutation_toy import make_toy

NO_DEFECTS = '"""No declared defects."""\n'


def rows(project: Path, module: str = "limits") -> dict[str, dict[str, object]]:
    path = project / "ledger" / "evidence" / "toy_domain" / f"{module}.jsonl"
    return {r["mutant"]: r for r in map(json.loads, path.read_text().splitlines()) if "mutant" in r}


def header(project: Path, function: str, module: str = "limits") -> list[str]:
    path = project / "ledger" / "evidence" / "toy_domain" / f"{module}.jsonl"
    return next(
        r["claims"]
        for r in map(json.loads, path.read_text().splitlines())
        if r.get("fn") == function and "mutant" not in r
    )


@pytest.fixture(scope="module")
def swept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = make_toy(tmp_path_factory.mktemp("auto") / "toy", NO_DEFECTS)
    proc = run_cli(project, "mutate", "--auto", "--update", "-q", "-n", "2", "--operators", "mutmut", timeout=300)
    assert "recorded:" in proc.stdout, proc.stdout + proc.stderr
    return project


def test_a_mutant_that_ends_its_worker_is_killed_by_crash_naming_the_claim(swept: Path) -> None:
    found = rows(swept)
    guard = [r for name, r in found.items() if name.startswith("guard.") and "X" in r]
    assert guard, found
    assert [header(swept, "guard")[i] for i in guard[0]["X"]] == [header(swept, "guard")[0]]


def test_a_mutant_that_hangs_in_a_blocked_signal_is_killed_by_timeout(swept: Path) -> None:
    stall = [r for name, r in rows(swept).items() if name.startswith("stall.") and "TO" in r]
    assert stall


def test_every_killing_claim_is_recorded_not_just_the_first(swept: Path) -> None:
    found = rows(swept, "rules")
    most = max(len(r.get("F", [])) + len(r.get("E", [])) for r in found.values())
    assert most >= 4  # admit_size is covered by five claims; flipping its result turns several red


def test_the_kill_matrix_is_the_same_with_one_worker_and_with_two(swept: Path, tmp_path: Path) -> None:
    again = make_toy(tmp_path / "toy", NO_DEFECTS)
    proc = run_cli(again, "mutate", "--auto", "--update", "-q", "-n", "1", "--operators", "mutmut", timeout=300)
    assert "recorded:" in proc.stdout
    for module in ("limits", "rules"):
        a = (swept / "ledger" / "evidence" / "toy_domain" / f"{module}.jsonl").read_bytes()
        b = (again / "ledger" / "evidence" / "toy_domain" / f"{module}.jsonl").read_bytes()
        assert a == b


def test_a_second_sweep_runs_nothing_and_agrees(swept: Path) -> None:
    proc = run_cli(swept, "mutate", "--auto", "-n", "2", "--operators", "mutmut", timeout=300)
    assert ", 0 to run" in proc.stderr
    assert "differs from ledger/evidence" not in proc.stdout


def test_unexplained_survivors_fail_and_explanations_must_fit(swept: Path) -> None:
    proc = run_cli(swept, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert proc.returncode == 1
    assert ": unexplained survivor (survived); kill it with a claim" in proc.stdout
    assert "\ntoy_domain." in proc.stdout


def test_admitted_untriaged_survivors_pass_as_counted_debt_and_the_list_only_shrinks(
    swept: Path, tmp_path: Path
) -> None:
    project = tmp_path / "toy"
    shutil.copytree(swept, project)
    admitted = run_cli(project, "mutate", "survivors", "--admit-untriaged", timeout=300)
    assert admitted.returncode == 0 and "admitted " in admitted.stdout, admitted.stdout + admitted.stderr
    path = project / "toy_mutations" / "untriaged.toml"
    ids = [line.split('"')[1] for line in path.read_text().splitlines() if line.startswith("mutant = ")]
    assert ids and ids == sorted(ids)
    passed = run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert f"debt: {len(ids)} untriaged survivor(s) admitted" in passed.stdout
    assert "unexplained survivor" not in passed.stdout
    gate = run_cli(project, "gate", timeout=300)
    assert f"debt: {len(ids)} untriaged survivor(s) admitted, still undetected" in gate.stdout, gate.stdout
    # An entry whose mutant is gone (or killed) fails until the command shrinks the file again.
    path.write_text(path.read_text() + '\n[[untriaged]]\nmutant = "toy_domain.limits.gone.number_0123abcd"\n')
    stale = run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert stale.returncode == 1, stale.stdout
    assert "toy_domain.limits.gone.number_0123abcd: stale untriaged entry: no such mutant is recorded" in stale.stdout
    shrunk = run_cli(project, "mutate", "survivors", "--admit-untriaged", timeout=300)
    assert "1 gone" in shrunk.stdout and "limits.gone" not in path.read_text()
    # A malformed entry is a located input error (exit 2).
    path.write_text('[[untriaged]]\nmutant = ""\n')
    bad = run_cli(project, "mutate", "--auto", "-q", "--operators", "mutmut", timeout=300)
    assert bad.returncode == 2 and "untriaged.toml @ $.untriaged[0]" in bad.stderr, bad.stdout + bad.stderr


def test_shards_merge_into_the_same_evidence(swept: Path, tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy", NO_DEFECTS)
    outs = []
    for k in (1, 2):
        out = tmp_path / f"s{k}.json"
        proc = run_cli(
            project,
            "mutate",
            "--auto",
            "--shard",
            f"{k}/2",
            "--out",
            str(out),
            "-q",
            "--operators",
            "mutmut",
            timeout=300,
        )
        assert out.is_file(), proc.stdout + proc.stderr
        outs.append(str(out))
    # The resume cache would answer by itself: prove the merge reads the shards.
    for cached in (project / ".claims-cache" / "mutants").glob("observed.jsonl"):
        cached.unlink()
    merged = run_cli(
        project, "mutate", "--auto", "--merge", *outs, "--update", "-q", "--operators", "mutmut", timeout=300
    )
    assert "recorded:" in merged.stdout, merged.stdout + merged.stderr
    for module in ("limits", "rules"):
        assert (project / "ledger" / "evidence" / "toy_domain" / f"{module}.jsonl").read_bytes() == (
            swept / "ledger" / "evidence" / "toy_domain" / f"{module}.jsonl"
        ).read_bytes()


def test_no_process_is_left_behind(swept: Path) -> None:
    run_cli(swept, "mutate", "--auto", "--rebuild", "-q", "-n", "2", "--operators", "mutmut", timeout=300)
    leftovers = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and os.readlink(proc / "cwd") == str(swept):
                leftovers.append(proc.name)
        except OSError:
            continue  # another user's process, or one that ended meanwhile
    assert leftovers == []


def test_a_pattern_mutates_only_the_modules_it_can_select_and_lists_what_the_full_tree_lists(tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy", NO_DEFECTS)

    def listed(*patterns: str) -> list[str]:
        proc = run_cli(project, "mutate", "--auto", "--list", "-q", "--operators", "mutmut", *patterns, timeout=300)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        return proc.stdout.splitlines()

    def made(module: str) -> int:
        manifest = json.loads((project / ".claims-cache" / "mutants" / "tree" / "manifest.json").read_text())
        return len(manifest[f"toy_domain/{module}.py"]["mutants"])

    every = listed()
    assert made("limits") and made("rules")
    narrowed = listed("toy_domain.limits")
    assert narrowed == [line for line in every if line.startswith("toy_domain.limits.")] != []
    assert made("limits") and not made("rules"), "rules.py is only trampolined when no pattern can select it"
    doubled = [line for line in every if line.startswith("toy_domain.limits.doubled.")]
    first = doubled[0].split()[0]
    assert listed(first) == doubled[:1]
    assert listed("toy_domain.l*.doubled.*") == doubled
    assert listed("toy_domain.limits.doubled") == doubled != [], "a rule's name selects its mutants"
    assert listed("toy_domain.limits.double") == []
    assert listed() == every, "a run without a pattern mutates every module again"
    assert made("rules")


@pytest.mark.parametrize(
    "pattern",
    [
        "toy_domain",
        "toy_domain.limits",
        "toy_domain.limits.doubled.number_0a1b2c3d",
        "toy_domain.limits.doubled.number",
        "toy_domain.limits.doubled",
        "toy_domain.limits.double",
        "toy_domain.lim",
        "toy_domain.l*",
        "*limits*",
        "toy_domain.[lr]*",
        "toy_domain.limits.?oubled.number_*",
        "toy_domain.rules.*",
        "toy_domain.rulesx",
        "toy",
        "*",
        "",
    ],
)
def test_may_select_says_yes_for_every_module_holding_a_mutant_the_pattern_selects(pattern: str) -> None:
    from claims._internal.mutation.plan import may_select, selects

    modules = ["toy_domain", "toy_domain.limits", "toy_domain.limits2", "toy_domain.rules", "toy_domain.sub.limits"]
    names = ["doubled.number_0a1b2c3d", "doubled.string_99aa00ff", "admit_size.min_max_12345678", "guard.number_2"]
    for module in modules:
        ids = [f"{module}.{name}" for name in names]
        if any(selects(i, pattern) for i in ids):
            assert may_select(module, [pattern]), (module, pattern)
        assert may_select(module, ["nothing", pattern]) == may_select(module, [pattern])
    assert not may_select("toy_domain.rules", ["toy_domain.limits", "toy_domain.limits.*"])
    assert not may_select("toy_domain.limits", ["toy_domain.rules.admit_size.number_0a1b2c3d", "other*"])
    assert not may_select("toy_domain.limits", [])


def test_jobs_run_longest_first_by_their_claims_clean_durations_ties_by_id() -> None:
    from claims._internal.mutation.jobs import Job
    from claims._internal.mutation.plan import Baseline
    from claims._internal.mutation.sweep import _longest_first

    baseline = Baseline.of({"a": 0.1, "b": 2.0, "c": 0.5}, {})
    jobs = [
        Job("defect", "x", (("a", 1.0),)),
        Job("defect", "y", (("b", 20.5),)),
        Job("defect", "z", (("a", 1.0), ("c", 5.5))),
        Job("defect", "w", (("a", 1.0),)),
        Job("defect", "v", (("unknown", 1.5),)),  # no clean duration: its limit stands in
    ]
    assert [j.ident for j in _longest_first(jobs, baseline)] == ["y", "v", "z", "w", "x"]


HARVEST = """
import sys

sys.path.insert(0, {tree!r})
import rules_pkg.limits
from hypothesis.internal.conjecture import providers
from claims._internal.mutation.jobs import ready_to_fork

if {prepared}:
    ready_to_fork()
drawn = providers._get_local_constants()  # as a provider calls it, through the module
print(123457 in drawn.integers, 987653 in drawn.integers, "original-literal" in drawn.strings, "mutant-literal" in drawn.strings)
"""


def test_mutation_workers_draw_no_literal_of_a_rule_module_neither_the_originals_nor_a_mutant_copys(
    tmp_path: Path,
) -> None:
    from hypothesis.internal.conjecture import providers

    if not hasattr(providers, "_get_local_constants"):
        pytest.skip("this hypothesis draws no module's literals")
    copy = tmp_path / "tree" / "rules_pkg" / "limits.py"
    copy.parent.mkdir(parents=True)
    (copy.parent / "__init__.py").write_text("")
    copy.write_text('LIMIT = 123457\nNAME = "original-literal"\nMUTANT = 987653\nALTERED = "mutant-literal"\n')

    def drawn(prepared: bool) -> str:
        script = HARVEST.format(tree=str(tmp_path / "tree"), prepared=prepared)
        done = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    assert drawn(False) == "True True True True", "hypothesis reads the literals of the copy it imported"
    assert drawn(True) == "False False False False"


def test_a_change_to_a_fixture_a_claim_runs_reruns_the_rows_of_the_mutants_it_covers(
    swept: Path, tmp_path: Path
) -> None:
    # A row's kills depend on everything its claims run, not only on the claims' own source: a stand-in that gains
    # an attribute can stop a claim killing a mutant, and a row kept by the claim's source alone would still say
    # it does.
    project = tmp_path / "toy"
    shutil.copytree(swept, project)
    witness = project / "toy_witnesses" / "by_name.py"
    helper = 'def _three() -> int:\n    """The claim\'s input."""\n    return 3\n\n\n'
    text = witness.read_text().replace("doubled(3), 6)", "doubled(_three()), 6)")
    witness.write_text(
        text.replace('witness = Witness("toy.by_name")\n', helper + 'witness = Witness("toy.by_name")\n')
    )
    first = run_cli(project, "mutate", "--auto", "--update", "-q", "-n", "2", "--operators", "mutmut", timeout=300)
    assert "recorded:" in first.stdout, first.stdout + first.stderr
    settled = run_cli(project, "mutate", "--auto", "-n", "2", "--operators", "mutmut", timeout=300)
    assert ", 0 to run" in settled.stderr, settled.stderr
    witness.write_text(
        witness.read_text().replace("    return 3\n", "    return 1 + 2\n")
    )  # the claim's source is unchanged
    after = run_cli(project, "mutate", "--auto", "-n", "2", "--operators", "mutmut", timeout=300)
    assert ", 0 to run" not in after.stderr, after.stderr
    gate = run_cli(project, "gate", timeout=300)
    assert gate.returncode != 0 and "no longer match the code" in gate.stdout + gate.stderr, gate.stdout + gate.stderr
