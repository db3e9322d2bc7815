"""The pytest plugin collects every claim as an item named by its id and renders failures like claim_batch."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

TOY = Path(__file__).parent / "fixtures" / "toy"


@pytest.fixture
def toy(pytester: pytest.Pytester) -> pytest.Pytester:
    for entry in TOY.iterdir():
        if entry.is_dir():
            shutil.copytree(entry, pytester.path / entry.name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(entry, pytester.path / entry.name)
    (pytester.path / "toy_witnesses" / "broken.py").unlink()
    return pytester


def test_claims_are_collected_with_their_ids_in_node_ids(toy: pytest.Pytester) -> None:
    result = toy.runpytest_subprocess("--collect-only", "-q", "toy_witnesses")
    assert "toy_witnesses/good.py::toy.good.within_limit_admits" in result.outlines
    assert "toy_witnesses/mixed.py::toy.mixed.unit_line_snapshot" in result.outlines
    assert "10 tests collected" in result.stdout.str()


def test_verdicts_map_to_pytest_outcomes(toy: pytest.Pytester) -> None:
    result = toy.runpytest_subprocess("toy_witnesses")
    result.assert_outcomes(passed=4, failed=6)


def test_failures_render_expected_and_observed(toy: pytest.Pytester) -> None:
    result = toy.runpytest_subprocess("toy_witnesses", "-k", "fails_on_a_mismatch")
    result.assert_outcomes(failed=1, deselected=9)
    result.stdout.fnmatch_lines(
        ["FAIL toy.mixed.fails_on_a_mismatch  [positive]", "  expected: margin: 8", "  observed: margin: 7"]
    )


def test_k_selects_claims_by_id(toy: pytest.Pytester) -> None:
    result = toy.runpytest_subprocess("toy_witnesses", "-k", "toy.good")
    result.assert_outcomes(passed=2, deselected=8)


def test_the_type_check_hook_is_active_under_pytest(toy: pytest.Pytester) -> None:
    result = toy.runpytest_subprocess("toy_witnesses", "-k", "crash_is_not_a_refusal")
    result.stdout.fnmatch_lines(
        ['*crashed instead of refusing: TypeCheckError: argument "size" (str) is not an instance of int*']
    )


def test_a_broken_witness_module_is_a_collection_error(toy: pytest.Pytester) -> None:
    (toy.path / "toy_witnesses" / "broken.py").write_text("import toy_domain.no_such_module\n")
    result = toy.runpytest_subprocess("toy_witnesses", "--collect-only")
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*ERROR collecting*broken.py*", "*No module named 'toy_domain.no_such_module'*"])


def test_the_plugin_is_inert_without_a_claims_table(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    pytester.runpytest_subprocess().assert_outcomes(passed=1)


def test_admitted_debt_is_reported_apart_as_claim_batch_counts_it(toy: pytest.Pytester) -> None:
    debt = toy.path / "ledger" / "debt.toml"
    debt.write_text(
        '[[debt]]\nclaim = "toy.mixed.fails_on_a_mismatch"\nreason = "The margin waits for a fix."\nowner = "toy maintainers"\n'
        'trigger = "TRIGGER: the margin is fixed."\n\n'
        '[[debt]]\nclaim = "toy.good.within_limit_admits"\nreason = "Admitted although it passes."\nowner = "toy maintainers"\n'
        'trigger = "TRIGGER: never."\n'
    )
    result = toy.runpytest_subprocess("toy_witnesses")
    result.assert_outcomes(passed=3, failed=5, xfailed=1, xpassed=1)


def test_a_malformed_debt_file_is_a_usage_error(toy: pytest.Pytester) -> None:
    (toy.path / "ledger" / "debt.toml").write_text("[[debt]]\nclaim = 3\n")
    result = toy.runpytest_subprocess("toy_witnesses")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*debt.toml*$.debt[[]0[]]*"])


def test_a_witness_split_into_a_package_collects_each_claim_under_its_own_file(toy: pytest.Pytester) -> None:
    split = toy.path / "toy_witnesses" / "split"
    split.mkdir()
    (split / "__init__.py").write_text(
        "from claims import Witness, check\n"
        "from toy_domain import rules\n"
        'witness = Witness("toy.split")\n'
        '@witness.positive("Three within ten leaves seven.", rules=[rules.admit_size])\n'
        "def declared_here() -> None:\n"
        '    check.equal("margin", check.admitted(rules.admit_size(3, 10)), 7)\n'
        "from toy_witnesses.split import more  # noqa: E402\n"
    )
    (split / "more.py").write_text(
        "from claims import check\n"
        "from toy_domain import rules\n"
        "from toy_witnesses.split import witness\n"
        '@witness.positive("Ten within ten leaves none.", rules=[rules.admit_size])\n'
        "def added_below() -> None:\n"
        '    check.equal("margin", check.admitted(rules.admit_size(10, 10)), 0)\n'
    )
    result = toy.runpytest_subprocess("--collect-only", "-q", "toy_witnesses/split")
    assert "toy_witnesses/split/__init__.py::toy.split.declared_here" in result.outlines
    assert "toy_witnesses/split/more.py::toy.split.added_below" in result.outlines
    assert "2 tests collected" in result.stdout.str()
    only = toy.runpytest_subprocess("toy_witnesses/split/more.py")
    only.assert_outcomes(passed=1)


@pytest.mark.parametrize("workers", [(), ("-n", "2")])
def test_no_child_of_the_import_probe_outlives_an_in_process_session(
    toy: pytest.Pytester, workers: tuple[str, ...]
) -> None:
    # mutmut runs pytest in its own process and then reaps workers with os.wait(): a probe child left over
    # (here: the probe works ahead over every file while only one is collected) was reaped as a worker, and
    # mutmut died with KeyError in wait_for_result.  Under xdist the controller's own probe is reaped as well.
    toy.makepyfile(
        host=(
            "import os, sys, time\n"
            "import pytest\n"
            f"code = pytest.main([*{list(workers)!r}, '-q', '-p', 'no:cacheprovider', 'toy_witnesses/good.py'])\n"
            "time.sleep(0.5)\n"
            "try:\n"
            "    left = os.waitpid(-1, os.WNOHANG)\n"
            "except ChildProcessError:\n"
            "    left = None\n"
            "print('pytest exit', int(code), 'left child', left)\n"
        )
    )
    run = toy.run(__import__("sys").executable, "host.py")
    assert "pytest exit 0 left child None" in run.stdout.str(), run.stdout.str() + run.stderr.str()


def test_xdist_workers_follow_the_one_probe_their_controller_started(
    toy: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    # Every fork of an importing child is logged with the process it came from: the controller's probe, which
    # inherits the controller's role, and never a worker's own.
    (toy.path / "toy_witnesses" / "ends.py").write_text("import os\nos._exit(0)\n")
    toy.makeconftest(
        "import os\n"
        "from claims._internal.running import import_probe\n"
        "role = ['main']\n"
        "real = import_probe._fork\n"
        "def _fork(left):\n"
        "    with open(os.path.join(os.path.dirname(__file__), 'forks.log'), 'a') as log:\n"
        "        log.write(role[0] + ' ' + left[0] + '\\n')\n"
        "    return real(left)\n"
        "import_probe._fork = _fork\n"
        "def pytest_configure(config):\n"
        "    role[0] = getattr(config, 'workerinput', {}).get('workerid', 'main')\n"
    )
    result = toy.runpytest_subprocess("-n", "2", "-p", "no:cacheprovider", "toy_witnesses")
    result.stdout.fnmatch_lines(
        [
            "*witness module toy_witnesses.ends ended its process (exit 0) while importing it, in a child importing it first*"
        ]
    )
    result.assert_outcomes(passed=4, failed=6, errors=1)
    assert not list(tmp_path.glob("claims-probe-*")), "the verdicts file was left"
    forks = (toy.path / "forks.log").read_text().splitlines()
    # One child for every module, and a second for those after the one that ended the first.
    assert [line.split()[0] for line in forks] == ["main", "main"], forks
    assert forks[1].split()[1] != "toy_witnesses.ends", forks


def test_xdist_workers_probe_alone_when_their_controller_cannot_start_a_probe(
    toy: pytest.Pytester, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (toy.path / "toy_witnesses" / "ends.py").write_text("import os\nos._exit(0)\n")
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    toy.makeconftest(
        "import claims._internal.running.witness_probe as witness_probe\n"
        "def _no_fork(*args, **kwargs):\n"
        "    raise OSError('no more processes')\n"
        "witness_probe.Publishing = _no_fork\n"
    )
    result = toy.runpytest_subprocess("-n", "2", "-p", "no:cacheprovider", "toy_witnesses")
    result.stdout.fnmatch_lines(["*witness module toy_witnesses.ends ended its process (exit 0) while importing it*"])
    result.assert_outcomes(passed=4, failed=6, errors=1)
    assert not list(tmp_path.glob("claims-probe-*")), "a verdicts file was left"


def test_the_xdist_controller_freezes_first_and_loads_hypothesis_once_a_worker_is_done(toy: pytest.Pytester) -> None:
    # Hypothesis's plugin imports hypothesis in the terminal summary: 0.08 s after the last claim, in the
    # controller alone.  Loaded when the first worker is done instead, while the other finishes, in a thread
    # of its own (the event loop the other worker waits on for its last command goes on); and the
    # controller's objects are frozen before the first report.
    toy.makeconftest(
        "import gc, sys, threading\n"
        "import pytest\n"
        "seen = []\n"
        "loaders = []\n"
        "sys.addaudithook(lambda event, args: event == 'import' and args[0] == 'hypothesis._settings'"
        " and loaders.append(threading.current_thread().name))\n"
        "def pytest_runtest_logreport(report):\n"
        "    if not seen:\n"
        "        seen.append(1)\n"
        "        print('first report: frozen', gc.get_freeze_count() > 0)\n"
        "@pytest.hookimpl(trylast=True)\n"
        "def pytest_testnodedown(node, error):\n"
        "    seen.append(2)\n"
        "    print('worker', seen.count(2), 'down: loading',"
        " [t.name for t in threading.enumerate() if t.name.startswith('claims')])\n"
        "@pytest.hookimpl(tryfirst=True)\n"
        "def pytest_terminal_summary(terminalreporter):\n"
        "    print('summary: hypothesis', 'hypothesis.strategies' in sys.modules, 'loaded by', loaders)\n"
    )
    result = toy.runpytest_subprocess("-n", "2", "-s", "-p", "no:cacheprovider", "toy_witnesses/good.py")
    out = result.stdout.str()
    assert "first report: frozen True" in out, out
    assert "worker 1 down: loading ['claims-load-hypothesis']" in out, out
    assert "summary: hypothesis True loaded by ['claims-load-hypothesis']" in out, out


@pytest.mark.parametrize(("given", "dealt"), [((), "worksteal"), (("--dist", "load"), "load")])
def test_claims_are_dealt_by_work_stealing_under_xdist_unless_told_otherwise(
    toy: pytest.Pytester, given: tuple[str, ...], dealt: str
) -> None:
    toy.makeconftest("def pytest_configure(config):\n    print('dist is', config.option.dist)\n")
    result = toy.runpytest_subprocess("-n", "2", *given, "-s", "toy_witnesses/good.py")
    assert f"dist is {dealt}" in result.stdout.str(), result.stdout.str()


def test_xdist_is_left_as_it_is_without_a_claims_table(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_plain="def test_ok():\n    assert True\n")
    pytester.makeconftest("def pytest_configure(config):\n    print('dist is', config.option.dist)\n")
    result = pytester.runpytest_subprocess("-n", "2", "-s")
    assert "dist is load" in result.stdout.str(), result.stdout.str()


def test_what_collection_built_is_frozen_while_claims_run_and_a_host_gets_it_back(toy: pytest.Pytester) -> None:
    # Frozen objects are skipped by every collection the claims set off; a host running pytest in its own process
    # (mutmut does) must get its objects back unfrozen, or their cycles would never be collected.
    toy.makeconftest(
        "import gc\ndef pytest_runtest_setup(item):\n    print('frozen while running', gc.get_freeze_count() > 0)\n"
    )
    toy.makepyfile(
        host=(
            "import gc\n"
            "import pytest\n"
            "code = pytest.main(['-q', '-s', '-p', 'no:cacheprovider', 'toy_witnesses/good.py'])\n"
            "print('pytest exit', int(code), 'frozen after', gc.get_freeze_count())\n"
        )
    )
    run = toy.run(__import__("sys").executable, "host.py")
    out = run.stdout.str()
    assert "frozen while running True" in out and "frozen while running False" not in out, out
    assert "pytest exit 0 frozen after 0" in out, out + run.stderr.str()


@pytest.mark.parametrize("workers", [(), ("-n", "2")])
def test_a_session_that_ends_its_process_leaves_its_objects_frozen_for_the_exit(
    toy: pytest.Pytester, workers: tuple[str, ...]
) -> None:
    # Its last collection at exit would walk every object left for nothing (about 0.3 s per process).
    toy.makeconftest(
        "import atexit, gc\n"
        "role = ['main']\n"
        "def pytest_configure(config):\n"
        "    role[0] = getattr(config, 'workerinput', {}).get('workerid', 'main')\n"
        "def _said():\n"
        "    print('at exit', role[0], 'frozen', gc.get_freeze_count() > 0, flush=True)\n"
        "atexit.register(_said)\n"
    )
    result = toy.runpytest_subprocess(*workers, "-p", "no:cacheprovider", "toy_witnesses/good.py")
    assert "at exit main frozen True" in result.stdout.str(), result.stdout.str()
