"""`claim_batch snapshots [--update] [--prune] [PATTERN ...]`: check, write or prune byte-identity snapshots.

Without flags, report each selected snapshot claim as ok, changed or missing,
and (on a full run) the stored files no claim owns.  `--update` writes new
and changed snapshots atomically and prints each file it wrote; `--prune`
deletes unused files, only on a full run.  With `CI` set, writing is refused
unless `--force`: CI checks snapshots, it never blesses them.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims._internal.record.ledger import LedgerPaths, ledger_paths
from claims._internal.reports.terminal import import_failure_lines
from claims._internal.result import Result
from claims._internal.running.discovery import Discovery
from claims._internal.running.session import open_session
from claims._internal.select import select, unknown_message
from claims._internal.snapshots import prune_empty_folders, snapshot_path, unused_snapshots, write_snapshot
from claims.cli.exits import Exit
from claims.cli.options import add_run_options, in_ci, run_streamed
from claims.cli.parsing import command_parser, parse
from claims.cli.printer import print_reds


def build_parser() -> argparse.ArgumentParser:
    """Describe the snapshots command's arguments."""
    parser = command_parser(prog="claim_batch snapshots", description="Check, update or prune byte-identity snapshots.")
    parser.add_argument(
        "patterns",
        nargs="*",
        metavar="PATTERN",
        help="witness or claim ids, dotted prefixes or globs (default: every snapshot claim)",
    )
    parser.add_argument(
        "--update", action="store_true", help="write new and changed snapshots (atomically) and print what was written"
    )
    parser.add_argument(
        "--prune", action="store_true", help="delete stored snapshots no claim owns (full run only: no PATTERN)"
    )
    parser.add_argument("--force", action="store_true", help="write even though the CI environment variable is set")
    add_run_options(parser, cache=False)
    return parser


def main(argv: Sequence[str]) -> int:
    """Check, update or prune; exit 0 all stored and used, 1 a mismatch or unused file remains, 2 misuse."""
    args = parse(build_parser(), argv)
    if isinstance(args, Exit):
        return args
    refused = _misuse(args)
    if refused:
        print(f"claim_batch snapshots: {refused}", file=sys.stderr)
        return Exit.USAGE
    session = open_session(args.profile, patterns=args.patterns)
    discovery = session.discovery
    chosen = _chosen(discovery, args.patterns)
    if isinstance(chosen, str):
        print(chosen, file=sys.stderr)
        return Exit.USAGE
    for failure in discovery.failures:
        print("\n".join(import_failure_lines(failure)), file=sys.stderr)
    # Never from the cache: --update needs the rendered bytes, which only a run yields.
    execution = run_streamed(session, chosen, args, sys.stdout, read_cache=False)
    if execution.interrupted:
        return Exit.INTERRUPTED
    paths = ledger_paths(session.config)
    written, problems = _stored(execution.results, paths, args, str(session.config.root))
    unused, pruned_problems = _unused(paths, discovery, args)
    problems += pruned_problems
    print(_closing(args, written, len(unused), len(execution.results), problems))
    return Exit.RED if problems else Exit.PASS


def _chosen(discovery: Discovery, patterns: Sequence[str]) -> list[Claim] | str:
    """Return the snapshot claims the patterns select, or why they cannot be run (a pattern selects nothing)."""
    claims, unknown = select(discovery.claims, patterns)
    if unknown:
        return unknown_message(unknown, discovery.claims)
    chosen = [c for c in claims if c.kind is Kind.SNAPSHOT]
    if patterns and not chosen:
        return f"claim_batch snapshots: no snapshot claim matches {' '.join(patterns)}"
    return chosen


def _closing(args: argparse.Namespace, written: int, unused: int, checked: int, problems: int) -> str:
    """Say how the run ended: what was written and deleted, or what was checked and how many problems remain."""
    if args.update or (args.prune and unused):
        return f"snapshots: {written} written, {unused if args.prune else 0} deleted" + (
            "; the ledger records their digests: run `claim_batch ledger --write`" if written else ""
        )
    return f"snapshots: {checked} checked, {problems} problem(s)"


def _misuse(args: argparse.Namespace) -> str | None:
    """Say why these options cannot run together, or None."""
    if (args.update or args.prune) and in_ci() and not args.force:
        return "refusing to write snapshots with CI set (CI checks snapshots, never blesses them); update them locally, or pass --force"
    if args.prune and args.patterns:
        return "--prune judges unused snapshots only on a full run; drop the PATTERN(s)"
    return None


def _stored(results: Sequence[Result], paths: LedgerPaths, args: argparse.Namespace, root: str) -> tuple[int, int]:
    """Write each rendered snapshot with --update, else show each red one; return how many written and how many red."""
    problems = 0
    written = 0
    for result in results:
        shown = paths.shown(snapshot_path(paths.snapshots, result.claim))
        if args.update and result.payload is not None:
            wrote = write_snapshot(paths.snapshots, result.claim, result.payload)
            if wrote is not None:
                written += 1
                print(f"wrote {shown} ({wrote[1]}, {len(result.payload)} bytes, sha256 {result.digest})")
            continue
        if result.verdict.red:
            # Without --update, or when the claim produced no bytes at all (it crashed): show why.
            problems += 1
            print_reds([result], (), sys.stdout, root=root, no_diff=args.no_diff)
    return written, problems


def _unused(paths: LedgerPaths, discovery: Any, args: argparse.Namespace) -> tuple[list[Path], int]:
    """Find the snapshots no claim owns (on a full run); delete them with --prune; return them and the problems."""
    problems = 0
    full_run = not args.patterns and not discovery.failures
    unused = unused_snapshots(paths.snapshots, discovery.claims) if full_run else []
    for path in unused:
        if args.prune:
            path.unlink()
            print(f"deleted {paths.shown(path)} (no claim owns it)")
        else:
            problems += 1
            print(f"unused {paths.shown(path)}: no snapshot claim owns it; run `claim_batch snapshots --prune`")
    if args.prune:
        prune_empty_folders(paths.snapshots)
        if discovery.failures:
            print(
                "claim_batch snapshots: nothing pruned: a witness did not import, so unused snapshots cannot be judged",
                file=sys.stderr,
            )
            problems += 1
    return unused, problems
