"""`claim_batch [PATTERN ...]`: run the selected claims and report them (the default command)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import TextIO

from claims._internal.config import load_config
from claims._internal.declare import Claim
from claims._internal.destination import Guard, check_outputs, guard_for, write_output
from claims._internal.record.debt import Debt, admitted_reds, debt_lines, load_debt
from claims._internal.record.ledger import ledger_paths
from claims._internal.reports.terminal import closing_line
from claims._internal.running.discovery import ImportFailure
from claims._internal.running.many_claims import Execution
from claims._internal.running.session import Session, open_session
from claims._internal.running.warm import open_warm_session
from claims._internal.select import select, unknown_message
from claims.cli.exits import Exit
from claims.cli.options import (
    add_overwrite_option,
    add_run_options,
    order_seed,
    reads_cache,
    run_streamed,
    settings_from,
)
from claims.cli.parsing import command_parser
from claims.cli.printer import print_reds


def build_parser(epilog: str) -> argparse.ArgumentParser:
    """Describe the run command's arguments."""
    parser = command_parser(
        prog="claim_batch",
        description="Evaluate the witnesses' claims against typed domain values and snapshots.",
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "patterns", nargs="*", metavar="PATTERN", help="witness or claim ids, dotted prefixes or globs (default: all)"
    )
    parser.add_argument("--list", action="store_true", help="list the selected claims and exit")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print results as JSON (schema claim_batch/1) on stdout; the report goes to stderr",
    )
    parser.add_argument("--junit-xml", metavar="PATH", help="also write a JUnit XML report to PATH")
    add_overwrite_option(parser)
    parser.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first failed or errored claim")
    add_run_options(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    """Evaluate the selection; print per-witness lines, failures and the closing line."""
    seed = order_seed(args)
    guard = _checked_guard(args)
    session = _opened(args)
    discovery = session.discovery
    paths = ledger_paths(session.config)
    # Read debt before running: a malformed debt file is an input error (exit 2), not a red run.
    debt = load_debt(paths.debt, shown_as=paths.shown(paths.debt))
    claims, unknown = select(discovery.claims, args.patterns)
    # A module that did not import may have held selected claims: always report it.
    failures = discovery.failures
    if unknown:
        return _unknown(unknown, session, debt, args)
    if args.list:
        return _listed(claims, failures)
    out = sys.stderr if args.json else sys.stdout
    if seed is not None:
        print(f"random order: seed {seed} (replay it with --random-order={seed})", file=out, flush=True)
    execution = run_streamed(session, claims, args, out, exitfirst=args.exitfirst, seed=seed)
    results = execution.results
    if args.json:
        _print_json(execution, failures, debt)
    else:
        print_reds(results, failures, out, root=str(session.config.root), debt=debt, no_diff=args.no_diff)
        _print_closing(execution, len(claims), len(failures), debt, paths.shown(paths.debt), out)
    if guard is not None:
        from claims._internal.reports.export import junit_xml

        # Checked again as it is written: what is at the path may have changed while the claims ran.
        write_output(guard, "--junit-xml", args.junit_xml, junit_xml(results, failures))
    if execution.interrupted:
        return Exit.INTERRUPTED
    return Exit.RED if _red(execution, len(claims), bool(failures), debt) else Exit.PASS


def _checked_guard(args: argparse.Namespace) -> Guard | None:
    """Check the --junit-xml path before anything runs (a path that must not be written costs no run); return its guard."""
    if args.junit_xml is None:
        return None
    guard = guard_for(load_config(), force=args.force_overwrite)
    check_outputs(guard, [("--junit-xml", args.junit_xml)])
    return guard


def _opened(args: argparse.Namespace) -> Session:
    """Open the session: warm when the cache may answer, importing only the witness modules it cannot."""
    if reads_cache(args) and not args.list:
        # Only the witness modules holding a claim the cache cannot answer are imported (see `warm`).
        return open_warm_session(args.profile, args.patterns, lambda config: settings_from(args, config))
    return open_session(args.profile, patterns=args.patterns, catalogue=True)


def _unknown(unknown: Sequence[str], session: Session, debt: Mapping[str, Debt], args: argparse.Namespace) -> int:
    """Say which patterns match no claim: exit 2, or 1 when a witness did not import (it may have held them)."""
    discovery = session.discovery
    failures = discovery.failures
    if failures:  # perhaps what the pattern names is in a module that did not import: say why first
        print_reds((), failures, sys.stderr, root=str(session.config.root), debt=debt, no_diff=args.no_diff)
    print(unknown_message(unknown, discovery.claims), file=sys.stderr)
    if failures:
        print(
            f"claim_batch: {len(failures)} witness module(s) did not import (above); what the pattern names may be there",
            file=sys.stderr,
        )
        return Exit.RED
    return Exit.USAGE


def _listed(claims: Sequence[Claim], failures: Sequence[ImportFailure]) -> int:
    """List the selected claims and the witness modules that did not import (exit 1 when any did not)."""
    for claim in claims:
        print(f"{claim.id}  [{claim.kind.value}]  {claim.statement}")
    for failure in failures:
        print(f"ERROR {failure.module}  [witness did not import]")
    return Exit.RED if failures else Exit.PASS


def _print_json(execution: Execution, failures: Sequence[ImportFailure], debt: Mapping[str, Debt]) -> None:
    """Print the results as JSON (schema claim_batch/1) on stdout."""
    from claims._internal.reports.export import json_document

    document = json_document(execution.results, failures, interrupted=execution.interrupted, debt=debt)
    print(json.dumps(document, indent=2, sort_keys=True))


def _red(execution: Execution, selected: int, failed_imports: bool, debt: Mapping[str, Debt]) -> bool:
    """Say whether the run is red: a new red (an admitted one is debt), a claim that never ran, an import failure."""
    results = execution.results
    return any(r.verdict.red and r.claim.id not in debt for r in results) or failed_imports or len(results) < selected


def _print_closing(
    execution: Execution, selected: int, failures: int, debt: Mapping[str, Debt], debt_file: str, out: TextIO
) -> None:
    """Print how the run ended (interrupted, stopped, reused), the admitted debt, and the closing line."""
    results = execution.results
    print(file=out)
    if execution.interrupted:
        print(f"interrupted: {len(results)} of {selected} claims finished", file=out)
    elif execution.stopped:
        print(f"stopped at the first red claim (-x): {len(results)} of {selected} claims ran", file=out)
    if execution.cached:
        print(
            f"{execution.cached} of {selected} results reused from the cache (nothing they executed changed; --no-cache reruns them)",
            file=out,
        )
    notes = debt_lines(results, debt, debt_file)
    if notes:
        print("\n".join(notes), file=out)
        print(file=out)
    print(
        closing_line(results, failures, debt=len(admitted_reds(results, debt)), missing=selected - len(results)),
        file=out,
    )
