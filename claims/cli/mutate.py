"""`claim_batch mutate`: run declared defects (default) or automatic mutants (--auto); compare and record the evidence.

claim_batch mutate                      declared defects whose fingerprint changed: intent must hold, evidence match
claim_batch mutate --auto               automatic mutants whose fingerprint changed (incremental)
claim_batch mutate [--auto] --update    record what was observed in ledger/evidence/
claim_batch mutate [--auto] --rebuild   rerun every defect (or mutant), ignoring recorded rows
claim_batch mutate show ID              a mutant's or defect's diff, status and every killer
claim_batch mutate survivors            every survivor with its diff and equivalence reason
claim_batch mutate survivors --admit-untriaged   admit the unexplained survivors as debt (untriaged.toml)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from claims.cli.exits import Exit, help_lines
from claims.cli.options import add_overwrite_option, positive_int, positive_seconds
from claims.cli.parsing import command_parser, parse

EPILOG = """\
Declared defects state their intent (claims that must turn red, controls that
must stay green, an optional scope judged exactly); everything else they and
the automatic mutants turn red is evidence, recorded with a fingerprint of
what produced it and compared like a snapshot.  Every run re-executes itself
once under PYTHONHASHSEED=0, so no recorded killer depends on the order a
set of strings happened to iterate in (as does every claim_batch command).

exit codes:
{codes}
"""


def build_parser() -> argparse.ArgumentParser:
    """Describe the mutate command's arguments."""
    from claims._internal.running.many_claims import default_workers

    parser = command_parser(
        prog="claim_batch mutate",
        description=__doc__,
        epilog=EPILOG.format(codes=help_lines()),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "patterns",
        nargs="*",
        metavar="PATTERN",
        help="declared defect ids or globs (default: all); with --auto, mutant id globs",
    )
    parser.add_argument(
        "--auto",
        action="store_true",
        help="automatic mutants over the [tool.claims].typecheck packages (incremental by fingerprint)",
    )
    parser.add_argument(
        "--operators",
        default="mutmut,domain",
        metavar="SETS",
        help="operator sets for --auto: mutmut, domain, or both (default mutmut,domain)",
    )
    parser.add_argument(
        "--update", action="store_true", help="record the observed evidence in ledger/evidence/ (the rows of what ran)"
    )
    parser.add_argument(
        "--rebuild",
        action="store_true",
        help="rerun everything selected, reusing no recorded row (still compared with the recorded evidence, whose other rows are kept)",
    )
    parser.add_argument(
        "--list", action="store_true", help="list the selected defects (or, with --auto, mutants) and exit"
    )
    parser.add_argument(
        "-n",
        "--workers",
        type=positive_int,
        metavar="N",
        help=f"worker processes (default, and at most: the CPU count, {default_workers()} here)",
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="S",
        help="per-claim timeout ceiling in seconds (default [tool.claims].timeout)",
    )
    parser.add_argument(
        "--profile",
        metavar="NAME",
        help="hypothesis profile of the baseline run (mutants always use the mutation budget)",
    )
    parser.add_argument(
        "--probe",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="first run each covering claim once on the original code, comparing every call of a mutated rule "
        "with its mutants or defects, and then run each only on the claims it can change; for pure rules "
        "(default: as [tool.claims].probe lists this kind of run)",
    )
    parser.add_argument(
        "--since",
        metavar="REF",
        help="run only what changed since the git ref REF (its merge base with HEAD): with --auto the mutants on "
        "changed lines of changed functions, else the defects whose targets, declarations or named claims changed",
    )
    parser.add_argument(
        "--shard",
        metavar="K/N",
        help="--auto: run only shard K of N (a partition balanced by recorded cost, the same on every machine)",
    )
    parser.add_argument("--out", metavar="PATH", help="--auto: write this run's observations to PATH (for --merge)")
    parser.add_argument(
        "--merge", nargs="+", metavar="FILE", help="--auto: take observations from shard files instead of running them"
    )
    parser.add_argument(
        "--report-json", metavar="PATH", help="also write a Stryker mutation-testing-report JSON (schema version 2)"
    )
    parser.add_argument("--report-html", metavar="PATH", help="also write a self-contained offline HTML report")
    parser.add_argument(
        "--report-sarif",
        metavar="PATH",
        help="--auto: also write SARIF 2.1.0 for code review: each surviving or newly explained mutant at its line",
    )
    add_overwrite_option(parser)
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress display (results are still printed)")
    return parser


def _auto_only(args: argparse.Namespace) -> bool:
    """Say whether a declared run was given an option only --auto takes."""
    asked = args.shard or args.out or args.merge or args.report_sarif or args.operators != "mutmut,domain"
    return not args.auto and bool(asked)


def _update_of_a_part(args: argparse.Namespace) -> bool:
    """Say whether --update was asked of a part of the run (patterns, --shard or --since)."""
    return bool(args.update and (args.patterns or args.shard or args.since))


def _merge_of_a_part(args: argparse.Namespace) -> bool:
    """Say whether --merge was asked of a part of the run (--shard or --since)."""
    return bool(args.merge and (args.shard or args.since))


_MISUSES: tuple[tuple[Callable[[argparse.Namespace], bool], str], ...] = (
    (_auto_only, "--shard, --out, --merge, --report-sarif and --operators apply to --auto"),
    (
        _update_of_a_part,
        "--update records the full set; drop the patterns, --since and --shard (merge shards with --merge FILES --update)",
    ),
    (_merge_of_a_part, "--merge takes a whole run's shard files; drop --shard and --since"),
)
"""The options that cannot run together, each with what to do instead, in the order they are checked."""


def _misuse(args: argparse.Namespace) -> str | None:
    """Say why these options cannot run together (the first misuse found), or None."""
    return next((why for wrong, why in _MISUSES if wrong(args)), None)


def main(argv: Sequence[str]) -> int:
    """Dispatch `show` and `survivors`, else run a sweep."""
    if argv and argv[0] in ("show", "survivors"):
        from claims.cli.mutate_views import show, survivors

        return show(list(argv[1:])) if argv[0] == "show" else survivors(list(argv[1:]))
    args = parse(build_parser(), argv)
    if isinstance(args, Exit):
        return args
    refused = _misuse(args)
    if refused is not None:
        print(f"claim_batch mutate: {refused}", file=sys.stderr)
        return Exit.USAGE
    from claims.cli.mutate_run import run_sweep

    return run_sweep(args)
