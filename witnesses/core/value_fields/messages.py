"""Witness a validator's misuse message: a good value builds, a bad one names `Class.field: expected ..., got ...`."""

from __future__ import annotations

from fractions import Fraction

import attrs

from claims import check
from domain.core import value_fields as vf
from domain.spark.engram import VllmEngramConfigRequest
from domain.spark.fleet import GROUP_A, RankSeat
from domain.spark.profile import GLM_GROUP_B_PROFILE
from domain.spark.runtime import V41_PRODUCED_ARTIFACT
from witnesses.core.fixtures import misuse
from witnesses.core.value_fields import FIT, HOST, witness


@witness.positive(
    'A host\'s memory is an int above zero: 1 GiB builds, while 0, True and "121" are misuse named by class and field.',
    rules=[vf.positive_int],
)
def memory_must_be_an_int_above_zero() -> None:
    check.equal("memory of 1 GiB", attrs.evolve(HOST, memory_gib=1).memory_gib, 1)
    for bad, message in (
        (0, "Host.memory_gib: expected int > 0, got int 0"),
        (True, "Host.memory_gib: expected int > 0, got bool True"),
        ("121", "Host.memory_gib: expected int > 0, got str '121'"),
    ):
        check.equal(f"memory {bad!r}", misuse(lambda: attrs.evolve(HOST, memory_gib=bad)), message)


@witness.positive(
    "A node rank is an int of zero or more: rank 0 builds, while -1 and False are misuse named by class and field.",
    rules=[vf.non_negative_int],
)
def a_node_rank_must_be_an_int_of_zero_or_more() -> None:
    check.equal("rank 0", RankSeat(node_rank=0, host=HOST).node_rank, 0)
    for bad, message in (
        (-1, "RankSeat.node_rank: expected int >= 0, got int -1"),
        (False, "RankSeat.node_rank: expected int >= 0, got bool False"),
        ("0", "RankSeat.node_rank: expected int >= 0, got str '0'"),
    ):
        check.equal(f"rank {bad!r}", misuse(lambda: RankSeat(node_rank=bad, host=HOST)), message)


@witness.positive(
    "A fit margin is an exact Fraction of zero or more: 0 builds, while -1/4, 0.25 and the int 0 are misuse.",
    rules=[vf.non_negative_fraction],
)
def a_margin_must_be_an_exact_fraction_of_zero_or_more() -> None:
    check.equal("margin 0", attrs.evolve(FIT, margin_gib=Fraction(0)).margin_gib, Fraction(0))
    for bad, message in (
        (Fraction(-1, 4), "FitFigures.margin_gib: expected Fraction >= 0, got Fraction Fraction(-1, 4)"),
        (0.25, "FitFigures.margin_gib: expected Fraction >= 0, got float 0.25"),
        (0, "FitFigures.margin_gib: expected Fraction >= 0, got int 0"),
    ):
        check.equal(f"margin {bad!r}", misuse(lambda: attrs.evolve(FIT, margin_gib=bad)), message)


@witness.positive(
    'An Engram flag is True or False only: 1 and "true" are misuse named by class and field.',
    rules=[vf.strict_bool],
)
def an_engram_flag_must_be_a_bool() -> None:
    check.equal(
        "cpu_offload False", VllmEngramConfigRequest(cpu_offload=False, dp_shared_memory=True).cpu_offload, False
    )
    for bad, message in (
        (1, "VllmEngramConfigRequest.cpu_offload: expected bool, got int 1"),
        ("true", "VllmEngramConfigRequest.cpu_offload: expected bool, got str 'true'"),
    ):
        check.equal(
            f"cpu_offload {bad!r}",
            misuse(lambda: VllmEngramConfigRequest(cpu_offload=bad, dp_shared_memory=False)),
            message,
        )


@witness.positive(
    "A fabric address is a str with a non-blank character: blanks, the empty str and None are misuse.",
    rules=[vf.non_empty_str],
)
def a_fabric_address_must_be_a_non_blank_str() -> None:
    check.equal("address 10.77.0.9", attrs.evolve(HOST, fabric_address="10.77.0.9").fabric_address, "10.77.0.9")
    for bad, message in (
        ("  ", "Host.fabric_address: expected a non-empty str, got str '  '"),
        ("", "Host.fabric_address: expected a non-empty str, got str ''"),
        (None, "Host.fabric_address: expected a non-empty str, got NoneType None"),
    ):
        check.equal(f"address {bad!r}", misuse(lambda: attrs.evolve(HOST, fabric_address=bad)), message)


@witness.positive(
    "A host name is one token of letters, digits, '.', '_' or '-': a space, a leading dash or an int is misuse.",
    rules=[vf.name_token],
)
def a_host_name_must_be_one_token() -> None:
    check.equal("name srv-9.a_b", attrs.evolve(HOST, name="srv-9.a_b").name, "srv-9.a_b")
    for bad, message in (
        ("srv 5", "Host.name: expected a name of letters, digits, '.', '_' or '-', got str 'srv 5'"),
        ("-srv5", "Host.name: expected a name of letters, digits, '.', '_' or '-', got str '-srv5'"),
        (5, "Host.name: expected a name of letters, digits, '.', '_' or '-', got int 5"),
    ):
        check.equal(f"name {bad!r}", misuse(lambda: attrs.evolve(HOST, name=bad)), message)


@witness.positive(
    "A config digest is 'sha256:' and 64 lowercase hex digits: uppercase hex or a short digest is misuse.",
    rules=[vf.sha256_digest],
)
def a_config_digest_must_be_a_lowercase_sha256() -> None:
    check.equal(
        "digest",
        attrs.evolve(V41_PRODUCED_ARTIFACT, config_digest="sha256:" + "0a" * 32).config_digest,
        "sha256:" + "0a" * 32,
    )
    upper = "sha256:" + "5E" * 32
    for bad, message in (
        (upper, f"ProducedArtifact.config_digest: expected 'sha256:' and 64 lowercase hex digits, got str {upper!r}"),
        (
            "sha256:5e",
            "ProducedArtifact.config_digest: expected 'sha256:' and 64 lowercase hex digits, got str 'sha256:5e'",
        ),
        (None, "ProducedArtifact.config_digest: expected 'sha256:' and 64 lowercase hex digits, got NoneType None"),
    ):
        check.equal(f"digest {bad!r}", misuse(lambda: attrs.evolve(V41_PRODUCED_ARTIFACT, config_digest=bad)), message)


@witness.positive(
    "A utilization is 1 to 10000 basis points: both ends build, while 0, 10001 and True are misuse.",
    rules=[vf.basis_points],
)
def a_utilization_must_be_basis_points_in_range() -> None:
    for good in (1, 10_000):
        check.equal(
            f"{good} bp",
            attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=good).gpu_memory_utilization_bp,
            good,
        )
    for bad, message in (
        (0, "ServingLaunchProfile.gpu_memory_utilization_bp: expected basis points in 1..10000, got int 0"),
        (10_001, "ServingLaunchProfile.gpu_memory_utilization_bp: expected basis points in 1..10000, got int 10001"),
        (True, "ServingLaunchProfile.gpu_memory_utilization_bp: expected basis points in 1..10000, got bool True"),
    ):
        check.equal(
            f"{bad!r} bp", misuse(lambda: attrs.evolve(GLM_GROUP_B_PROFILE, gpu_memory_utilization_bp=bad)), message
        )


@witness.positive(
    "A distinct-keys validator built afresh passes distinct host names and names a repeat anywhere in the list, listing every name.",
    rules=[vf.distinct],
)
def a_distinct_validator_built_afresh_names_any_repeat() -> None:
    # Built inside the claim, not at import: HostGroup's own validator was built before any mutant is switched in.
    probe = attrs.make_class("Probe", {"hosts": attrs.field(validator=vf.distinct("name", "host names"))}, frozen=True)
    check.equal("four distinct names", probe(hosts=GROUP_A.hosts).hosts, GROUP_A.hosts)
    apart = (GROUP_A.hosts[0], GROUP_A.hosts[1], GROUP_A.hosts[0])
    check.equal(
        "srv5 again after srv6",
        misuse(lambda: probe(hosts=apart)),
        "Probe.hosts: expected distinct host names, got ['srv5', 'srv6', 'srv5']",
    )


@witness.positive(
    "A distinct-keys validator passes every list of distinct keys from none to six and names a repeat at every pair of positions, first and last included, listing every key.",
    rules=[vf.distinct],
)
def a_distinct_validator_names_a_repeat_at_every_size_and_position() -> None:
    probe = attrs.make_class("Probe", {"hosts": attrs.field(validator=vf.distinct("name", "host names"))}, frozen=True)
    hosts = tuple(attrs.evolve(HOST, name=f"srv{n}") for n in range(6))
    for size in range(len(hosts) + 1):
        check.equal(f"{size} distinct names", misuse(lambda: probe(hosts=hosts[:size])), "(built without error)")
        for first in range(size):
            for again in range(first + 1, size):
                repeated = tuple(hosts[first] if n == again else host for n, host in enumerate(hosts[:size]))
                names = [host.name for host in repeated]
                check.equal(
                    f"{size} names, {names[first]} again at {again}",
                    misuse(lambda: probe(hosts=repeated)),
                    f"Probe.hosts: expected distinct host names, got {names!r}",
                )
