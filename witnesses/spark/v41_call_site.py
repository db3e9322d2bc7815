"""Witness the V4.1 call site's texts and reads beyond the seed's controls: the open image's wording, the produced reading."""

from __future__ import annotations

import attrs

from claims import Witness, because, check
from domain import dry_run, v41_group_a_launch
from domain.frontiers import FIXTURE_HOST_EFFECTS_DISCHARGE, FIXTURE_OCCUPANCY_DISCHARGE
from domain.frontiers import V41RuntimeProductionUnestablished
from witnesses.spark.launch_fixtures import READ_AT, admitting_log, v41_inputs

witness = Witness("spark.v41_call_site")


@witness.refusal(
    "Without a produced image the V4.1 plan refuses at #12353, calling the image unestablished.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[because(
        V41RuntimeProductionUnestablished,
        at="#12353",
        saying="the V4.1 plan for image an unestablished image waits on produced V4.1 image (config digest) + a registry reading inside it (owner build lane / #12353)",
    )],
)
def no_produced_image_is_called_unestablished():
    return v41_group_a_launch.plan_v41_group_a_launch(v41_inputs(produced=None))


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
    "A dry run given the log's own #12370 discharge lists #12370 as discharged by that log's suspension events.",
    rules=[dry_run.v41_group_a_launch_dry_run],
)
def the_logs_own_transition_discharges_12370() -> None:
    log = admitting_log()
    inputs = attrs.evolve(
        v41_inputs(),
        discharges=(v41_group_a_launch.authority_transition_discharge(log), FIXTURE_OCCUPANCY_DISCHARGE, FIXTURE_HOST_EFFECTS_DISCHARGE),
    )
    report = dry_run.v41_group_a_launch_dry_run(log, READ_AT, inputs)
    check.equal("#12370 line", report.frontiers[5],
                "#12370 (adhoc-f7cabf26-ca3 / #12370 (bright-ant-770)): discharged by the authority log witness.jsonl, "
                "read as group_suspended_for_authorized_successor events (#12370's shape)")
    check.admitted(report.verdict)
