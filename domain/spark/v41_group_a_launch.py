"""Plan the V4.1 TP4 arm on Group A: the one V4.1 call site of the shared mp launcher.

Seed A4 (`gunbc.spark.v41_group_a_launch`):
- names distinct from every other arm (`gunbc-v41-tp4`, its head and rank
  units), so a V4 pair or GLM unit still running reads as occupancy;
- Engram env (`GUNBC_ENGRAM_ROW_STORE_MANIFEST`, the manifest file;
  `GUNBC_ENGRAM_TOUCH_RECEIPT_DIR`) and three mounts: row stores and the
  manifest directory read-only, the receipt directory writable;
- staging as three typed remote steps before the apply's preflight;
- shape: one serve for the whole staircase (262144 / fold-max 16) on the
  pair's serve port, image = the produced config digest;
- every open input is a declared frontier that refuses by name.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused
from domain.spark.admission import V41_GROUP_A_CANDIDATE, LaunchAdmitted, successor_launch_admission
from domain.spark.apply_steps import ArmApplySteps, spark_native_arm_steps_of
from domain.spark.authority_log import AuthorityLog, latest_image_at, registry_reading_at
from domain.spark.capacity import v41_max_num_seqs, v41_measurement_max_model_len
from domain.spark.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A
from domain.spark.fleet import GROUP_A, spark_pair_serve_port
from domain.spark.frontiers import (
    AUTHORITY_TRANSITION,
    ENGRAM_MANIFEST,
    LAUNCH_SHAPE,
    PRODUCED_IMAGE,
    FrontierDischarge,
    obligation_open,
    open_frontiers,
)
from domain.spark.launcher import (
    ArmContainerIdentity,
    ArmEnv,
    ArmLaunchPlan,
    ArmLaunchRequest,
    ArmMount,
    ArmUnitIdentity,
    plan_arm_launch_for,
)
from domain.spark.profile import ServingLaunchProfile, deepseek_v41_measurement_profile
from domain.spark.remote_steps import FileTreeScope, MkdirStep, TypedRemoteFileWrite, mkdir_step, seal_remote_file_write
from domain.spark.runtime import (
    GunbcDeepseekV41EngramProduced,
    ProducedArtifact,
    RegistryReading,
    arm_wall_admits_runtime,
)

V41_CONTAINER_NAME = "gunbc-v41-tp4"
V41_RENDEZVOUS_PORT = 29511
"""FIXTURE: V4.1's mp rendezvous port, distinct from Group B's."""

# FIXTURE: where the Engram row stores, the manifest and the touch receipts live on each Group A host.
V41_ENGRAM_ROW_STORE_DIR = "/srv/gunbc/engram/row-stores/DeepseekV41FlashDba1be0a"
V41_ENGRAM_MANIFEST_DIR = "/srv/gunbc/engram/manifests/gunbc-v41-tp4"
V41_ENGRAM_MANIFEST_PATH = f"{V41_ENGRAM_MANIFEST_DIR}/row-store-manifest.json"
V41_ENGRAM_TOUCH_RECEIPT_DIR = "/srv/gunbc/engram/touch-receipts/gunbc-v41-tp4"


@frozen
class V41MeasurementLaunchShape:
    """Carry #12371's launch shape: batched tokens, utilization and prefix caching, and its source."""

    max_num_batched_tokens: int = field(validator=vf.positive_int)
    gpu_memory_utilization_bp: int = field(validator=vf.basis_points)
    enable_prefix_caching: bool = field(validator=vf.strict_bool)
    source: str = field(validator=vf.non_empty_str)


@frozen
class EngramStoreManifest:
    """Carry #12359's Engram row-store manifest text, and its source."""

    text: str = field(validator=vf.non_empty_str)
    source: str = field(validator=vf.non_empty_str)


FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE = V41MeasurementLaunchShape(
    max_num_batched_tokens=8192,
    gpu_memory_utilization_bp=8000,
    enable_prefix_caching=False,
    source="FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE (seed A4's declared values, standing in for the owner's)",
)
"""FIXTURE standing in for #12371: 8192 batched tokens, 8000 bp, prefix caching off (seed A4)."""

FIXTURE_V41_ENGRAM_STORE_MANIFEST = EngramStoreManifest(
    text=(
        '{"checkpoint": "DeepseekV41FlashDba1be0a", "lookup": "file-backed", '
        f'"row_stores": ["{V41_ENGRAM_ROW_STORE_DIR}"]}}\n'
    ),
    source="FIXTURE_V41_ENGRAM_STORE_MANIFEST (a stand-in text for the owner's)",
)
"""FIXTURE standing in for #12359's manifest text (its real schema is the owner's)."""


@frozen
class V41LaunchInputs:
    """Carry what the plan's interface takes: each frontier's value, or None while it is open."""

    produced: GunbcDeepseekV41EngramProduced | None = field(
        validator=vf.optional(vf.instance_of(GunbcDeepseekV41EngramProduced))
    )
    launch_shape: V41MeasurementLaunchShape | None = field(
        validator=vf.optional(vf.instance_of(V41MeasurementLaunchShape))
    )
    engram_manifest: EngramStoreManifest | None = field(validator=vf.optional(vf.instance_of(EngramStoreManifest)))
    discharges: tuple[FrontierDischarge, ...] = field(validator=vf.tuple_of(FrontierDischarge))


@frozen
class V41EngramStaging:
    """Carry one host's three staging steps: two mkdir argvs and the sealed manifest write."""

    manifest_dir: MkdirStep = field(validator=vf.instance_of(MkdirStep))
    receipt_dir: MkdirStep = field(validator=vf.instance_of(MkdirStep))
    manifest: TypedRemoteFileWrite = field(validator=vf.instance_of(TypedRemoteFileWrite))


@frozen
class V41GroupALaunchPlan:
    """Carry the planned arm, each host's Engram staging and the apply steps."""

    arm: ArmLaunchPlan = field(validator=vf.instance_of(ArmLaunchPlan))
    staging: tuple[V41EngramStaging, ...] = field(validator=vf.tuple_of(V41EngramStaging, min_len=1))
    steps: ArmApplySteps = field(validator=vf.instance_of(ArmApplySteps))
    discharges: tuple[FrontierDischarge, ...] = field(validator=vf.tuple_of(FrontierDischarge))


def v41_native_arm_container() -> ArmContainerIdentity:
    """Return V4.1's container: its own name, rendezvous port, and the three Engram mounts."""
    return ArmContainerIdentity(
        container_name=V41_CONTAINER_NAME,
        rendezvous_port=V41_RENDEZVOUS_PORT,
        shm_size="64g",
        extra_mounts=(
            ArmMount(source=V41_ENGRAM_ROW_STORE_DIR, target=V41_ENGRAM_ROW_STORE_DIR, read_only=True),
            ArmMount(source=V41_ENGRAM_MANIFEST_DIR, target=V41_ENGRAM_MANIFEST_DIR, read_only=True),
            # The overlay writes each rank<r>.json receipt by temp file plus rename.
            ArmMount(source=V41_ENGRAM_TOUCH_RECEIPT_DIR, target=V41_ENGRAM_TOUCH_RECEIPT_DIR, read_only=False),
        ),
    )


def v41_native_arm_units() -> ArmUnitIdentity:
    """Return V4.1's units: names no V4 pair or GLM unit shares."""
    return ArmUnitIdentity(
        head_unit_name=f"{V41_CONTAINER_NAME}-head.service",
        rank_unit_name=f"{V41_CONTAINER_NAME}-rank.service",
        head_log_path=f"/var/log/gunbc/{V41_CONTAINER_NAME}-head.log",
        rank_log_path=f"/var/log/gunbc/{V41_CONTAINER_NAME}-rank.log",
        apply_log_dir="/var/log/gunbc/apply",
        description="DeepSeek V4.1 Flash TP4 arm on Group A",
    )


def v41_engram_env() -> tuple[ArmEnv, ...]:
    """Return the overlay's Engram env: the manifest file path and the touch-receipt directory."""
    return (
        ArmEnv(name="GUNBC_ENGRAM_ROW_STORE_MANIFEST", value=V41_ENGRAM_MANIFEST_PATH),
        ArmEnv(name="GUNBC_ENGRAM_TOUCH_RECEIPT_DIR", value=V41_ENGRAM_TOUCH_RECEIPT_DIR),
    )


def v41_launch_profile(shape: V41MeasurementLaunchShape) -> ServingLaunchProfile:
    """Mint the one-serve profile: 262144 and the staircase's fold-max, with #12371's axes."""
    return deepseek_v41_measurement_profile(
        gpu_memory_utilization_bp=shape.gpu_memory_utilization_bp,
        max_model_len=v41_measurement_max_model_len(),
        max_num_seqs=v41_max_num_seqs(),
        max_num_batched_tokens=shape.max_num_batched_tokens,
        enable_prefix_caching=shape.enable_prefix_caching,
    )


def v41_group_a_launch_request(profile: ServingLaunchProfile | None, image: str) -> ArmLaunchRequest:
    """Return the V4.1 request on the shared launcher (serving on the pair's port: V4.1 succeeds V4)."""
    return ArmLaunchRequest(
        group=GROUP_A,
        row=DEEPSEEK_V41_FLASH_DBA1BE0A,
        profile=profile,
        image=image,
        serve_port=spark_pair_serve_port(),
        container=v41_native_arm_container(),
        units=v41_native_arm_units(),
        env=v41_engram_env(),
    )


def v41_engram_staging_steps(host: str, manifest: EngramStoreManifest) -> Admitted[V41EngramStaging] | Refused:
    """Plan one host's staging: mkdir both directories, then write the manifest sealed to its directory."""
    write = seal_remote_file_write(
        host, V41_ENGRAM_MANIFEST_PATH, manifest.text.encode(), FileTreeScope(root=V41_ENGRAM_MANIFEST_DIR)
    )
    if isinstance(write, Refused):
        return write
    return Admitted(
        V41EngramStaging(
            manifest_dir=mkdir_step(host, V41_ENGRAM_MANIFEST_DIR),
            receipt_dir=mkdir_step(host, V41_ENGRAM_TOUCH_RECEIPT_DIR),
            manifest=write.value,
        )
    )


def _open_reasons(inputs: V41LaunchInputs) -> list[Reason]:
    # The image, the launch shape and the manifest are discharged by their values alone: a discharge naming one
    # of them without its value leaves it open (refused by name, never planned without the value).
    carried = (PRODUCED_IMAGE.key, LAUNCH_SHAPE.key, ENGRAM_MANIFEST.key)
    supplied = [
        *(d.key for d in inputs.discharges if d.key not in carried),
        *([PRODUCED_IMAGE.key] if inputs.produced is not None else []),
        *([LAUNCH_SHAPE.key] if inputs.launch_shape is not None else []),
        *([ENGRAM_MANIFEST.key] if inputs.engram_manifest is not None else []),
    ]
    # A produced image is named by its digest; without one (#12353 open) the plan names none, and #12353's own
    # reason says what it waits on.
    produced = inputs.produced
    context = "the V4.1 plan" if produced is None else f"the V4.1 plan for image {produced.artifact.config_digest}"
    return [obligation_open(frontier, context) for frontier in open_frontiers(tuple(supplied))]


def plan_v41_group_a_launch(inputs: V41LaunchInputs) -> Admitted[V41GroupALaunchPlan] | Refused:
    """Plan the V4.1 arm from its interface values; refuse each open frontier by name, and every wall."""
    reasons = _open_reasons(inputs)
    if inputs.produced is not None:
        wall = arm_wall_admits_runtime(inputs.produced)
        if isinstance(wall, Refused):
            reasons.extend(type(r)(where="$.produced" + r.where[1:], why=r.why) for r in wall.reasons)
    arm = None
    if inputs.produced is not None and inputs.launch_shape is not None:
        # Seed A4: image = the produced config digest; the launcher names no image of its own.
        request = v41_group_a_launch_request(
            v41_launch_profile(inputs.launch_shape), inputs.produced.artifact.config_digest
        )
        arm = plan_arm_launch_for(request)
        if isinstance(arm, Refused):
            reasons.extend(arm.reasons)
    if reasons:
        return Refused(tuple(reasons))
    assert isinstance(arm, Admitted) and inputs.engram_manifest is not None
    staging: list[V41EngramStaging] = []
    for rank in arm.value.ranks:
        staged = v41_engram_staging_steps(rank.host.name, inputs.engram_manifest)
        if isinstance(staged, Refused):
            return staged
        staging.append(staged.value)
    return Admitted(
        V41GroupALaunchPlan(
            arm=arm.value,
            staging=tuple(staging),
            steps=spark_native_arm_steps_of(arm.value),
            discharges=inputs.discharges,
        )
    )


def v41_produced_from_log(log: AuthorityLog, at: int) -> GunbcDeepseekV41EngramProduced | None:
    """Read the produced image (#12353) from the log: its latest admitted image and that image's reading."""
    image = latest_image_at(log, at)
    if image is None:
        return None
    reading = registry_reading_at(log, image.config_digest, at)
    return GunbcDeepseekV41EngramProduced(
        artifact=ProducedArtifact(config_digest=image.config_digest, runtime_key=image.runtime_key),
        registry_reading=None
        if reading is None
        else RegistryReading(hub_cli_path=reading.hub_cli_path, vllm_version=reading.vllm_version),
    )


def authority_transition_discharge() -> FrontierDischarge:
    """Discharge #12370: the log was read through its typed transition (the suspension event's shape).

    The log is not named here: the report names it once, in its header.
    """
    return FrontierDischarge(
        key=AUTHORITY_TRANSITION.key,
        by="the authority log, read as group_suspended_for_authorized_successor events (#12370's shape)",
    )


def v41_group_a_launch_admission(log: AuthorityLog, at: int) -> Admitted[LaunchAdmitted] | Refused:
    """Admit the V4.1 TP4 launch on Group A as the authority log reads at `at` (seed A4's four conjuncts)."""
    return successor_launch_admission(log, at, GROUP_A, V41_GROUP_A_CANDIDATE)
