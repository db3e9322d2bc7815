"""`claim_batch gate`: run every claim and fail on anything the ledger does not account for.

Exit 0 when the gate passes; 1 with one line per problem, each naming the
claim or file and the command that fixes it; 2 when the ledger, debt or
evidence file is malformed (a located message; nothing is written); 130 on
Ctrl-C.  The gate's green means every claim ran in a supervised worker and
passed (or is admitted debt): with CI set it trusts no cached result.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from claims._internal.problems import Problem
from claims._internal.record.aggregators import claim_uses
from claims._internal.record.debt import admitted_reds
from claims._internal.record.floor import floor_problems
from claims._internal.record.gate_checks import (
    as_problem,
    evidence_problems,
    import_problems,
    mutable_table_problems,
    not_run_problems,
    snapshot_problems,
    untriaged_debt,
    verdict_problems,
)
from claims._internal.record.regenerate import Regenerated, read_committed, regenerate, stale_lines
from claims._internal.reports.terminal import closing_line
from claims._internal.running.many_claims import Execution
from claims._internal.running.session import Session, open_session
from claims.cli.exits import Exit
from claims.cli.options import add_run_options, order_seed, run_streamed
from claims.cli.parsing import command_parser, parse
from claims.cli.printer import print_reds


def build_parser() -> argparse.ArgumentParser:
    """Describe the gate's arguments."""
    parser = command_parser(
        prog="claim_batch gate",
        description="Run every claim and check the ledger, debt, floor, snapshots and evidence.",
    )
    add_run_options(parser)
    return parser


def main(argv: Sequence[str]) -> int:
    """Run everything; print the problems, the counts and `gate: PASS` or `gate: FAIL (N problems)`."""
    args = parse(build_parser(), argv)
    if isinstance(args, Exit):
        return args
    seed = order_seed(args)
    session = open_session(args.profile)
    discovery = session.discovery
    # Read every committed input before running anything: a malformed one is exit 2, located, and untouched.
    regenerated = _regenerated(session)
    if seed is not None:
        print(f"random order: seed {seed} (replay it with --random-order={seed})", flush=True)
    execution = run_streamed(session, discovery.claims, args, sys.stdout, seed=seed)
    results = execution.results
    if execution.interrupted:
        print(f"gate: interrupted after {len(results)} of {len(discovery.claims)} claims", file=sys.stderr)
        return Exit.INTERRUPTED
    print_reds(results, (), sys.stdout, root=str(session.config.root), debt=regenerated.debt, no_diff=args.no_diff)
    problems = _gate_problems(session, regenerated, execution)
    _print_debt(session, regenerated, execution)
    _print_problems(problems)
    admitted = admitted_reds(results, regenerated.debt)
    print(
        closing_line(results, len(discovery.failures), debt=len(admitted), missing=len(discovery.claims) - len(results))
    )
    print("gate: PASS" if not problems else f"gate: FAIL ({len(problems)} problem{'s' if len(problems) != 1 else ''})")
    return Exit.RED if problems else Exit.PASS


def _regenerated(session: Session) -> Regenerated:
    """Regenerate the ledger in memory, reading the committed one too: a malformed input is exit 2 before any run."""
    regenerated = regenerate(session)
    paths = regenerated.paths
    if paths.machine.is_file():
        read_committed(paths.machine.read_bytes(), paths.shown(paths.machine))
    return regenerated


def _killers(regenerated: Regenerated) -> dict[str, tuple[str, ...]] | None:
    """Name what kills each claim: its declared defects, and how many automatic mutants (None: no evidence yet)."""
    if regenerated.evidence is None:
        return None
    return {
        c: (*defects, *([f"{n} automatic mutants"] if n else [])) for c, (defects, n) in regenerated.killers.items()
    }


def _gate_problems(session: Session, regenerated: Regenerated, execution: Execution) -> list[Problem]:
    """Return everything the ledger does not account for, each check in the gate's order."""
    discovery, config, results = session.discovery, session.config, execution.results
    debt_file = regenerated.paths.shown(regenerated.paths.debt)
    witness_sizes = {w.name: len(w.claims) for w in discovery.witnesses}
    killers = _killers(regenerated)
    return [
        *import_problems(discovery),
        *not_run_problems(results, discovery.claims),
        *verdict_problems(results, regenerated.debt, debt_file),
        *floor_problems(discovery.claims, witness_sizes, claim_uses(discovery.claims), killers),
        *snapshot_problems(discovery, regenerated.paths),
        *mutable_table_problems(config.immutable, config.mutable_allowed),
        *evidence_problems(session, results, execution.reach, regenerated.evidence),
        *(as_problem(line) for line in stale_lines(regenerated)),
    ]


def _print_debt(session: Session, regenerated: Regenerated, execution: Execution) -> None:
    """Print what was reused from the cache, the admitted reds, and the untriaged survivors still owed."""
    results = execution.results
    admitted = admitted_reds(results, regenerated.debt)
    print()
    if execution.cached:
        print(f"{execution.cached} of {len(results)} results reused from the cache (nothing they executed changed)")
    if admitted:
        debt_file = regenerated.paths.shown(regenerated.paths.debt)
        print(f"admitted debt ({debt_file}): " + ", ".join(r.claim.id for r in admitted))
    owed = untriaged_debt(session, regenerated.evidence)
    if owed:
        print(
            f"debt: {owed} untriaged survivor(s) admitted, still undetected (`claim_batch mutate survivors` lists them)"
        )


def _print_problems(problems: Sequence[Problem]) -> None:
    """Print the gate's problems, one a line, under a count (nothing when there are none)."""
    if problems:
        print(f"gate problems ({len(problems)}):")
        for problem in problems:
            print("  " + problem.line())
        print()
