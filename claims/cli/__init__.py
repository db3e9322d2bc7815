"""The `claim_batch` command: run claims, list them, explain one, and dispatch subcommands.

Every command is a function from arguments to an `Exit` (see `exits`); this
module only parses, dispatches, and turns misuse, Ctrl-C and a closed pipe
into their exit codes.  Subcommand modules are imported only when used.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence

from claims.cli.exits import Exit, help_lines
from claims.cli.parsing import parse
from claims.errors import ClaimsError

SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "explain": ("claims.cli.explain:main", "show a claim's statement, rule, control and source"),
    "ledger": ("claims.cli.ledger:main", "regenerate (--write) or byte-compare (--check) the claim ledger"),
    "snapshots": ("claims.cli.snapshots:main", "check, --update or --prune the byte-identity snapshots"),
    "gate": (
        "claims.cli.gate:main",
        "run everything and fail on any ledger, debt, floor, snapshot or evidence problem",
    ),
    "mutate": (
        "claims.cli.mutate:main",
        "run declared defects and automatic mutants; record and compare the kill evidence",
    ),
    "where": (
        "claims.cli.where:main",
        "find a rule's claims, defects, mutants and ledger rows (or a claim's rules and killers)",
    ),
    "init": (
        "claims.cli.init:main",
        "scaffold a project (rules, claims, defects, ledger) that passes the gate as generated",
    ),
}

EPILOG = """\
subcommands (claim_batch SUBCOMMAND --help for each):
{subs}

exit codes:
{codes}
"""


def epilog() -> str:
    """Render the subcommands and the exit codes for --help."""
    subs = "\n".join(f"  {name:<10} {help_}" for name, (_, help_) in SUBCOMMANDS.items())
    return EPILOG.format(subs=subs, codes=help_lines())


def _dispatch(name: str, argv: Sequence[str]) -> int:
    module_name, _, function = SUBCOMMANDS[name][0].partition(":")
    module = importlib.import_module(module_name)
    return int(getattr(module, function)(list(argv)))


def _quiet_pipe() -> None:
    # The reader went away: point stdout at /dev/null so the interpreter's final flush cannot complain.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run claim_batch and return its exit code: 130 after Ctrl-C, 143 after SIGTERM, each once what finished is reported."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    from claims.cli import signals
    from claims.cli.hash_seed import pin_hash_seed

    pin_hash_seed(args_in)
    with signals.handled():
        try:
            code = _main(args_in)
        except KeyboardInterrupt:  # SIGTERM's Terminated too, wherever the command had no report of its own to end
            print(f"claim_batch: {signals.ended_by()}", file=sys.stderr)
            code = Exit.INTERRUPTED
    ended = signals.exit_code(code)
    if code != Exit.INTERRUPTED and ended != code:
        print(f"claim_batch: {signals.ended_by()}", file=sys.stderr)  # a signal that landed as the command finished
    return ended


def _main(args_in: list[str]) -> int:
    try:
        if args_in and args_in[0] in SUBCOMMANDS:
            return _dispatch(args_in[0], args_in[1:])
        from claims.cli.run import build_parser, run

        args = parse(build_parser(epilog()), args_in)
        return args if isinstance(args, Exit) else run(args)
    except ClaimsError as exc:
        print(f"claim_batch: {exc}", file=sys.stderr)
        return Exit.USAGE
    except BrokenPipeError:
        _quiet_pipe()
        return Exit.BROKEN_PIPE
