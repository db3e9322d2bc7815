"""Run the selected claims witness by witness and report them (the default command)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TextIO

from attrs import evolve

from claims.atomic import write_atomically
from claims._internal.debt import Debt, load_debt
from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims._internal.ledger import ledger_paths
from claims._internal.report import closing_line, failure_lines, import_failure_lines, witness_line
from claims._internal.runner import Result, Settings, run_claims
from claims._internal.select import select, unknown_message
from claims._internal.session import open_session

EXIT_PASS, EXIT_RED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def run_by_witness(claims: Sequence[Claim], settings: Settings, out: TextIO, *, exitfirst: bool = False) -> tuple[list[Result], bool, bool]:
    """Run claims witness by witness, printing each witness line; return results, interrupted, stopped early."""
    width = max((len(c.witness) for c in claims), default=0)
    results: list[Result] = []
    for witness in dict.fromkeys(c.witness for c in claims):
        mine = [c for c in claims if c.witness == witness]
        outcome = run_claims(mine, settings, exitfirst=exitfirst)
        results.extend(outcome.results)
        if outcome.results:
            print(witness_line(witness, outcome.results, width), file=out, flush=True)
        if outcome.interrupted or outcome.stopped_early:
            return results, outcome.interrupted, outcome.stopped_early
    return results, False, False


def without_diff(result: Result) -> Result:
    """Drop a snapshot result's diff (--no-diff); other details stay."""
    return evolve(result, detail="") if result.claim.kind is Kind.SNAPSHOT else result


def admitted_reds(results: Sequence[Result], debt: Mapping[str, Debt]) -> list[Result]:
    """Return the red results that admitted debt covers."""
    return [r for r in results if r.verdict.red and r.claim.id in debt]


def debt_lines(results: Sequence[Result], debt: Mapping[str, Debt], debt_file: str) -> list[str]:
    """Say which reds are admitted debt, which are new, and which debts are paid."""
    admitted = admitted_reds(results, debt)
    new = [r for r in results if r.verdict.red and r.claim.id not in debt]
    paid = [r for r in results if not r.verdict.red and r.claim.id in debt]
    if not (admitted or paid):
        return []
    lines = [f"admitted debt ({debt_file}): {len(admitted)} red claim(s) allowed"]
    lines += [f"  {r.verdict.value} {r.claim.id}  owner: {debt[r.claim.id].owner}; {debt[r.claim.id].trigger}" for r in admitted]
    if new:
        lines.append(f"new reds (not admitted): {len(new)}")
        lines += [f"  {r.verdict.value} {r.claim.id}" for r in new]
    lines += [f"debt paid: {r.claim.id} passes; retire it from {debt_file}" for r in paid]
    return lines


def run(args: argparse.Namespace) -> int:
    """Evaluate the selection; print per-witness lines, failures and the closing line."""
    session = open_session(args.profile)
    discovery = session.discovery
    paths = ledger_paths(session.config)
    # Read debt before running: a malformed debt file is an input error (exit 2), not a red run.
    debt = load_debt(paths.debt, shown_as=paths.shown(paths.debt))
    claims, unknown = select(discovery.claims, args.patterns)
    if unknown:
        print(unknown_message(unknown, discovery.claims), file=sys.stderr)
        return EXIT_USAGE
    # A module that did not import may have held selected claims: always report it.
    failures = discovery.failures
    if args.list:
        for claim in claims:
            print(f"{claim.id}  [{claim.kind.value}]  {claim.statement}")
        for failure in failures:
            print(f"ERROR {failure.module}  [witness did not import]")
        return EXIT_RED if failures else EXIT_PASS

    no_diff = getattr(args, "no_diff", False)
    settings = Settings(timeout=args.timeout or session.config.timeout, snapshots=session.config.snapshots, diff_limit=args.diff_lines)
    out = sys.stderr if args.json else sys.stdout
    results, interrupted, stopped = run_by_witness(claims, settings, out, exitfirst=args.exitfirst)

    root = str(session.config.root)
    if args.json:
        from claims._internal.export import json_document

        print(json.dumps(json_document(results, failures, interrupted=interrupted, debt=debt), indent=2, sort_keys=True))
    else:
        for result in results:
            if result.verdict.red and result.claim.id not in debt:
                print(file=out)
                print("\n".join(failure_lines(without_diff(result) if no_diff else result, root)), file=out)
        for failure in failures:
            print(file=out)
            print("\n".join(import_failure_lines(failure)), file=out)
        print(file=out)
        if interrupted:
            print(f"interrupted: {len(results)} of {len(claims)} claims finished", file=out)
        elif stopped:
            print(f"stopped at the first red claim (-x): {len(results)} of {len(claims)} claims ran", file=out)
        debt_notes = debt_lines(results, debt, paths.shown(paths.debt))
        if debt_notes:
            print("\n".join(debt_notes), file=out)
            print(file=out)
        print(closing_line(results, len(failures), debt=len(admitted_reds(results, debt))), file=out)
    if args.junit_xml:
        from claims._internal.export import junit_xml

        write_atomically(Path(args.junit_xml), junit_xml(results, failures))
    if interrupted:
        return EXIT_INTERRUPTED
    # An admitted red is debt, not a failure: only new reds and import failures fail the run.
    red = any(r.verdict.red and r.claim.id not in debt for r in results) or bool(failures)
    return EXIT_RED if red else EXIT_PASS
