"""`claim_batch explain CLAIM_ID`: a claim's statement, rule, control and source location."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from claims._internal.declare import Claim
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
    print("\n".join(explanation(claim, session.config.snapshots)))
    return 0


def explanation(claim: Claim, snapshots: Path) -> list[str]:
    """Say what a claim states, its witness, control and rules, what it expects, and where its source is."""
    lines = [
        claim.id,
        f"  statement: {claim.statement}",
        f"  witness:   {claim.witness}",
        f"  control:   {claim.kind.value}",
        f"  rules:     {', '.join(claim.rules)}",
    ]
    lines += _expects(claim)
    if claim.kind is Kind.SNAPSHOT:
        lines.append(f"  snapshot:  {snapshot_path(snapshots, claim)}")
    if claim.timeout:
        lines.append(f"  timeout:   {claim.timeout:g} s")
    lines.append(f"  source:    {claim.source_file}:{claim.source_line}")
    return lines


def _expects(claim: Claim) -> list[str]:
    """Say what a refusal claim expects: its exception, or the reasons it must be refused for (nothing for others)."""
    if claim.kind is not Kind.REFUSAL:
        return []
    if claim.raises is not None:
        return [f"  expects:   {claim.raises.describe()}"]
    reasons = "; ".join(b.describe() for b in claim.reasons)
    return [f"  expects:   refused: {reasons}" + ("" if claim.exact_reasons else " (other reasons allowed)")]
