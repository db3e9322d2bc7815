"""Name the GB10 hosts, their groups and the four-rank shape a group serves in.

Seed A1: hosts are NVIDIA GB10 ("DGX Spark") machines whose CPU and GPU share
one unified memory pool; the fit wall counts 121 GiB per host (measured CUDA
totals are about 121.6-121.7 GiB; the wall uses whole GiB), so a four-host
group pools 484 GiB.  Group A (srv5-srv8) serves V4.1 as `FourSparkTp4`, one
GPU rank per host; Group B serves GLM on the same launcher.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Admitted, Reason, Refused

GB10_HOST_MEMORY_GIB = 121
"""Whole GiB the fit wall counts per GB10 host (seed A1)."""

FOUR_SPARK_TP4_HOSTS = 4
"""`FourSparkTp4`: tensor parallel 4, one GPU rank on each of four hosts (seed A1)."""

SPARK_PAIR_SERVE_PORT = 8000
"""FIXTURE: the pair route's API port (vLLM's default); the seeds name the route, not the number."""


@frozen
class Host:
    """Name one GB10 host, its fabric-rail address and the memory the wall counts."""

    name: str = field(validator=vf.name_token)
    fabric_address: str = field(validator=vf.non_empty_str)
    memory_gib: int = field(validator=vf.positive_int)


@frozen
class HostGroup:
    """Name a group of hosts, in rank order, and the subject that holds them."""

    name: str = field(validator=vf.name_token)
    hosts: tuple[Host, ...] = field(validator=[vf.tuple_of(Host, min_len=1), vf.distinct("name", "host names")])
    subject: str = field(validator=vf.non_empty_str)


@frozen
class RankSeat:
    """Seat one vLLM node rank on one host."""

    node_rank: int = field(validator=vf.non_negative_int)
    host: Host = field(validator=vf.instance_of(Host))


@frozen
class FourSparkTp4:
    """Carry a group's TP4 shape: the head (rank 0), its rail address and every seat."""

    group_name: str = field(validator=vf.name_token)
    head: Host = field(validator=vf.instance_of(Host))
    master_addr: str = field(validator=vf.non_empty_str)
    seats: tuple[RankSeat, ...] = field(validator=vf.tuple_of(RankSeat, min_len=1))


@frozen
class GroupNotFourHosts(Reason):
    """Say a group is not four hosts: FourSparkTp4 seats one rank on each of exactly four."""


@frozen
class FabricAddressShared(Reason):
    """Say two hosts of a group answer on the same fabric-rail address."""


def _gb10(name: str, fabric_address: str) -> Host:
    return Host(name=name, fabric_address=fabric_address, memory_gib=GB10_HOST_MEMORY_GIB)


GROUP_A = HostGroup(
    name="FabricGroupA",
    # FIXTURE: the rail addresses; the seed names the rail, not its numbers.
    hosts=(
        _gb10("srv5", "10.77.0.5"),
        _gb10("srv6", "10.77.0.6"),
        _gb10("srv7", "10.77.0.7"),
        _gb10("srv8", "10.77.0.8"),
    ),
    # FIXTURE: the subject that holds Group A's hosts (V4.1 succeeds V4 on it).
    subject="spark-serving-group-a",
)
"""Group A: srv5..srv8, the V4.1 TP4 arm (seed A1)."""

GROUP_B = HostGroup(
    name="FabricGroupB",
    # FIXTURE: Group B's hosts (srv1-srv4) and rail addresses.
    hosts=(
        _gb10("srv1", "10.77.1.1"),
        _gb10("srv2", "10.77.1.2"),
        _gb10("srv3", "10.77.1.3"),
        _gb10("srv4", "10.77.1.4"),
    ),
    subject="spark-serving-group-b",
)
"""Group B (fixture srv1..srv4): GLM on the same launcher (seed A1)."""


def group_pool_gib(group: HostGroup) -> int:
    """Return the unified memory the fit wall counts across a group (484 GiB for four GB10s)."""
    return sum(host.memory_gib for host in group.hosts)


def spark_pair_serving_head(group: HostGroup) -> Host:
    """Return the group's serving head, rank 0 (fixture: the first host; srv5 for Group A)."""
    return group.hosts[0]


def spark_pair_serve_port() -> int:
    """Return the serving route's API port (V4.1 succeeds V4 on the same serving subject)."""
    return SPARK_PAIR_SERVE_PORT


def four_spark_tp4(group: HostGroup) -> Admitted[FourSparkTp4] | Refused:
    """Seat one rank per host, head first, with followers reaching the head's rail address."""
    head = spark_pair_serving_head(group)
    reasons: list[Reason] = []
    if len(group.hosts) != FOUR_SPARK_TP4_HOSTS:
        reasons.append(
            GroupNotFourHosts(
                where="$.hosts",
                why=(
                    f"FourSparkTp4 seats one GPU rank on each of {FOUR_SPARK_TP4_HOSTS} hosts; "
                    f"{group.name} has {len(group.hosts)}"
                ),
            )
        )
    # Followers dial --master-addr = the head's rail address: it must name the head alone.
    seen: dict[str, str] = {}
    for index, host in enumerate(group.hosts):
        owner = seen.setdefault(host.fabric_address, host.name)
        if owner != host.name:
            role = f"the head {head.name}" if owner == head.name else owner
            reasons.append(
                FabricAddressShared(
                    where=f"$.hosts[{index}].fabric_address",
                    why=f"{host.name} answers on fabric-rail address {host.fabric_address}, already {role}'s",
                )
            )
    if reasons:
        return Refused(tuple(reasons))
    seats = tuple(RankSeat(node_rank=rank, host=host) for rank, host in enumerate(group.hosts))
    return Admitted(FourSparkTp4(group_name=group.name, head=head, master_addr=head.fabric_address, seats=seats))
