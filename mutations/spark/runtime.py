"""Declare the seeded defects of the arm wall over the produced V4.1 image (seed A3).

What was never read inside the image is Absent; with no registry reading
the wall refuses ("no registry reading exists"); a reading without a Hub CLI
path routes to the unmodelled-runtime executor.
"""

from __future__ import annotations

import attrs

from claims.defects import Defect, original
from domain.core.outcome import Admitted, Refused
from domain.spark import runtime
from domain.spark.runtime import (
    AdmittedRuntime,
    GunbcDeepseekV41EngramProduced,
    NoRegistryReading,
    RegistryReading,
    RuntimeReaderRoute,
)


def route_refusing_an_absent_cli_path(reading: RegistryReading | None) -> Admitted[RuntimeReaderRoute] | Refused:
    """Route a reading, refusing one without a Hub CLI path as if it were no reading."""
    if reading is not None and reading.hub_cli_path is None:
        return Refused(
            (
                NoRegistryReading(
                    where="$.registry_reading", why="no registry reading exists: the reading has no Hub CLI path"
                ),
            )
        )
    return original(runtime.runtime_reader_route)(reading)


def wall_reading_nothing_as_empty(variant: GunbcDeepseekV41EngramProduced) -> Admitted[AdmittedRuntime] | Refused:
    """Admit a produced image, taking a missing registry reading for a reading that read nothing."""
    if variant.registry_reading is None:
        variant = attrs.evolve(variant, registry_reading=RegistryReading(hub_cli_path=None, vllm_version=None))
    return original(runtime.arm_wall_admits_runtime)(variant)


absent_cli_path_refused = Defect(
    id="spark.absent_cli_path_refused",
    target=runtime.runtime_reader_route,
    intent="Refuse a reading without a Hub CLI path as unprobed instead of routing it to the unmodelled-runtime executor (seed A3).",
    replacement=route_refusing_an_absent_cli_path,
    must_red={
        "spark.runtime.an_absent_cli_path_routes_to_the_unmodelled_executor",
        "spark.runtime.an_empty_reading_is_admitted_to_the_unmodelled_executor",
    },
    must_green={"spark.runtime.a_probed_image_is_admitted_with_its_hub_cli_reader"},
)

unprobed_image_admitted = Defect(
    id="spark.unprobed_image_admitted",
    target=runtime.arm_wall_admits_runtime,
    intent="Take a missing registry reading for an empty one, so the unprobed image is admitted to the unmodelled executor (seed A3: the wall refuses it, no registry reading exists).",
    replacement=wall_reading_nothing_as_empty,
    must_red={"spark.runtime.the_unprobed_image_is_refused"},
)

wall_admits_the_fixture_artifact = Defect(
    id="spark.wall_admits_the_fixture_artifact",
    target=runtime.arm_wall_admits_runtime,
    intent="Admit the fixture V4.1 artifact instead of the variant's own, so a produced image with another digest or runtime key is admitted as the fixture.",
    patch=("artifact=variant.artifact", "artifact=V41_PRODUCED_ARTIFACT"),
    must_red={"spark.runtime.the_admitted_runtime_carries_its_own_artifact"},
)

relative_cli_path_is_unmodelled = Defect(
    id="spark.relative_cli_path_is_unmodelled",
    target=runtime.runtime_reader_route,
    intent="Route a CLI path that was read but is not absolute to the unmodelled executor, as if it were absent (seed A3: only an absent CLI path routes there).",
    patch=(
        "    if reading.hub_cli_path is None:\n",
        "    if reading.hub_cli_path is None or not reading.hub_cli_path.startswith('/'):\n",
    ),
    must_red={"spark.runtime.any_cli_path_read_routes_to_the_hub_cli_reader"},
)

unprobed_image_of_another_runtime_admitted = Defect(
    id="spark.unprobed_image_of_another_runtime_admitted",
    target=runtime.arm_wall_admits_runtime,
    intent="Refuse an unprobed image only when its runtime key starts with 'vllm', admitting any other unprobed image to the unmodelled executor (seed A3: with no registry reading the wall refuses).",
    patch=(
        "    if isinstance(routed, Refused):\n        return routed\n",
        '    if isinstance(routed, Refused) and variant.artifact.runtime_key.startswith("vllm"):\n        return routed\n'
        "    if isinstance(routed, Refused):\n"
        "        return Admitted(AdmittedRuntime(artifact=variant.artifact, route=UnmodelledRuntimeExecutor(vllm_version=None)))\n",
    ),
    must_red={"spark.runtime.the_wall_refuses_exactly_the_unprobed_image"},
)

local_version_dropped_unmodelled = Defect(
    id="spark.local_version_dropped_unmodelled",
    target=runtime.runtime_reader_route,
    intent="Drop a vLLM version carrying a local '+' segment on the unmodelled route, so what was read is said Absent (seed A3).",
    patch=(
        "        return Admitted(UnmodelledRuntimeExecutor(vllm_version=reading.vllm_version))",
        "        return Admitted(UnmodelledRuntimeExecutor(vllm_version=reading.vllm_version if '+' not in (reading.vllm_version or '') else None))",
    ),
    must_red={"spark.runtime.either_route_carries_a_version_of_any_text"},
)

non_ascii_cli_path_unmodelled = Defect(
    id="spark.non_ascii_cli_path_unmodelled",
    target=runtime.runtime_reader_route,
    intent="Route a CLI path holding non-ASCII text to the unmodelled executor, though only an absent path goes there (seed A3).",
    patch=(
        "    if reading.hub_cli_path is None:",
        "    if reading.hub_cli_path is None or not reading.hub_cli_path.isascii():",
    ),
    must_red={"spark.runtime.a_cli_path_of_any_text_routes_to_the_hub_reader"},
)
