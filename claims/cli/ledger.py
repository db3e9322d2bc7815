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

from claims._internal.record.regenerate import Regenerated, regenerate, stale_lines
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
    for failure in failures:
        print(f"ERROR {failure.module}  [witness did not import]: {_last_line(failure.traceback)}", file=sys.stderr)
    if args.check:
        return _check(regenerated, bool(failures))
    if failures:
        # Writing now would silently drop the claims of the modules that did not import.
        print(
            f"claim_batch ledger: not written: {len(failures)} witness module(s) did not import and their claims would vanish from the ledger; fix them first (`claim_batch` shows the traceback)",
            file=sys.stderr,
        )
        return 1
    _write(regenerated)
    return 0


def _last_line(traceback: str) -> str:
    """Return a traceback's last line, the exception itself (`?` for an empty one)."""
    return traceback.strip().splitlines()[-1] if traceback.strip() else "?"


def _check(regenerated: Regenerated, failed: bool) -> int:
    """Print how the committed ledger differs from the regenerated one; exit 1 when stale or a witness did not import."""
    lines = stale_lines(regenerated)
    for line in lines:
        print(line)
    if lines or failed:
        print(
            f"ledger: STALE ({len(lines)} difference(s))"
            if lines
            else "ledger: a witness did not import; `claim_batch` shows the traceback"
        )
        return 1
    print(f"ledger: up to date ({len(regenerated.document.claims)} claims)")
    return 0


def _write(regenerated: Regenerated) -> None:
    """Write claims.json and LEDGER.md where they changed, saying each, then the claims and debt they hold."""
    paths = regenerated.paths
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
