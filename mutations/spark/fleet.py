"""Declare the seeded defects of the GB10 fleet: the pool, the serving head and the TP4 seats (seed A1)."""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import fleet

pool_leaves_out_the_head = Defect(
    id="spark.pool_leaves_out_the_head",
    target=fleet.group_pool_gib,
    intent="Sum a group's pool from its first follower, leaving rank 0's 121 GiB out (363 GiB for Group A instead of seed A1's 484).",
    patch=("for host in group.hosts)", "for host in group.hosts[1:])"),
    must_red={"spark.fleet.group_a_pools_484_gib", "spark.fleet.a_minted_gb10_host_adds_121_gib"},
)

head_is_the_last_host = Defect(
    id="spark.head_is_the_last_host",
    target=fleet.spark_pair_serving_head,
    intent="Take a group's last host as its serving head, so Group A's followers dial srv8 instead of rank 0 on srv5 (seed A1).",
    patch=("return group.hosts[0]", "return group.hosts[-1]"),
    must_red={"spark.fleet.the_serving_head_is_the_first_host", "spark.fleet.group_a_seats_four_ranks_head_first"},
)

tp4_refuses_only_larger_groups = Defect(
    id="spark.tp4_refuses_only_larger_groups",
    target=fleet.four_spark_tp4,
    intent="Refuse only groups of more than four hosts, so three hosts seat as FourSparkTp4 (seed A1: one rank on each of exactly four).",
    patch=("if len(group.hosts) != FOUR_SPARK_TP4_HOSTS:", "if len(group.hosts) > FOUR_SPARK_TP4_HOSTS:"),
    must_red={
        "spark.fleet.a_three_host_group_is_not_four_spark_tp4",
        "spark.fleet.a_two_host_group_on_one_address_is_refused_twice",
    },
)

shared_address_last_holder_wins = Defect(
    id="spark.shared_address_last_holder_wins",
    target=fleet.four_spark_tp4,
    intent="Hand a shared rail address to its latest holder, so a third host on the head's address is told it takes a follower's, hiding that it collides with the head --master-addr names.",
    patch=(
        "owner = seen.setdefault(host.fabric_address, host.name)",
        "owner = seen.get(host.fabric_address, host.name); seen[host.fabric_address] = host.name",
    ),
    must_red={"spark.fleet.every_follower_on_the_heads_address_names_the_head"},
)

addresses_compared_by_last_octet = Defect(
    id="spark.addresses_compared_by_last_octet",
    target=fleet.four_spark_tp4,
    intent="Compare rail addresses by their last octet only, so 10.77.1.5 on another subnet reads as the head's 10.77.0.5 and a sound group is refused.",
    patch=(
        "owner = seen.setdefault(host.fabric_address, host.name)",
        "owner = seen.setdefault(host.fabric_address.rsplit('.', 1)[-1], host.name)",
    ),
    must_red={"spark.fleet.addresses_alike_are_still_different_addresses"},
)

head_is_last_outside_four = Defect(
    id="spark.head_is_last_outside_four",
    target=fleet.four_spark_tp4,
    intent="Take the last host as the head when a group is not four hosts, so a follower on rank 0's rail address is no longer said to take the head's (seed A1: rank 0 is the serving head).",
    patch=(
        "    head = spark_pair_serving_head(group)\n",
        "    head = group.hosts[0] if len(group.hosts) == FOUR_SPARK_TP4_HOSTS else group.hosts[-1]\n",
    ),
    must_red={"spark.fleet.the_head_is_rank_0_in_a_group_of_any_size"},
)

host_count_capped_at_nine = Defect(
    id="spark.host_count_capped_at_nine",
    target=fleet.four_spark_tp4,
    intent="Say a group of more than nine hosts has nine, so a refusal of a large group misstates its count.",
    patch=('f"{group.name} has {len(group.hosts)}"', 'f"{group.name} has {min(len(group.hosts), 9)}"'),
    must_red={"spark.fleet.every_size_but_four_is_refused_saying_its_count"},
)

not_four_group_named_to_its_first_dot = Defect(
    id="spark.not_four_group_named_to_its_first_dot",
    target=fleet.four_spark_tp4,
    intent="Name a group of other than four hosts only up to the first dot of its name, so a dotted group name is said in part.",
    patch=('f"{group.name} has {len(group.hosts)}"', "f\"{group.name.split('.')[0]} has {len(group.hosts)}\""),
    must_red={"spark.fleet.the_not_four_reason_says_the_whole_group_name"},
)

host_memory_capped_at_256_gib = Defect(
    id="spark.host_memory_capped_at_256_gib",
    target=fleet.group_pool_gib,
    intent="Count at most 256 GiB of any host in the pool, so a larger host is under-counted.",
    patch=("sum(host.memory_gib for host in group.hosts)", "sum(min(host.memory_gib, 256) for host in group.hosts)"),
    must_red={"spark.fleet.the_pool_sums_hosts_of_any_size"},
)

master_address_stripped = Defect(
    id="spark.master_address_stripped",
    target=fleet.four_spark_tp4,
    intent="Strip the head's rail address before giving it to the followers, so --master-addr is no longer the head's address as declared (seed A1).",
    patch=("master_addr=head.fabric_address,", "master_addr=head.fabric_address.strip(),"),
    must_red={"spark.fleet.the_master_address_is_the_heads_verbatim"},
)
