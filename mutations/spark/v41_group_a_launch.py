"""Declare the seeded defects of the V4.1 call site on Group A, and the two mutation controls the seed reports (DOMAIN.md A4).

The seed judged its two controls over its own V4.1 witness, so they are
scoped to `spark.v41_group_a_launch` and judged exactly there:

1. a zero Engram allowance turns exactly the 0.50-utilization refusal red;
2. the Engram request dropped from the mint, the held-host conjunct removed
   and the lease check removed, at once, turn exactly the plan claim, the
   held-host refusal and the expired-lease refusal red, while the correct
   suspension still admits.

The three members are each their own rule's defect, declared beside that
rule (`mutations.spark.profile`, `mutations.spark.admission`).
"""

from __future__ import annotations

from claims.defects import Defect, DefectGroup, original
from domain.core.outcome import Admitted, Refused
from domain.spark import fit_wall, v41_group_a_launch
from domain.spark.admission import LaunchAdmitted
from domain.spark.authority_log import AuthorityLog
from domain.spark.fleet import HostGroup
from domain.spark.profile import ServingLaunchProfile
from mutations.spark.admission import held_host_conjunct_removed, lease_check_removed
from mutations.spark.profile import engram_dropped_from_the_mint

WITNESS = "spark.v41_group_a_launch"
SEED_SCOPE = (WITNESS,)
"""The seed judged its two controls over its own V4.1 witness (DOMAIN.md A4)."""


def zero_allowance(profile: ServingLaunchProfile, group: HostGroup) -> int:
    """Charge no Engram page-cache allowance at all."""
    return 0


def admission_at_the_logs_last_event(log: AuthorityLog, at: int) -> Admitted[LaunchAdmitted] | Refused:
    """Fold the V4.1 admission as of the log's latest event instead of the read time."""
    latest = max((logged.event.at for logged in log.events), default=at)
    return original(v41_group_a_launch.v41_group_a_launch_admission)(log, latest)


zero_engram_allowance = Defect(
    id="spark.zero_engram_allowance",
    target=fit_wall.engram_page_cache_allowance_gib,
    intent="Charge a zero Engram page-cache allowance, so 0.50 utilization no longer overflows the pool (seed A4 control 1).",
    replacement=zero_allowance,
    must_red={f"{WITNESS}.half_utilization_refuses_naming_the_allowance"},
    scope=SEED_SCOPE,
)

seed_three_defects = DefectGroup(
    id="spark.seed_three_defects",
    intent="Drop the mint's Engram request, the held-host conjunct and the lease check at once (seed A4 control 2).",
    defects=(engram_dropped_from_the_mint, held_host_conjunct_removed, lease_check_removed),
    must_red={
        f"{WITNESS}.v41_plan_renders_four_mp_ranks_with_the_v41_shape",
        f"{WITNESS}.host_not_held_by_the_subject_refuses_the_launch",
        f"{WITNESS}.expired_lease_refuses_the_launch",
    },
    must_green={f"{WITNESS}.correct_suspension_admits_the_launch"},
    scope=SEED_SCOPE,
)

image_is_the_runtime_key = Defect(
    id="spark.image_is_the_runtime_key",
    target=v41_group_a_launch.plan_v41_group_a_launch,
    intent="Name the runtime key as every rank's image instead of the produced config digest (seed A4: image = the produced config digest).",
    patch=(
        "v41_launch_profile(inputs.launch_shape), inputs.produced.artifact.config_digest\n",
        "v41_launch_profile(inputs.launch_shape), inputs.produced.artifact.runtime_key\n",
    ),
    must_red={f"{WITNESS}.v41_plan_renders_four_mp_ranks_with_the_v41_shape"},
)

arm_wall_refusal_not_relocated = Defect(
    id="spark.arm_wall_refusal_not_relocated",
    target=v41_group_a_launch.plan_v41_group_a_launch,
    intent="Pass the arm wall's refusal on at the variant's own path, so the unprobed image is located at $.registry_reading instead of the plan's $.produced.registry_reading.",
    patch=('type(r)(where="$.produced" + r.where[1:], why=r.why)', "r"),
    must_red={f"{WITNESS}.unprobed_image_is_refused_by_the_arm_wall"},
)

receipt_dir_never_made = Defect(
    id="spark.receipt_dir_never_made",
    target=v41_group_a_launch.v41_engram_staging_steps,
    intent="Make the manifest directory twice and never the receipt directory, so the preflight finds the writable receipt mount's source missing (seed A4 staging step 2).",
    patch=(
        "receipt_dir=mkdir_step(host, V41_ENGRAM_TOUCH_RECEIPT_DIR),",
        "receipt_dir=mkdir_step(host, V41_ENGRAM_MANIFEST_DIR),",
    ),
    must_red={f"{WITNESS}.engram_staging_is_three_modeled_steps_with_no_next_temp_file"},
)

admission_read_at_the_logs_last_event = Defect(
    id="spark.admission_read_at_the_logs_last_event",
    target=v41_group_a_launch.v41_group_a_launch_admission,
    intent="Judge the lease as of the log's latest event instead of the read time, so a lease that expired before the read still admits (seed A4: the log as read at a given time).",
    replacement=admission_at_the_logs_last_event,
    must_red={f"{WITNESS}.expired_lease_refuses_the_launch"},
    must_green={f"{WITNESS}.correct_suspension_admits_the_launch"},
)

reading_as_of_the_image = Defect(
    id="spark.reading_as_of_the_image",
    target=v41_group_a_launch.v41_produced_from_log,
    intent="Read the image's registry reading as of the image's admission instead of the read time, so a probe taken after the image is never seen.",
    patch=(
        "registry_reading_at(log, image.config_digest, at)",
        "registry_reading_at(log, image.config_digest, image.at)",
    ),
    must_red={
        f"{WITNESS}.the_produced_reading_carries_the_vllm_version",
        f"{WITNESS}.the_produced_image_is_read_from_the_log",
    },
)

arm_wall_waits_on_the_launch_shape = Defect(
    id="spark.arm_wall_waits_on_the_launch_shape",
    target=v41_group_a_launch.plan_v41_group_a_launch,
    intent="Judge the produced image at the arm wall only once #12371's launch shape is supplied, so an open frontier hides an unprobed image.",
    patch=(
        "    if inputs.produced is not None:\n        wall = arm_wall_admits_runtime",
        "    if inputs.produced is not None and inputs.launch_shape is not None:\n        wall = arm_wall_admits_runtime",
    ),
    must_red={"spark.v41_group_a_launch_beyond_seed.an_open_frontier_does_not_hide_the_arm_wall"},
)

produced_keyed_as_the_fixture_runtime = Defect(
    id="spark.produced_keyed_as_the_fixture_runtime",
    target=v41_group_a_launch.v41_produced_from_log,
    intent="Key the produced image read from the log with the fixture's runtime key instead of the key its admission names.",
    patch=("runtime_key=image.runtime_key", 'runtime_key="vllm-openai@d2d649e6"'),
    must_red={"spark.v41_group_a_launch.the_produced_image_carries_its_logged_runtime_key"},
)

batched_tokens_capped_at_8192 = Defect(
    id="spark.v41_batched_tokens_capped_at_8192",
    target=v41_group_a_launch.v41_launch_profile,
    intent="Cap the launch shape's batched tokens at 8192, so a shape asking for more is minted as the seed's value (#12371 owns the axis).",
    patch=(
        "max_num_batched_tokens=shape.max_num_batched_tokens,",
        "max_num_batched_tokens=min(shape.max_num_batched_tokens, 8192),",
    ),
    must_red={"spark.v41_group_a_launch.the_plan_mints_every_launch_shape_and_manifest_exactly"},
)

utilization_capped_below_one = Defect(
    id="spark.v41_utilization_capped_below_one",
    target=v41_group_a_launch.v41_launch_profile,
    intent="Mint a shape at exactly 10000 bp as 9999 bp, so the whole pool share is never the one served.",
    patch=(
        "gpu_memory_utilization_bp=shape.gpu_memory_utilization_bp,",
        "gpu_memory_utilization_bp=min(shape.gpu_memory_utilization_bp, 9999),",
    ),
    must_red={"spark.v41_group_a_launch.the_plan_mints_every_launch_shape_and_manifest_exactly"},
)

manifest_staged_as_latin1 = Defect(
    id="spark.v41_manifest_staged_as_latin1",
    target=v41_group_a_launch.v41_engram_staging_steps,
    intent="Encode the manifest text as Latin-1 with replacement, so a non-ASCII manifest lands as other bytes than its text's UTF-8.",
    patch=("manifest.text.encode()", "manifest.text.encode('latin-1', 'replace')"),
    must_red={"spark.v41_group_a_launch.the_plan_mints_every_launch_shape_and_manifest_exactly"},
)

transition_discharge_names_a_log_path = Defect(
    id="spark.transition_discharge_names_a_log_path",
    target=v41_group_a_launch.authority_transition_discharge,
    intent="Name a log path in #12370's discharge, one this dry run did not read: the report names the log it read once, in its header, and no line may name another.",
    patch=('by="the authority log, read as', 'by="the authority log target/authority.jsonl, read as'),
    must_red={
        "spark.dry_run.the_log_is_named_once_whatever_its_path",
        "spark.v41_group_a_launch_beyond_seed.a_discharge_in_any_spelling_discharges_its_frontier",
    },
)

admission_never_at_second_zero = Defect(
    id="spark.v41_admission_never_at_second_zero",
    target=v41_group_a_launch.v41_group_a_launch_admission,
    intent="Read the log at second 1 when asked for the epoch's second 0.",
    patch=(
        "return successor_launch_admission(log, at, GROUP_A, V41_GROUP_A_CANDIDATE)",
        "return successor_launch_admission(log, at if at else 1, GROUP_A, V41_GROUP_A_CANDIDATE)",
    ),
    must_red={"spark.v41_group_a_launch.the_admission_carries_any_read_second"},
)

cli_path_dropped_without_a_vllm_version = Defect(
    id="spark.cli_path_dropped_without_a_vllm_version",
    target=v41_group_a_launch.v41_produced_from_log,
    intent="Drop the reading's hub CLI path whenever its vLLM version was not read, so a probed image with a CLI reads as one whose CLI is Absent (seed A3).",
    patch=(
        "else RegistryReading(hub_cli_path=reading.hub_cli_path,",
        "else RegistryReading(hub_cli_path=reading.hub_cli_path if reading.vllm_version is not None else None,",
    ),
    must_red={"spark.v41_group_a_launch_beyond_seed.the_reading_carries_each_field_under_every_presence"},
)

receipt_mkdir_on_a_lowercased_host = Defect(
    id="spark.receipt_mkdir_on_a_lowercased_host",
    target=v41_group_a_launch.v41_engram_staging_steps,
    intent="Plan the receipt directory's mkdir on the lowercased host, so an uppercase-named host's receipt directory is made elsewhere.",
    patch=(
        "receipt_dir=mkdir_step(host, V41_ENGRAM_TOUCH_RECEIPT_DIR),",
        "receipt_dir=mkdir_step(host.lower(), V41_ENGRAM_TOUCH_RECEIPT_DIR),",
    ),
    must_red={"spark.v41_group_a_launch_beyond_seed.every_staging_step_lands_on_the_host_as_named"},
)
