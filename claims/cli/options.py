"""Options every claim-running command shares, their validation, and the streamed witness lines."""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Sequence
from typing import TextIO

from claims._internal.config import Config
from claims._internal.declare import Claim
from claims._internal.reports.terminal import witness_line
from claims._internal.running.many_claims import Execution, Options, default_workers, execute
from claims._internal.running.one_claim import Result, Settings
from claims._internal.running.session import Session


def positive_seconds(text: str) -> float:
    """Parse a timeout: a positive, finite number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(
            f"expected a positive number of seconds, got {text!r} (a timeout cannot be switched off)"
        )
    return value


def positive_int(text: str) -> int:
    """Parse a count of at least one."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def worker_count(requested: int | None) -> int:
    """Return the workers to start: the CPU count by default, and never more (a note on stderr says so when capped).

    A worker per claim beyond the CPUs only queues for them, and each costs a process's memory: 10000 asked
    for once meant 756 processes and 18 GB before anything was stopped.
    """
    cpus = default_workers()
    if requested is None:
        return cpus
    if requested > cpus:
        print(f"claim_batch: --workers {requested} capped at {cpus}, the CPUs this process may use", file=sys.stderr)
        return cpus
    return requested


def seed(text: str) -> int:
    """Parse a --random-order seed."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected an integer seed, got {text!r}") from None


def add_run_options(parser: argparse.ArgumentParser, *, cache: bool = True) -> None:
    """Add the options that say how claims run: workers, timeout, order, cache, profile, diffs."""
    group = parser.add_argument_group("how claims run")
    group.add_argument(
        "-n",
        "--workers",
        type=positive_int,
        metavar="N",
        help=f"worker processes (default, and at most: the CPU count, {default_workers()} here)",
    )
    group.add_argument(
        "--timeout",
        type=positive_seconds,
        metavar="S",
        help="per-claim timeout in seconds (default [tool.claims].timeout)",
    )
    group.add_argument(
        "--random-order",
        type=str,
        metavar="SEED",
        dest="random_order",
        help="run claims in a shuffled order: --random-order alone picks a seed and prints it, --random-order=SEED replays one",
    )
    group.add_argument(
        "--profile",
        metavar="NAME",
        help="hypothesis profile for property claims: ci (default, derandomised), dev, thorough; or CLAIMS_PROFILE",
    )
    if cache:
        group.add_argument(
            "--no-cache",
            action="store_true",
            help="rerun every claim (by default a PASS whose fingerprint is unchanged is reused; never with CI set)",
        )
    group.add_argument(
        "--diff-lines", type=positive_int, default=100, metavar="N", help="cap snapshot diffs at N lines (default 100)"
    )
    group.add_argument("--no-diff", action="store_true", help="show no snapshot diffs")


def add_overwrite_option(parser: argparse.ArgumentParser) -> None:
    """Add --force-overwrite: the one way to let a report replace a project file or an input, or write through a link or into a FIFO or device."""
    parser.add_argument(
        "--force-overwrite",
        action="store_true",
        help="let a report path be a project file or an input of this run (replaced), a symbolic link (written "
        "through to its target), or a FIFO or character device (written into); never a folder",
    )


def bare_random_order(argv: Sequence[str]) -> list[str]:
    """Read a bare `--random-order` as `--random-order=random`, so it never swallows the next PATTERN."""
    return ["--random-order=random" if a == "--random-order" else a for a in argv]


def order_seed(args: argparse.Namespace) -> int | None:
    """Return the shuffle seed (a fresh one when --random-order names none), or None for the balanced order."""
    chosen = getattr(args, "random_order", None)
    if chosen is None:
        return None
    if chosen == "random":
        return random.SystemRandom().randrange(1, 2**31)
    try:
        return seed(chosen)
    except argparse.ArgumentTypeError as exc:
        from claims.errors import UsageError

        raise UsageError(f"--random-order: {exc}") from None


def in_ci() -> bool:
    """Say whether the CI environment variable is set (to anything but empty, 0 or false)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def settings_from(args: argparse.Namespace, config: Config) -> Settings:
    """Return the runner settings the options and the configuration give."""
    return Settings(
        timeout=getattr(args, "timeout", None) or config.timeout,
        snapshots=config.snapshots,
        diff_limit=getattr(args, "diff_lines", 100),
    )


def reads_cache(args: argparse.Namespace) -> bool:
    """Say whether a run may reuse cached results: not with --no-cache, never with CI set."""
    return not getattr(args, "no_cache", False) and not in_ci()


def run_streamed(
    session: Session,
    claims: Sequence[Claim],
    args: argparse.Namespace,
    out: TextIO,
    *,
    read_cache: bool | None = None,
    exitfirst: bool = False,
    seed: int | None = None,
) -> Execution:
    """Execute claims, printing one line per witness as it completes (in claim order)."""
    width = max((len(c.witness) for c in claims), default=0)

    def on_witness(name: str, results: list[Result]) -> None:
        print(witness_line(name, results, width), file=out, flush=True)

    reading = reads_cache(args) if read_cache is None else read_cache
    options = Options(
        workers=worker_count(getattr(args, "workers", None)),
        seed=seed,
        exitfirst=exitfirst,
        read_cache=reading,
        write_cache=True,
    )
    return execute(session, claims, settings_from(args, session.config), options, on_witness)
