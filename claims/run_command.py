"""Run the selected claims witness by witness and report them (the default command)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from claims.atomic import write_atomically
from claims.report import closing_line, failure_lines, import_failure_lines, witness_line
from claims.runner import Result, Settings, run_claims
from claims.select import select, unknown_message
from claims.session import open_session

EXIT_PASS, EXIT_RED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


def run(args: argparse.Namespace) -> int:
    """Evaluate the selection; print per-witness lines, failures and the closing line."""
    session = open_session(args.profile)
    discovery = session.discovery
    claims, unknown = select(discovery.claims, args.patterns)
    if unknown:
        print(unknown_message(unknown, discovery.claims), file=sys.stderr)
        return EXIT_USAGE
    # A module that did not import may have held selected claims: always report it.
    failures = discovery.failures
    if args.list:
        for claim in claims:
            print(f"{claim.id}  [{claim.kind.value}]  {claim.statement}")
        for failure in failures:
            print(f"ERROR {failure.module}  [witness did not import]")
        return EXIT_RED if failures else EXIT_PASS

    settings = Settings(timeout=args.timeout or session.config.timeout, snapshots=session.config.snapshots, diff_limit=args.diff_lines)
    out = sys.stderr if args.json else sys.stdout
    width = max((len(c.witness) for c in claims), default=0)
    results: list[Result] = []
    interrupted = stopped = False
    witnesses = list(dict.fromkeys(c.witness for c in claims))
    for witness in witnesses:
        mine = [c for c in claims if c.witness == witness]
        outcome = run_claims(mine, settings, exitfirst=args.exitfirst)
        results.extend(outcome.results)
        if outcome.results:
            print(witness_line(witness, outcome.results, width), file=out, flush=True)
        if outcome.interrupted or outcome.stopped_early:
            interrupted, stopped = outcome.interrupted, outcome.stopped_early
            break

    root = str(session.config.root)
    if args.json:
        from claims.export import json_document

        print(json.dumps(json_document(results, failures, interrupted=interrupted), indent=2, sort_keys=True))
    else:
        for result in results:
            if result.verdict.red:
                print(file=out)
                print("\n".join(failure_lines(result, root)), file=out)
        for failure in failures:
            print(file=out)
            print("\n".join(import_failure_lines(failure)), file=out)
        print(file=out)
        if interrupted:
            print(f"interrupted: {len(results)} of {len(claims)} claims finished", file=out)
        elif stopped:
            print(f"stopped at the first red claim (-x): {len(results)} of {len(claims)} claims ran", file=out)
        print(closing_line(results, len(failures)), file=out)
    if args.junit_xml:
        from claims.export import junit_xml

        write_atomically(Path(args.junit_xml), junit_xml(results, failures))
    if interrupted:
        return EXIT_INTERRUPTED
    red = any(r.verdict.red for r in results) or bool(failures)
    return EXIT_RED if red else EXIT_PASS
