"""Witness the walls and frontiers that refuse the V4.1 plan: the Engram allowance, the unknown charge, an unprobed or unproduced image, an open obligation."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.spark import v41_group_a_launch
from domain.spark.fit_wall import BeyondWeightsChargeUnknown, EngramAllowanceOverflowsPool
from domain.spark.frontiers import FrontierDischarge, ObligationOpen, V41RuntimeProductionUnestablished
from domain.spark.launcher import ProfileAbsent, plan_arm_launch_for
from domain.spark.runtime import V41_UNPROBED_RUNTIME, NoRegistryReading
from domain.spark.v41_group_a_launch import plan_v41_group_a_launch
from witnesses.spark.fixtures import (
    DIGEST,
    shape_at,
    v41_inputs,
)
from witnesses.spark.v41_group_a_launch import beyond_the_seed, witness


@witness.refusal(
    "At 0.50 utilization the plan refuses, naming the 242 GiB declared allowance.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[
        because(
            EngramAllowanceOverflowsPool,
            at="$.row.resident_beyond_weights",
            saying=["242 GiB", "661.25 GiB", "484 GiB"],
        )
    ],
)
def half_utilization_refuses_naming_the_allowance():
    return plan_v41_group_a_launch(v41_inputs(shape=shape_at(5000)))


@witness.refusal(
    "Without a profile the launcher refuses the V4.1 row because its beyond-weights charge is unknown.",
    rules=[plan_arm_launch_for],
    reasons=[
        because(BeyondWeightsChargeUnknown, at="$.row.resident_beyond_weights", saying="the charge is unknown"),
        because(ProfileAbsent, at="$.profile"),
    ],
)
def no_profile_refuses_because_the_charge_is_unknown():
    return plan_arm_launch_for(v41_group_a_launch.v41_group_a_launch_request(None, DIGEST))


@witness.refusal(
    "An unprobed produced image is refused by the arm wall because no registry reading exists.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[because(NoRegistryReading, at="$.produced.registry_reading", saying="no registry reading exists")],
)
def unprobed_image_is_refused_by_the_arm_wall():
    return plan_v41_group_a_launch(v41_inputs(produced=V41_UNPROBED_RUNTIME))


@witness.refusal(
    "Without a produced image the V4.1 plan refuses at #12353, saying no produced image is established and naming no image.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[
        because(
            V41RuntimeProductionUnestablished,
            at="#12353",
            saying="the V4.1 plan waits on the produced V4.1 image (its config digest) and a registry reading inside it, owned by the build lane; today: no produced image is established;",
        )
    ],
)
def no_produced_image_is_called_unestablished():
    return v41_group_a_launch.plan_v41_group_a_launch(v41_inputs(produced=None))


@witness.refusal(
    "A withheld occupancy discharge alone keeps the plan refused, naming #12351.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch, v41_group_a_launch.v41_engram_staging_steps],
    reasons=[because(ObligationOpen, at="#12351", saying="admit_spark_host_unoccupied")],
)
def a_withheld_occupancy_discharge_refuses():
    inputs = v41_inputs()
    return v41_group_a_launch.plan_v41_group_a_launch(
        attrs.evolve(inputs, discharges=tuple(d for d in inputs.discharges if d.key != "#12351"))
    )


@witness.refusal(
    "A discharge naming the image, the launch shape or the manifest never stands in for its value: each frontier stays open, by name.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[
        because(
            V41RuntimeProductionUnestablished,
            at="#12353",
            saying="the V4.1 plan waits on the produced V4.1 image",
        ),
        because(
            ObligationOpen,
            at="#12371",
            saying="the V4.1 plan waits on the launch shape (max_num_batched_tokens 8192, utilization 8000 bp, prefix caching explicitly off), owned by v41_measurement_launch_shape",
        ),
        because(
            ObligationOpen,
            at="#12359",
            saying="the V4.1 plan waits on the Engram manifest text, owned by v41_engram_store_manifest;",
        ),
    ],
)
def a_discharge_without_its_value_leaves_the_frontier_open():
    inputs = v41_inputs(produced=None, shape=None, manifest=None)
    named = tuple(
        FrontierDischarge(key=key, by="a note that claims the value exists") for key in ("#12353", "#12371", "#12359")
    )
    return v41_group_a_launch.plan_v41_group_a_launch(attrs.evolve(inputs, discharges=inputs.discharges + named))


@beyond_the_seed.refusal(
    "An open frontier does not hide a wall: with the manifest withheld at 0.50 utilization the plan refuses for both, #12359 by name and the 242 GiB allowance.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[
        because(ObligationOpen, at="#12359", saying="v41_engram_store_manifest"),
        because(EngramAllowanceOverflowsPool, at="$.row.resident_beyond_weights", saying=["242 GiB", "661.25 GiB"]),
    ],
)
def an_open_frontier_does_not_hide_the_fit_wall():
    return plan_v41_group_a_launch(v41_inputs(shape=shape_at(5000), manifest=None))


@beyond_the_seed.positive(
    "The plan's allowance refusal says, whole, the weights, the declared allowance and the utilization that sets it, the requirement, the pool, its group and the overflow.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
)
def the_allowance_refusal_names_the_utilization_that_sets_it() -> None:
    reasons = check.refused(plan_v41_group_a_launch(v41_inputs(shape=shape_at(5000))))
    check.equal(
        "where: why",
        [f"{r.where}: {r.why}" for r in reasons],
        [
            "$.row.resident_beyond_weights: (287 GiB weights + 242 GiB declared Engram page-cache allowance "
            "at 5000 bp (0.5) utilization) x 5/4 = 661.25 GiB exceeds the 484 GiB pool of FabricGroupA by 177.25 GiB"
        ],
    )


@beyond_the_seed.positive(
    "An open frontier never hides the arm wall: with the launch shape, the manifest, both or neither withheld, an unprobed image is refused for each open frontier by name and by the wall, once.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
)
def an_open_frontier_does_not_hide_the_arm_wall() -> None:
    for shape in (None, shape_at(8000)):
        for manifest in (None, v41_inputs().engram_manifest):
            inputs = v41_inputs(produced=V41_UNPROBED_RUNTIME, shape=shape, manifest=manifest)
            reasons = check.refused(plan_v41_group_a_launch(inputs))
            open_keys = [key for key, value in (("#12371", shape), ("#12359", manifest)) if value is None]
            check.equal(
                f"reasons with {open_keys or 'no frontier'} open",
                [(type(r), r.where) for r in reasons],
                [
                    *((ObligationOpen, key) for key in open_keys),
                    (NoRegistryReading, "$.produced.registry_reading"),
                ],
            )
