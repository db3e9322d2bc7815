"""Compare suffix rows privately and export only equality results and aggregate metadata.

Seed: "Compare privately and emit equality/results and aggregate metadata
only. Likewise, do not export a broadcast buffer or tap/KV contents."  No
digest of an anchor token is exported either: a vocabulary is small enough
to invert such a digest by enumeration.
"""

from __future__ import annotations

import attrs
from attrs import field, frozen

from domain.native.converter import NATIVE
from domain.native.private import PrivatePayload, SuffixRow
from domain.outcome import Admitted, Reason, Refused
from domain.value_fields import InstanceOf

_INT = InstanceOf(int)

# The fields the ranks must agree on (seed #1: q/kept/first/valid/anchor/owner epoch).
AGREEMENT_FIELDS: tuple[str, ...] = ("q", "kept", "first", "valid", "anchor_token", "owner_epoch")


@frozen
class FieldAgreement:
    """Count, for one compared field, the engine rounds in which every rank agreed."""

    name: str = field(validator=attrs.validators.instance_of(str))
    agreeing_rounds: int = field(validator=_INT)


@frozen
class RankAgreement:
    """Carry the exportable summary: rounds, ranks, per-field agreement counts and the q values seen."""

    rounds: int = field(validator=_INT)
    ranks: int = field(validator=_INT)
    fields: tuple[FieldAgreement, ...] = field(
        validator=attrs.validators.deep_iterable(attrs.validators.instance_of(FieldAgreement), attrs.validators.instance_of(tuple))
    )
    q_values: tuple[int, ...] = field(validator=attrs.validators.deep_iterable(_INT, attrs.validators.instance_of(tuple)))


@frozen
class NoAuditedRows(Reason):
    """Say there is nothing to compare."""


@frozen
class RankRowMissing(Reason):
    """Say an engine round lacks a rank's row, so its agreement is not covered."""


@frozen
class PrivatePayloadNotExported(Reason):
    """Say a value holds a private payload and is never exported."""


def rank_agreement(rows: tuple[SuffixRow, ...], ranks: tuple[int, ...]) -> Admitted[RankAgreement] | Refused:
    """Compare every round's rows across the expected ranks; keep only equality counts and q values."""
    if not rows:
        return Refused((NoAuditedRows("$.rows", "no suffix rows were observed; audited rounds must be positive"),))
    rounds = sorted({r.engine_round for r in rows})
    reasons: list[Reason] = []
    agreeing = dict.fromkeys(AGREEMENT_FIELDS, 0)
    for engine_round in rounds:
        present = {r.rank: r for r in rows if r.engine_round == engine_round}
        missing = [rank for rank in ranks if rank not in present]
        if missing:
            reasons.append(RankRowMissing(f"$.rounds[{engine_round}]", f"engine round {engine_round} has no row from rank(s) {', '.join(map(str, missing))}"))
            continue
        for name in AGREEMENT_FIELDS:
            if len({getattr(present[rank], name) for rank in ranks}) == 1:
                agreeing[name] += 1
    if reasons:
        return Refused(tuple(reasons))
    fields = tuple(FieldAgreement(n, agreeing[n]) for n in AGREEMENT_FIELDS)
    return Admitted(RankAgreement(len(rounds), len(ranks), fields, tuple(sorted({r.q for r in rows}))))


def _private_paths(value: object, where: str) -> list[Reason]:
    if isinstance(value, PrivatePayload):
        return [PrivatePayloadNotExported(where, f"{type(value).__name__} is private (anchor tokens, broadcast buffers, taps and KV contents never leave the start); export equality results and aggregate metadata only")]
    if attrs.has(type(value)):
        names = [a.name for a in attrs.fields(type(value))]  # type: ignore[arg-type]  # attrs.has narrows at run time
        return [r for n in names for r in _private_paths(getattr(value, n), f"{where}.{n}")]
    if isinstance(value, (tuple, list)):
        return [r for i, item in enumerate(value) for r in _private_paths(item, f"{where}[{i}]")]
    if isinstance(value, dict):
        return [r for k, item in value.items() for r in _private_paths(item, f"{where}.{k}")]
    return []


def export_record(value: object) -> Admitted[object] | Refused:
    """Unstructure a value for export, refusing (located) any private payload it holds."""
    reasons = _private_paths(value, "$")
    if reasons:
        return Refused(tuple(reasons))
    return Admitted(NATIVE.unstructure(value))
