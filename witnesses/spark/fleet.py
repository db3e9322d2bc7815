"""Witness the GB10 fleet: Group A's pool, its serving head and its TP4 seats."""

from __future__ import annotations

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core import convert
from domain.core import value_fields as vf
from domain.core.convert import STRICT, NotOfShape, structured
from domain.spark import fleet
from domain.spark.fleet import GROUP_A, GROUP_B, FabricAddressShared, GroupNotFourHosts, HostGroup
from witnesses.core.fixtures import ValueRefused, constructed, misuse

witness = Witness("spark.fleet")


@witness.positive(
    "Group A is srv5 to srv8 at 121 GiB each and pools 484 GiB.",
    rules=[fleet.group_pool_gib],
)
def group_a_pools_484_gib() -> None:
    check.equal("Group A hosts", tuple(h.name for h in GROUP_A.hosts), ("srv5", "srv6", "srv7", "srv8"))
    check.equal("memory per host (GiB)", {h.memory_gib for h in GROUP_A.hosts}, {121})
    check.equal("Group A pool (GiB)", fleet.group_pool_gib(GROUP_A), 484)
    check.equal("three of its hosts (GiB)", fleet.group_pool_gib(attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:3])), 363)


@witness.positive(
    "The serving head is the group's first host: srv5 for Group A and srv1 for Group B.",
    rules=[fleet.spark_pair_serving_head],
)
def the_serving_head_is_the_first_host() -> None:
    check.equal("Group A head", fleet.spark_pair_serving_head(GROUP_A).name, "srv5")
    check.equal("Group B head", fleet.spark_pair_serving_head(GROUP_B).name, "srv1")
    reordered = attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[::-1])
    check.equal("head of srv8..srv5", fleet.spark_pair_serving_head(reordered).name, "srv8")


@witness.positive(
    "Group A seats ranks 0 to 3 on srv5 to srv8, and followers reach the head at its rail address.",
    rules=[fleet.four_spark_tp4, fleet.spark_pair_serving_head],
)
def group_a_seats_four_ranks_head_first() -> None:
    shape = check.admitted(fleet.four_spark_tp4(GROUP_A))
    check.equal("head", shape.head.name, "srv5")
    check.equal("--master-addr", shape.master_addr, "10.77.0.5")
    check.equal(
        "seats",
        tuple((s.node_rank, s.host.name) for s in shape.seats),
        ((0, "srv5"), (1, "srv6"), (2, "srv7"), (3, "srv8")),
    )


@witness.refusal(
    "A three-host group is not FourSparkTp4 and is refused at its host list.",
    rules=[fleet.four_spark_tp4],
    reasons=[because(GroupNotFourHosts, at="$.hosts", saying=["each of 4 hosts", "FabricGroupA has 3"])],
)
def a_three_host_group_is_not_four_spark_tp4() -> object:
    return fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:3]))


@witness.refusal(
    "A follower answering on the head's rail address is refused, naming the head.",
    rules=[fleet.four_spark_tp4, fleet.spark_pair_serving_head],
    reasons=[
        because(FabricAddressShared, at="$.hosts[2].fabric_address", saying=["srv7", "10.77.0.5", "the head srv5"])
    ],
)
def a_follower_on_the_heads_rail_address_is_refused() -> object:
    hosts = list(GROUP_A.hosts)
    hosts[2] = attrs.evolve(hosts[2], fabric_address=hosts[0].fabric_address)
    return fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=tuple(hosts)))


@witness.refusal(
    "A two-host group sharing one rail address is refused for both faults at once.",
    rules=[fleet.four_spark_tp4],
    reasons=[
        because(GroupNotFourHosts, at="$.hosts", saying="has 2"),
        because(FabricAddressShared, at="$.hosts[1].fabric_address", saying="srv2"),
    ],
)
def a_two_host_group_on_one_address_is_refused_twice() -> object:
    hosts = (GROUP_B.hosts[0], attrs.evolve(GROUP_B.hosts[1], fabric_address=GROUP_B.hosts[0].fabric_address))
    return fleet.four_spark_tp4(attrs.evolve(GROUP_B, hosts=hosts))


@witness.refusal(
    "A follower answering on another follower's rail address is refused, naming that follower and not the head.",
    rules=[fleet.four_spark_tp4],
    reasons=[
        because(
            FabricAddressShared,
            at="$.hosts[2].fabric_address",
            saying="srv7 answers on fabric-rail address 10.77.0.6, already srv6's",
        )
    ],
)
def a_follower_on_another_followers_address_is_refused() -> object:
    hosts = list(GROUP_A.hosts)
    hosts[2] = attrs.evolve(hosts[2], fabric_address=hosts[1].fabric_address)
    return fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=tuple(hosts)))


@witness.positive(
    "A group naming srv5 twice cannot be built, and the misuse lists every host name in order.",
    rules=[vf.distinct],
)
def a_group_naming_a_host_twice_cannot_be_built() -> None:
    check.equal("four distinct names", attrs.evolve(GROUP_A, hosts=GROUP_A.hosts).hosts, GROUP_A.hosts)
    twice = (GROUP_A.hosts[0], *GROUP_A.hosts)
    check.equal(
        "srv5 twice",
        misuse(lambda: attrs.evolve(GROUP_A, hosts=twice)),
        "HostGroup.hosts: expected distinct host names, got ['srv5', 'srv5', 'srv6', 'srv7', 'srv8']",
    )


@witness.refusal(
    "A group document repeating srv5 is refused at its host list, listing the names.",
    rules=[vf.distinct, convert.located_pairs],
    reasons=[
        because(NotOfShape, at="$.hosts", saying="expected distinct host names, got ['srv5', 'srv5', 'srv7', 'srv8']")
    ],
)
def a_group_document_repeating_a_host_is_refused() -> object:
    document = STRICT.unstructure(GROUP_A)
    document["hosts"][1] = dict(document["hosts"][0])
    return structured(document, HostGroup)


@witness.positive(
    "A GB10 host minted for a group carries 121 GiB, so a fifth one grows Group A's pool to 605 GiB.",
    rules=[fleet.group_pool_gib],
)
def a_minted_gb10_host_adds_121_gib() -> None:
    fifth = fleet._gb10("srv9", "10.77.0.9")
    check.equal("minted host", fifth, fleet.Host(name="srv9", fabric_address="10.77.0.9", memory_gib=121))
    check.equal("pool with srv9 (GiB)", fleet.group_pool_gib(attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, fifth))), 605)


@witness.refusal(
    "Every follower sharing a rail address is named, each with the host whose address it takes.",
    rules=[fleet.four_spark_tp4],
    reasons=[
        because(
            FabricAddressShared,
            at="$.hosts[1].fabric_address",
            saying="srv6 answers on fabric-rail address 10.77.0.5, already the head srv5's",
        ),
        because(
            FabricAddressShared,
            at="$.hosts[3].fabric_address",
            saying="srv8 answers on fabric-rail address 10.77.0.7, already srv7's",
        ),
    ],
)
def every_follower_sharing_a_rail_address_is_named() -> object:
    head, srv6, srv7, srv8 = GROUP_A.hosts
    hosts = (
        head,
        attrs.evolve(srv6, fabric_address=head.fabric_address),
        srv7,
        attrs.evolve(srv8, fabric_address=srv7.fabric_address),
    )
    return fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=hosts))


@witness.refusal(
    "Every follower sharing the head's rail address is refused naming the head, however many share it: the first holder of an address keeps it.",
    rules=[fleet.four_spark_tp4],
    reasons=[
        because(
            FabricAddressShared,
            at="$.hosts[1].fabric_address",
            saying="srv6 answers on fabric-rail address 10.77.0.5, already the head srv5's",
        ),
        because(
            FabricAddressShared,
            at="$.hosts[2].fabric_address",
            saying="srv7 answers on fabric-rail address 10.77.0.5, already the head srv5's",
        ),
        because(
            FabricAddressShared,
            at="$.hosts[3].fabric_address",
            saying="srv8 answers on fabric-rail address 10.77.0.5, already the head srv5's",
        ),
    ],
)
def every_follower_on_the_heads_address_names_the_head() -> object:
    head, *followers = GROUP_A.hosts
    hosts = (head, *(attrs.evolve(f, fabric_address=head.fabric_address) for f in followers))
    return fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=hosts))


@witness.positive(
    "Rail addresses that only resemble the head's are other addresses: one octet off, extended or prefixed, they seat and dial the head's exact address.",
    rules=[fleet.four_spark_tp4],
)
def addresses_alike_are_still_different_addresses() -> None:
    head = GROUP_A.hosts[0]
    # Near misses of 10.77.0.5: same last octet on another subnet, a suffix added, a prefix added, one octet off.
    for alike in ("10.77.1.5", "10.77.0.50", "110.77.0.5", "10.78.0.5"):
        hosts = (head, attrs.evolve(GROUP_A.hosts[1], fabric_address=alike), *GROUP_A.hosts[2:])
        shape = check.admitted(fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=hosts)))
        check.equal(f"master address beside {alike}", shape.master_addr, "10.77.0.5")
    # Followers resembling each other are distinct too.
    srv5, srv6, srv7, srv8 = GROUP_A.hosts
    hosts = (
        srv5,
        attrs.evolve(srv6, fabric_address="10.77.0.6"),
        attrs.evolve(srv7, fabric_address="10.77.1.6"),
        attrs.evolve(srv8, fabric_address="10.77.0.66"),
    )
    check.admitted(fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=hosts)))


@witness.positive(
    "The head is rank 0 whatever the group's size: in a two- or five-host group a host on rank 0's rail address is said to take the head's.",
    rules=[fleet.four_spark_tp4, fleet.spark_pair_serving_head],
)
def the_head_is_rank_0_in_a_group_of_any_size() -> None:
    srv1, srv2 = GROUP_B.hosts[:2]
    pair = attrs.evolve(GROUP_B, hosts=(srv1, attrs.evolve(srv2, fabric_address=srv1.fabric_address)))
    fifth = fleet._gb10("srv9", GROUP_A.hosts[0].fabric_address)
    five = attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, fifth))
    for group, expected in (
        (pair, ("$.hosts[1].fabric_address", "srv2 answers on fabric-rail address 10.77.1.1, already the head srv1's")),
        (five, ("$.hosts[4].fabric_address", "srv9 answers on fabric-rail address 10.77.0.5, already the head srv5's")),
    ):
        reasons = check.refused(fleet.four_spark_tp4(group))
        check.equal(
            f"{group.name} of {len(group.hosts)}",
            [(r.where, r.why) for r in reasons if isinstance(r, FabricAddressShared)],
            [expected],
        )


def _sharing(first: str, second: str) -> HostGroup:
    """Return Group A whose followers srv6 and srv7 are renamed `first` and `second` and share one rail address."""
    head, srv6, srv7, srv8 = GROUP_A.hosts
    hosts = (
        head,
        attrs.evolve(srv6, name=first),
        attrs.evolve(srv7, name=second, fabric_address=srv6.fabric_address),
        srv8,
    )
    return attrs.evolve(GROUP_A, hosts=hosts)


@witness.positive(
    "Two hosts whose names only resemble each other or the head's are still two hosts: sharing a rail address is refused, naming the one it is.",
    rules=[fleet.four_spark_tp4],
)
def hosts_named_alike_are_still_different_hosts() -> None:
    # The second host's name is a near miss of the first's: cased, cut, extended or prefixed.
    for first, second in (("srv6", "SRV6"), ("srv60", "srv6"), ("xsrv6", "srv6"), ("xsrv6x", "srv6")):
        reasons = check.refused(fleet.four_spark_tp4(_sharing(first, second)))
        check.equal(
            f"{second} after {first}",
            [(type(r), r.where, r.why) for r in reasons],
            [
                (
                    FabricAddressShared,
                    "$.hosts[2].fabric_address",
                    f"{second} answers on fabric-rail address 10.77.0.6, already {first}'s",
                )
            ],
        )
    # The first host's name is a near miss of the head's srv5: it is a follower, never the head.
    for first in ("SRV5", "srv50", "xsrv5", "xsrv5x"):
        reasons = check.refused(fleet.four_spark_tp4(_sharing(first, "srv7")))
        check.equal(
            f"srv7 after {first}",
            [r.why for r in reasons],
            [f"srv7 answers on fabric-rail address 10.77.0.6, already {first}'s"],
        )


@witness.refusal(
    "A five-host group is not FourSparkTp4 either: exactly four hosts seat it, no more than no fewer.",
    rules=[fleet.four_spark_tp4],
    reasons=[because(GroupNotFourHosts, at="$.hosts", saying=["each of 4 hosts", "FabricGroupA has 5"])],
)
def a_five_host_group_is_not_four_spark_tp4() -> object:
    fifth = attrs.evolve(GROUP_B.hosts[0], name="srv9", fabric_address="10.77.0.9")
    return fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=(*GROUP_A.hosts, fifth)))


@witness.positive(
    "Ranks follow the group's host order, not the hosts' names: a group listed srv8 first seats rank 0 on srv8 and dials its rail address.",
    rules=[fleet.four_spark_tp4],
)
def ranks_follow_the_groups_order_not_host_names() -> None:
    reordered = attrs.evolve(GROUP_A, hosts=(GROUP_A.hosts[3], *GROUP_A.hosts[:3]))
    shape = check.admitted(fleet.four_spark_tp4(reordered))
    check.equal(
        "seats", [(s.node_rank, s.host.name) for s in shape.seats], [(0, "srv8"), (1, "srv5"), (2, "srv6"), (3, "srv7")]
    )
    check.equal("head and master address", (shape.head.name, shape.master_addr), ("srv8", "10.77.0.8"))


@witness.refusal(
    "A group whose holding subject is blank is refused at construction: admission reads holdings by that subject.",
    rules=[fleet.four_spark_tp4],
    reasons=[
        because(ValueRefused, at="construction", saying="HostGroup.subject: expected a non-empty str, got str '  '")
    ],
)
def a_blank_subject_is_refused() -> object:
    return constructed(lambda: attrs.evolve(GROUP_A, subject="  "))


def _group_of(size: int) -> HostGroup:
    """Return Group A resized to `size` GB10 hosts, each on its own rail address."""
    return attrs.evolve(GROUP_A, hosts=tuple(fleet._gb10(f"srv{i + 5}", f"10.77.0.{i + 5}") for i in range(size)))


@witness.positive(
    "A group of every size from 1 to 24 hosts but 4 is refused as not FourSparkTp4, saying its own count; four hosts seat four ranks.",
    rules=[fleet.four_spark_tp4],
)
def every_size_but_four_is_refused_saying_its_count() -> None:
    for size in range(1, 25):
        outcome = fleet.four_spark_tp4(_group_of(size))
        if size == 4:
            check.equal("four hosts seat ranks", [s.node_rank for s in check.admitted(outcome).seats], [0, 1, 2, 3])
            continue
        check.equal(
            f"{size} hosts",
            [(type(r), r.where, r.why) for r in check.refused(outcome)],
            [
                (
                    GroupNotFourHosts,
                    "$.hosts",
                    f"FourSparkTp4 seats one GPU rank on each of 4 hosts; FabricGroupA has {size}",
                )
            ],
        )


@witness.positive(
    "A group of any name shape (a dot, a hyphen, an underscore, digits, one letter, 80 letters) and of any size but 4 is refused as not FourSparkTp4 saying its whole name and its count.",
    rules=[fleet.four_spark_tp4],
)
def the_not_four_reason_says_the_whole_group_name() -> None:
    for name in ("srv-group.7", "Fabric.Group.A", "g", "Group_9", "9", "A" * 80, "fabric-group-a"):
        for size in (1, 3, 5):
            group = attrs.evolve(_group_of(size), name=name)
            check.equal(
                f"{name!r} of {size} hosts",
                [r.why for r in check.refused(fleet.four_spark_tp4(group))],
                [f"FourSparkTp4 seats one GPU rank on each of 4 hosts; {name} has {size}"],
            )


@witness.property(
    "A group's pool is the sum of its hosts' memory, whatever each host's size (1 GiB to a million) and however many hosts.",
    rules=[fleet.group_pool_gib],
)
@given(st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=12))
@example([121, 121, 121, 121])
@example([257])
@example([121, 512, 1, 4096])
def the_pool_sums_hosts_of_any_size(memories: list[int]) -> None:
    hosts = tuple(
        fleet.Host(name=f"srv{i + 1}", fabric_address=f"10.77.9.{i + 1}", memory_gib=gib)
        for i, gib in enumerate(memories)
    )
    check.equal("pool (GiB)", fleet.group_pool_gib(attrs.evolve(GROUP_A, hosts=hosts)), sum(memories))


@witness.positive(
    "The followers' master address is the head's rail address verbatim, whatever its shape: padded, IPv6 with a zone, a hostname, uppercase.",
    rules=[fleet.four_spark_tp4],
)
def the_master_address_is_the_heads_verbatim() -> None:
    for address in (" 10.77.0.5", "10.77.0.5 ", "fe80::1%eth1", "spark-rail-a.local", "RAIL-A", "10.77.0.5\t"):
        head = attrs.evolve(GROUP_A.hosts[0], fabric_address=address)
        shape = check.admitted(fleet.four_spark_tp4(attrs.evolve(GROUP_A, hosts=(head, *GROUP_A.hosts[1:]))))
        check.equal(f"master address {address!r}", shape.master_addr, address)
