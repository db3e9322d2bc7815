"""Type the private payloads that must never leave a native start: rows, buffers, taps, KV.

A `SuffixRow` carries an anchor token (seed: "The common exporter for #1/#2
must not serialize `SuffixRow` blindly: it contains an anchor token"); a
broadcast buffer, a tap and KV contents are likewise never exported.  They
are compared privately; only equality results and aggregate metadata leave.
"""

from __future__ import annotations

import attrs
from attrs import field, frozen

from domain.value_fields import InstanceOf

_INT = InstanceOf(int)


@frozen
class PrivatePayload:
    """Mark a value the native converter refuses to serialise."""


@frozen
class SuffixRow(PrivatePayload):
    """Hold one rank's suffix-audit row for one engine round, anchor token included."""

    rank: int = field(validator=_INT)
    engine_round: int = field(validator=_INT)
    q: int = field(validator=_INT)
    kept: int = field(validator=_INT)
    first: int = field(validator=_INT)
    valid: int = field(validator=_INT)
    anchor_token: int = field(validator=_INT)
    owner_epoch: int = field(validator=_INT)


@frozen
class BroadcastBuffer(PrivatePayload):
    """Hold a post-reply broadcast buffer (draft token ids)."""

    token_ids: tuple[int, ...] = field(
        validator=attrs.validators.deep_iterable(_INT, attrs.validators.instance_of(tuple))
    )


@frozen
class TapContents(PrivatePayload):
    """Hold a replay tap's contents."""

    values: bytes = field(validator=attrs.validators.instance_of(bytes))


@frozen
class KvContents(PrivatePayload):
    """Hold source-KV contents."""

    values: bytes = field(validator=attrs.validators.instance_of(bytes))
