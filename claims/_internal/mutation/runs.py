"""Run a mutation sweep end to end: open, plan, run, judge, compare with the ledger, and say what came of it.

`claim_batch mutate` reads its arguments into a `Request` and calls `run`,
which returns what the sweep came to (`Listed`, `Refused`, `DeclaredRun` or
`AutoRun`, each with the `Ending` it calls for); `record` writes the
observed evidence when the command was asked to.  Progress and notes go
through the caller's `Listener`, so this module prints nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from attrs import evolve, frozen

from claims._internal.mutation import sweep
from claims._internal.mutation.audit import private_names
from claims._internal.mutation.comparison import Comparison, compared, defect_changes, ending_of, mutant_changes
from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import Evidence, MutantRow, Observation
from claims._internal.mutation.intent import Judgement, judge
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.observe import Listener, Note, Watching, observe
from claims._internal.mutation.operators.registry import chosen_sets
from claims._internal.mutation.plan import Baseline, may_select, selected, selects
from claims._internal.mutation.recorded import read_evidence, write_evidence
from claims._internal.mutation.review import module_files, review_findings, scoped_defects, scoped_mutants
from claims._internal.mutation.shards import observations_for, shard_plan
from claims._internal.mutation.since import Scope, diff_scope
from claims._internal.mutation.survivors import equivalent_path, read_equivalent, read_untriaged, untriaged_path
from claims._internal.mutation.verdicts import Ending, counted, judged_survivors
from claims._internal.mutation.workspace import Workspace, baseline, prepare
from claims._internal.reports.sarif import Finding
from claims._internal.select import matches
from claims.errors import InputError


@frozen
class Request:
    """What a sweep was asked to do: which kind, which subjects, how to run them, what to keep."""

    auto: bool
    patterns: tuple[str, ...] = ()
    operators: str = "mutmut,domain"
    profile: str | None = None
    timeout: float | None = None
    quiet: bool = False
    workers: int = 1
    rebuild: bool = False
    probe: bool | None = None
    since: str | None = None
    shard: str | None = None
    merge: tuple[str, ...] = ()
    listing: bool = False
    update: bool = False
    review: bool = False
    """Whether the run's survivors are wanted as review findings (SARIF, or GitHub annotations)."""


@frozen
class Opened:
    """A prepared sweep with a green baseline: its workspace, the problems found before it ran, the recorded evidence."""

    ws: Workspace
    problems: tuple[str, ...]
    base: Baseline
    recorded: Evidence


@frozen
class Listed:
    """The mutants an `--auto --list` selects: nothing ran."""

    mutants: tuple[Mutant, ...]


@frozen
class Refused:
    """A sweep refused because its baseline is not green: the claims red without any mutation."""

    red: tuple[str, ...]


@frozen
class DefectVerdict:
    """One declared defect judged against its intent: what it turned red, of how many run, in which exact scope."""

    seeded: Seeded
    judgement: Judgement
    seen: Observation
    ran: int
    scope: frozenset[str] | None


@frozen
class DeclaredRun:
    """What a run of declared defects found; `unmatched` when the patterns select none."""

    ws: Workspace
    base: Baseline
    ending: Ending
    verdicts: tuple[DefectVerdict, ...] = ()
    selected: int = 0
    counts: tuple[tuple[str, int], ...] = ()
    comparison: Comparison | None = None
    unmatched: bool = False


@frozen
class AutoRun:
    """What a run of automatic mutants found: the rows to tabulate, what to keep for --out, the survivors, the comparison."""

    ws: Workspace
    base: Baseline
    ending: Ending
    rows: dict[str, MutantRow]
    equivalent: dict[str, str]
    kept: dict[str, Observation]
    admitted: tuple[str, ...] = ()
    findings: tuple[Finding, ...] | None = None
    comparison: Comparison | None = None


def run(request: Request, listener: Listener) -> Listed | Refused | DeclaredRun | AutoRun:
    """Open the sweep, list or run its baseline, then run what the request selects; return what it came to."""
    ws, problems = _opened(request, listener.note)
    if request.listing:
        return Listed(tuple(m for m in ws.mutants if selected_mutant(m.id, request.patterns)))
    green = baseline(ws, request.workers, request.quiet)
    if green.baseline is None:
        return Refused(green.red)
    opened = Opened(ws, problems, green.baseline, _recorded(ws, request.rebuild, listener.note))
    return _auto(opened, request, listener) if request.auto else _declared(opened, request, listener)


def selected_mutant(mutant_id: str, patterns: Sequence[str]) -> bool:
    """Say whether the patterns select a mutant (every mutant without patterns)."""
    return not patterns or any(selects(mutant_id, p) for p in patterns)


def _opened(request: Request, note: Note) -> tuple[Workspace, tuple[str, ...]]:
    """Generate and import the tree and collect the defects (nothing is mutated yet); return it and its problems."""
    # Declared runs use the default operator set too, so both kinds of run share one generated tree.
    operators = chosen_sets([s.strip() for s in request.operators.split(",") if s.strip()])
    ws = prepare(
        operators,
        profile=request.profile,
        timeout=request.timeout,
        quiet=request.quiet,
        workers=request.workers,
        mutated=_mutated(request),
        declared=not request.auto,
    )
    return ws, tuple(_catalog_problems(ws, request.auto, note))


def _mutated(request: Request) -> Callable[[str], bool] | None:
    """Decide which modules are mutated: with --auto and patterns, only those the patterns can select (else all)."""
    patterns = request.patterns if request.auto else ()
    return (lambda module: may_select(module, patterns)) if patterns else None


def _catalog_problems(ws: Workspace, auto: bool, note: Note) -> list[str]:
    """Name the defect modules that did not import, the ids declared twice, and (declared runs) private targets."""
    catalog = ws.catalog
    problems = [f"ERROR {f.module}  [mutation module did not import]\n{f.traceback}" for f in catalog.failures]
    problems += [f"ERROR {d}  [defect id declared twice]" for d in catalog.duplicates]
    if not auto:
        # The gate refuses a defect aimed at a private helper; say so before the run, not first at the gate.
        private = [p.line() for p in private_names((), catalog.seeded)]
        problems += [f"ERROR {line} (the gate refuses it)" for line in private]
        for line in private:
            note(f"claim_batch mutate: {line} (the gate refuses it)")
    return problems


def _recorded(ws: Workspace, rebuild: bool, note: Note) -> Evidence:
    """Read the recorded evidence; with --rebuild, evidence that does not read is set aside (it is being remade)."""
    try:
        return read_evidence(ws.config.ledger / "evidence", ws.claims, root=ws.config.root)
    except InputError as exc:
        if not rebuild:
            raise
        note(f"claim_batch mutate: rebuilding without the recorded evidence, which does not read:\n{exc}")
        return Evidence()


def _scope(ws: Workspace, since: str | None, packages: Sequence[str], note: Note) -> Scope | None:
    """Return what changed since --since REF among the packages' modules (None without --since), said in a note."""
    if not since:
        return None
    scope = diff_scope(ws.config.root, since, module_files(packages, ws.config.root))
    note(f"{scope.note}: {scope.count()} changed function-like(s) or declaration(s)")
    return scope


def _watching(ws: Workspace, phase: str, request: Request) -> Watching:
    """Say how to follow a run: probe first when asked to, or, unless told not to, when the configuration lists it."""
    probing = (
        request.probe if request.probe is not None else ("auto" if request.auto else "declared") in ws.config.probe
    )
    return Watching(phase, request.workers, probing, request.quiet)


def _declared(opened: Opened, request: Request, listener: Listener) -> DeclaredRun:
    """Run the selected declared defects (those whose rows no longer hold), judge each, compare with the ledger."""
    ws, base = opened.ws, opened.base
    chosen = _chosen_defects(ws, request, listener.note)
    if chosen is None:
        return DeclaredRun(ws, base, Ending.USAGE, unmatched=True)
    seeded, changed = chosen
    plan = sweep.plan_defects(ws, base, seeded, opened.recorded, reuse=not request.rebuild)
    if not request.quiet:
        listener.note(
            f"{len(seeded)} defects: {len(plan.reused)} unchanged since recorded (or covered by no claim), "
            f"{len(plan.jobs)} to run (`--rebuild` reruns every one)"
        )
    observed, interrupted = observe(ws, plan, _watching(ws, "defects", request), listener)
    seen = {**plan.reused, **observed}
    verdicts = _verdicts(ws, seeded, seen, plan)
    if interrupted:
        return DeclaredRun(ws, base, Ending.INTERRUPTED, verdicts)
    full = not request.patterns and changed is None
    comparison = _defects_compared(opened, seeded, plan, seen, full)
    failing = any(not v.judgement.verdict.holds for v in verdicts)
    ending = Ending.RED if failing else ending_of(comparison, request.update)
    return DeclaredRun(ws, base, ending, verdicts, len(seeded), counted(verdicts), comparison)


def _chosen_defects(ws: Workspace, request: Request, note: Note) -> tuple[list[Seeded], Scope | None] | None:
    """Return the defects the patterns and --since select, with what changed (None: the patterns select none)."""
    chosen_ids = selected([s.id for s in ws.catalog.seeded], request.patterns)
    if request.patterns and not chosen_ids:
        return None
    config = ws.config
    changed = _scope(ws, request.since, [*config.typecheck, *config.witnesses, *config.mutations], note)
    seeded = [s for s in ws.catalog.seeded if s.id in chosen_ids]
    return (scoped_defects(seeded, ws.claims, changed) if changed is not None else seeded), changed


def _judged_scope(one: Seeded, ws: Workspace) -> frozenset[str] | None:
    """Return the claims a defect's `scope` names, judged exactly (None: judged by intent)."""
    if not one.scope:
        return None
    return frozenset(c.id for c in ws.claims.values() if any(matches(c, p) for p in one.scope))


def _verdicts(
    ws: Workspace, seeded: Sequence[Seeded], seen: Mapping[str, Observation], plan: sweep.Plan
) -> tuple[DefectVerdict, ...]:
    """Judge every defect that was observed against its intent (within its exact scope, when it names one)."""
    found = []
    for one in seeded:
        if one.id in seen:
            scope = _judged_scope(one, ws)
            judgement = judge(one, seen[one.id], plan.runs[one.id], scope)
            found.append(DefectVerdict(one, judgement, seen[one.id], plan.runs[one.id], scope))
    return tuple(found)


def _defects_compared(
    opened: Opened, seeded: Sequence[Seeded], plan: sweep.Plan, seen: Mapping[str, Observation], full: bool
) -> Comparison:
    """Compare what the defects turned red with the recorded rows, and gather the evidence to record."""
    ws, base, recorded = opened.ws, opened.base, opened.recorded
    changes, restamp = defect_changes(recorded, {s.id for s in ws.catalog.seeded}, seen, plan, full)
    updated = sweep.record_defects(ws, base, recorded, seeded, plan, seen, full=full)
    found = (changes, restamp, opened.problems)
    return compared(ws, base, recorded, updated, found, ("declared defects", "claim_batch mutate --update"))


def _auto(opened: Opened, request: Request, listener: Listener) -> AutoRun:
    """Run the selected automatic mutants (or merge shard files), compare with the ledger, judge the survivors."""
    ws, base = opened.ws, opened.base
    scope = _scope(ws, request.since, ws.config.typecheck, listener.note)
    mutants = _chosen_mutants(ws, request.patterns, scope)
    plan, mutants, observed, interrupted = _observed_mutants(opened, request, listener, mutants)
    full = not request.patterns and not request.shard and scope is None
    updated = sweep.record_mutants(ws, base, opened.recorded, mutants, plan, observed, full=full and not interrupted)
    equivalent = read_equivalent(equivalent_path(ws.config))
    rows = {m.id: updated.mutants[m.id] for m in mutants if m.id in updated.mutants}
    kept = _kept(plan, observed, mutants)
    current = {x.id for x in ws.mutants}
    changes, restamp = mutant_changes(opened.recorded, current, mutants, plan, observed, request.rebuild, full)
    if interrupted:
        return AutoRun(ws, base, Ending.INTERRUPTED, rows, equivalent, kept)
    untriaged = read_untriaged(untriaged_path(ws.config))
    found, admitted = judged_survivors(ws.config, updated, rows, equivalent, untriaged, full)
    findings = _findings(request, ws, scope, mutants, rows, updated, equivalent, untriaged)
    problems = (*opened.problems, *found)
    what = ("automatic mutants", "claim_batch mutate --auto --update")
    comparison = compared(ws, base, opened.recorded, updated, (changes, restamp, problems), what)
    ending = ending_of(comparison, request.update)
    return AutoRun(ws, base, ending, rows, equivalent, kept, admitted, findings, comparison)


def _chosen_mutants(ws: Workspace, patterns: Sequence[str], scope: Scope | None) -> list[Mutant]:
    """Return the mutants the patterns and --since select."""
    mutants = [m for m in ws.mutants if selected_mutant(m.id, patterns)]
    return scoped_mutants(mutants, scope) if scope is not None else mutants


def _findings(
    request: Request,
    ws: Workspace,
    scope: Scope | None,
    mutants: Sequence[Mutant],
    rows: Mapping[str, MutantRow],
    updated: Evidence,
    equivalent: Mapping[str, str],
    untriaged: frozenset[str],
) -> tuple[Finding, ...] | None:
    """Return the run's review findings when the request wants them (for SARIF or annotations), else None."""
    if not request.review:
        return None
    return tuple(review_findings(ws.config, scope, mutants, rows, updated, equivalent, untriaged))


def _observed_mutants(
    opened: Opened, request: Request, listener: Listener, mutants: list[Mutant]
) -> tuple[sweep.Plan, list[Mutant], dict[str, Observation], bool]:
    """Plan the mutants (this shard's, with --shard), then run them or take them from --merge."""
    ws = opened.ws
    # A shard plans without the local cache, so that every shard computes the same partition.
    cache = None if request.rebuild or request.shard else sweep.ObservationCache(ws.config.caches.observed)
    plan = sweep.plan_mutants(ws, opened.base, mutants, opened.recorded, cache, reuse=not request.rebuild)
    if request.shard:
        plan, mutants = shard_plan(plan, mutants, opened.recorded, request.shard)
    if request.merge:
        return evolve(plan, jobs=()), mutants, observations_for(request.merge, plan), False
    listener.note(
        f"{len(mutants)} mutants: {len(plan.reused)} unchanged since recorded (or cached, or covered by no claim), {len(plan.jobs)} to run"
    )
    observed, interrupted = observe(ws, plan, _watching(ws, "sweep", request), listener)
    return plan, mutants, observed, interrupted


def _kept(plan: sweep.Plan, observed: Mapping[str, Observation], mutants: Sequence[Mutant]) -> dict[str, Observation]:
    """Return this run's observations of its mutants by key, as --out writes them."""
    ids = {m.id for m in mutants}
    return {plan.keys[k]: v for k, v in {**plan.reused, **observed}.items() if k in ids}


def record(ws: Workspace, comparison: Comparison) -> list[Path]:
    """Write the observed evidence under the ledger; return the files written (none when already up to date)."""
    return write_evidence(ws.config.ledger / "evidence", comparison.updated, ws.claims)
