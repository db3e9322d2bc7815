"""The pytest glue, in one module: every claim becomes a pytest item.

Each hook is a few lines handing off to the framework; state lives in
`config.stash`.  Node ids contain the claim id
(`witnesses/spark/fit_wall.py::spark.fit_wall.v41_fits_at_080_utilization`),
so `-k` selects claims, and failures render as `claim_batch` renders them.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import importlib.util
import os
import shlex
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from claims._internal.config import Config, load_config
from claims._internal.declare import Claim, Witness
from claims._internal.record.debt import Debt, load_debt
from claims._internal.record.ledger import ledger_paths
from claims._internal.reports.terminal import failure_lines
from claims._internal.running.discovery import witnesses_in
from claims._internal.running.one_claim import Result, Settings, run_claim
from claims._internal.running.profiles import chosen_profile
from claims._internal.running.session import prepare
from claims._internal.running.witness_probe import WitnessProbe
from claims.errors import ConfigError, InputError

STATE = pytest.StashKey["PluginState | None"]()
SHARED_PROBE = "claims_import_probe"
"""The key of `workerinput` naming the file of verdicts that the controller's import probe writes."""


class PluginState:
    """Hold the claims configuration, the folders of the witness packages and the import probe they follow."""

    def __init__(self, config: Config, debt: dict[str, Debt]) -> None:
        self.config = config
        self.debt = debt
        self.probes = WitnessProbe(config)
        self.loading_hypothesis = False
        self._dealt: dict[int, tuple[Witness, int, dict[Path, list[Claim]]]] = {}
        self.settings = Settings(timeout=config.timeout, snapshots=config.snapshots)
        self.packages: list[tuple[str, Path]] = []
        for package in config.witnesses:
            spec = importlib.util.find_spec(package)
            for location in (spec.submodule_search_locations or []) if spec else []:
                self.packages.append((package, Path(location).resolve()))

    def module_name(self, path: Path) -> str | None:
        """Return the dotted module name of a file inside a witness package, else None."""
        resolved = path.resolve()
        for package, folder in self.packages:
            if folder == resolved.parent or folder in resolved.parents:
                parts = list(resolved.relative_to(folder).with_suffix("").parts)
                if parts[-1] == "__init__":
                    parts.pop()
                return ".".join([package, *parts])
        return None

    def claims_by_file(self, witness: Witness) -> dict[Path, list[Claim]]:
        """Deal a witness's claims to the files they are collected under, once: a witness split into a package is
        collected from each of its files."""
        dealt = self._dealt.get(id(witness))
        if dealt is None or dealt[0] is not witness or dealt[1] != len(witness.claims):
            files: dict[Path, list[Claim]] = {}
            for claim in witness.claims:
                files.setdefault(_file_of(claim, witness), []).append(claim)
            dealt = self._dealt[id(witness)] = (witness, len(witness.claims), files)
        return dealt[2]


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, parser: pytest.Parser, args: list[str]) -> None:
    """Install typeguard over the domain before any conftest or test imports it."""
    try:
        config = load_config(early_config.invocation_params.dir)
    except ConfigError:
        early_config.stash[STATE] = None
        return
    prepare(config, chosen_profile(), packages=())
    paths = ledger_paths(config)
    try:
        debt = load_debt(paths.debt, shown_as=paths.shown(paths.debt))
    except InputError as exc:
        raise pytest.UsageError(str(exc)) from None
    early_config.stash[STATE] = PluginState(config, debt)


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Under pytest-xdist, deal claims by work stealing unless `--dist` says otherwise (`-n 2` alone means load).

    Claims differ in cost by two orders of magnitude (a hypothesis property against a one-line check), so
    fixed batches leave one worker idle at the end; stealing keeps both busy to the last claim.  Whether `--dist`
    was given is read from the arguments: before or after xdist's own hook, the option's value cannot say.
    """
    if config.stash.get(STATE, None) is None or not getattr(config.option, "numprocesses", None):
        return
    given = [*config.invocation_params.args, *shlex.split(os.environ.get("PYTEST_ADDOPTS", ""))]
    given += [str(a) for a in config.getini("addopts")]
    if not any(a in ("--dist", "-d") or a.startswith("--dist=") for a in given):
        config.option.dist = "worksteal"


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    """Collect a witness module's claims."""
    state = parent.config.stash.get(STATE, None)
    if state is None or file_path.suffix != ".py":
        return None
    name = state.module_name(file_path)
    if name is None:
        return None
    return WitnessModule.from_parent(parent, path=file_path, module_name=name)


def _enclosing_witnesses(name: str, module: object) -> list[Witness]:
    """Return the witnesses the module and the packages above it declare (a split witness adds claims below)."""
    found = list(witnesses_in(module))
    parts = name.split(".")
    for depth in range(len(parts) - 1, 0, -1):
        found += witnesses_in(importlib.import_module(".".join(parts[:depth])))
    return found


@functools.cache
def _resolved(path: str) -> Path:
    """Resolve a path once per session: a split witness's claims are looked at from each of its files."""
    return Path(path).resolve()


def _file_of(claim: Claim, witness: Witness) -> Path:
    """Return the file a claim is collected under: its own, when it lies in the declaring package; else the declaring module's."""
    declared = _resolved(getattr(sys.modules[witness.module], "__file__", None) or claim.source_file)
    source = _resolved(claim.source_file)
    if declared.name == "__init__.py" and declared.parent in source.parents:
        return source
    return declared


class WitnessModule(pytest.File):
    """A witness module: import it and yield one item per claim."""

    def __init__(self, *, module_name: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.module_name = module_name

    def collect(self) -> Iterator[pytest.Item]:
        """Import the module (an import error is a collection error) and yield the claims written in this file.

        A witness split into a package (`witnesses/core/convert/__init__.py` declaring it, its submodules adding
        claims to it) yields each claim under the file that holds its source, so a node id names the right file.
        """
        state = self.config.stash[STATE]
        assert state is not None  # a witness module is collected only under a claims table
        self._refuse_hazardous_import(state)
        module = self._import_witness_module()
        here = self.path.resolve()
        for witness in _enclosing_witnesses(self.module_name, module):
            for claim in state.claims_by_file(witness).get(here, []):
                yield self._claim_item(claim, state)

    def _refuse_hazardous_import(self, state: PluginState | None) -> None:
        """Decide whether importing the module here is unsafe (it ends, kills or hangs a child importing it first)."""
        if self.module_name in sys.modules or state is None:
            return
        # As claim_batch does: a module that ends, kills or hangs the process importing it is named, not fatal.
        why = state.probes.probe().why_not(self.module_name)
        if why is not None:
            raise self.CollectError(f"witness module {self.module_name} {why} it, in a child importing it first")

    def _import_witness_module(self) -> ModuleType:
        """Decide the imported module, an import that exits being a collection error, not the session's end."""
        try:
            return importlib.import_module(self.module_name)
        except SystemExit as exc:  # an import that exits is a failure to import, never the end of the session
            raise self.CollectError(
                f"witness module {self.module_name} called sys.exit({exc.code!r}) while importing"
            ) from exc

    def _claim_item(self, claim: Claim, state: PluginState | None) -> ClaimItem:
        """Decide a claim's item: xfailed (not strictly) when its red is admitted debt."""
        item = ClaimItem.from_parent(self, name=claim.id, claim=claim)
        owed = state.debt.get(claim.id) if state else None
        if owed is not None:
            # Admitted debt is reported apart, as claim_batch counts it: red is xfailed, green xpassed (paid).
            item.add_marker(
                pytest.mark.xfail(reason=f"admitted debt ({owed.owner}): {owed.reason} {owed.trigger}", strict=False)
            )
        return item


class ClaimFailed(Exception):
    """Carry a red claim's result to repr_failure."""

    def __init__(self, result: Result) -> None:
        super().__init__(result.claim.id)
        self.result = result


class ClaimItem(pytest.Item):
    """One claim, run by the same runner as `claim_batch`."""

    def __init__(self, *, claim: Claim, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.claim = claim
        self.add_marker(pytest.mark.claim(kind=claim.kind.value))

    def runtest(self) -> None:
        """Run the claim; a red verdict raises ClaimFailed."""
        state = self.config.stash[STATE]
        assert state is not None
        result = run_claim(self.claim, state.settings)
        if result.verdict.red:
            raise ClaimFailed(result)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        """Render a red claim as claim_batch does."""
        if isinstance(excinfo.value, ClaimFailed):
            state = self.config.stash[STATE]
            return "\n".join(failure_lines(excinfo.value.result, str(state.config.root) if state else None))
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        """Point reports at the claim's source line."""
        return Path(self.claim.source_file), self.claim.source_line - 1, f"claim {self.claim.id}"


def pytest_collection_finish(session: pytest.Session) -> None:
    """Reap the import probe's child: nothing is imported after collection, and a host may wait on any child.

    Then freeze what collection built (modules, claims, items), as `claim_batch` does before it forks: the
    collections the claims set off no longer walk it.
    """
    state = session.config.stash.get(STATE, None)
    if state is not None:
        state.probes.close()
        gc.collect()
        gc.freeze()


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config: pytest.Config) -> None:
    """Reap the import probe's child when collection was cut short (an interrupted or failed collection).

    An xdist controller stops its import probe here (it has finished unless the session was cut short), reaps
    it and removes its verdicts.  A process that ends with its session (`pytest`, `python -m pytest`, an
    xdist worker) freezes every object left, so its last collection at exit does not walk them all (about 0.3 s
    per process here, paid twice in a row under xdist: worker, then controller); a host that ran the session
    in its own process (`pytest.main`) gets its objects back unfrozen.
    """
    state = config.stash.get(STATE, None)
    if state is not None:
        state.probes.stop()
        if _ends_with_its_session(config):
            gc.freeze()
        else:
            gc.unfreeze()


def _ends_with_its_session(config: pytest.Config) -> bool:
    """Say whether the process ends when the session does: an xdist worker, or pytest run as a command."""
    if hasattr(config, "workerinput"):
        return True
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    if spec is not None and spec.name == "pytest.__main__":
        return True
    return bool(sys.argv) and Path(sys.argv[0]).name in ("pytest", "py.test")


def pytest_configure(config: pytest.Config) -> None:
    """Register the `claim` marker; in a pytest-xdist worker, say where its controller's import probe writes."""
    config.addinivalue_line("markers", "claim(kind): a claim collected from a witness module")
    state = config.stash.get(STATE, None)
    worker = getattr(config, "workerinput", None)
    if state is not None and isinstance(worker, dict) and worker.get(SHARED_PROBE):
        state.probes.shared = Path(worker[SHARED_PROBE])


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_setupnodes(config: pytest.Config, specs: Sequence[Any]) -> None:
    """Start the import probe in pytest-xdist's controller, before it spawns a worker, when all run on this host.

    The probe then imports while the workers start, and no worker waits on a probe another worker had to start
    first (0.2 s of every worker's collection here).  Forked now, it shares nothing with the threads that talk
    to the workers, which do not exist yet.  A worker on another host, in another folder or under another
    interpreter probes alone.
    """
    state = config.stash.get(STATE, None)
    if state is not None and all(spec.popen and not (spec.chdir or spec.python) for spec in specs):
        state.probes.publish()


def _xdist_controller(config: pytest.Config) -> bool:
    """Say whether this process is pytest-xdist's controller of a claims session (it deals claims, runs none)."""
    return (
        config.stash.get(STATE, None) is not None
        and not hasattr(config, "workerinput")
        and config.pluginmanager.hasplugin("dsession")
    )


@pytest.hookimpl(trylast=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """In pytest-xdist's controller, freeze what is built before any report comes (`gc.freeze` alone costs nothing).

    The collections that the reports of a thousand claims set off then no longer walk it, nor does pytest's
    last collection at the end (0.035 s after the last claim here).
    """
    if _xdist_controller(session.config):
        gc.freeze()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """Load hypothesis in pytest-xdist's controller when the first worker is done, while the others finish.

    Hypothesis's own pytest plugin imports hypothesis in its terminal summary, which in the controller (that
    runs no claim) cost 0.08 s after the last claim had ended.  Loaded before the workers spawn, it delayed
    them as long.  It loads in a thread of its own: a worker still running waits on this event loop for its
    last command, and an import here held it up by as long (0.05 to 0.07 s at the end of every run).
    """
    config = node.config
    state = config.stash.get(STATE, None)
    if (
        state is not None
        and not state.loading_hypothesis
        and _xdist_controller(config)
        and "hypothesis" not in sys.modules
        and config.pluginmanager.hasplugin("hypothesispytest")
    ):
        state.loading_hypothesis = True
        threading.Thread(target=_load_hypothesis, name="claims-load-hypothesis", daemon=True).start()


def _load_hypothesis() -> None:
    """Import hypothesis and freeze what it built; a failure is left to the import that needs it."""
    with contextlib.suppress(ImportError):
        importlib.import_module("hypothesis")
        gc.freeze()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Tell a pytest-xdist worker where the controller's import probe writes its verdicts."""
    state = node.config.stash.get(STATE, None)
    if state is not None and state.probes.publishing is not None:
        node.workerinput[SHARED_PROBE] = str(state.probes.publishing.verdicts)
