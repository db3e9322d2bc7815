"""`claim_batch explain CLAIM_ID`: a claim's statement, rule, control and source location."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from claims._internal.kinds import Kind
from claims._internal.running.session import open_session
from claims._internal.select import closest
from claims._internal.snapshots import snapshot_path
from claims.cli.exits import Exit
from claims.cli.parsing import command_parser, parse


def main(argv: Sequence[str]) -> int:
    """Print what one claim says and where it lives; exit 2 for an unknown id."""
    parser = command_parser(prog="claim_batch explain", description="Explain one claim.")
    parser.add_argument("claim_id", metavar="CLAIM_ID")
    args = parse(parser, argv)
    if isinstance(args, Exit):
        return args
    session = open_session()
    claims = session.discovery.claims
    claim = next((c for c in claims if c.id == args.claim_id), None)
    if claim is None:
        close = closest(args.claim_id, claims)
        hint = f"; closest: {', '.join(close)}" if close else ""
        print(f"claim_batch explain: no claim {args.claim_id!r}{hint}", file=sys.stderr)
        return 2
    lines = [
        claim.id,
        f"  statement: {claim.statement}",
        f"  witness:   {claim.witness}",
        f"  control:   {claim.kind.value}",
        f"  rules:     {', '.join(claim.rules)}",
    ]
    if claim.kind is Kind.REFUSAL and claim.raises is not None:
        lines.append(f"  expects:   {claim.raises.describe()}")
    elif claim.kind is Kind.REFUSAL:
        lines.append(
            "  expects:   refused: "
            + "; ".join(b.describe() for b in claim.reasons)
            + ("" if claim.exact_reasons else " (other reasons allowed)")
        )
    if claim.kind is Kind.SNAPSHOT:
        lines.append(f"  snapshot:  {snapshot_path(session.config.snapshots, claim)}")
    if claim.timeout:
        lines.append(f"  timeout:   {claim.timeout:g} s")
    lines.append(f"  source:    {claim.source_file}:{claim.source_line}")
    print("\n".join(lines))
    return 0
