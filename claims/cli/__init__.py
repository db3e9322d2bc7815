"""The `claim_batch` command: run claims, list them, explain one, and dispatch subcommands.

Exit codes (the contract, also in --help and the README):
  0    every selected claim passed
  1    a claim failed or errored (and is not admitted debt), or a witness did not import
  2    usage, configuration or input error (an unknown pattern names the closest ids)
  130  interrupted by Ctrl-C (what finished is still reported)
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from claims.errors import ClaimsError

EXIT_PASS, EXIT_RED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

# Subcommands live in their own modules, imported only when used.
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "explain": ("claims.cli.explain:main", "show a claim's statement, rule, control and source"),
    "ledger": ("claims.cli.ledger:main", "regenerate (--write) or byte-compare (--check) the claim ledger"),
    "snapshots": ("claims.cli.snapshots:main", "check, --update or --prune the byte-identity snapshots"),
    "gate": ("claims.cli.gate:main", "run everything and fail on any ledger, debt, floor or snapshot problem"),
    "mutate": ("claims.cli.mutate:main", "judge declared defects (exact red sets) or sweep mutmut mutants (--auto)"),
}

EPILOG = """\
subcommands (claim_batch SUBCOMMAND --help for each):
{subs}

exit codes:
  0    every selected claim passed
  1    a claim failed or errored (and is not admitted debt), or a witness did not import
  2    usage, configuration or input error (an unknown pattern names the closest ids)
  130  interrupted by Ctrl-C (what finished is still reported)
"""


def build_parser() -> argparse.ArgumentParser:
    """Describe the run command's arguments."""
    subs = "\n".join(f"  {name:<10} {help_}" for name, (_, help_) in SUBCOMMANDS.items())
    parser = argparse.ArgumentParser(
        prog="claim_batch",
        description="Evaluate the witnesses' claims against typed domain values and snapshots.",
        epilog=EPILOG.format(subs=subs),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("patterns", nargs="*", metavar="PATTERN", help="witness or claim ids, dotted prefixes or globs (default: all)")
    parser.add_argument("--list", action="store_true", help="list the selected claims and exit")
    parser.add_argument("--json", action="store_true", help="print results as JSON (schema claim_batch/1) on stdout")
    parser.add_argument("--junit-xml", metavar="PATH", help="also write a JUnit XML report to PATH")
    parser.add_argument("-x", "--exitfirst", action="store_true", help="stop at the first failed or errored claim")
    parser.add_argument("--timeout", type=float, metavar="S", help="per-claim timeout in seconds (default from [tool.claims].timeout)")
    parser.add_argument("--profile", metavar="NAME", help="hypothesis profile for property claims: ci (default, derandomised), dev, thorough; or CLAIMS_PROFILE")
    parser.add_argument("--diff-lines", type=int, default=100, metavar="N", help="cap snapshot diffs at N lines (default 100)")
    parser.add_argument("--no-diff", action="store_true", help="show no snapshot diffs")
    return parser


def dispatch(name: str, argv: Sequence[str]) -> int:
    """Run a subcommand's main(argv)."""
    module_name, _, function = SUBCOMMANDS[name][0].partition(":")
    module = importlib.import_module(module_name)
    return int(getattr(module, function)(list(argv)))


def main(argv: Sequence[str] | None = None) -> int:
    """Run claim_batch and return its exit code."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    try:
        if args_in and args_in[0] in SUBCOMMANDS:
            return dispatch(args_in[0], args_in[1:])
        parser = build_parser()
        try:
            args = parser.parse_args(args_in)
        except SystemExit as exc:
            return EXIT_PASS if exc.code == 0 else EXIT_USAGE
        from claims.cli.run import run

        return run(args)
    except ClaimsError as exc:
        print(f"claim_batch: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("claim_batch: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
