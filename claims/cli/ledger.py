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

from claims._internal.record.regenerate import regenerate, stale_lines
from claims._internal.running.session import open_session
from claims.atomic import write_atomically
from claims.cli.exits import Exit
from claims.cli.parsing import command_parser, parse


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
