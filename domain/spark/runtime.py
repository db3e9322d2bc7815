"""Admit a produced V4.1 runtime image by what was read inside it (the arm wall).

Seed A3: the V4.1 image is produced by the build lane and admitted at run
time, so its identity is a value (`GunbcDeepseekV41EngramProduced {artifact,
registry_reading}`).  What was never read inside the image is Absent:
`hub_cli_path` and `vllm_version` are optional.  With no registry reading at
all the arm wall refuses: "no registry reading exists" (the unprobed image).
A reader that meets an absent CLI path routes to the unmodelled-runtime
executor.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused


@frozen
class RegistryReading:
    """Carry what a probe read inside an image; what it never read is None (Absent)."""

    hub_cli_path: str | None = field(validator=vf.optional(vf.non_empty_str))
    vllm_version: str | None = field(validator=vf.optional(vf.non_empty_str))


@frozen
class ProducedArtifact:
    """Name a produced image by its config digest and the runtime key it was built for."""

    config_digest: str = field(validator=vf.sha256_digest)
    runtime_key: str = field(validator=vf.non_empty_str)


@frozen
class GunbcDeepseekV41EngramProduced:
    """Carry the produced V4.1 Engram image and the registry reading taken inside it, if any."""

    artifact: ProducedArtifact = field(validator=vf.instance_of(ProducedArtifact))
    registry_reading: RegistryReading | None = field(validator=vf.optional(vf.instance_of(RegistryReading)))


@frozen
class HubCliReader:
    """Route a reading to the modelled reader, which runs the image's Hub CLI."""

    hub_cli_path: str = field(validator=vf.non_empty_str)
    vllm_version: str | None = field(validator=vf.optional(vf.non_empty_str))


@frozen
class UnmodelledRuntimeExecutor:
    """Route a reading with no Hub CLI path to the unmodelled-runtime executor."""

    vllm_version: str | None = field(validator=vf.optional(vf.non_empty_str))


RuntimeReaderRoute = HubCliReader | UnmodelledRuntimeExecutor


@frozen
class AdmittedRuntime:
    """Carry an admitted produced image with the reader route its reading takes."""

    artifact: ProducedArtifact = field(validator=vf.instance_of(ProducedArtifact))
    route: RuntimeReaderRoute = field(validator=vf.instance_of((HubCliReader, UnmodelledRuntimeExecutor)))


@frozen
class NoRegistryReading(Reason):
    """Say nothing was ever read inside the image: it is unprobed."""


V41_PRODUCED_ARTIFACT = ProducedArtifact(
    # FIXTURE: a config digest; the real one comes from the build lane (#12353).
    config_digest="sha256:" + "5e" * 32,
    # FIXTURE: upstream vLLM d2d649e6's vllm-openai target (seed: the V4.1 image).
    runtime_key="vllm-openai@d2d649e6",
)
"""FIXTURE: the produced V4.1 image's identity."""

V41_REGISTRY_READING = RegistryReading(hub_cli_path="/usr/local/bin/hf", vllm_version="0.1.dev1+gd2d649e6")
"""FIXTURE: a reading as a probe of the image would take it (none exists today)."""

V41_UNPROBED_RUNTIME = GunbcDeepseekV41EngramProduced(artifact=V41_PRODUCED_ARTIFACT, registry_reading=None)
"""FIXTURE: today's variant: produced, never probed (seed A3: the wall refuses it)."""

V41_PROBED_RUNTIME = GunbcDeepseekV41EngramProduced(
    artifact=V41_PRODUCED_ARTIFACT, registry_reading=V41_REGISTRY_READING
)
"""FIXTURE: the variant once a registry reading exists inside the image."""


def runtime_reader_route(reading: RegistryReading | None) -> Admitted[RuntimeReaderRoute] | Refused:
    """Route a registry reading to its reader; an absent CLI path goes to the unmodelled executor."""
    if reading is None:
        return Refused(
            (
                NoRegistryReading(
                    where="$.registry_reading",
                    why="no registry reading exists: nothing was read inside the image (it is unprobed)",
                ),
            )
        )
    if reading.hub_cli_path is None:
        return Admitted(UnmodelledRuntimeExecutor(vllm_version=reading.vllm_version))
    return Admitted(HubCliReader(hub_cli_path=reading.hub_cli_path, vllm_version=reading.vllm_version))


def arm_wall_admits_runtime(variant: GunbcDeepseekV41EngramProduced) -> Admitted[AdmittedRuntime] | Refused:
    """Admit a produced image only when a registry reading inside it routes to a reader."""
    routed = runtime_reader_route(variant.registry_reading)
    if isinstance(routed, Refused):
        return routed
    return Admitted(AdmittedRuntime(artifact=variant.artifact, route=routed.value))
