"""Type the private payloads that must never leave a native start: rows, buffers, taps, KV.

A `SuffixRow` carries an anchor token (seed: "The common exporter for #1/#2
must not serialize `SuffixRow` blindly: it contains an anchor token"); a
broadcast buffer, a tap and KV contents are likewise never exported.  They
are compared privately; only equality results and aggregate metadata leave.
Each such field is declared `privately`: no repr, str, error or hypothesis
report shows its value, while equality still compares it.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.privacy import PrivatePayload, privately


@frozen
class SuffixRow(PrivatePayload):
    """Hold one rank's suffix-audit row for one engine round, anchor token included."""

    rank: int = field(validator=vf.strict_int)
    engine_round: int = field(validator=vf.strict_int)
    q: int = field(validator=vf.strict_int)
    kept: int = field(validator=vf.strict_int)
    first: int = field(validator=vf.strict_int)
    valid: int = field(validator=vf.strict_int)
    anchor_token: int = field(**privately(vf.strict_int, "int"))
    owner_epoch: int = field(validator=vf.strict_int)


@frozen
class BroadcastBuffer(PrivatePayload):
    """Hold a post-reply broadcast buffer (draft token ids)."""

    token_ids: tuple[int, ...] = field(**privately(vf.tuple_of(int), "a tuple of int"))


@frozen
class TapContents(PrivatePayload):
    """Hold a replay tap's contents."""

    values: bytes = field(**privately(vf.strict_bytes, "bytes"))


@frozen
class KvContents(PrivatePayload):
    """Hold source-KV contents."""

    values: bytes = field(**privately(vf.strict_bytes, "bytes"))
