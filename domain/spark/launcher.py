"""Plan a four-rank mp-backend serving arm on any host group, from values the caller names.

Seed A2 (`gunbc.spark.serving_arm_launch`): one Ray-free launcher,
`--distributed-executor-backend mp --nnodes 4 --node-rank R --master-addr
<head fabric address>`; rank 0 serves the API and ranks 1..3 run
`--headless`.  The launcher spells no model-specific literal: the container
(`ArmContainerIdentity`), the units (`ArmUnitIdentity`), the parsers (on the
checkpoint row), the profile, the image and the environment are values the
call site names.  `plan_arm_launch_for` checks the group's shape and the fit
wall (through the profile: without one the charge is unknown) and refuses
with every located reason at once.
"""

from __future__ import annotations

import re

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused
from domain.spark.checkpoint import CheckpointRow, spark_local_checkpoint_directory
from domain.spark.fit_wall import FitFigures, serving_arm_admits, serving_arm_admits_under
from domain.spark.fleet import Host, HostGroup, four_spark_tp4
from domain.spark.profile import ServingLaunchProfile, profile_subject_key

ENV_NAME = re.compile(r"^[A-Z_][A-Z0-9_]*$")
SHM_SIZE = re.compile(r"^[1-9][0-9]*[kmg]?$")
ONE_LINE = re.compile(r"(?=[^\x00-\x1f\x7f-\x9f]*\S)[^\x00-\x1f\x7f-\x9f]+")
"""Text on one line, not blank: a line break (or another control character) in a description or a log path would
end its unit directive early and start another, and end the apply script's unit heredoc early."""
_ONE_LINE_TEXT = vf.matching(ONE_LINE, "one line of text, not blank, with no control character")


@frozen
class ArmMount:
    """Bind a host path into the container at a target, read-only or writable."""

    # Any text: `plan_arm_launch_for` refuses a source that is no absolute path as a value, located.
    source: str = field(validator=vf.strict_str)
    target: str = field(validator=vf.non_empty_str)
    read_only: bool = field(validator=vf.strict_bool)


@frozen
class ArmEnv:
    """Set one environment variable in every rank's container."""

    name: str = field(validator=vf.matching(ENV_NAME, "an UPPER_CASE environment name"))
    value: str = field(validator=vf.strict_str)


@frozen
class ArmContainerIdentity:
    """Name the container every rank creates: name, rendezvous port, shm size, extra mounts."""

    container_name: str = field(validator=vf.name_token)
    rendezvous_port: int = field(validator=vf.port)
    shm_size: str = field(validator=vf.matching(SHM_SIZE, "a docker size such as 64g"))
    extra_mounts: tuple[ArmMount, ...] = field(validator=vf.tuple_of(ArmMount))


@frozen
class ArmUnitIdentity:
    """Name the systemd units, their logs, the apply-step log directory and the description."""

    head_unit_name: str = field(validator=vf.name_token)
    rank_unit_name: str = field(validator=vf.name_token)
    head_log_path: str = field(validator=_ONE_LINE_TEXT)
    rank_log_path: str = field(validator=_ONE_LINE_TEXT)
    apply_log_dir: str = field(validator=_ONE_LINE_TEXT)
    description: str = field(validator=_ONE_LINE_TEXT)


@frozen
class ArmLaunchRequest:
    """Carry everything a call site names for one arm (the launcher's whole interface)."""

    group: HostGroup = field(validator=vf.instance_of(HostGroup))
    row: CheckpointRow = field(validator=vf.instance_of(CheckpointRow))
    profile: ServingLaunchProfile | None = field(validator=vf.optional(vf.instance_of(ServingLaunchProfile)))
    image: str = field(validator=vf.non_empty_str)
    serve_port: int = field(validator=vf.port)
    container: ArmContainerIdentity = field(validator=vf.instance_of(ArmContainerIdentity))
    units: ArmUnitIdentity = field(validator=vf.instance_of(ArmUnitIdentity))
    env: tuple[ArmEnv, ...] = field(validator=vf.tuple_of(ArmEnv))


@frozen
class RankPlan:
    """Seat one mp rank: its host, unit, log, and whether it serves (rank 0) or runs headless."""

    node_rank: int = field(validator=vf.non_negative_int)
    host: Host = field(validator=vf.instance_of(Host))
    unit_name: str = field(validator=vf.name_token)
    log_path: str = field(validator=_ONE_LINE_TEXT)
    headless: bool = field(validator=vf.strict_bool)


@frozen
class ArmLaunchPlan:
    """Carry a planned arm: every rank, the mounts, the fit figures and the subject key."""

    request: ArmLaunchRequest = field(validator=vf.instance_of(ArmLaunchRequest))
    profile: ServingLaunchProfile = field(validator=vf.instance_of(ServingLaunchProfile))
    model_directory: str = field(validator=vf.non_empty_str)
    master_addr: str = field(validator=vf.non_empty_str)
    mounts: tuple[ArmMount, ...] = field(validator=vf.tuple_of(ArmMount, min_len=1))
    ranks: tuple[RankPlan, ...] = field(validator=vf.tuple_of(RankPlan, min_len=1))
    fit: FitFigures = field(validator=vf.instance_of(FitFigures))
    subject_key: str = field(validator=vf.non_empty_str)


@frozen
class ProfileAbsent(Reason):
    """Say the launcher renders flags from a profile, and none was named."""


@frozen
class MountSourceMissing(Reason):
    """Say an extra mount names no absolute host path as its source."""


@frozen
class MountTargetRepeated(Reason):
    """Say two mounts bind the same container path, so one would silently hide the other."""


@frozen
class RendezvousPortCollides(Reason):
    """Say the mp rendezvous port is the API port the head serves on."""


def _relocated(prefix: str, reasons: tuple[Reason, ...]) -> list[Reason]:
    # A rule's own `$.hosts` reads as `$.group.hosts` from the request.
    return [type(r)(where=prefix + r.where[1:] if r.where.startswith("$") else r.where, why=r.why) for r in reasons]


def _mount_reasons(request: ArmLaunchRequest, mounts: tuple[ArmMount, ...]) -> list[Reason]:
    reasons: list[Reason] = []
    for index, mount in enumerate(request.container.extra_mounts):
        if not mount.source.startswith("/"):
            reasons.append(
                MountSourceMissing(
                    where=f"$.container.extra_mounts[{index}].source",
                    why=f"the mount onto {mount.target} names source {mount.source!r}, not an absolute host path",
                )
            )
    targets = [mount.target for mount in mounts]
    for index, mount in enumerate(request.container.extra_mounts):
        if targets.count(mount.target) > 1:
            reasons.append(
                MountTargetRepeated(
                    where=f"$.container.extra_mounts[{index}].target",
                    why=f"{mount.target} is bound {targets.count(mount.target)} times",
                )
            )
    return reasons


def plan_arm_launch_for(request: ArmLaunchRequest) -> Admitted[ArmLaunchPlan] | Refused:
    """Plan a FourSparkTp4 mp arm: seat the ranks, fit the row under the profile, check the container."""
    reasons: list[Reason] = []
    shape = four_spark_tp4(request.group)
    if isinstance(shape, Refused):
        reasons.extend(_relocated("$.group", shape.reasons))
    # Seed A3: the planner fits under its profile; without one the wall refuses (the charge is unknown).
    fit = (
        serving_arm_admits(request.row, request.group)
        if request.profile is None
        else serving_arm_admits_under(request.row, request.group, request.profile)
    )
    if isinstance(fit, Refused):
        reasons.extend(fit.reasons)
    if request.profile is None:
        reasons.append(
            ProfileAbsent(
                where="$.profile", why="no serving launch profile was named, so no rank's flags can be rendered"
            )
        )
    model_directory = spark_local_checkpoint_directory(request.row)
    # The checkpoint is always mounted read-only at its own path; the caller's mounts follow.
    mounts = (ArmMount(source=model_directory, target=model_directory, read_only=True), *request.container.extra_mounts)
    reasons.extend(_mount_reasons(request, mounts))
    if request.container.rendezvous_port == request.serve_port:
        reasons.append(
            RendezvousPortCollides(
                where="$.container.rendezvous_port",
                why=f"port {request.serve_port} is both the API port and the mp rendezvous (--master-port)",
            )
        )
    if reasons:
        return Refused(tuple(reasons))
    assert isinstance(shape, Admitted) and isinstance(fit, Admitted) and request.profile is not None
    units = request.units
    ranks = tuple(
        RankPlan(
            node_rank=seat.node_rank,
            host=seat.host,
            # Seed A2: "head" is node_rank == 0, never a comparison of unit names.
            unit_name=units.head_unit_name if seat.node_rank == 0 else units.rank_unit_name,
            log_path=units.head_log_path if seat.node_rank == 0 else units.rank_log_path,
            headless=seat.node_rank != 0,
        )
        for seat in shape.value.seats
    )
    return Admitted(
        ArmLaunchPlan(
            request=request,
            profile=request.profile,
            model_directory=model_directory,
            master_addr=shape.value.master_addr,
            mounts=mounts,
            ranks=ranks,
            fit=fit.value,
            subject_key=profile_subject_key(request.row, request.profile),
        )
    )
