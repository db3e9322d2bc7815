"""`claim_batch ledger --write | --check`: regenerate the claim ledger, or compare it byte for byte.

The ledger is derived entirely from the witnesses, the stored snapshots,
`debt.toml` and the recorded evidence (`ledger/evidence/`), so regenerating
is safe and deterministic: writing twice in a row changes nothing, on any
machine.  It never reads the committed `claims.json` or `LEDGER.md` to
write them, so a corrupt one is simply rebuilt.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from attrs import frozen

from claims._internal.debt import Debt, load_debt
from claims._internal.ledger import (
    LedgerDocument,
    LedgerPaths,
    build_ledger,
    compare_rows,
    ledger_paths,
    parse_ledger,
    render_json,
)
from claims._internal.mirror import render_mirror
from claims._internal.mutation.audit import killers_by_claim
from claims._internal.mutation.evidence import Evidence
from claims._internal.mutation.evidence_files import read_evidence
from claims._internal.session import Session, open_session
from claims.atomic import write_atomically
from claims.cli.exits import Exit
from claims.cli.parsing import command_parser, parse
from claims.errors import InputError

FIX = "run `claim_batch ledger --write`"


@frozen
class Regenerated:
    """Hold the ledger the current code implies, with the inputs it was built from."""

    paths: LedgerPaths
    debt: dict[str, Debt]
    evidence: Evidence | None
    killers: dict[str, tuple[tuple[str, ...], int]]
    document: LedgerDocument
    machine: bytes
    mirror: bytes


def regenerate(session: Session) -> Regenerated:
    """Build the ledger and its mirror in memory; a malformed debt or evidence file raises InputError (exit 2)."""
    paths = ledger_paths(session.config)
    debt = load_debt(paths.debt, shown_as=paths.shown(paths.debt))
    ids = [c.id for c in session.discovery.claims]
    evidence = read_evidence(paths.evidence, ids, root=paths.root) if paths.evidence.is_dir() else None
    killers = killers_by_claim(evidence) if evidence is not None else {}
    document = build_ledger(session.discovery.witnesses, paths, debt=debt, killers=killers)
    views: list[str] = []
    if evidence is not None:
        from claims._internal.mirror_views import views_lines
        from claims._internal.mutation.survivors import (
            equivalent_path,
            read_equivalent,
            read_untriaged,
            untriaged_path,
        )

        equivalent = read_equivalent(equivalent_path(session.config))
        views = views_lines(document, evidence, equivalent, read_untriaged(untriaged_path(session.config)))
    mirror = render_mirror(document, kills_known=evidence is not None, views=views)
    return Regenerated(paths, debt, evidence, killers, document, render_json(document), mirror)


def read_committed(data: bytes, shown_as: str) -> LedgerDocument:
    """Read the committed ledger; a corrupt one is bad input (exit 2) whose message says how to rebuild it."""
    try:
        return parse_ledger(data, shown_as=shown_as)
    except InputError as exc:
        # A generated file is rebuilt, never repaired, and `ledger --write` never reads the old one.
        raise InputError(
            f"{exc}\n{shown_as} is generated: `claim_batch ledger --write` rebuilds it without reading it"
        ) from None


def stale_lines(regenerated: Regenerated) -> list[str]:
    """Say how the committed ledger and mirror differ from the regenerated ones; empty when identical."""
    paths = regenerated.paths
    machine, mirror = paths.shown(paths.machine), paths.shown(paths.mirror)
    if not paths.machine.is_file():
        return [f"{machine}: missing; {FIX}"]
    lines = []
    committed_bytes = paths.machine.read_bytes()
    if committed_bytes != regenerated.machine:
        changes = compare_rows(read_committed(committed_bytes, machine), regenerated.document)
        lines += [f"{claim_id}: unledgered: the claim is not in {machine}; {FIX}" for claim_id in changes.unledgered]
        lines += [
            f"{claim_id}: vanished: {machine} has a row for a claim no witness declares; {FIX} (or restore the claim)"
            for claim_id in changes.vanished
        ]
        lines += [
            f"{claim_id}: stale row in {machine} ({', '.join(fields)} changed); {FIX}"
            for claim_id, fields in changes.changed
        ]
        if not changes.any:
            lines.append(f"{machine}: stale: not byte-identical to the regenerated ledger; {FIX}")
    elif not paths.mirror.is_file() or paths.mirror.read_bytes() != regenerated.mirror:
        # When claims.json is stale the mirror is too, and the same command fixes both: say it once.
        lines.append(f"{mirror}: stale or missing mirror of {machine}; {FIX}")
    return lines


def main(argv: Sequence[str]) -> int:
    """Write or check the ledger; exit 0 written/up to date, 1 stale or unwritable, 2 malformed input."""
    parser = command_parser(
        prog="claim_batch ledger", description="Regenerate or check the claim ledger (claims.json and LEDGER.md)."
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "--write",
        action="store_true",
        help="regenerate claims.json and LEDGER.md (atomically; unchanged files are not touched)",
    )
    mode.add_argument(
        "--check", action="store_true", help="regenerate in memory and compare byte for byte (exit 1 when stale)"
    )
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
            print(
                f"ledger: STALE ({len(lines)} difference(s))"
                if lines
                else "ledger: a witness did not import; `claim_batch` shows the traceback"
            )
            return 1
        print(f"ledger: up to date ({len(regenerated.document.claims)} claims)")
        return 0
    if failures:
        # Writing now would silently drop the claims of the modules that did not import.
        print(
            f"claim_batch ledger: not written: {len(failures)} witness module(s) did not import and their claims would vanish from the ledger; fix them first (`claim_batch` shows the traceback)",
            file=sys.stderr,
        )
        return 1
    for path, data in ((paths.machine, regenerated.machine), (paths.mirror, regenerated.mirror)):
        shown = paths.shown(path)
        if path.is_file() and path.read_bytes() == data:
            print(f"unchanged {shown}")
        else:
            write_atomically(path, data)
            print(f"wrote {shown}")
    owed = sum(1 for r in regenerated.document.claims if r.debt)
    print(
        f"ledger: {len(regenerated.document.claims)} claims, {owed} admitted debt"
        + (
            ""
            if regenerated.evidence is not None
            else "; no ledger/evidence yet, so killing mutations are empty (run `claim_batch mutate --update`)"
        )
    )
    return 0
