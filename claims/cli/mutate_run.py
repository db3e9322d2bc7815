"""Run a mutation sweep for `claim_batch mutate`: prepare, plan, run, compare with the ledger, record."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from attrs import evolve

from claims._internal.config import Config, load_config, project_paths, put_first, shown_path
from claims._internal.destination import Guard, check_outputs, guard_for, write_output
from claims._internal.mutation import sweep
from claims._internal.mutation.audit import private_names
from claims._internal.mutation.changes import Change, compare_all
from claims._internal.mutation.collect import collect
from claims._internal.mutation.evidence import Evidence, Observation
from claims._internal.mutation.intent import Intent, judge
from claims._internal.mutation.operators.registry import chosen_sets
from claims._internal.mutation.plan import may_select, selected, selects
from claims._internal.mutation.recorded import read_evidence, write_evidence
from claims._internal.mutation.review import module_files, review_findings, scoped_defects, scoped_mutants
from claims._internal.mutation.shards import observations_for, shard_plan, shard_text
from claims._internal.mutation.since import Scope, diff_scope
from claims._internal.mutation.staleness import summary, why_moved
from claims._internal.mutation.survivors import (
    equivalent_path,
    read_equivalent,
    read_untriaged,
    untriaged_path,
)
from claims._internal.mutation.workspace import Workspace, baseline, prepare
from claims._internal.reports.sarif import sarif_text, tool_version, workflow_commands
from claims._internal.select import matches
from claims.cli.exits import Exit
from claims.cli.mutate_progress import run_shown
from claims.cli.mutate_views import CHANGES_SHOWN, defect_lines, print_tables, survivor_lines
from claims.cli.options import worker_count
from claims.errors import InputError


def output_guard(config: Config, args: argparse.Namespace) -> Guard:
    """Return what this run's reports must not replace: the project's files and its inputs (the shard files, the survivor files)."""
    inputs = [("a --merge input of this run", Path(name)) for name in args.merge or ()]
    inputs += [
        (f"an input of this run ({path.name})", path) for path in (equivalent_path(config), untriaged_path(config))
    ]
    return guard_for(config, inputs=inputs, force=args.force_overwrite)


def outputs(args: argparse.Namespace) -> list[tuple[str, str | None]]:
    """Return every file this run was asked to write, flag and path (None when not asked)."""
    return [
        ("--out", args.out),
        ("--report-json", args.report_json),
        ("--report-html", args.report_html),
        ("--report-sarif", getattr(args, "report_sarif", None)),
    ]


def run_sweep(args: argparse.Namespace) -> int:
    """Run the declared defects or the automatic mutants; print, compare, and record when asked."""
    if any(path is not None for _, path in outputs(args)):
        # Before anything runs: a report path that must not be written costs no sweep.
        check_outputs(output_guard(load_config(), args), outputs(args))
    if args.list and not args.auto:
        return _list_declared(args)  # the declared defects are read from their modules: no tree to generate
    workers = worker_count(args.workers)
    # Declared runs use the default operator set too, so both kinds of run share one generated tree.
    operators = chosen_sets([s.strip() for s in args.operators.split(",") if s.strip()])
    # Automatic mutants selected by pattern: only the modules the patterns can select are mutated.
    patterns = args.patterns if args.auto and args.patterns else None
    ws = prepare(
        operators,
        profile=args.profile,
        timeout=args.timeout,
        quiet=args.quiet,
        workers=workers,
        mutated=(lambda module: may_select(module, patterns)) if patterns else None,
        declared=not args.auto,
    )
    catalog = ws.catalog
    problems = [f"ERROR {f.module}  [mutation module did not import]\n{f.traceback}" for f in catalog.failures]
    problems += [f"ERROR {d}  [defect id declared twice]" for d in catalog.duplicates]
    if not args.auto:
        # The gate refuses a defect aimed at a private helper; say so before the run, not first at the gate.
        private = [p.line() for p in private_names((), catalog.seeded)]
        problems += [f"ERROR {line} (the gate refuses it)" for line in private]
        for line in private:
            print(f"claim_batch mutate: {line} (the gate refuses it)", file=sys.stderr)
    if args.list:
        return _list(ws, args)
    green = baseline(ws, workers, args.quiet)
    if green.baseline is None:
        print(
            "claim_batch mutate: refusing: the baseline is not green, so nothing could be judged; red without any mutation:",
            file=sys.stderr,
        )
        print("\n".join(f"  - {r}" for r in green.red), file=sys.stderr)
        print("run `claim_batch` to see why, fix them, then rerun `claim_batch mutate`", file=sys.stderr)
        return Exit.RED
    recorded = _recorded(ws, args)
    if args.auto:
        code = _auto(ws, args, green.baseline, recorded, workers, problems)
    else:
        code = _declared(ws, args, green.baseline, recorded, workers, problems)
    return code


def _recorded(ws: Workspace, args: argparse.Namespace) -> Evidence:
    """Read the recorded evidence; with --rebuild, evidence that does not read is set aside (it is being remade)."""
    folder = ws.config.ledger / "evidence"
    try:
        return read_evidence(folder, ws.claims, root=ws.config.root)
    except InputError as exc:
        if not args.rebuild:
            raise
        print(
            f"claim_batch mutate: rebuilding without the recorded evidence, which does not read:\n{exc}",
            file=sys.stderr,
        )
        return Evidence()


def _list(ws: Workspace, args: argparse.Namespace) -> int:
    for mutant in ws.mutants:
        if not args.patterns or any(selects(mutant.id, p) for p in args.patterns):
            print(f"{mutant.id}  [{mutant.operator}]  {mutant.original!r} -> {mutant.replacement!r}")
    return Exit.PASS


def _list_declared(args: argparse.Namespace) -> int:
    config = load_config()
    put_first(project_paths(config.root))
    catalog = collect(config.mutations)
    for failure in catalog.failures:
        print(f"ERROR {failure.module}  [mutation module did not import]\n{failure.traceback}", file=sys.stderr)
    for one in catalog.seeded:
        if selected([one.id], args.patterns):
            scope = f"  [exact within: {', '.join(one.scope)}]" if one.scope else ""
            print(f"{one.id}  -> must red: {', '.join(sorted(one.must_red))}{scope}\n  intent: {one.intent}")
    return Exit.RED if catalog.failures else Exit.PASS


def _declared(
    ws: Workspace, args: argparse.Namespace, base: Any, recorded: Evidence, workers: int, problems: list[str]
) -> int:
    chosen = _chosen_defects(ws, args)
    if isinstance(chosen, Exit):
        return chosen
    seeded, changed = chosen
    plan = sweep.plan_defects(ws, base, seeded, recorded, reuse=not args.rebuild)
    if not args.quiet:
        print(
            f"{len(seeded)} defects: {len(plan.reused)} unchanged since recorded (or covered by no claim), "
            f"{len(plan.jobs)} to run (`--rebuild` reruns every one)",
            file=sys.stderr,
        )
    observed, interrupted, _ = run_shown(ws, plan, workers, "defects", args)
    seen = {**plan.reused, **observed}
    claims = list(ws.claims.values())
    failing = _print_verdicts(seeded, seen, plan, claims)
    if interrupted:
        print("claim_batch mutate: interrupted; nothing recorded", file=sys.stderr)
        return Exit.INTERRUPTED
    full = not args.patterns and changed is None
    vanished = [d for d in recorded.defects if d not in {s.id for s in ws.catalog.seeded}] if full else []
    changes = compare_all({k: r.observation for k, r in recorded.defects.items()}, dict(seen.items()), vanished)
    restamp = [s for s in sweep.restamped(recorded, plan) if s not in {c.subject for c in changes}]
    updated = sweep.record_defects(ws, base, recorded, seeded, plan, seen, full=full)
    code = _finish(
        ws, args, recorded, updated, changes, restamp, problems, "declared defects", "claim_batch mutate --update", base
    )
    print(_verdict_counts(seeded, seen, plan, claims))
    return Exit.RED if failing or problems else code


def _chosen_defects(ws: Workspace, args: argparse.Namespace) -> tuple[list[Any], Scope | None] | Exit:
    """Return the defects the patterns and --since select, with what changed (None without --since)."""
    chosen_ids = selected([s.id for s in ws.catalog.seeded], args.patterns)
    if args.patterns and not chosen_ids:
        print(
            f"claim_batch mutate: no declared defect matches {' '.join(args.patterns)}; `claim_batch mutate --list` shows them",
            file=sys.stderr,
        )
        return Exit.USAGE
    seeded = [s for s in ws.catalog.seeded if s.id in chosen_ids]
    changed = _scope(ws, args, [*ws.config.typecheck, *ws.config.witnesses, *ws.config.mutations])
    return (scoped_defects(seeded, ws.claims, changed) if changed is not None else seeded), changed


def _judged_scope(one: Any, claims: Sequence[Any]) -> frozenset[str] | None:
    """Return the claims a defect's `scope` names, judged exactly (None: judged by intent)."""
    return frozenset(c.id for c in claims if any(matches(c, p) for p in one.scope)) if one.scope else None


def _print_verdicts(
    seeded: Sequence[Any], seen: dict[str, Observation], plan: sweep.Plan, claims: Sequence[Any]
) -> int:
    """Print each observed defect's verdict; return how many do not hold."""
    failing = 0
    for one in seeded:
        if one.id not in seen:
            continue
        scope = _judged_scope(one, claims)
        verdict = judge(one, seen[one.id], plan.runs[one.id], scope)
        failing += not verdict.verdict.holds
        print("\n".join(defect_lines(one, verdict, seen[one.id], plan.runs[one.id], scope)))
    return failing


def _verdict_counts(
    seeded: Sequence[Any], seen: dict[str, Observation], plan: sweep.Plan, claims: Sequence[Any]
) -> str:
    """Return the closing line: how many defects of each verdict, in the verdicts' order."""
    counts: dict[str, int] = {}
    for one in seeded:
        v = judge(one, seen[one.id], plan.runs[one.id], _judged_scope(one, claims)).verdict.value
        counts[v] = counts.get(v, 0) + 1
    order = list(Intent.__members__)
    return f"{len(seeded)} defects: " + ", ".join(
        f"{n} {v}" for v, n in sorted(counts.items(), key=lambda kv: order.index(kv[0]))
    )


def _auto(
    ws: Workspace, args: argparse.Namespace, base: Any, recorded: Evidence, workers: int, problems: list[str]
) -> int:
    scope = _scope(ws, args, ws.config.typecheck)
    mutants = _chosen_mutants(ws, args, scope)
    plan, mutants, observed, interrupted = _observe(ws, args, base, recorded, workers, mutants)
    full = not args.patterns and not args.shard and scope is None
    updated = sweep.record_mutants(ws, base, recorded, mutants, plan, observed, full=full and not interrupted)
    equivalent = read_equivalent(equivalent_path(ws.config))
    shown = {m.id: updated.mutants[m.id] for m in mutants if m.id in updated.mutants}
    print_tables(ws, args.patterns, shown, equivalent)
    current = {x.id for x in ws.mutants}
    vanished = [m for m in recorded.mutants if m not in current] if full else []
    # Compare every row that is new or whose fingerprint moved (run now, or reused from the cache by fingerprint),
    # and with --rebuild every row that ran.
    fresh = {
        k: v
        for k, v in {**plan.reused, **observed}.items()
        if (args.rebuild and k in observed) or k not in plan.recorded
    }
    changes = compare_all(sweep.recorded_by_mutation(recorded, mutants), fresh, vanished)
    restamp = [s for s in sweep.restamped(recorded, plan) if s in fresh and s not in {c.subject for c in changes}]
    if interrupted:
        print(
            "claim_batch mutate: interrupted; finished mutants are kept in .claims-cache and reused by the next run",
            file=sys.stderr,
        )
        return Exit.INTERRUPTED
    untriaged = read_untriaged(untriaged_path(ws.config))
    problems += survivor_lines(ws.config, updated, shown, equivalent, untriaged, full)
    _review(ws, args, scope, mutants, shown, updated, equivalent, untriaged)
    return _finish(
        ws,
        args,
        recorded,
        updated,
        changes,
        restamp,
        problems,
        "automatic mutants",
        "claim_batch mutate --auto --update",
        base,
    )


def _chosen_mutants(ws: Workspace, args: argparse.Namespace, scope: Scope | None) -> list[Any]:
    """Return the mutants the patterns and --since select."""
    mutants = [m for m in ws.mutants if not args.patterns or any(selects(m.id, p) for p in args.patterns)]
    return scoped_mutants(mutants, scope) if scope is not None else mutants


def _observe(
    ws: Workspace, args: argparse.Namespace, base: Any, recorded: Evidence, workers: int, mutants: list[Any]
) -> tuple[sweep.Plan, list[Any], dict[str, Observation], bool]:
    """Plan the mutants (this shard's, with --shard), then run them or take them from --merge; write --out."""
    # A shard plans without the local cache, so that every shard computes the same partition.
    cache = None if args.rebuild or args.shard else sweep.ObservationCache(ws.config.caches.observed)
    plan = sweep.plan_mutants(ws, base, mutants, recorded, cache, reuse=not args.rebuild)
    if args.shard:
        plan, mutants = shard_plan(plan, mutants, recorded, args.shard)
    observed: dict[str, Observation]
    if args.merge:
        observed, interrupted = observations_for(args.merge, plan), False
        plan = evolve(plan, jobs=())
    else:
        print(
            f"{len(mutants)} mutants: {len(plan.reused)} unchanged since recorded (or cached, or covered by no claim), {len(plan.jobs)} to run",
            file=sys.stderr,
        )
        observed, interrupted, _ = run_shown(ws, plan, workers, "sweep", args)
    if args.out:
        kept = {plan.keys[k]: v for k, v in {**plan.reused, **observed}.items() if k in {m.id for m in mutants}}
        write_output(output_guard(ws.config, args), "--out", args.out, shard_text(args.shard, not interrupted, kept))
        print(f"wrote {args.out} ({len(kept)} observations)")
    return plan, mutants, observed, interrupted


def _scope(ws: Workspace, args: argparse.Namespace, packages: Sequence[str]) -> Scope | None:
    """Return what changed since --since REF among the packages' modules (None without --since), said on stderr."""
    if not args.since:
        return None
    scope = diff_scope(ws.config.root, args.since, module_files(packages, ws.config.root))
    print(f"{scope.note}: {scope.count()} changed function-like(s) or declaration(s)", file=sys.stderr)
    return scope


def _review(
    ws: Workspace,
    args: argparse.Namespace,
    scope: Scope | None,
    mutants: Sequence[Any],
    shown: dict[str, Any],
    updated: Evidence,
    equivalent: dict[str, str],
    untriaged: frozenset[str],
) -> None:
    """Write --report-sarif, and under GitHub Actions print the same findings as workflow annotations."""
    annotate = os.environ.get("GITHUB_ACTIONS") == "true"
    if not args.report_sarif and not annotate:
        return
    found = review_findings(ws.config, scope, mutants, shown, updated, equivalent, untriaged)
    if args.report_sarif:
        data = sarif_text(found, tool_version()).encode("utf-8")
        write_output(output_guard(ws.config, args), "--report-sarif", args.report_sarif, data)
        print(f"wrote {args.report_sarif} (SARIF 2.1.0, {len(found)} result(s))")
    if annotate:
        print("\n".join(workflow_commands(found)))


def _shown(ws: Workspace, path: Path) -> str:
    return shown_path(path, ws.config.root)


def _finish(
    ws: Workspace,
    args: argparse.Namespace,
    recorded: Evidence,
    updated: Evidence,
    changes: list[Change],
    restamp: list[str],
    problems: list[str],
    what: str,
    command: str,
    base: Any,
) -> int:
    """Print how the observed evidence differs from the recorded; record it with --update; return the exit code."""
    if changes:
        weak = sum(1 for c in changes if c.weakening)
        print()
        print(
            f"behaviour changed: evidence of the {what} differs from {_shown(ws, ws.config.ledger / 'evidence')} ({len(changes)} change(s), {weak} weakening(s) first):"
        )
        print("\n".join("  " + c.line() for c in changes[:CHANGES_SHOWN]))
        if len(changes) > CHANGES_SHOWN:
            print(f"  ... and {len(changes) - CHANGES_SHOWN} more")
    if restamp:
        moved = why_moved(recorded, base, ws.claims, ws.catalog.seeded, ws.sources, ws.digests(base), restamp)
        print(
            f"fingerprint moved, behaviour did not: {len(restamp)} row(s) re-observed with the same evidence under a "
            f"new fingerprint (first: {restamp[0]}); what moved: {summary(moved, recorded.environment, ws.environment)}"
        )
    for problem in problems:
        print(problem)
    folder = ws.config.ledger / "evidence"
    stale = bool(changes or restamp)
    if args.update:
        written = write_evidence(folder, updated, ws.claims)
        print(
            f"recorded: {len(written)} evidence file(s) written under {_shown(ws, folder)}"
            if written
            else f"recorded: {_shown(ws, folder)} already up to date"
        )
        stale = False
    elif stale:
        print(
            f"the recorded evidence is stale: run `{command}`, review the diff of {_shown(ws, folder)}, and commit it"
        )
    if args.report_json or args.report_html:
        from claims.cli.mutate_views import write_reports

        write_reports(
            ws,
            updated,
            output_guard(ws.config, args),
            json_path=args.report_json,
            html_path=args.report_html,
            baseline=base,
        )
    return Exit.RED if stale or problems else Exit.PASS
