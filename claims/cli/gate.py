"""`claim_batch gate`: run every claim and fail on anything the ledger does not account for.

Exit 0 when the gate passes; 1 with one line per problem, each naming the
claim or file and the command that fixes it; 2 when the ledger, debt or kills
file is malformed (a located message; nothing is written).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from claims._internal.aggregators import claim_uses
from claims._internal.config import Config
from claims.cli.ledger import regenerate, stale_lines
from claims._internal.debt import Debt
from claims._internal.discovery import Discovery
from claims._internal.floor import floor_problems
from claims._internal.kinds import Kind
from claims._internal.ledger import LedgerPaths, load_ledger
from claims._internal.problems import Problem
from claims._internal.report import closing_line, failure_lines
from claims.cli.run import admitted_reds, run_by_witness, without_diff
from claims._internal.runner import Result, Settings
from claims._internal.session import open_session
from claims._internal.snapshot_store import unused_snapshots

EXIT_PASS, EXIT_RED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def verdict_problems(results: Sequence[Result], debt: Mapping[str, Debt], debt_file: str) -> list[Problem]:
    """Name every red claim not admitted as debt, every paid debt, and every debt for no claim."""
    problems = []
    for result in results:
        claim = result.claim
        owed = claim.id in debt
        if result.verdict.red and not owed:
            observed = (result.observed or result.verdict.value).splitlines()[0]
            if claim.kind is Kind.SNAPSHOT and result.payload is not None:
                fix = f"if the new bytes are right, run `claim_batch snapshots --update {claim.id}`, then `claim_batch ledger --write`"
            else:
                fix = f"fix it (`claim_batch {claim.id}` shows why) or admit it as debt in {debt_file}"
            problems.append(Problem(claim.id, f"{result.verdict.value} and not admitted as debt: {observed}", fix))
        elif owed and not result.verdict.red:
            problems.append(Problem(claim.id, "debt paid: the admitted claim now passes", f"retire it: delete its entry from {debt_file}, then run `claim_batch ledger --write`"))
    declared = {r.claim.id for r in results}
    for claim_id in sorted(set(debt) - declared):
        problems.append(Problem(claim_id, f"{debt_file} admits a claim no witness declares", f"delete the entry from {debt_file}, then run `claim_batch ledger --write`"))
    return problems


def snapshot_problems(discovery: Discovery, paths: LedgerPaths) -> list[Problem]:
    """Name stored snapshot files no claim owns (only when every witness imported: a full run)."""
    if discovery.failures:
        return []
    return [
        Problem(paths.shown(path), "unused snapshot: no snapshot claim owns it", "run `claim_batch snapshots --prune` (or restore the claim)")
        for path in unused_snapshots(paths.snapshots, discovery.claims)
    ]


def import_problems(discovery: Discovery) -> list[Problem]:
    """Name every witness module that did not import."""
    problems = []
    for failure in discovery.failures:
        last = failure.traceback.strip().splitlines()[-1] if failure.traceback.strip() else "?"
        problems.append(Problem(failure.module, f"witness module did not import: {last}", "fix the import (`claim_batch` shows the traceback)"))
    return problems


def survivor_problems(config: Config, kills_known: bool) -> list[Problem]:
    """Name every automatic survivor not explained in equivalent.toml, and every stale explanation."""
    if not kills_known:
        return []
    from claims._internal.mutate.auto_command import equivalent_path
    from claims._internal.mutate.kills_file import read_kills
    from claims._internal.mutate.survivors import explain_survivors, read_equivalent

    # The ledger's reading keeps only killers; survivors need each mutant's status.
    kills = read_kills(config.ledger / "kills.json")
    if not kills.get("auto"):
        return []

    problems = []
    for line in explain_survivors(kills["auto"], read_equivalent(equivalent_path(config))):
        head, _, fix = line.partition(": ")
        kind, _, mutant = head.rpartition(" ")
        problems.append(Problem(mutant, kind, fix))
    return problems


def _as_problem(line: str) -> Problem:
    # stale_lines already ends each line with its fix: keep it whole.
    subject, _, rest = line.partition(": ")
    message, _, fix = rest.rpartition("; ")
    return Problem(subject, message, fix)


def main(argv: Sequence[str]) -> int:
    """Run everything; print the problems, the counts and `gate: PASS` or `gate: FAIL (N problems)`."""
    parser = argparse.ArgumentParser(prog="claim_batch gate", description="Run every claim and check the ledger, debt, floor and snapshots.")
    parser.add_argument("--diff-lines", type=int, default=100, metavar="N", help="cap snapshot diffs at N lines (default 100)")
    parser.add_argument("--no-diff", action="store_true", help="show no snapshot diffs")
    parser.add_argument("--profile", metavar="NAME", help="hypothesis profile for property claims (default ci)")
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:
        return 0 if exc.code == 0 else 2
    session = open_session(args.profile)
    discovery = session.discovery
    # Read every committed input before running anything: a malformed one is exit 2, located, and untouched.
    regenerated = regenerate(session)
    paths = regenerated.paths
    load_ledger(paths)
    debt_file = paths.shown(paths.debt)

    settings = Settings(timeout=session.config.timeout, snapshots=session.config.snapshots, diff_limit=args.diff_lines)
    results, interrupted, _ = run_by_witness(discovery.claims, settings, sys.stdout)
    if interrupted:
        print(f"gate: interrupted after {len(results)} of {len(discovery.claims)} claims", file=sys.stderr)
        return EXIT_INTERRUPTED

    root = str(session.config.root)
    for result in results:
        if result.verdict.red and result.claim.id not in regenerated.debt:
            print()
            print("\n".join(failure_lines(without_diff(result) if args.no_diff else result, root)))

    witness_sizes = {w.name: len(w.claims) for w in discovery.witnesses}
    problems = [
        *import_problems(discovery),
        *verdict_problems(results, regenerated.debt, debt_file),
        *floor_problems(discovery.claims, witness_sizes, claim_uses(discovery.claims), regenerated.killers if regenerated.kills is not None else None),
        *snapshot_problems(discovery, paths),
        *survivor_problems(session.config, regenerated.kills is not None),
        *(_as_problem(line) for line in stale_lines(regenerated)),
    ]
    admitted = admitted_reds(results, regenerated.debt)
    print()
    if admitted:
        print(f"admitted debt ({debt_file}): " + ", ".join(r.claim.id for r in admitted))
    if problems:
        print(f"gate problems ({len(problems)}):")
        for problem in problems:
            print("  " + problem.line())
        print()
    print(closing_line(results, len(discovery.failures), debt=len(admitted)))
    print("gate: PASS" if not problems else f"gate: FAIL ({len(problems)} problem{'s' if len(problems) != 1 else ''})")
    return EXIT_RED if problems else EXIT_PASS
