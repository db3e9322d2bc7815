"""Witness the produced image read from the authority log: its digest and reading as of the read time, and what it brings the planner."""

from __future__ import annotations

import itertools

import attrs

from claims import because, check
from domain.spark import v41_group_a_launch
from domain.spark.authority_log import ImageAdmitted
from domain.spark.frontiers import FrontierDischarge, ObligationOpen
from domain.spark.runtime import (
    V41_PROBED_RUNTIME,
    V41_UNPROBED_RUNTIME,
    NoRegistryReading,
    ProducedArtifact,
    RegistryReading,
)
from domain.spark.v41_group_a_launch import plan_v41_group_a_launch, v41_produced_from_log
from witnesses.spark.fixtures import (
    ACTIVE,
    DIGEST,
    HELD_A,
    IMAGE,
    OTHER_DIGEST,
    READ_AT,
    READING,
    SUSPENSION,
    admitting_log,
    authority_log,
    v41_inputs,
)
from witnesses.spark.v41_group_a_launch import beyond_the_seed, witness


@witness.refusal(
    "The live inputs reach the planner, which names the image and the open #12371 and #12359 gaps.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch, v41_group_a_launch.v41_produced_from_log],
    reasons=[
        because(ObligationOpen, at="#12371", saying=[DIGEST, "v41_measurement_launch_shape", "TRIGGER"]),
        because(ObligationOpen, at="#12359", saying=[DIGEST, "v41_engram_store_manifest", "SUFFICIENT FOR"]),
    ],
)
def live_inputs_reach_the_planner_naming_the_image_and_the_open_gaps():
    produced = v41_produced_from_log(admitting_log(), READ_AT)
    return plan_v41_group_a_launch(v41_inputs(produced=produced, shape=None, manifest=None))


@witness.positive(
    "The produced image read from the log carries its reading's CLI path and vLLM version.",
    rules=[v41_group_a_launch.v41_produced_from_log],
)
def the_produced_reading_carries_the_vllm_version() -> None:
    produced = v41_group_a_launch.v41_produced_from_log(admitting_log(), READ_AT)
    reading = produced.registry_reading if produced else None
    check.equal("CLI path", reading.hub_cli_path if reading else None, "/usr/local/bin/hf")
    check.equal("vLLM version", reading.vllm_version if reading else None, "0.1.dev1+gd2d649e6")


@witness.positive(
    "The produced image and its reading are read from the authority log as of the read time.",
    rules=[v41_group_a_launch.v41_produced_from_log],
)
def the_produced_image_is_read_from_the_log() -> None:
    produced = v41_group_a_launch.v41_produced_from_log(admitting_log(), READ_AT)
    check.equal("digest", produced.artifact.config_digest if produced else None, DIGEST)
    check.equal(
        "reading",
        produced.registry_reading.hub_cli_path if produced and produced.registry_reading else None,
        "/usr/local/bin/hf",
    )
    before = v41_group_a_launch.v41_produced_from_log(admitting_log(), IMAGE.at - 1)
    check.equal("nothing before the image", before, None)
    unread = v41_group_a_launch.v41_produced_from_log(admitting_log(), READING.at - 1)
    check.equal("no reading yet", unread.registry_reading if unread else "no image", None)


@witness.refusal(
    "A registry reading taken inside an earlier image does not probe the later produced image, so the arm wall refuses it as unprobed.",
    rules=[v41_group_a_launch.v41_produced_from_log, v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[because(NoRegistryReading, at="$.produced.registry_reading", saying="no registry reading exists")],
)
def a_reading_of_an_earlier_image_does_not_probe_the_produced_one():
    later = ImageAdmitted(at=READING.at + 10, config_digest=OTHER_DIGEST, runtime_key=IMAGE.runtime_key)
    produced = v41_produced_from_log(authority_log(ACTIVE, *HELD_A, IMAGE, READING, later, SUSPENSION), READ_AT)
    check.equal("produced digest", produced.artifact.config_digest if produced else None, OTHER_DIGEST)
    return plan_v41_group_a_launch(v41_inputs(produced=produced))


@witness.positive(
    "A reading logged with an absent CLI path is still the produced image's reading, so the plan's arm wall routes it to the unmodelled executor instead of calling the image unprobed.",
    rules=[v41_group_a_launch.v41_produced_from_log, v41_group_a_launch.plan_v41_group_a_launch],
)
def a_reading_with_an_absent_cli_path_is_still_a_reading() -> None:
    bare = attrs.evolve(READING, hub_cli_path=None)
    produced = v41_produced_from_log(authority_log(ACTIVE, *HELD_A, IMAGE, bare, SUSPENSION), READ_AT)
    check.equal(
        "reading", produced.registry_reading, RegistryReading(hub_cli_path=None, vllm_version=READING.vllm_version)
    )
    plan = check.admitted(plan_v41_group_a_launch(v41_inputs(produced=produced)))
    check.equal("image", plan.arm.request.image, DIGEST)


@witness.positive(
    "The produced image and its reading are those logged by the read second: a newer image, or a newer reading of the same image, logged a second later is not yet read.",
    rules=[v41_group_a_launch.v41_produced_from_log],
)
def what_is_logged_after_the_read_is_not_yet_the_produced_image() -> None:
    newer_image = ImageAdmitted(at=READ_AT + 1, config_digest=OTHER_DIGEST, runtime_key=IMAGE.runtime_key)
    newer_reading = attrs.evolve(READING, at=READ_AT + 1, vllm_version="0.2.0")
    log = authority_log(ACTIVE, *HELD_A, IMAGE, READING, SUSPENSION, newer_reading, newer_image)
    produced = v41_produced_from_log(log, READ_AT)
    check.equal("digest", produced.artifact.config_digest if produced else None, DIGEST)
    check.equal(
        "reading",
        produced.registry_reading if produced else None,
        RegistryReading(hub_cli_path="/usr/local/bin/hf", vllm_version=READING.vllm_version),
    )
    at_the_second = v41_produced_from_log(log, READ_AT + 1)
    check.equal("a second later", at_the_second.artifact.config_digest if at_the_second else None, OTHER_DIGEST)


@witness.positive(
    "The produced image read from the log carries the runtime key its own admission names, whatever that key is.",
    rules=[v41_group_a_launch.v41_produced_from_log],
)
def the_produced_image_carries_its_logged_runtime_key() -> None:
    for runtime_key in (IMAGE.runtime_key, "vllm-openai@0123abcd"):
        image = attrs.evolve(IMAGE, runtime_key=runtime_key)
        produced = v41_produced_from_log(authority_log(ACTIVE, *HELD_A, image, READING, SUSPENSION), READ_AT)
        check.equal(
            f"artifact admitted against {runtime_key}",
            produced.artifact if produced else None,
            ProducedArtifact(config_digest=DIGEST, runtime_key=runtime_key),
        )


@beyond_the_seed.positive(
    "The produced image's reading carries each of its fields as logged under all four presences: hub CLI path and vLLM version both read, either alone, or neither.",
    rules=[v41_group_a_launch.v41_produced_from_log],
)
def the_reading_carries_each_field_under_every_presence() -> None:
    for cli, version in itertools.product(("/usr/local/bin/hf", None), ("0.1.dev1+gd2d649e6", None)):
        log = authority_log(IMAGE, attrs.evolve(READING, hub_cli_path=cli, vllm_version=version))
        produced = v41_produced_from_log(log, READ_AT)
        check.equal(
            f"cli {cli!r}, version {version!r}",
            produced.registry_reading if produced else None,
            RegistryReading(hub_cli_path=cli, vllm_version=version),
        )


@beyond_the_seed.positive(
    "#12370's discharge says the log was read through its suspension events and names no log path (the report names the log once), and a caller's note in any spelling (non-ASCII, long, one character) discharges its frontier in the plan.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
)
def a_discharge_in_any_spelling_discharges_its_frontier() -> None:
    check.equal(
        "#12370's discharge",
        v41_group_a_launch.authority_transition_discharge(),
        FrontierDischarge(
            key="#12370",
            by="the authority log, read as group_suspended_for_authorized_successor events (#12370's shape)",
        ),
    )
    for note in ("bestätigt von der Flotte", "x", "n" * 300):
        inputs = v41_inputs()
        inputs = attrs.evolve(inputs, discharges=tuple(attrs.evolve(d, by=note) for d in inputs.discharges))
        check.admitted(plan_v41_group_a_launch(inputs))


@beyond_the_seed.positive(
    "Every open frontier's obligation names the produced image by its digest whether or not a registry reading was found in it.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
)
def an_open_frontier_names_the_image_with_or_without_a_reading() -> None:
    for produced in (V41_PROBED_RUNTIME, V41_UNPROBED_RUNTIME):
        reasons = check.refused(plan_v41_group_a_launch(v41_inputs(produced=produced, shape=None, manifest=None)))
        opened = [r for r in reasons if isinstance(r, ObligationOpen)]
        check.equal("open frontiers", [r.where for r in opened], ["#12371", "#12359"])
        for reason in opened:
            check.contains(f"{reason.where} names the image", f"image {DIGEST}", reason.why)
