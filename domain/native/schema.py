"""Validate a native packet's schema the way `up2_checks.native` does, and nothing more.

`native_packet_schema_valid` checks schema, classification, arm and
container ids, manifest, q, evidence paths and digests, all twelve PASS
strings, audited-round positivity, request accounting and derived tail
sizes.  It deliberately does not read observations: a CPU fixture can pass
it without exercising the engine (seed), so schema-valid is never native.
`verdict.decide` is the only path to PASS.
"""

from __future__ import annotations

import re

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused
from domain.native.checks import NativeCheck, tail_sizes
from domain.native.observations import Observation, OwnerResolution

# FIXTURE: the validator's literal schema id and classification are not in the seed.
FIXTURE_PACKET_SCHEMA = "up2-native-packet/1"
FIXTURE_CLASSIFICATION = "NATIVE"
PASS_STRING = "PASS"

# Matched whole (`fullmatch`): `$` alone would admit a digest or a path segment ending in a newline.
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")
_SEGMENT = re.compile(r"[A-Za-z0-9._-]+")


@frozen
class ArmIdentity:
    """Name the start and container that ran one arm."""

    start_id: str = field(validator=vf.strict_str)
    container_id: str = field(validator=vf.strict_str)


@frozen
class PacketArms:
    """Hold the OFF and ON arm identities."""

    off: ArmIdentity = field(validator=vf.instance_of(ArmIdentity))
    on: ArmIdentity = field(validator=vf.instance_of(ArmIdentity))


@frozen
class EvidenceFile:
    """Name one evidence file under the evidence root and its digest."""

    path: str = field(validator=vf.strict_str)
    digest: str = field(validator=vf.strict_str)


@frozen
class ArmCounts:
    """Hold one count per arm."""

    off: int = field(validator=vf.strict_int)
    on: int = field(validator=vf.strict_int)


@frozen
class ArmTails:
    """Hold the tail sizes each arm sent."""

    off: tuple[int, ...] = field(validator=vf.tuple_of(int))
    on: tuple[int, ...] = field(validator=vf.tuple_of(int))


@frozen
class RequestAccounting:
    """Count the runner's requests: send intents, opened responses, completions."""

    send_intents: int = field(validator=vf.strict_int)
    opened: int = field(validator=vf.strict_int)
    completions: int = field(validator=vf.strict_int)


@frozen
class NativePacket:
    """Carry a native packet as read (well-formed, not yet validated or decided)."""

    schema: str = field(validator=vf.strict_str)
    classification: str = field(validator=vf.strict_str)
    manifest_digest: str = field(validator=vf.strict_str)
    q: int = field(validator=vf.strict_int)
    arms: PacketArms = field(validator=vf.instance_of(PacketArms))
    evidence: tuple[EvidenceFile, ...] = field(validator=vf.tuple_of(EvidenceFile))
    checks: dict[str, str] = field(validator=vf.dict_of(str, str))
    audited_rounds: ArmCounts = field(validator=vf.instance_of(ArmCounts))
    requests: RequestAccounting = field(validator=vf.instance_of(RequestAccounting))
    tails: ArmTails = field(validator=vf.instance_of(ArmTails))
    observations: tuple[Observation, ...] = field(validator=vf.tuple_of(Observation))
    owner_resolutions: tuple[OwnerResolution, ...] = field(validator=vf.tuple_of(OwnerResolution))


@frozen
class SchemaMismatch(Reason):
    """Say the packet's schema id or classification is not the expected one."""


@frozen
class ArmIdentityInvalid(Reason):
    """Say an arm or container id is empty or shared between arms."""


@frozen
class DigestInvalid(Reason):
    """Say a digest is not `sha256:` and 64 lowercase hex digits."""


@frozen
class EvidencePathUnsafe(Reason):
    """Say an evidence path could escape the evidence root."""


@frozen
class CheckStringInvalid(Reason):
    """Say the checks map is not exactly the twelve names, each "PASS"."""


@frozen
class CountInvalid(Reason):
    """Say q, an audited-round count or the request accounting is not as required."""


@frozen
class TailsNotDerived(Reason):
    """Say an arm's tails are not 36·q + {1, 127, 128, 129}."""


def _path_reasons(i: int, path: str) -> list[Reason]:
    parts = path.split("/")
    if path.startswith("/") or "\\" in path or any(p in ("", ".", "..") or not _SEGMENT.fullmatch(p) for p in parts):
        return [
            EvidencePathUnsafe(
                f"$.evidence[{i}].path",
                f"{path!r} must be a relative path of plain segments under the evidence root (no '..', '/', '\\')",
            )
        ]
    return []


def _identity_reasons(packet: NativePacket) -> list[Reason]:
    reasons: list[Reason] = []
    for arm in ("off", "on"):
        ident: ArmIdentity = getattr(packet.arms, arm)
        for what in ("start_id", "container_id"):
            if not getattr(ident, what).strip():
                reasons.append(
                    ArmIdentityInvalid(f"$.arms.{arm}.{what}", f"arm {arm.upper()} needs a non-empty {what}")
                )
    for what in ("start_id", "container_id"):
        shared = getattr(packet.arms.off, what)
        if shared.strip() and shared == getattr(packet.arms.on, what):
            reasons.append(
                ArmIdentityInvalid(
                    f"$.arms.on.{what}", f"OFF and ON share {what} {shared!r}; each arm is its own start"
                )
            )
    return reasons


def _count_reasons(packet: NativePacket) -> list[Reason]:
    reasons: list[Reason] = []
    for arm in ("off", "on"):
        rounds = getattr(packet.audited_rounds, arm)
        if rounds <= 0:
            reasons.append(CountInvalid(f"$.audited_rounds.{arm}", f"audited rounds must be positive, got {rounds}"))
    r = packet.requests
    if r.send_intents <= 0 or not r.send_intents == r.opened == r.completions:
        reasons.append(
            CountInvalid(
                "$.requests",
                f"send intents, opened and completions must be equal and positive, got {r.send_intents}/{r.opened}/{r.completions}",
            )
        )
    tails = tail_sizes(packet.q)
    if isinstance(tails, Refused):
        reasons.append(CountInvalid("$.q", f"q must be a positive token count, got {packet.q}"))
        return reasons
    for arm in ("off", "on"):
        sent = getattr(packet.tails, arm)
        if sent != tails.value:
            reasons.append(
                TailsNotDerived(
                    f"$.tails.{arm}",
                    f"tails must be 36*q + (1, 127, 128, 129) = {list(tails.value)} for q={packet.q}, got {list(sent)}",
                )
            )
    return reasons


def native_packet_schema_valid(packet: NativePacket) -> Admitted[NativePacket] | Refused:
    """Admit a packet whose schema fields are as `up2_checks.native` requires; never read observations."""
    reasons: list[Reason] = []
    if packet.schema != FIXTURE_PACKET_SCHEMA:
        reasons.append(SchemaMismatch("$.schema", f"expected {FIXTURE_PACKET_SCHEMA!r}, got {packet.schema!r}"))
    if packet.classification != FIXTURE_CLASSIFICATION:
        reasons.append(
            SchemaMismatch("$.classification", f"expected {FIXTURE_CLASSIFICATION!r}, got {packet.classification!r}")
        )
    reasons.extend(_identity_reasons(packet))
    if not _DIGEST.fullmatch(packet.manifest_digest):
        reasons.append(
            DigestInvalid("$.manifest_digest", f"{packet.manifest_digest!r} is not sha256: and 64 lowercase hex digits")
        )
    if not packet.evidence:
        reasons.append(EvidencePathUnsafe("$.evidence", "at least one evidence file is required"))
    for i, item in enumerate(packet.evidence):
        reasons.extend(_path_reasons(i, item.path))
        if not _DIGEST.fullmatch(item.digest):
            reasons.append(
                DigestInvalid(f"$.evidence[{i}].digest", f"{item.digest!r} is not sha256: and 64 lowercase hex digits")
            )
    names = {c.value for c in NativeCheck}
    for missing in sorted(names - set(packet.checks)):
        reasons.append(
            CheckStringInvalid(f"$.checks.{missing}", f"{missing} is missing; all twelve must say {PASS_STRING!r}")
        )
    for extra in sorted(set(packet.checks) - names):
        reasons.append(CheckStringInvalid(f"$.checks.{extra}", f"{extra} is not one of the twelve native checks"))
    for name in sorted(names & set(packet.checks)):
        if packet.checks[name] != PASS_STRING:
            reasons.append(
                CheckStringInvalid(f"$.checks.{name}", f"expected {PASS_STRING!r}, got {packet.checks[name]!r}")
            )
    reasons.extend(_count_reasons(packet))
    return Refused(tuple(reasons)) if reasons else Admitted(packet)
