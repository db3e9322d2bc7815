"""Prepare a mutation run: the trampolined tree, a session over it, the declared defects, the green baseline.

The supervisor imports the trampolined tree (never running a claim), so
every worker forked from it can switch any rule in-process.  The baseline
comes from the result cache when every claim has a current PASS there (the
gate's run in the same CI job wrote it), and is run otherwise, on the same
supervised workers.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from attrs import evolve, field, frozen

from claims._internal.caching.environment import Environment, current
from claims._internal.caching.fingerprint import Sources, package_files
from claims._internal.config import Config, load_config, project_paths, put_first
from claims._internal.declare import Claim
from claims._internal.mutation.collect import Catalog, collect
from claims._internal.mutation.generate import generate, left_out, trampolines_of
from claims._internal.mutation.inputs import ClaimDigests
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.operators.registry import OperatorSets
from claims._internal.mutation.plan import Baseline
from claims._internal.progress import Progress
from claims._internal.running.discovery import ImportFailure
from claims._internal.running.loader import precompile, uncached
from claims._internal.running.many_claims import Options, execute
from claims._internal.running.one_claim import Result, Settings
from claims._internal.running.profiles import chosen_profile
from claims._internal.running.session import Session, open_session
from claims.errors import ConfigError

OUTSIDE = "outside the mutation scope ([tool.claims].mutate)"
UNSELECTED = "not selected by this run's patterns"


@frozen
class Workspace:
    """Everything a mutation run needs, prepared once."""

    config: Config
    session: Session
    settings: Settings
    catalog: Catalog
    mutants: tuple[Mutant, ...]
    claims: dict[str, Claim]
    sources: Sources
    left: tuple[tuple[str, str, int, str], ...] = ()
    """Function-likes of the rule packages left unmutated: (module, qualname, line, why)."""
    _memo: dict[str, Any] = field(factory=dict, eq=False, repr=False)

    def digests(self, baseline: Baseline) -> ClaimDigests:
        """Return the claims' inputs over this baseline, each read once per run (planning and recording share them)."""
        found = self._memo.get("digests")
        if not isinstance(found, ClaimDigests) or found.baseline is not baseline:
            found = self._memo["digests"] = ClaimDigests(self.claims, self.sources, baseline, self.session.import_reach)
        return found

    @property
    def environment(self) -> Environment:
        """Return the environment this run observes under (read once)."""
        found = self._memo.get("environment")
        if not isinstance(found, Environment):
            readable = self.session.import_reach.readable_by_any(self.sources)
            found = self._memo["environment"] = evolve(current(self.config.root), sources=self.sources.tree(readable))
        return found

    def source_of(self, module: str) -> tuple[Path, str]:
        """Return an original (not trampolined) module's path and text (the packages are listed once per run)."""
        paths = self._memo.get("module_paths")
        if not isinstance(paths, dict):
            paths = {}
            for package in self.config.typecheck:
                for name, found in package_files(package, self.config.root):
                    paths.setdefault(name, found)  # the first package that has it, as the import would find it
            self._memo["module_paths"] = paths
        path = paths.get(module)
        if path is None:
            raise LookupError(f"module {module!r} is not in the [tool.claims].typecheck packages")
        return path, path.read_text(encoding="utf-8")


def mutmut_skip(packages: Sequence[str]) -> Callable[[str], bool]:
    """Honour mutmut's own `do_not_mutate` globs ([tool.mutmut]), defaulting its source paths to ours."""
    from mutmut import configuration

    if configuration._config is None:
        guess = configuration._guess_source_paths
        # mutmut guesses the code folder from the project name and fails when it cannot.
        configuration._guess_source_paths = lambda: [p.replace(".", "/") for p in packages]
        try:
            configuration.config()
        finally:
            configuration._guess_source_paths = guess
    settings = configuration.config()
    return lambda rel: not settings.should_mutate(rel)


def prepare(
    operators: OperatorSets,
    *,
    profile: str | None,
    timeout: float | None,
    quiet: bool,
    workers: int,
    mutated: Callable[[str], bool] | None = None,
    declared: bool = False,
) -> Workspace:
    """Generate the tree, import it, discover claims and defects; nothing runs yet.

    `mutated(module)` (default: every module) names the modules whose mutants are made; the others are only
    trampolined, so the run has none of their mutants.  A `declared` run imports the modules with their
    trampolines alone (`trampolines_of`): its defects need no automatic mutant, and its mutants are still listed.
    """
    config = load_config()
    generated = config.caches.mutant_tree
    tree = trampolines_of(generated) if declared else generated
    _refuse_imported(config)
    mutants = _made_mutants(config, generated, operators, mutated, quiet)
    _precompiled(config, generated, workers, quiet)
    put_first(project_paths(tree))  # before the project itself: `import domain` must load the trampolined copy
    session = open_session(chosen_profile(profile), config=config)
    _refuse_stray(config, tree)
    catalog = collect(config.mutations)
    settings = Settings(timeout=timeout or config.timeout, snapshots=config.snapshots)
    sources = Sources((*config.typecheck, *config.witnesses), config.root, store=config.caches.sources)
    return Workspace(
        config,
        session,
        settings,
        catalog,
        tuple(mutants),
        {c.id: c for c in session.discovery.claims},
        sources,
        tuple(left_out(generated)),
    )


def _refuse_imported(config: Config) -> None:
    """Refuse a run whose rule packages were imported before the mutation tree could take their place."""
    already = [p for p in config.typecheck if p in sys.modules]
    if already:
        raise ConfigError(
            f"{', '.join(already)} imported before the mutation tree; run `claim_batch mutate` in a fresh process"
        )


def _made_mutants(
    config: Config, generated: Path, operators: OperatorSets, mutated: Callable[[str], bool] | None, quiet: bool
) -> list[Mutant]:
    """Generate the trampolined tree, with the mutants of the modules this run mutates, showing progress."""
    progress = Progress(
        "generate", sum(len(package_files(p, config.root)) for p in config.typecheck), unit="files", quiet=quiet
    )
    mutants = generate(
        config.typecheck,
        config.root,
        generated,
        operators,
        skip=mutmut_skip(config.typecheck),
        why_not=lambda module: _why_unmutated(config, mutated, module),
        on_file=lambda n: progress.update(n),
    )
    progress.finish(f"{len(mutants)} mutants")
    return mutants


def _why_unmutated(config: Config, mutated: Callable[[str], bool] | None, module: str) -> str | None:
    """Decide why a module gets no mutants (outside the scope, or not selected), or None when it gets them."""
    if not config.mutated(module):
        return OUTSIDE
    if mutated is not None and not mutated(module):
        return UNSELECTED
    return None


def _precompiled(config: Config, generated: Path, workers: int, quiet: bool) -> None:
    """Compile both trees' modules on the workers before the first import, when there is more than one to do."""
    # The tree's first import transforms every mutant copy (reach stores, type checks): share that out first, for
    # both trees, so a run of the other kind (declared or automatic) finds its own ready too.
    files = [
        (name, path)
        for root in (generated, trampolines_of(generated))
        for package in config.typecheck
        for name, path in package_files(package, root)
    ]
    todo = uncached(files, cache=config.caches.bytecode, unchecked=config.typecheck_exclude)
    if len(todo) > 1 and workers > 1:
        compiling = Progress("compile", len(todo), unit="files", quiet=quiet)
        precompile(todo, workers=workers, on_done=compiling.update)
        compiling.finish()


def _refuse_stray(config: Config, tree: Path) -> None:
    """Refuse a run whose rule packages loaded from somewhere other than the mutation tree."""
    stray = [p for p in config.typecheck if not str(getattr(sys.modules.get(p), "__file__", "")).startswith(str(tree))]
    if stray:
        raise ConfigError(
            f"{', '.join(stray)} did not load from the mutation tree {tree}; is another copy first on sys.path?"
        )


@frozen
class Green:
    """The baseline: every claim's clean duration and reach, or the claims that were not green."""

    baseline: Baseline | None
    red: tuple[str, ...]
    cached: int


def baseline(workspace: Workspace, workers: int, quiet: bool) -> Green:
    """Reuse or run every claim once on the unmutated tree; refuse a red baseline (no mutant could be judged)."""
    claims = workspace.session.discovery.claims
    progress = Progress("baseline", len(claims), unit="claims", quiet=quiet)
    done = [0]

    def on_result(result: Result) -> None:
        done[0] += 1
        progress.update(done[0])

    # Reading the cache is safe here even with CI set: the gate of the same job wrote it, and fingerprints bind it to the code.
    execution = execute(
        workspace.session,
        claims,
        workspace.settings,
        Options(workers=workers, read_cache=True, write_cache=True),
        on_result=on_result,
        tick=lambda: progress.update(done[0]),
    )
    red = _red(execution.results, workspace.session.discovery.failures)
    progress.finish(f"{execution.cached} reused from the cache" if execution.cached else "")
    if red or execution.interrupted or len(execution.results) < len(claims):
        return Green(None, red or ("the baseline was interrupted",), execution.cached)
    durations = {r.claim.id: r.duration for r in execution.results}
    return Green(Baseline.of(durations, execution.reach), (), execution.cached)


def _red(results: Sequence[Result], failures: Sequence[ImportFailure]) -> tuple[str, ...]:
    """Name what keeps the baseline from being green: each red claim, then each witness module that did not import."""
    red = tuple(sorted(r.claim.id for r in results if r.verdict.red))
    return red + tuple(f"{f.module} (did not import)" for f in failures)
