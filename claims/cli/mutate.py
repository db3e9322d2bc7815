"""The `claim_batch mutate` subcommand: declared defects (default) or automatic mutants (--auto).

Exit codes:
  0    every defect is EXACT (--auto: every survivor is explained in mutations/equivalent.toml)
  1    a defect is not EXACT, the baseline is not green, or a survivor is unexplained
  2    usage or configuration error
  130  interrupted (what finished is kept)
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
from collections.abc import Sequence
from pathlib import Path

EXIT_PASS, EXIT_RED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def build_parser() -> argparse.ArgumentParser:
    """Describe the mutate subcommand's arguments."""
    parser = argparse.ArgumentParser(prog="claim_batch mutate", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("patterns", nargs="*", metavar="PATTERN", help="declared defect ids or globs (default: all); with --auto, mutant id globs")
    parser.add_argument("--write", action="store_true", help="write ledger/kills.json (the full set only)")
    parser.add_argument("--list", action="store_true", help="list the declared defects (or, with --auto, the mutants) and exit")
    auto = parser.add_argument_group("automatic mutants")
    auto.add_argument("--auto", action="store_true", help="generate mutmut mutants over the [tool.claims].typecheck packages and record every killing claim")
    auto.add_argument("--workers", type=int, default=1, metavar="N", help="worker processes (default 1)")
    auto.add_argument("--shard", metavar="K/N", help="run only shard K of N (a deterministic partition by mutant id)")
    auto.add_argument("--out", metavar="PATH", help="write this run's mutant results to PATH (shard results for --merge)")
    auto.add_argument("--merge", nargs="+", metavar="FILE", help="merge shard result files instead of running")
    auto.add_argument("--fresh", action="store_true", help="ignore the resume cache under .claims-cache/")
    auto.add_argument("--no-progress", action="store_true", help="do not print the progress line")
    return parser


def main(argv: Sequence[str]) -> int:
    """Run the mutate subcommand and return its exit code."""
    try:
        args = build_parser().parse_args(list(argv))
    except SystemExit as exc:
        return EXIT_PASS if exc.code == 0 else EXIT_USAGE
    if args.auto or args.merge:
        from claims._internal.mutate.auto_command import run_auto

        return run_auto(args)
    if args.workers != 1 or args.shard or args.out:
        print("claim_batch mutate: --workers, --shard and --out apply to --auto", file=sys.stderr)
        return EXIT_USAGE
    return run_declared_command(args)


def run_declared_command(args: argparse.Namespace) -> int:
    """Check the baseline is green, then judge every selected declared defect."""
    from claims._internal.mutate.collect import collect
    from claims._internal.mutate.declared import run_declared
    from claims._internal.mutate.declared_report import closing, entry, run_lines
    from claims._internal.mutate.kills_file import write_section
    from claims._internal.mutate.profile import use_mutation_profile
    from claims.errors import DeclarationError
    from claims._internal.mutate.coverage import reaching_claims
    from claims._internal.runner import Settings
    from claims._internal.session import open_session

    if args.write and args.patterns:
        print("claim_batch mutate: --write records the full declared set; drop the patterns", file=sys.stderr)
        return EXIT_USAGE
    use_mutation_profile()
    session = open_session()
    declared = collect(session.config.mutations)
    seeded = [s for s in declared.seeded if not args.patterns or any(fnmatch.fnmatchcase(s.id, p) or s.id == p for p in args.patterns)]
    if args.patterns and not seeded:
        print(f"claim_batch mutate: no declared defect matches {' '.join(args.patterns)}; `claim_batch mutate --list` shows them", file=sys.stderr)
        return EXIT_USAGE
    if args.list:
        for s in seeded:
            print(f"{s.id}  -> {', '.join(sorted(s.expect_red))}" + (f"  [scope: {', '.join(s.scope)}]" if s.scope else ""))
        return EXIT_PASS
    problems = [f"ERROR {f.module}  [mutation module did not import]\n{f.traceback}" for f in declared.failures]
    problems += [f"ERROR {d}  [defect id declared twice]" for d in declared.duplicates]
    claims = session.discovery.claims
    settings = Settings(timeout=session.config.timeout, snapshots=session.config.snapshots)
    targets = sorted({d.target for s in seeded for d in s.defects})
    try:
        # One pass is both the green baseline and the map of which claims reach which target.
        baseline, reached = reaching_claims(targets, claims, settings)
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except DeclarationError as exc:
        print(f"claim_batch mutate: a defect target does not resolve: {exc}", file=sys.stderr)
        return EXIT_RED
    red = [r.claim.id for r in baseline if r.verdict.red] + [f"{f.module} (did not import)" for f in session.discovery.failures]
    if red:
        print("claim_batch mutate: refusing: the baseline is not green, so no defect could be judged; these are red without any defect:", file=sys.stderr)
        print("\n".join(f"  - {r}" for r in red), file=sys.stderr)
        print("run `claim_batch` to see why, fix them, then rerun `claim_batch mutate`", file=sys.stderr)
        return EXIT_RED
    print(f"baseline: {len(claims)} claims green")
    try:
        runs = run_declared(seeded, claims, settings, on_run=lambda run: print("\n".join(run_lines(run)), flush=True), reached=reached)
    except KeyboardInterrupt:
        print("claim_batch mutate: interrupted; nothing written", file=sys.stderr)
        return EXIT_INTERRUPTED
    for problem in problems:
        print(problem)
    print(closing(runs))
    if args.write:
        path = session.config.ledger / "kills.json"
        write_section(path, "declared", {run.seeded.id: entry(run) for run in runs})
        print(f"wrote {Path(path).relative_to(session.config.root)} (declared: {len(runs)})")
    exact = all(run.judgement.verdict.value == "EXACT" for run in runs)
    return EXIT_PASS if exact and not problems else EXIT_RED
