"""Declared defects: intents judged (every verdict), wrappers through original(), textual patches, groups, the list."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import run_cli
from mutation_toy import make_toy


@pytest.fixture(scope="module")
def declared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, int]:
    project = make_toy(tmp_path_factory.mktemp("declared") / "toy")
    proc = run_cli(project, "mutate", "-q", "-n", "2", timeout=180)
    return project, proc.stdout, proc.returncode


def verdict_of(output: str, defect: str) -> str:
    match = re.search(rf"^(\w+)\s+{re.escape(defect)}  \(", output, re.M)
    assert match, output
    return match.group(1)


@pytest.mark.parametrize(
    ("defect", "verdict"),
    [
        ("toy.admit_everything", "PASS"),
        ("toy.limit_off_by_one", "PASS"),
        ("toy.strict_bound", "EXACT"),
        ("toy.group", "PASS"),
        ("toy.admit_everything_expecting_a_positive", "MISSING"),
        ("toy.off_by_one_breaking_a_control", "BROKEN"),
        ("toy.admit_everything_exactly_one", "WRONG"),
        ("toy.unused_rule", "NOOP"),
        ("toy.gone_patch", "BADCTRL"),
        ("toy.crash", "BADCTRL"),
    ],
)
def test_each_defect_is_judged_against_its_intent(declared: tuple[Path, str, int], defect: str, verdict: str) -> None:
    assert verdict_of(declared[1], defect) == verdict


def test_a_failing_intent_names_the_claims_that_explain_it(declared: tuple[Path, str, int]) -> None:
    _, out, code = declared
    assert code == 1
    assert "must turn red, stayed green:\n    - toy.good.within_limit_admits (stayed green)" in out
    assert "must stay green, turned red:\n    - toy.by_name.default_admits_small (FAIL)" in out
    assert "red in scope, not named:\n    - toy.by_name.default_refuses_eleven (FAIL)" in out
    assert "the patched text 'size >>> limit' no longer appears in toy_domain.rules.admit_size" in out
    assert "every one of the 5 claims it ran crashed" in out


def test_a_wrapper_calls_the_original_rule_without_recursing(declared: tuple[Path, str, int]) -> None:
    # limit_off_by_one calls original(admit_size) with limit + 1: every claim of the rule notices, none crashes.
    assert "PASS     toy.limit_off_by_one  (5 red of 5 run; intent)" in declared[1]


def test_the_evidence_is_new_until_recorded(declared: tuple[Path, str, int]) -> None:
    _, out, _ = declared
    assert "toy.admit_everything: new row: killed by 2 claim(s)" in out
    assert "run `claim_batch mutate --update`" in out


def test_list_shows_each_defect_with_its_intent(tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy")
    proc = run_cli(project, "mutate", "--list", "toy.strict*")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == [
        "toy.strict_bound  -> must red: toy.good.within_limit_admits  [exact within: toy.good]",
        "  intent: Refuse a size equal to the limit; judged exactly within toy.good.",
    ]
    # Listing reads the mutation modules only: no mutant tree is generated and no claim runs.
    assert not (project / ".claims-cache" / "mutants").exists()


def test_an_unknown_defect_pattern_exits_two(tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy")
    proc = run_cli(project, "mutate", "toy.no_such_defect")
    assert proc.returncode == 2
    assert "no declared defect matches toy.no_such_defect" in proc.stderr


def test_a_red_baseline_refuses_to_judge_anything(tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy")
    good = project / "toy_witnesses" / "good.py"
    good.write_text(
        good.read_text()
        + "\n\n@witness.positive('It ends its worker.', rules=[rules.admit_size])\ndef exits() -> None:\n    import os\n    os._exit(0)\n"
    )
    proc = run_cli(project, "mutate", "-q")
    assert proc.returncode == 1
    assert "the baseline is not green" in proc.stderr and "toy.good.exits" in proc.stderr


CACHED_RULES = '''\
"""A table cached with functools and filled at import: in the supervisor, before any fork."""

import functools


def base_limit() -> int:
    """Return the table's limit."""
    return 10


@functools.lru_cache(maxsize=None)
def _table() -> int:
    return base_limit()


TABLE_AT_IMPORT = _table()


def within_table(size: int) -> bool:
    """Say whether a size is within the cached table's limit."""
    return size <= _table()
'''

CACHED_CLAIMS = '''\
"""A claim that executes the table's rule, and reads the table through its cache."""

from claims import Witness, check
from toy_domain.cached import base_limit, within_table

witness = Witness("toy.cached")


@witness.positive("Five is within the cached table.", rules=[within_table])
def five_is_within_the_table() -> None:
    base_limit()  # executed by the claim, so a defect of base_limit runs it
    check.equal("five within", within_table(5), True)
'''

CACHED_DEFECT = '''\
"""A defect of the rule a cached table was filled from."""

from claims.defects import Defect
from toy_domain import cached


def no_room() -> int:
    return 0


no_room_in_the_table = Defect(
    id="toy.no_room_in_the_table",
    target=cached.base_limit,
    intent="Make the table's limit zero; the cache the supervisor filled at import must not hide it.",
    replacement=no_room,
    must_red={"toy.cached.five_is_within_the_table"},
)
'''


def test_a_functools_cache_filled_before_the_fork_is_cleared_so_the_defect_is_seen(tmp_path: Path) -> None:
    # Without clearing, the fork would read the table the supervisor cached from the original rule, and the
    # claim would stay green under the defect.
    project = make_toy(tmp_path / "toy", defects=CACHED_DEFECT)
    (project / "toy_domain" / "cached.py").write_text(CACHED_RULES)
    (project / "toy_witnesses" / "cached.py").write_text(CACHED_CLAIMS)
    proc = run_cli(project, "mutate", "-q", "toy.no_room_in_the_table", timeout=120)
    assert "PASS     toy.no_room_in_the_table  (1 red of 1 run; intent)" in proc.stdout, proc.stdout + proc.stderr


class _Executed(Exception):
    pass


@pytest.mark.parametrize(
    ("environment", "argv", "executed"),
    [
        ({}, ["claim_batch", "mutate", "-q"], True),
        ({"PYTHONHASHSEED": "random"}, ["claim_batch", "mutate", "-q"], True),
        ({"PYTHONHASHSEED": "7"}, ["claim_batch", "mutate", "-q"], True),
        ({"PYTHONHASHSEED": "0"}, ["claim_batch", "mutate", "-q"], False),
        ({"CLAIMS_HASH_SEED_PINNED": "1"}, ["claim_batch", "mutate", "-q"], False),  # never twice
        ({}, ["python", "-c", "main(['mutate', '-q'])"], False),  # called from code: not our process to replace
    ],
    ids=["unset", "random", "another seed", "pinned", "re-executed once", "called from code"],
)
def test_a_command_reexecutes_itself_once_under_the_pinned_hash_seed(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    environment: dict[str, str],
    argv: list[str],
    executed: bool,
) -> None:
    # A set's order follows the string-hash seed, and with it which claims a defect dropping a `sorted()` turns red.
    import os
    import sys

    from claims.cli import hash_seed

    calls: list[tuple[str, list[str], dict[str, str]]] = []

    def execve(path: str, args: list[str], env: dict[str, str]) -> None:
        calls.append((path, args, env))
        raise _Executed

    for name in ("PYTHONHASHSEED", "CLAIMS_HASH_SEED_PINNED"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "argv", argv)
    monkeypatch.setattr(sys, "orig_argv", [sys.executable, "-m", "claims.cli", *argv[1:]])
    monkeypatch.setattr(os, "execve", execve)
    if executed:
        with pytest.raises(_Executed):
            hash_seed.pin_hash_seed(["mutate", "-q"])
        [(path, args, env)] = calls
        assert path == sys.executable and args == [sys.executable, "-m", "claims.cli", "mutate", "-q"]
        assert env["PYTHONHASHSEED"] == "0" and env["CLAIMS_HASH_SEED_PINNED"] == "1"
    else:
        hash_seed.pin_hash_seed(["mutate", "-q"])
        assert calls == []
    warned = "string hashing is not pinned" in capsys.readouterr().err
    assert warned == (argv[0] == "python")


_RULES = '''\
def clamp(value: int, most: int) -> int:
    """Keep a value at most `most`."""
    if value > most:
        return most
    return value


class Window:
    def __init__(self, size: int) -> None:
        self.__size = size

    def holds(self, value: int) -> bool:
        return 0 <= value < self.__size
'''


def test_patches_compiled_on_two_cores_are_the_patches_compiled_here(tmp_path: Path) -> None:
    # The supervisor compiled every patch alone before its first fork; shared out, each must come back as the
    # very code it would have compiled (a method's private names mangled alike), and a patch that does not apply
    # comes back as nothing, to be compiled again where it is defined and refused there with its reason.
    from claims._internal.mutation import patches as compiling
    from claims._internal.mutation.defects import Defect

    path = tmp_path / "rules.py"
    path.write_text(_RULES, encoding="utf-8")
    patches = [
        ("rules.clamp", ("if value > most:", "if value >= most:")),
        ("rules.Window.holds", ("0 <= value", "0 < value")),
        ("rules.clamp", ("return most\n", "return value\n")),
        ("rules.Window.holds", ("not there", "anything")),
    ]
    items = [
        (Defect(id=f"t.d{n}", target=t, intent="A defect.", must_red={"t.c"}, patch=p), "rules", path, _RULES)
        for n, (t, p) in enumerate(patches)
    ]
    ahead = compiling._codes_on_cores(items, 2)()
    assert ahead[3] is None
    for item, code in zip(items[:3], ahead[:3], strict=True):
        assert code is not None
        here = compiling._patch_code(*item)
        assert code == here  # code objects compare by their bytecode, constants, names and line table
    assert ahead[1][2] == ("Window",)
    assert compiling._codes_on_cores(items, 1)() == [None] * 4  # one worker: nothing shared out
