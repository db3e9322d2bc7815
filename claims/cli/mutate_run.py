"""Run a mutation sweep for `claim_batch mutate`: read the request, call the engine, print what it found.

The sweep itself (prepare, plan, run, judge, compare with the ledger) is
`mutation.runs`; this module writes the files asked for and prints.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path

from claims._internal.config import Config, load_config, project_paths, put_first, shown_path
from claims._internal.destination import Guard, check_outputs, guard_for, write_output
from claims._internal.mutation import runs
from claims._internal.mutation.collect import collect
from claims._internal.mutation.comparison import Comparison
from claims._internal.mutation.plan import Baseline, selected
from claims._internal.mutation.runs import AutoRun, DeclaredRun, Listed, Refused, Request
from claims._internal.mutation.shards import shard_text
from claims._internal.mutation.survivors import equivalent_path, untriaged_path
from claims._internal.mutation.verdicts import CHANGES_SHOWN, Ending
from claims._internal.mutation.workspace import Workspace
from claims._internal.reports.sarif import Finding, sarif_text, tool_version, workflow_commands
from claims.cli.exits import Exit
from claims.cli.mutate_progress import listener, note
from claims.cli.mutate_views import defect_lines, print_tables, write_reports
from claims.cli.options import worker_count

EXITS = {
    Ending.PASS: Exit.PASS,
    Ending.RED: Exit.RED,
    Ending.USAGE: Exit.USAGE,
    Ending.INTERRUPTED: Exit.INTERRUPTED,
}
"""The exit code of each ending the engine calls for."""


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


def annotating() -> bool:
    """Say whether to print the review findings as workflow annotations: under GitHub Actions."""
    return os.environ.get("GITHUB_ACTIONS") == "true"


def request_of(args: argparse.Namespace) -> Request:
    """Read the sweep's request from the parsed arguments."""
    return Request(
        auto=args.auto,
        patterns=tuple(args.patterns),
        operators=args.operators,
        profile=args.profile,
        timeout=args.timeout,
        quiet=args.quiet,
        workers=worker_count(args.workers),
        rebuild=args.rebuild,
        probe=None if args.probe is None else bool(args.probe),
        since=args.since,
        shard=args.shard,
        merge=tuple(args.merge or ()),
        listing=args.list,
        update=args.update,
        review=bool(args.report_sarif) or annotating(),
    )


def run_sweep(args: argparse.Namespace) -> int:
    """Run the declared defects or the automatic mutants; print, compare, and record when asked."""
    if any(path is not None for _, path in outputs(args)):
        # Before anything runs: a report path that must not be written costs no sweep.
        check_outputs(output_guard(load_config(), args), outputs(args))
    if args.list and not args.auto:
        return _list_declared(args)  # the declared defects are read from their modules: no tree to generate
    found = runs.run(request_of(args), listener(args.quiet))
    if isinstance(found, Listed):
        return _list(found)
    if isinstance(found, Refused):
        return _refused(found)
    if isinstance(found, AutoRun):
        return _auto(args, found)
    return _declared(args, found)


def _list(found: Listed) -> int:
    """Print the selected mutants, one a line."""
    for mutant in found.mutants:
        print(f"{mutant.id}  [{mutant.operator}]  {mutant.original!r} -> {mutant.replacement!r}")
    return Exit.PASS


def _refused(found: Refused) -> int:
    """Say why nothing could be judged: the claims red without any mutation."""
    note(
        "claim_batch mutate: refusing: the baseline is not green, so nothing could be judged; red without any mutation:"
    )
    note("\n".join(f"  - {r}" for r in found.red))
    note("run `claim_batch` to see why, fix them, then rerun `claim_batch mutate`")
    return Exit.RED


def _list_declared(args: argparse.Namespace) -> int:
    """Print the selected declared defects, read from their modules (those that did not import said on stderr)."""
    config = load_config()
    put_first(project_paths(config.root))
    catalog = collect(config.mutations)
    for failure in catalog.failures:
        note(f"ERROR {failure.module}  [mutation module did not import]\n{failure.traceback}")
    for one in catalog.seeded:
        if selected([one.id], args.patterns):
            scope = f"  [exact within: {', '.join(one.scope)}]" if one.scope else ""
            print(f"{one.id}  -> must red: {', '.join(sorted(one.must_red))}{scope}\n  intent: {one.intent}")
    return Exit.RED if catalog.failures else Exit.PASS


def _declared(args: argparse.Namespace, found: DeclaredRun) -> int:
    """Print each defect's verdict, then the comparison and the verdicts counted."""
    if found.unmatched:
        note(
            f"claim_batch mutate: no declared defect matches {' '.join(args.patterns)}; `claim_batch mutate --list` shows them"
        )
        return Exit.USAGE
    for verdict in found.verdicts:
        print("\n".join(defect_lines(verdict.seeded, verdict.judgement, verdict.seen, verdict.ran, verdict.scope)))
    if found.comparison is None:
        note("claim_batch mutate: interrupted; nothing recorded")
        return Exit.INTERRUPTED
    _finish(found.ws, args, found.comparison, found.base)
    print(f"{found.selected} defects: " + ", ".join(f"{n} {v}" for v, n in found.counts))
    return EXITS[found.ending]


def _auto(args: argparse.Namespace, found: AutoRun) -> int:
    """Write --out, print the tables, the debt and the review, then the comparison."""
    ws = found.ws
    if args.out:
        complete = found.ending is not Ending.INTERRUPTED
        write_output(output_guard(ws.config, args), "--out", args.out, shard_text(args.shard, complete, found.kept))
        print(f"wrote {args.out} ({len(found.kept)} observations)")
    print_tables(ws, args.patterns, found.rows, found.equivalent)
    if found.comparison is None:
        note("claim_batch mutate: interrupted; finished mutants are kept in .claims-cache and reused by the next run")
        return Exit.INTERRUPTED
    if found.admitted:
        print(
            f"debt: {len(found.admitted)} untriaged survivor(s) admitted in {shown_path(untriaged_path(ws.config), ws.config.root)} "
            "(counted undetected above; `claim_batch mutate survivors` lists them)"
        )
    if found.findings is not None:
        _review(ws, args, found.findings)
    _finish(ws, args, found.comparison, found.base)
    return EXITS[found.ending]


def _review(ws: Workspace, args: argparse.Namespace, found: Sequence[Finding]) -> None:
    """Write --report-sarif, and under GitHub Actions print the same findings as workflow annotations."""
    if args.report_sarif:
        data = sarif_text(found, tool_version()).encode("utf-8")
        write_output(output_guard(ws.config, args), "--report-sarif", args.report_sarif, data)
        print(f"wrote {args.report_sarif} (SARIF 2.1.0, {len(found)} result(s))")
    if annotating():
        print("\n".join(workflow_commands(found)))


def _finish(ws: Workspace, args: argparse.Namespace, found: Comparison, base: Baseline) -> None:
    """Print how the observed evidence differs from the recorded; record it with --update; write the reports."""
    folder = shown_path(ws.config.ledger / "evidence", ws.config.root)
    _print_changes(found, folder)
    for problem in found.problems:
        print(problem)
    if args.update:
        written = runs.record(ws, found)
        print(
            f"recorded: {len(written)} evidence file(s) written under {folder}"
            if written
            else f"recorded: {folder} already up to date"
        )
    elif found.stale:
        print(f"the recorded evidence is stale: run `{found.command}`, review the diff of {folder}, and commit it")
    if args.report_json or args.report_html:
        guard = output_guard(ws.config, args)
        write_reports(ws, found.updated, guard, json_path=args.report_json, html_path=args.report_html, baseline=base)


def _print_changes(found: Comparison, folder: str) -> None:
    """Print how the observed evidence differs from the recorded, and the rows only restamped."""
    if found.changes:
        weak = sum(1 for c in found.changes if c.weakening)
        print()
        print(
            f"behaviour changed: evidence of the {found.what} differs from {folder} ({len(found.changes)} change(s), {weak} weakening(s) first):"
        )
        print("\n".join("  " + c.line() for c in found.changes[:CHANGES_SHOWN]))
        if len(found.changes) > CHANGES_SHOWN:
            print(f"  ... and {len(found.changes) - CHANGES_SHOWN} more")
    if found.restamp:
        print(
            f"fingerprint moved, behaviour did not: {len(found.restamp)} row(s) re-observed with the same evidence under a "
            f"new fingerprint (first: {found.restamp[0]}); what moved: {found.moved}"
        )
