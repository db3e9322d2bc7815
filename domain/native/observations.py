"""Type what an observation says, which evidence it is, and which start and manifest it is bound to.

An observation records whether one subcase held in one arm.  Its evidence
tag says whether it came from the native engine (NATIVE) or from a CPU
fixture (CPU_FIXTURE); only NATIVE observations can make a check PASS
(seed: "fixture packets are strictly CPU evidence").
"""

from __future__ import annotations

import enum

import attrs
from attrs import field, frozen

from domain.value_fields import Field, InstanceOf
from domain.native.checks import Arm, NativeCheck, UnsupportedMode


class Evidence(enum.Enum):
    """Say what produced an observation."""

    NATIVE = "NATIVE"
    CPU_FIXTURE = "CPU_FIXTURE"


def _text(instance: object, attribute: Field, value: str) -> None:
    if not value.strip():
        raise ValueError(f"{attribute.name} must be non-empty")


_TEXT = (InstanceOf(str), _text)


@frozen
class Observation:
    """Record that one subcase of one check held (or not) in one arm, bound to its start and manifest.

    `workload`, `mode` and `hooks` identify what ran; OFF and ON must match on
    all three (seed: "repeated OFF/ON with the same workload, mode and hooks").
    """

    check: NativeCheck = field(validator=attrs.validators.instance_of(NativeCheck))
    subcase: str = field(validator=_TEXT)
    arm: Arm = field(validator=attrs.validators.instance_of(Arm))
    evidence: Evidence = field(validator=attrs.validators.instance_of(Evidence))
    start_id: str = field(validator=_TEXT)
    manifest_digest: str = field(validator=_TEXT)
    workload: str = field(validator=_TEXT)
    mode: str = field(validator=_TEXT)
    hooks: str = field(validator=_TEXT)
    held: bool = field(validator=attrs.validators.instance_of(bool))


@frozen
class OwnerResolution:
    """Record an owner's decision on an unsupported mode: resolved (to be exercised) or not yet.

    Resolution never removes a subcase: lowering a check or renaming an
    unsupported subcase is prohibited (seed), so a resolved mode still needs
    its observations in both arms.
    """

    mode: UnsupportedMode = field(validator=attrs.validators.instance_of(UnsupportedMode))
    owner: str = field(validator=_TEXT)
    resolved: bool = field(validator=attrs.validators.instance_of(bool))
    reference: str = field(validator=_TEXT)


# FIXTURE: the seed names the coordinator as the party that reviews sync
# execution and MM support ("Coordinator decision needed ... Resolve
# sync/MM/restore support"); today neither is resolved.
FIXTURE_OWNER_RESOLUTIONS: tuple[OwnerResolution, ...] = (
    OwnerResolution(UnsupportedMode.SYNC, "coordinator", False, "no coordinator-reviewed sync configuration"),
    OwnerResolution(UnsupportedMode.MULTIMODAL, "coordinator", False, "MM load/support not established"),
)
