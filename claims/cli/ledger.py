"""`claim_batch ledger --write | --check`: regenerate the claim ledger, or compare it byte for byte.

The ledger is derived entirely from the witnesses, the stored snapshots,
`debt.toml` and `kills.json`, so regenerating is safe and deterministic:
writing twice in a row changes nothing, on any machine.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from claims.atomic import write_atomically
from claims._internal.debt import Debt, load_debt
from claims._internal.kills import killers_by_claim, load_kills
from claims._internal.ledger import LedgerDocument, LedgerPaths, build_ledger, compare_rows, ledger_paths, parse_ledger, render_json
from claims._internal.mirror import render_mirror
from claims._internal.session import Session, open_session
from claims.cli import parse
from claims.cli.exits import Exit

FIX = "run `claim_batch ledger --write`"


@frozen
class Regenerated:
    """Hold the ledger the current code implies, with the inputs it was built from."""

    paths: LedgerPaths
    debt: dict[str, Debt]
    kills: dict[str, Any] | None
    killers: dict[str, tuple[str, ...]]
    document: LedgerDocument
    machine: bytes
    mirror: bytes


def regenerate(session: Session) -> Regenerated:
    """Build the ledger and its mirror in memory; a malformed debt or kills file raises InputError (exit 2)."""
    paths = ledger_paths(session.config)
    debt = load_debt(paths.debt, shown_as=paths.shown(paths.debt))
    kills = load_kills(paths.kills, shown_as=paths.shown(paths.kills))
    killers = killers_by_claim(kills) if kills is not None else {}
    document = build_ledger(session.discovery.witnesses, paths, debt=debt, killers=killers)
    mirror = render_mirror(document, kills_known=kills is not None, declared=frozenset(kills["declared"]) if kills else frozenset())
    return Regenerated(paths, debt, kills, killers, document, render_json(document), mirror)


def stale_lines(regenerated: Regenerated) -> list[str]:
    """Say how the committed ledger and mirror differ from the regenerated ones; empty when identical."""
    paths = regenerated.paths
    machine, mirror = paths.shown(paths.machine), paths.shown(paths.mirror)
    if not paths.machine.is_file():
        return [f"{machine}: missing; {FIX}"]
    lines = []
    committed_bytes = paths.machine.read_bytes()
    if committed_bytes != regenerated.machine:
        changes = compare_rows(parse_ledger(committed_bytes, shown_as=machine), regenerated.document)
        lines += [f"{claim_id}: unledgered: the claim is not in {machine}; {FIX}" for claim_id in changes.unledgered]
        lines += [f"{claim_id}: vanished: {machine} has a row for a claim no witness declares; {FIX} (or restore the claim)" for claim_id in changes.vanished]
        lines += [f"{claim_id}: stale row in {machine} ({', '.join(fields)} changed); {FIX}" for claim_id, fields in changes.changed]
        if not changes.any:
            lines.append(f"{machine}: stale: not byte-identical to the regenerated ledger; {FIX}")
    elif not paths.mirror.is_file() or paths.mirror.read_bytes() != regenerated.mirror:
        # When claims.json is stale the mirror is too, and the same command fixes both: say it once.
        lines.append(f"{mirror}: stale or missing mirror of {machine}; {FIX}")
    return lines


def main(argv: Sequence[str]) -> int:
    """Write or check the ledger; exit 0 written/up to date, 1 stale or unwritable, 2 malformed input."""
    parser = argparse.ArgumentParser(prog="claim_batch ledger", description="Regenerate or check the claim ledger (claims.json and LEDGER.md).")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="regenerate claims.json and LEDGER.md (atomically; unchanged files are not touched)")
    mode.add_argument("--check", action="store_true", help="regenerate in memory and compare byte for byte (exit 1 when stale)")
    args = parse(parser, argv)
    if isinstance(args, Exit):
        return args
    session = open_session()
    failures = session.discovery.failures
    regenerated = regenerate(session)
    paths = regenerated.paths
    for failure in failures:
        last = failure.traceback.strip().splitlines()[-1] if failure.traceback.strip() else "?"
        print(f"ERROR {failure.module}  [witness did not import]: {last}", file=sys.stderr)
    if args.check:
        lines = stale_lines(regenerated)
        for line in lines:
            print(line)
        if lines or failures:
            print(f"ledger: STALE ({len(lines)} difference(s))" if lines else "ledger: a witness did not import; `claim_batch` shows the traceback")
            return 1
        print(f"ledger: up to date ({len(regenerated.document.claims)} claims)")
        return 0
    if failures:
        # Writing now would silently drop the claims of the modules that did not import.
        print(f"claim_batch ledger: not written: {len(failures)} witness module(s) did not import and their claims would vanish from the ledger; fix them first (`claim_batch` shows the traceback)", file=sys.stderr)
        return 1
    for path, data in ((paths.machine, regenerated.machine), (paths.mirror, regenerated.mirror)):
        shown = paths.shown(path)
        if path.is_file() and path.read_bytes() == data:
            print(f"unchanged {shown}")
        else:
            write_atomically(path, data)
            print(f"wrote {shown}")
    owed = sum(1 for r in regenerated.document.claims if r.debt)
    print(f"ledger: {len(regenerated.document.claims)} claims, {owed} admitted debt" + ("" if regenerated.kills is not None else "; no kills.json yet, so killing mutations are empty"))
    return 0
