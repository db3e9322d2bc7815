"""Plan, run and record a sweep of automatic mutants or declared defects.

Both kinds are incremental: an automatic mutant or a declared defect whose
fingerprint equals its recorded row's is judged from that row without
running (an automatic mutant also from a finished observation kept in
`.claims-cache/`, so Ctrl-C loses nothing); `--rebuild` runs them all.
Recording (`--update`) rewrites only the rows of what ran, so a one-rule
change touches only that rule's lines.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from attrs import evolve, field, frozen

from claims._internal.mutation.defects import Seeded
from claims._internal.mutation.evidence import (
    DefectRow,
    Evidence,
    FunctionRow,
    MutantRow,
    Observation,
    claim_key,
    is_legacy,
)
from claims._internal.mutation.jobs import Engine, Job
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.plan import (
    Baseline,
    claim_limit,
    defect_covering,
    defect_prints,
    function_row,
    holds,
    mutant_prints,
    target_parts,
)
from claims._internal.mutation.probing import probed
from claims._internal.mutation.workspace import Workspace


@frozen
class Plan:
    """What a sweep will run and what it reuses, with every subject's fingerprints and the claims it runs.

    `fingerprints` are what each row records; `keys` also cover the covering claims' inputs and name an
    observation in the cache and in shard files; `recorded` holds the subjects whose recorded row still holds
    (reused, unless the run was told to rebuild); `covering` is every claim some subject's row depends on (whose
    inputs the ledger records beside the rows).
    """

    jobs: tuple[Job, ...]
    reused: dict[str, Observation]
    fingerprints: dict[str, str]
    runs: dict[str, int]
    keys: dict[str, str] = field(factory=dict)
    recorded: frozenset[str] = frozenset()
    covering: frozenset[str] = frozenset()
    durations: dict[str, float] = field(factory=dict)


class ObservationCache:
    """Keep finished observations by fingerprint (content-addressed: safe to reuse on any branch).

    Entries are also keyed by the framework's own source digest: a local edit to the engine must
    never be answered by an observation the previous engine made.
    """

    def __init__(self, path: Path) -> None:
        from claims._internal.caching.fingerprint import framework_digest

        self.path = path
        self.salt = framework_digest()[:16]
        self.known: dict[str, Observation] = {}
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except OSError:
            lines = []
        for line in lines:
            try:
                record = json.loads(line)
                if record.get("engine") != self.salt:
                    continue
                sets = {k: frozenset(record.get(k, ())) for k in ("F", "E", "TC", "TO", "X")}
                self.known[record["fp"]] = Observation(
                    sets["F"], sets["E"], sets["TC"], sets["TO"], sets["X"], record.get("problem")
                )
            except (ValueError, KeyError, TypeError):
                continue  # a line cut short by a kill: that mutant simply runs again

    def put(self, fingerprint: str, seen: Observation) -> None:
        """Append one observation (one write on an O_APPEND descriptor: lines never interleave)."""
        self.known[fingerprint] = seen
        record: dict[str, object] = {k: sorted(v) for k, v in seen.by_kind().items() if v}
        record["fp"] = fingerprint
        record["engine"] = self.salt
        if seen.problem:
            record["problem"] = seen.problem
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            os.write(fd, (json.dumps(record, sort_keys=True) + "\n").encode("utf-8"))
        finally:
            os.close(fd)


def _items(ids: Iterable[str], baseline: Baseline, ceiling: float) -> tuple[tuple[str, float], ...]:
    # Quick claims first: a kill is usually found early, and every claim still runs.
    return tuple(
        sorted(
            ((c, claim_limit(baseline.durations.get(c, ceiling), ceiling)) for c in ids),
            key=lambda item: (item[1], item[0]),
        )
    )


def plan_mutants(
    ws: Workspace,
    baseline: Baseline,
    mutants: Sequence[Mutant],
    recorded: Evidence,
    cache: ObservationCache | None,
    *,
    reuse: bool = True,
) -> Plan:
    """Reuse every mutant whose row still holds (`holds`); run the rest on the claims that execute its statement.

    Without `reuse` (`--rebuild`) every covered mutant runs, and the plan still says which rows held.
    """
    jobs, reused, prints, keys, runs, from_rows = [], {}, {}, {}, {}, set()
    digests = ws.digests(baseline)
    inputs = recorded.inputs.get("auto", {})
    claims: set[str] = set()
    for mutant in mutants:
        covering = baseline.covering_function(mutant.module, mutant.function)
        claims |= covering
        made = mutant_prints(
            mutant.module, mutant.name, mutant.function, mutant.operator, covering, digests, ws.sources, mutant.change
        )
        prints[mutant.id], keys[mutant.id] = made.row, made.key
        line = baseline.covering_mutant(mutant)
        runs[mutant.id] = len(line)
        row = recorded.mutants.get(mutant.id)
        held = row is not None and holds(row.fingerprint, made, covering, inputs, digests)
        if held:
            from_rows.add(mutant.id)
        known = _known(row if held and reuse else None, cache, made.key, line)
        if known is not None:
            reused[mutant.id] = known
        else:
            jobs.append(Job("mutant", mutant.id, _items(line, baseline, ws.settings.timeout)))
    return _ordered(Plan(tuple(jobs), reused, prints, runs, keys, frozenset(from_rows), frozenset(claims)), baseline)


def _known(
    held: MutantRow | None, cache: ObservationCache | None, key: str, line: frozenset[str]
) -> Observation | None:
    """Decide what a mutant is judged by without running (its held row, the cache, or nothing to run), else None."""
    if held is not None:
        return held.observation
    if cache is not None and key in cache.known:
        return cache.known[key]
    if not line:
        return Observation()  # no claim executes the mutated statement: it survives unrun
    return None


def plan_defects(
    ws: Workspace, baseline: Baseline, seeded: Sequence[Seeded], recorded: Evidence, *, reuse: bool = True
) -> Plan:
    """Reuse every defect whose row still holds; run the rest on the claims (within scope) that execute a rule.

    The fingerprint covers the defect (its patch or wrapper) and its targets' source, and its covering claims'
    inputs are recorded beside it, so a patch whose old text no longer appears always reruns (and turns BADCTRL).
    """
    jobs, reused, prints, keys, runs, from_rows = [], {}, {}, {}, {}, set()
    every = list(ws.claims.values())
    digests = ws.digests(baseline)
    inputs = recorded.inputs.get("declared", {})
    claims: set[str] = set()
    for one in seeded:
        covering = defect_covering(one, baseline, every, ws.sources.text)
        claims |= covering
        made = defect_prints(one, covering, digests, ws.sources)
        prints[one.id], keys[one.id] = made.row, made.key
        runs[one.id] = len(covering)
        row = recorded.defects.get(one.id)
        held = row is not None and holds(row.fingerprint, made, covering, inputs, digests)
        if held:
            from_rows.add(one.id)
        if held and reuse and row is not None:
            reused[one.id] = row.observation
        elif covering:
            jobs.append(Job("defect", one.id, _items(covering, baseline, ws.settings.timeout)))
        else:
            reused[one.id] = Observation()
    return _ordered(Plan(tuple(jobs), reused, prints, runs, keys, frozenset(from_rows), frozenset(claims)), baseline)


def _ordered(plan: Plan, baseline: Baseline) -> Plan:
    """Order the plan's jobs longest first, and give it the clean duration of every claim they run that the
    baseline timed (the probe deals its claims by them)."""
    durations = {c: baseline.durations[c] for job in plan.jobs for c, _ in job.claims if c in baseline.durations}
    return evolve(plan, jobs=_longest_first(plan.jobs, baseline), durations=durations)


def _longest_first(jobs: Sequence[Job], baseline: Baseline) -> tuple[Job, ...]:
    """Order jobs by their claims' clean durations, longest first, so the workers finish together (ties by id)."""
    return tuple(sorted(jobs, key=lambda j: (-sum(baseline.durations.get(c, limit) for c, limit in j.claims), j.ident)))


def run(
    ws: Workspace,
    plan: Plan,
    workers: int,
    *,
    on_observed: Callable[[str, Observation], None],
    tick: Callable[[], None] | None = None,
    probe: bool = False,
    on_probe: Callable[[int], None] = lambda settled: None,
    on_probed: Callable[[Sequence[Job]], None] | None = None,
) -> bool:
    """Run the plan's jobs; return True when interrupted (finished observations were already handed back).

    With `probe`, each covering claim first runs once on the original code watching every subject
    (`infection`); a subject then runs only the claims it reached, and one that reached none survives
    unrun.  `on_probe` is handed the number of claims probed so far as the probe goes; `on_probed` is handed
    the narrowed jobs when it ends, before any subject is observed.
    """
    mutants = {m.id: m for m in ws.mutants}
    defects = {s.id: s for s in ws.catalog.seeded}
    engine = Engine(
        ws.claims, mutants, defects, ws.settings, (*ws.config.typecheck, *ws.config.witnesses), ws.source_of, workers
    )
    jobs = list(plan.jobs)
    if probe and jobs:
        narrowed = probed(
            engine, jobs, workers, ws.settings.timeout, tick, on_probe, on_probed, on_observed, plan.durations
        )
        if narrowed is None:
            return True
        jobs = narrowed
    return engine.run(jobs, lambda job, seen: on_observed(job.ident, seen), tick=tick)


def _function_rows(evidence: Evidence, ws: Workspace, baseline: Baseline, functions: Iterable[tuple[str, str]]) -> None:
    # Keep every killer of a recorded row listed, so each row can still be written (stale rows are flagged by the gate).
    killers_of: dict[tuple[str, str], set[str]] = {}
    for m in evidence.mutants.values():
        killers_of.setdefault((m.module, m.function), set()).update(m.observation.killers)
    for module, name in functions:
        row = function_row(module, name, baseline, ws.sources)
        killers = killers_of.get((module, name), set())
        listed = sorted(set(row.claims) | killers, key=claim_key)
        evidence.functions[f"{module}:{name}"] = FunctionRow(module, name, row.source, tuple(listed))


def record_mutants(
    ws: Workspace,
    baseline: Baseline,
    recorded: Evidence,
    mutants: Sequence[Mutant],
    plan: Plan,
    observed: Mapping[str, Observation],
    *,
    full: bool,
) -> Evidence:
    """Return the evidence with the rows of every planned mutant that has an observation (all rows, on a full sweep)."""
    result = recorded.but(environment=ws.environment)
    digests = ws.digests(baseline)
    result.inputs["auto"] = {claim_id: digests.inputs(claim_id).parts() for claim_id in sorted(plan.covering)}
    seen = {**plan.reused, **observed}
    _mutant_rows(result, mutants, plan, seen)
    if full:
        _drop_gone_mutants(result, mutants)
        # Every covered top-level rule has a function row, mutants or not; rules gone leave none.
        covered = _covered_rules(ws, baseline) | {(m.module, m.function) for m in mutants}
        _drop_uncovered_functions(result, covered)
        _function_rows(result, ws, baseline, sorted(covered))
    else:
        _function_rows(result, ws, baseline, sorted({(m.module, m.function) for m in mutants if m.id in seen}))
    return result


def _drop_gone_mutants(result: Evidence, mutants: Sequence[Mutant]) -> None:
    """Drop the rows of mutants this full sweep no longer made."""
    current = {m.id for m in mutants}
    for mutant_id in [m for m in result.mutants if m not in current]:
        del result.mutants[mutant_id]


def _drop_uncovered_functions(result: Evidence, covered: set[tuple[str, str]]) -> None:
    """Drop the function rows of rules that are gone or that no claim covers now."""
    for key in [k for k in result.functions if tuple(k.split(":", 1)) not in covered]:
        del result.functions[key]


def _mutant_rows(result: Evidence, mutants: Sequence[Mutant], plan: Plan, seen: Mapping[str, Observation]) -> None:
    """Write the row of every mutant that has an observation, with its fingerprint and the claims it ran."""
    for mutant in mutants:
        if mutant.id in seen:
            result.mutants[mutant.id] = MutantRow(
                mutant.module,
                mutant.name,
                mutant.function,
                mutant.operator,
                plan.fingerprints[mutant.id],
                seen[mutant.id],
                plan.runs[mutant.id],
                mutant.change,
            )


def _covered_rules(ws: Workspace, baseline: Baseline) -> set[tuple[str, str]]:
    """Decide the top-level rules of the type-checked packages that some claim covers, as (module, name)."""
    rules = [m for m in ws.sources.modules if _type_checked(m, ws.config.typecheck)]
    return {
        (m, f)
        for m in rules
        for f in ws.sources.modules[m].functions
        if "." not in f and baseline.covering_function(m, f)
    }


def _type_checked(module: str, typecheck: Sequence[str]) -> bool:
    """Decide whether a module lies in one of the type-checked packages."""
    return any(module == p or module.startswith(p + ".") for p in typecheck)


def record_defects(
    ws: Workspace,
    baseline: Baseline,
    recorded: Evidence,
    seeded: Sequence[Seeded],
    plan: Plan,
    observed: Mapping[str, Observation],
    *,
    full: bool,
) -> Evidence:
    """Return the evidence with the rows of every defect that ran (and, on a full run, none for undeclared ones)."""
    result = recorded.but(environment=ws.environment)
    digests = ws.digests(baseline)
    result.inputs["declared"] = {claim_id: digests.inputs(claim_id).parts() for claim_id in sorted(plan.covering)}
    seen = {**plan.reused, **observed}
    for one in seeded:
        if one.id in seen:
            module = target_parts(one.targets[0], ws.sources.modules)[0]
            result.defects[one.id] = DefectRow(one.id, module, one.targets, plan.fingerprints[one.id], seen[one.id])
    if full:
        declared = {s.id for s in seeded}
        for defect_id in [d for d in result.defects if d not in declared]:
            del result.defects[defect_id]
    return result


def recorded_by_mutation(recorded: Evidence, mutants: Sequence[Mutant]) -> dict[str, Observation]:
    """Return each mutant's recorded observation: its own id's row, or the row of its exact mutation recorded
    under the name it had before ids were stable (`x_rule__mutmut_3`, found by `change`), so the first run under
    stable ids compares observations instead of reporting every row gone and every mutant new."""
    legacy = {r.change: r.observation for r in recorded.mutants.values() if r.change and is_legacy(r.name)}
    out = {k: r.observation for k, r in recorded.mutants.items()}
    for mutant in mutants:
        if mutant.id not in recorded.mutants and mutant.change in legacy:
            out[mutant.id] = legacy[mutant.change]
    return out


def restamped(recorded: Evidence, plan: Plan) -> list[str]:
    """Return the recorded subjects whose row no longer holds: those whose evidence came out the same still need
    their fingerprint, or their claims' inputs, recorded."""
    return [
        subject
        for subject in plan.fingerprints
        if subject not in plan.recorded and (subject in recorded.mutants or subject in recorded.defects)
    ]
