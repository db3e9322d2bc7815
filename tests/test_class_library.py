"""Real Python code: a class-based library gated with claims of every kind, its methods mutated as mutmut would.

The fixture (`tests/fixtures/semver`) is a small semantic-version library:
parsing by a class method that refuses by raising, comparison dunders, a
property with a setter, a static method, a nested class, a decorated
(`functools.lru_cache`) function, and a helper whose annotation is stricter
than the values it takes (its module's run-time checks are off).
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli

from claims._internal.mutation.generate import mutate_source
from claims._internal.mutation.operators.registry import chosen_sets

FIXTURE = Path(__file__).parent / "fixtures" / "semver"
RECORD = (
    ("snapshots", "--update"),
    ("mutate", "--update", "-q"),
    ("mutate", "--auto", "--update", "-q"),
    ("ledger", "--write"),
)


@pytest.fixture(scope="module")
def gated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The library, its ledger recorded by the project's own commands, and its gate green."""
    root = tmp_path_factory.mktemp("semver") / "semver"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns("__pycache__", ".claims-cache", "mutants", "ledger"))
    for command in RECORD:
        done = run_cli(root, *command, timeout=300)
        assert done.returncode in (0, 1), done.stdout + done.stderr
    gate = run_cli(root, "gate", timeout=300)
    assert gate.returncode == 0, gate.stdout + gate.stderr
    return root


def evidence(root: Path) -> dict[str, dict[str, object]]:
    rows = [json.loads(line) for line in (root / "ledger/evidence/semver_lite/version.jsonl").read_text().splitlines()]
    return {r.get("mutant") or r.get("defect") or f"fn:{r['fn']}": r for r in rows}


def test_methods_properties_nested_classes_and_decorated_functions_are_mutated_and_named(gated: Path) -> None:
    listed = run_cli(gated, "mutate", "--auto", "--list", "-q", timeout=300).stdout.splitlines()
    functions = {line.split()[0].removeprefix("semver_lite.version.").rpartition(".")[0] for line in listed}
    assert {
        "Version.parse",  # a class method
        "Version.part_index",  # a static method
        "Version.__init__",
        "Version.__eq__",
        "Version.__str__",  # dunders
        "Version.is_release",  # a property's getter
        "Version.prerelease.setter",  # and a setter
        "Version.Range.holds",  # a nested class's method
        "newest",  # a decorated function: its body, the decorator kept
    } <= functions
    rows = evidence(gated)
    assert "fn:Version.parse" in rows and "fn:Version.Range.holds" in rows
    assert any(k.startswith("Version.prerelease.setter.") for k in rows)
    # A declared defect on a method runs on the claims that reach it; its row lands in the module's file.
    assert rows["version.range_excludes_its_top"]["F"] and rows["version.leading_zero_accepted"]["F"]
    assert not (gated / "ledger/evidence/semver_lite/version/Version.jsonl").exists()


def _canonical(text: str) -> str:
    """A function's code, whatever its name, decorators, indentation and layout."""
    node = ast.parse(textwrap_dedent(text)).body[0]
    assert isinstance(node, ast.FunctionDef)
    node.name, node.decorator_list = "f", []
    return ast.unparse(node)


def textwrap_dedent(text: str) -> str:
    import textwrap

    return textwrap.dedent(text)


def _functions(code: str) -> dict[str, str]:
    """Every function of a module's code, classes included, by name: its source."""
    tree = ast.parse(code)
    return {n.name: ast.get_source_segment(code, n) or "" for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


def test_as_many_mutants_as_mutmut_makes_and_the_same_ones_detected_as_mutmut_run_detects(gated: Path) -> None:
    from mutmut.mutation.file_mutation import mutate_file_contents

    source = (gated / "semver_lite/version.py").read_text()
    theirs = mutate_file_contents("semver_lite/version.py", source)
    ours_code, ours = mutate_source(
        "semver_lite.version", "semver_lite/version.py", source, chosen_sets(["mutmut", "domain"]).load()
    )
    assert len(ours) >= 0.9 * len(theirs.mutant_names) > 0
    # Every mutant mutmut makes is one of ours: the same function, changed the same way.
    their_code = _functions(theirs.code)
    our_code = _functions(ours_code)
    by_text = {_canonical(our_code[m.copy]): m.id for m in ours}
    twins = {name: by_text.get(_canonical(their_code[name.rpartition(".")[2]])) for name in theirs.mutant_names}
    assert all(twins.values()), [n for n, twin in twins.items() if twin is None]
    # mutmut's own run, with the same claims through the pytest plugin, kills exactly what ours kills.
    copy = gated.parent / "for-mutmut"
    shutil.copytree(gated, copy, ignore=shutil.ignore_patterns(".claims-cache", "mutants"))
    run = subprocess.run([sys.executable, "-m", "mutmut", "run"], cwd=copy, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    results = subprocess.run(
        [sys.executable, "-m", "mutmut", "results", "--all", "true"],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    status = dict(re.findall(r"^\s*(\S+): (\w+)", results, re.M))
    rows = evidence(gated)
    for name in theirs.mutant_names:
        ours_killed = bool({"F", "E", "TO", "X"} & set(rows[twins[name].removeprefix("semver_lite.version.")]))
        assert ours_killed == (status[f"semver_lite.version.{name}"] == "killed"), (name, twins[name])


def _run_one(root: Path, witness_text: str) -> subprocess.CompletedProcess[str]:
    (root / "semver_claims" / "extra.py").write_text(witness_text)
    try:
        return run_cli(root, "extra", "--no-cache", timeout=120)
    finally:
        (root / "semver_claims" / "extra.py").unlink()


EXTRA = """\
from claims import Witness, raising
from semver_lite.version import Version

witness = Witness("extra")


@witness.refusal("{statement}", rules=[Version.parse], raises=raising({kind}, {expect}))
def refused() -> None:
    {body}
"""


@pytest.mark.parametrize(
    ("kind", "expect", "body", "verdict", "observed"),
    [
        ("ValueError", 'saying="is not a valid version string"', 'Version.parse("1.2")', "PASS", None),
        ("ValueError", 'saying="is not a version at all"', 'Version.parse("1.2")', "FAIL", "its message does not say"),
        ("ValueError", 'matching="^1\\\\.2"', 'Version.parse("1.2")', "FAIL", "does not match"),
        ("ValueError", 'saying="is not a valid"', 'Version.parse("1.2.3")', "FAIL", "returned without raising"),
        (
            "ValueError",
            'saying="is not a valid"',
            'Version.part_index("build")',
            "ERROR",
            "crashed instead of refusing: KeyError",
        ),
        (
            "LookupError",
            'saying="is not a valid"',
            'Version.parse("1.2")',
            "ERROR",
            "crashed instead of refusing: ValueError",
        ),
        ("ValueError", 'at="$.text"', 'Version.parse("1.2")', "FAIL", "it carries no location"),
    ],
    ids=[
        "the exception as named",
        "another message",
        "no match",
        "no exception",
        "another exception",
        "a wider type named",
        "no location",
    ],
)
def test_a_refusal_by_exception_passes_only_for_its_type_message_and_location(
    gated: Path, kind: str, expect: str, body: str, verdict: str, observed: str | None
) -> None:
    done = _run_one(gated, EXTRA.format(statement="Parsing refuses.", kind=kind, expect=expect, body=body))
    assert f"extra  {'1/1 PASS' if verdict == 'PASS' else '0/1 ' + verdict}" in done.stdout, done.stdout + done.stderr
    if observed is not None:
        assert observed in done.stdout, done.stdout


def test_a_claim_that_fails_only_on_a_type_check_names_the_function_and_the_opt_out(gated: Path) -> None:
    config = gated / "pyproject.toml"
    before = config.read_text()
    config.write_text(before.replace('typecheck_exclude = ["semver_lite.compat"]\n', ""))
    try:
        done = run_cli(gated, "version.a_part_given_as_digits_is_taken", "--no-cache", timeout=120)
    finally:
        config.write_text(before)
    assert done.returncode == 1, done.stdout
    assert "only the run-time type check of semver_lite.compat.coerce failed, against its annotation" in done.stdout
    assert 'argument "value" (str) is not compatible with the SupportsInt protocol' in done.stdout
    assert '[tool.claims].typecheck_exclude = ["semver_lite.compat"]' in done.stdout


@pytest.mark.parametrize(
    ("rule", "error"),
    [
        ("semver_lite.version.Version", "names the class 'Version', not a rule"),
        ("semver_lite.version", "names a module, not a rule"),
        ("semver_lite.version.Version.nothing", "'semver_lite.version.Version' has no 'nothing'"),
        ("semver_lite.nowhere.rule", "'semver_lite' has no 'nowhere'"),
    ],
)
def test_a_class_or_a_module_given_as_a_rule_is_named_as_such(gated: Path, rule: str, error: str) -> None:
    done = _run_one(
        gated,
        f'from claims import Witness, check\n\nwitness = Witness("extra")\n\n\n'
        f'@witness.positive("It holds.", rules=["{rule}"])\ndef holds() -> None:\n    check.equal("one", 1, 1)\n',
    )
    assert done.returncode != 0 and error in done.stdout + done.stderr, done.stdout + done.stderr


def test_code_left_unmutated_is_listed_with_why_and_no_module_holding_it_reads_100(gated: Path) -> None:
    config = gated / "pyproject.toml"
    before = config.read_text()
    config.write_text(
        before.replace(
            'typecheck = ["semver_lite"]\n', 'typecheck = ["semver_lite"]\nmutate = ["semver_lite.version"]\n'
        )
    )
    try:
        listed = run_cli(gated, "mutate", "--auto", "--list", "-q", timeout=300).stdout
        done = run_cli(gated, "mutate", "--auto", "-q", timeout=300)
    finally:
        config.write_text(before)
    assert "semver_lite.compat." not in listed and "semver_lite.version.Version.parse." in listed
    table = done.stdout.splitlines()
    compat = next(line for line in table if line.startswith("semver_lite.compat "))
    assert compat.split()[1:] == ["0", "0", "0", "0", "1", "0.0%"], compat
    assert "semver_lite.compat.coerce (line 6): outside the mutation scope ([tool.claims].mutate)" in done.stdout
    assert "offer nothing to mutate" in done.stdout  # the prerelease getter: `return self._prerelease`


def test_every_function_left_unmutated_says_why() -> None:
    source = (
        "from typing import overload\n\n\n"
        "class A:\n"
        "    def __new__(cls):\n        return super().__new__(cls)\n\n"
        "    @overload\n    def f(self, x: int) -> int: ...\n"
        "    @overload\n    def f(self, x: str) -> str: ...\n"
        "    def f(self, x):\n        return x + 1\n\n"
        "    def g(self):\n        return 1\n\n"
        "    def g(self):\n        return 2\n\n\n"
        "def kept(x):  # pragma: no mutate block\n    return x + 1\n"
    )
    from claims._internal.mutation.generate import mutate_module

    _, _, mutants, left = mutate_module("m", "m.py", source, chosen_sets(["mutmut", "domain"]).load())
    reasons = {(qualname, why.split(":")[0].split(" (")[0]) for qualname, _, why in left}
    assert ("A.__new__", "mutmut never mutates __new__, __getattribute__ or __setattr__") in reasons
    assert ("A.f", "an @overload stub") in reasons
    assert ("A.g", "defined more than once in its scope") in reasons
    assert ("kept", "# pragma") in reasons
    assert {m.function for m in mutants} == {"A.f"}


SHOWN = """\
class Reader:
    def pair(self, a: int, b: int) -> tuple[str, ...]:
        return ("--first", str(a + 1), "--second", str(b - 1))

    def read(self, text: str) -> int | None:
        try:
            return int(text)
        except (ValueError,
                TypeError):
            return None
"""


def test_mutate_show_finds_every_mutants_recorded_text_where_it_says_a_parenthesised_tuple_and_a_long_except() -> None:
    from claims._internal.reports.model import MutantInfo, Position
    from claims._internal.reports.show import diff_lines

    _, mutants = mutate_source("m", "m.py", SHOWN, chosen_sets(["mutmut", "domain"]).load())
    assert any(m.original.startswith('("--first"') for m in mutants) and any("except (" in m.original for m in mutants)
    for mutant in mutants:
        info = MutantInfo(
            id=mutant.id,
            declared=False,
            file="m.py",
            rule=f"m.{mutant.function}",
            operator=mutant.operator,
            description="",
            original=mutant.original,
            replacement=mutant.replacement,
            start=Position(mutant.line, mutant.column + 1),
            end=Position(mutant.end_line, mutant.end_column + 1),
            status="Killed",
            status_reason=None,
            killed_by=(),
            covered_by=(),
        )
        lines = diff_lines(info, SHOWN)
        assert not lines[0].startswith("(only the changed text"), (mutant.id, mutant.original, lines[0])
