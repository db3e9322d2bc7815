"""Parse a command's arguments: no option may be abbreviated, and --help and a usage error become exit codes."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from claims.cli.exits import Exit


def command_parser(**settings: Any) -> argparse.ArgumentParser:
    """Make a command's argument parser; no option may be abbreviated (`--jso` is an error, never `--json`)."""
    return argparse.ArgumentParser(allow_abbrev=False, **settings)


def parse(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace | Exit:
    """Parse arguments; --help is Exit.PASS and a usage error (already printed by argparse) Exit.USAGE."""
    from claims.cli.options import bare_random_order

    try:
        return parser.parse_args(bare_random_order(argv))
    except SystemExit as exc:
        return Exit.PASS if exc.code == 0 else Exit.USAGE
