"""Type what an observation says, which evidence it is, and which start and manifest it is bound to.

An observation records whether one subcase held in one arm.  Its evidence
tag says whether it came from the native engine (NATIVE) or from a CPU
fixture (CPU_FIXTURE); only NATIVE observations can make a check PASS
(seed: "fixture packets are strictly CPU evidence").
"""

from __future__ import annotations

import enum

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.native.checks import Arm, NativeCheck, UnsupportedMode


class Evidence(enum.Enum):
    """Say what produced an observation."""

    NATIVE = "NATIVE"
    CPU_FIXTURE = "CPU_FIXTURE"


@frozen
class Observation:
    """Record that one subcase of one check held (or not) in one arm, bound to its start and manifest.

    `workload`, `mode` and `hooks` identify what ran; OFF and ON must match on
    all three (seed: "repeated OFF/ON with the same workload, mode and hooks").
    """

    check: NativeCheck = field(validator=vf.instance_of(NativeCheck))
    subcase: str = field(validator=vf.non_empty_str)
    arm: Arm = field(validator=vf.instance_of(Arm))
    evidence: Evidence = field(validator=vf.instance_of(Evidence))
    start_id: str = field(validator=vf.non_empty_str)
    manifest_digest: str = field(validator=vf.non_empty_str)
    workload: str = field(validator=vf.non_empty_str)
    mode: str = field(validator=vf.non_empty_str)
    hooks: str = field(validator=vf.non_empty_str)
    held: bool = field(validator=vf.strict_bool)


@frozen
class OwnerResolution:
    """Record an owner's decision on an unsupported mode: resolved (to be exercised) or not yet.

    Resolution never removes a subcase: lowering a check or renaming an
    unsupported subcase is prohibited (seed), so a resolved mode still needs
    its observations in both arms.
    """

    mode: UnsupportedMode = field(validator=vf.instance_of(UnsupportedMode))
    owner: str = field(validator=vf.non_empty_str)
    resolved: bool = field(validator=vf.strict_bool)
    reference: str = field(validator=vf.non_empty_str)


# FIXTURE: the seed names the coordinator as the party that reviews sync
# execution and MM support ("Coordinator decision needed ... Resolve
# sync/MM/restore support"); today neither is resolved.
FIXTURE_OWNER_RESOLUTIONS: tuple[OwnerResolution, ...] = (
    OwnerResolution(UnsupportedMode.SYNC, "coordinator", False, "no coordinator-reviewed sync configuration"),
    OwnerResolution(UnsupportedMode.MULTIMODAL, "coordinator", False, "MM load/support not established"),
)
