"""Witness the arm wall over the produced V4.1 image and the registry reader's route."""

from __future__ import annotations

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.spark import runtime
from domain.spark.runtime import (
    V41_PROBED_RUNTIME,
    V41_PRODUCED_ARTIFACT,
    V41_UNPROBED_RUNTIME,
    GunbcDeepseekV41EngramProduced,
    HubCliReader,
    NoRegistryReading,
    RegistryReading,
    UnmodelledRuntimeExecutor,
)
from witnesses.core.fixtures import ValueRefused, constructed
from witnesses.spark import strategies as gen

witness = Witness("spark.runtime")


@witness.refusal(
    "The unprobed V4.1 image is refused because no registry reading exists.",
    rules=[runtime.arm_wall_admits_runtime],
    reasons=[because(NoRegistryReading, at="$.registry_reading", saying="no registry reading exists")],
)
def the_unprobed_image_is_refused() -> object:
    return runtime.arm_wall_admits_runtime(V41_UNPROBED_RUNTIME)


@witness.positive(
    "A probed V4.1 image is admitted with its digest and routed to its Hub CLI reader.",
    rules=[runtime.arm_wall_admits_runtime, runtime.runtime_reader_route],
)
def a_probed_image_is_admitted_with_its_hub_cli_reader() -> None:
    admitted = check.admitted(runtime.arm_wall_admits_runtime(V41_PROBED_RUNTIME))
    check.equal("config digest", admitted.artifact.config_digest, "sha256:" + "5e" * 32)
    check.equal("runtime key", admitted.artifact.runtime_key, "vllm-openai@d2d649e6")
    check.equal(
        "route", admitted.route, HubCliReader(hub_cli_path="/usr/local/bin/hf", vllm_version="0.1.dev1+gd2d649e6")
    )


@witness.positive(
    "A reading with an absent CLI path routes to the unmodelled-runtime executor.",
    rules=[runtime.runtime_reader_route],
)
def an_absent_cli_path_routes_to_the_unmodelled_executor() -> None:
    route = check.admitted(runtime.runtime_reader_route(RegistryReading(hub_cli_path=None, vllm_version="0.11.0")))
    check.equal("route", route, UnmodelledRuntimeExecutor(vllm_version="0.11.0"))


@witness.positive(
    "A reading that read nothing is still a reading, and the wall admits it to the unmodelled executor.",
    rules=[runtime.arm_wall_admits_runtime, runtime.runtime_reader_route],
)
def an_empty_reading_is_admitted_to_the_unmodelled_executor() -> None:
    variant = attrs.evolve(V41_PROBED_RUNTIME, registry_reading=RegistryReading(hub_cli_path=None, vllm_version=None))
    admitted = check.admitted(runtime.arm_wall_admits_runtime(variant))
    check.equal("route", admitted.route, UnmodelledRuntimeExecutor(vllm_version=None))


@witness.refusal(
    "With no registry reading there is nothing to route, and the reader says so.",
    rules=[runtime.runtime_reader_route],
    reasons=[because(NoRegistryReading, at="$.registry_reading", saying=["no registry reading exists", "unprobed"])],
)
def with_no_reading_there_is_nothing_to_route() -> object:
    return runtime.runtime_reader_route(None)


@witness.positive(
    "The refusal of an unprobed image says exactly that nothing was read inside it.",
    rules=[runtime.runtime_reader_route],
)
def the_no_reading_refusal_reads_exactly() -> None:
    reasons = check.refused(runtime.runtime_reader_route(None))
    check.equal(
        "where: why",
        [f"{r.where}: {r.why}" for r in reasons],
        ["$.registry_reading: no registry reading exists: nothing was read inside the image (it is unprobed)"],
    )


@witness.positive(
    "Either route carries the vLLM version the reading read, and an absent version stays absent.",
    rules=[runtime.runtime_reader_route],
)
def each_route_carries_the_vllm_version_as_read() -> None:
    for version in ("0.12.0rc1", None):
        hub = check.admitted(
            runtime.runtime_reader_route(RegistryReading(hub_cli_path="/opt/hf", vllm_version=version))
        )
        check.equal(
            f"Hub CLI route, version {version}", hub, HubCliReader(hub_cli_path="/opt/hf", vllm_version=version)
        )
        bare = check.admitted(runtime.runtime_reader_route(RegistryReading(hub_cli_path=None, vllm_version=version)))
        check.equal(f"unmodelled route, version {version}", bare, UnmodelledRuntimeExecutor(vllm_version=version))


@witness.positive(
    "The wall admits the very artifact of the variant it was given, whatever its digest and runtime key, on either route.",
    rules=[runtime.arm_wall_admits_runtime],
)
def the_admitted_runtime_carries_its_own_artifact() -> None:
    other = runtime.ProducedArtifact(config_digest="sha256:" + "a1" * 32, runtime_key="vllm-openai@0123abcd")
    for reading in (V41_PROBED_RUNTIME.registry_reading, RegistryReading(hub_cli_path=None, vllm_version=None)):
        variant = attrs.evolve(V41_PROBED_RUNTIME, artifact=other, registry_reading=reading)
        admitted = check.admitted(runtime.arm_wall_admits_runtime(variant))
        check.equal(f"artifact routed to {type(admitted.route).__name__}", admitted.artifact, other)


@witness.refusal(
    "What was never read is Absent (None), never blank text: a blank CLI path or an empty vLLM version is refused at construction, naming its field.",
    rules=[runtime.runtime_reader_route],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="RegistryReading.hub_cli_path: expected a non-empty str, got str '  '",
        ),
        because(
            ValueRefused, at="construction", saying="RegistryReading.vllm_version: expected a non-empty str, got str ''"
        ),
    ],
)
def a_blank_reading_is_not_an_absent_one() -> object:
    return constructed(
        lambda: runtime.runtime_reader_route(RegistryReading(hub_cli_path="  ", vllm_version="0.1")),
        lambda: runtime.runtime_reader_route(RegistryReading(hub_cli_path=None, vllm_version="")),
    )


@witness.refusal(
    "A produced artifact with a blank runtime key is refused at construction, naming the field.",
    rules=[runtime.arm_wall_admits_runtime],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="ProducedArtifact.runtime_key: expected a non-empty str, got str '  '",
        )
    ],
)
def a_blank_runtime_key_is_refused() -> object:
    return constructed(lambda: attrs.evolve(V41_PROBED_RUNTIME.artifact, runtime_key="  "))


@witness.positive(
    "Only an absent CLI path routes to the unmodelled executor: any path that was read, however spelled, routes to the Hub CLI reader verbatim.",
    rules=[runtime.runtime_reader_route],
)
def any_cli_path_read_routes_to_the_hub_cli_reader() -> None:
    # Spellings a reader might second-guess: relative, bare, dotted, padded, Windows-like.
    for path in ("hf", "./hf", "bin/hf", "~/.local/bin/hf", " /usr/local/bin/hf", "/usr/local/bin/hf ", "C:\\hf.exe"):
        route = check.admitted(runtime.runtime_reader_route(RegistryReading(hub_cli_path=path, vllm_version=None)))
        check.equal(f"route of {path!r}", route, HubCliReader(hub_cli_path=path, vllm_version=None))


@witness.property(
    "Over every produced image, whatever its runtime key or digest, the wall refuses exactly the unprobed one and admits any other with its own artifact and the route its reading takes.",
    rules=[runtime.arm_wall_admits_runtime],
)
@given(gen.produced_runtimes)
@example(V41_UNPROBED_RUNTIME)
@example(attrs.evolve(V41_UNPROBED_RUNTIME, artifact=attrs.evolve(V41_PRODUCED_ARTIFACT, runtime_key="sglang@0")))
@example(attrs.evolve(V41_UNPROBED_RUNTIME, artifact=attrs.evolve(V41_PRODUCED_ARTIFACT, runtime_key="x")))
@example(V41_PROBED_RUNTIME)
def the_wall_refuses_exactly_the_unprobed_image(variant: GunbcDeepseekV41EngramProduced) -> None:
    outcome = runtime.arm_wall_admits_runtime(variant)
    reading = variant.registry_reading
    if reading is None:
        (reason,) = check.refused(outcome)
        check.equal("reason", (type(reason), reason.where), (NoRegistryReading, "$.registry_reading"))
        return
    admitted = check.admitted(outcome)
    check.equal("artifact", admitted.artifact, variant.artifact)
    route = (
        UnmodelledRuntimeExecutor(vllm_version=reading.vllm_version)
        if reading.hub_cli_path is None
        else HubCliReader(hub_cli_path=reading.hub_cli_path, vllm_version=reading.vllm_version)
    )
    check.equal("route", admitted.route, route)


@witness.property(
    "Either route carries a vLLM version of any text as read: a local '+' segment, a dev or rc tag, uppercase, spaces, non-ASCII.",
    rules=[runtime.runtime_reader_route],
)
@given(st.text(min_size=1, max_size=60).filter(str.strip))
@example("0.1.dev1+gd2d649e6")
@example("0.12.0+cu128")
@example("0.12.0rc1")
@example("V0.12.0 (Local)")
def either_route_carries_a_version_of_any_text(version: str) -> None:
    hub = check.admitted(runtime.runtime_reader_route(RegistryReading(hub_cli_path="/opt/hf", vllm_version=version)))
    check.equal("Hub CLI route", hub, HubCliReader(hub_cli_path="/opt/hf", vllm_version=version))
    bare = check.admitted(runtime.runtime_reader_route(RegistryReading(hub_cli_path=None, vllm_version=version)))
    check.equal("unmodelled route", bare, UnmodelledRuntimeExecutor(vllm_version=version))


@witness.property(
    "A CLI path of any text that was read, non-ASCII, spaces or control-free symbols included, routes to the Hub CLI reader verbatim.",
    rules=[runtime.runtime_reader_route],
)
@given(st.text(min_size=1, max_size=80).filter(str.strip))
@example("/opt/h\u00fcb/bin/hf")
@example("/usr/local/bin/\u30cf\u30d6")
@example("/opt/hf\u00a0cli")
def a_cli_path_of_any_text_routes_to_the_hub_reader(path: str) -> None:
    route = check.admitted(runtime.runtime_reader_route(RegistryReading(hub_cli_path=path, vllm_version="0.1")))
    check.equal("route", route, HubCliReader(hub_cli_path=path, vllm_version="0.1"))
