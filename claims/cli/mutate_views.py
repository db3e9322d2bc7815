"""`claim_batch mutate show ID`, `claim_batch mutate survivors`, and the report files, from the recorded evidence.

Nothing runs: the mutants come from the (cached) generated tree's manifest,
their killers from `ledger/evidence/`, the covering claims from the result
cache of the last run.
"""

from __future__ import annotations

import json
import sys
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from claims._internal.config import shown_path
from claims._internal.destination import Guard, write_output
from claims._internal.mutation.evidence import Evidence, Observation
from claims._internal.mutation.plan import Baseline, selects
from claims._internal.mutation.tallies import left_out_lines, module_lines, operator_lines
from claims._internal.mutation.workspace import Workspace
from claims._internal.reports.model import ReportModel
from claims.atomic import write_atomically
from claims.cli.exits import Exit
from claims.cli.parsing import command_parser, parse


def _version() -> str | None:
    import importlib.metadata

    try:
        return importlib.metadata.version("typed-claims")
    except importlib.metadata.PackageNotFoundError:
        return None


def _recorded_model(operators: str) -> ReportModel:
    """Build the report model from what is recorded, without running a claim or a mutant."""
    return _recorded(operators)[0]


def _recorded(operators: str) -> tuple[ReportModel, Any]:
    """Build the report model from what is recorded, and say what a recorded row's fingerprint covers."""
    from claims._internal.caching.passes import ResultsCache
    from claims._internal.config import load_config
    from claims._internal.mutation.collect import collect
    from claims._internal.mutation.generate import generate, left_out
    from claims._internal.mutation.kill_matrix import build_model
    from claims._internal.mutation.operators.registry import chosen_sets
    from claims._internal.mutation.plan import Baseline
    from claims._internal.mutation.recorded import read_evidence
    from claims._internal.mutation.survivors import equivalent_path, read_equivalent
    from claims._internal.mutation.workspace import OUTSIDE, mutmut_skip
    from claims._internal.running.session import open_session

    config = load_config()
    tree = config.caches.mutant_tree
    mutants = generate(
        config.typecheck,
        config.root,
        tree,
        chosen_sets(operators.split(",")),
        skip=mutmut_skip(config.typecheck),
        why_not=lambda module: None if config.mutated(module) else OUTSIDE,
    )
    session = open_session(config=config)
    claims = session.discovery.claims
    evidence = read_evidence(config.ledger / "evidence", [c.id for c in claims], root=config.root)
    cache = ResultsCache.load(config.caches.results)
    baseline = Baseline.of(cache.durations, {k: e.reach for k, e in cache.entries.items()}) if cache.entries else None
    catalog = collect(config.mutations)
    model = build_model(
        config,
        claims,
        mutants,
        catalog.seeded,
        evidence,
        read_equivalent(equivalent_path(config)),
        baseline,
        _version(),
        left_out(tree),
    )

    def covers(ident: str) -> list[str]:
        from claims._internal.caching.environment import current
        from claims._internal.caching.fingerprint import Sources
        from claims._internal.mutation.staleness import covered_lines

        if baseline is None:
            return ["fingerprint: unknown until a run has recorded what each claim executes (run `claim_batch`)"]
        sources = Sources((*config.typecheck, *config.witnesses), config.root)
        by_id = {c.id: c for c in claims}
        return covered_lines(
            ident, evidence, baseline, by_id, catalog.seeded, sources, session.import_reach, current(config.root)
        )

    return model, covers


def show(argv: Sequence[str]) -> int:
    """Print a mutant's or defect's diff against the original, its operator, status and every killer with how it failed."""
    parser = command_parser(
        prog="claim_batch mutate show",
        description="Show one mutant or declared defect: diff, operator, status, every killer.",
    )
    parser.add_argument(
        "ident",
        metavar="ID",
        help="a mutant id (or its unique last part, e.g. rule.min_max_3f0c9a1d) or a declared defect id",
    )
    parser.add_argument(
        "--operators",
        default="mutmut,domain",
        metavar="SETS",
        help="operator sets the mutants were generated with (default mutmut,domain)",
    )
    args = parse(parser, argv)
    if isinstance(args, Exit):
        return args
    from claims._internal.reports.show import find_mutant, show_text

    model, covers = _recorded(args.operators)
    print(show_text(model, args.ident), end="")
    print("\n".join(covers(find_mutant(model, args.ident).id)))
    return Exit.PASS


def survivors(argv: Sequence[str]) -> int:
    """List every surviving mutant with its diff and its equivalence reason (unexplained ones first)."""
    parser = command_parser(
        prog="claim_batch mutate survivors", description="List survivors with their diffs and equivalence reasons."
    )
    parser.add_argument(
        "--operators",
        default="mutmut,domain",
        metavar="SETS",
        help="operator sets the mutants were generated with (default mutmut,domain)",
    )
    parser.add_argument(
        "--admit-untriaged",
        action="store_true",
        help="write every survivor not explained in equivalent.toml to untriaged.toml beside it, as admitted debt "
        "the gate passes (a baseline for adopting on existing code; rerun it to shrink the list)",
    )
    parser.add_argument(
        "--bind",
        action="store_true",
        help="rewrite each explanation in equivalent.toml written before ids were stable (a number and a change "
        "line) under the stable id of the mutation its change line records; one without a change line, or whose "
        "mutation is gone, is listed and left for you",
    )
    args = parse(parser, argv)
    if isinstance(args, Exit):
        return args
    if args.admit_untriaged:
        return admit_untriaged()
    if args.bind:
        return bind_explanations()
    from claims._internal.reports.show import UNDETECTED, survivors_text

    model = _recorded_model(args.operators)
    print(survivors_text(model))
    return Exit.RED if any(m.status in UNDETECTED for m in model.mutants) else Exit.PASS


def bind_explanations() -> int:
    """Rewrite explanations written under numbers under their mutations' stable ids (see `audit.binding_plan`)."""
    from claims._internal.config import load_config
    from claims._internal.mutation.audit import binding_plan
    from claims._internal.mutation.recorded import read_evidence
    from claims._internal.mutation.survivors import bound_text, equivalent_path, read_bindings
    from claims._internal.running.session import open_session

    config = load_config()
    session = open_session(config=config)
    evidence = read_evidence(config.ledger / "evidence", [c.id for c in session.discovery.claims], root=config.root)
    path = equivalent_path(config)
    shown = shown_path(path, config.root)
    plan, left = binding_plan(evidence, read_bindings(path))
    if plan:
        text = bound_text(path.read_text(encoding="utf-8"), plan)
        unwritten = _unwritten(text, plan)
        if unwritten:
            print(
                f"claim_batch mutate survivors: {shown}: cannot rewrite the entries of {', '.join(unwritten[:5])}: "
                'write each as the line mutant = "<id>" (double quotes) with any change line right under it, '
                "then bind again; nothing was written",
                file=sys.stderr,
            )
            return Exit.USAGE
        write_atomically(path, text.encode("utf-8"))
    _print_bound(shown, plan, left)
    return Exit.RED if left else Exit.PASS


def _unwritten(text: str, plan: Mapping[str, tuple[str, str]]) -> list[str]:
    """Return the planned bindings the file as it would be written does not read back with (the old ids)."""
    try:  # the file as it would be written must read back with every planned binding
        entries = tomllib.loads(text).get("equivalent", [])
        written = {e.get("mutant") for e in entries if isinstance(e, dict) and "change" not in e}
    except tomllib.TOMLDecodeError:
        written = set()
    return sorted(old for old, (new, _) in plan.items() if new not in written)


def _print_bound(shown: str, plan: Mapping[str, tuple[str, str]], left: Mapping[str, str]) -> None:
    """Print each explanation rewritten, the count, and each left for the user with what to do about it."""
    for old, (new, _) in sorted(plan.items()):
        print(f"rewrote {old} -> {new} (the mutation its change line records)")
    print(f"{shown}: rewrote {len(plan)}, left {len(left)}")
    for mutant_id, why in sorted(left.items()):
        print(
            f"  left {mutant_id}: {why}; find the mutation its reason was written for among the survivors of its "
            "function (`claim_batch mutate survivors`): write that mutation's id if it is there, else delete the entry"
        )


def admit_untriaged() -> int:
    """Rewrite untriaged.toml with exactly the recorded survivors that equivalent.toml does not explain."""
    from claims._internal.config import load_config
    from claims._internal.mutation.recorded import read_evidence
    from claims._internal.mutation.survivors import (
        equivalent_path,
        read_equivalent,
        read_untriaged,
        untriaged_path,
        untriaged_text,
    )
    from claims._internal.running.session import open_session

    config = load_config()
    session = open_session(config=config)
    evidence = read_evidence(config.ledger / "evidence", [c.id for c in session.discovery.claims], root=config.root)
    equivalent = read_equivalent(equivalent_path(config))
    path = untriaged_path(config)
    before = read_untriaged(path)
    admitted = sorted(m for m, row in evidence.mutants.items() if row.status != "killed" and m not in equivalent)
    shown = shown_path(path, config.root)
    if not admitted:
        path.unlink(missing_ok=True)
        print(f"no untriaged survivors: every survivor is killed or explained ({shown} removed)")
        return Exit.PASS
    write_atomically(path, untriaged_text(admitted).encode("utf-8"))
    new = len(set(admitted) - before)
    print(
        f"admitted {len(admitted)} untriaged survivor(s) in {shown} (was {len(before)}; {new} new, "
        f"{len(before - set(admitted))} gone); they still count as undetected"
    )
    return Exit.PASS


def write_reports(
    ws: object,
    evidence: Evidence,
    guard: Guard,
    *,
    json_path: str | None,
    html_path: str | None,
    baseline: Baseline | None = None,
) -> None:
    """Write the Stryker JSON (validated shape, schema version 2) and the offline HTML report, each where `guard` admits it."""
    from claims._internal.mutation.kill_matrix import build_model
    from claims._internal.mutation.survivors import equivalent_path, read_equivalent
    from claims._internal.mutation.workspace import Workspace
    from claims._internal.reports.html import html_report
    from claims._internal.reports.stryker import stryker_report

    assert isinstance(ws, Workspace)
    equivalent = read_equivalent(equivalent_path(ws.config))
    model = build_model(
        ws.config,
        ws.session.discovery.claims,
        ws.mutants,
        ws.catalog.seeded,
        evidence,
        equivalent,
        baseline,
        _version(),
        ws.left,
    )
    if json_path is not None:
        text = json.dumps(stryker_report(model), indent=1, sort_keys=True) + "\n"
        write_output(guard, "--report-json", json_path, text.encode("utf-8"))
        print(f"wrote {json_path} (Stryker mutation-testing-report, schema version 2)")
    if html_path is not None:
        data = html_report(model).encode("utf-8")
        write_output(guard, "--report-html", html_path, data)
        print(f"wrote {html_path} ({len(data):,} bytes, offline)")


def defect_lines(one: Any, verdict: Any, seen: Observation, ran: int, scope: frozenset[str] | None) -> list[str]:
    """Render one declared defect's verdict: a line, and when it does not hold, its intent and what broke it."""
    where = f"exact within {', '.join(one.scope)}" if one.scope else "intent"
    lines = [f"{verdict.verdict.value:<8} {one.id}  ({len(seen.killers)} red of {ran} run; {where})"]
    if verdict.verdict.holds:
        return lines
    lines += [f"  intent:   {one.intent}", f"  verdict:  {verdict.verdict.sentence}"]
    if verdict.detail:
        lines.append(f"  detail:   {verdict.detail}")
    for label, ids in (
        ("must turn red, stayed green", verdict.missing),
        ("must stay green, turned red", verdict.broken),
        ("red in scope, not named", verdict.unexpected),
    ):
        if ids:
            lines.append(f"  {label}:")
            lines += [f"    - {i} ({seen.how(i)})" for i in sorted(ids)]
    return lines


def print_tables(ws: Workspace, patterns: Sequence[str], shown: dict[str, Any], equivalent: dict[str, str]) -> None:
    """Print the detected share per module and per operator, and the function-likes left unmutated."""
    left = [item for item in ws.left if not patterns or any(selects(f"{item[0]}.{item[1]}", p) for p in patterns)]
    print("\n".join(module_lines(shown.values(), equivalent, left)))
    print()
    print("\n".join(operator_lines(shown.values(), equivalent)))
    if left_out_lines(left):
        print()
        print("\n".join(left_out_lines(left)))
