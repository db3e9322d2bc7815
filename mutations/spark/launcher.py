"""Declare the seeded defects of the parameterised mp launcher (seed A2: rank 0 serves, ranks 1..3 run headless)."""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import launcher

head_decided_by_unit_name = Defect(
    id="spark.head_decided_by_unit_name",
    target=launcher.plan_arm_launch_for,
    intent="Decide which rank serves by comparing unit names instead of node_rank == 0, so an arm whose units share a name has no headless rank (seed A2).",
    patch=(
        "headless=seat.node_rank != 0,",
        "headless=(units.head_unit_name if seat.node_rank == 0 else units.rank_unit_name) != units.head_unit_name,",
    ),
    must_red={"spark.launcher.the_head_is_node_rank_zero_not_a_unit_name"},
    must_green={"spark.launcher.four_hosts_plan_one_head_and_three_headless_ranks"},
)

shape_refusal_not_relocated = Defect(
    id="spark.shape_refusal_not_relocated",
    target=launcher.plan_arm_launch_for,
    intent="Pass the group's shape refusals on at the group's own paths, so a three-host group is located at $.hosts instead of the request's $.group.hosts.",
    patch=('reasons.extend(_relocated("$.group", shape.reasons))', "reasons.extend(shape.reasons)"),
    must_red={"spark.launcher.a_three_host_group_is_refused"},
)

collision_against_the_default_port = Defect(
    id="spark.collision_against_the_default_port",
    target=launcher.plan_arm_launch_for,
    intent="Judge the rendezvous collision against the default API port 8000 instead of the request's own serve_port, so an arm serving on 9000 with rendezvous 9000 is admitted (seed A2: every port is a value the call site names).",
    patch=(
        "if request.container.rendezvous_port == request.serve_port:",
        "if request.container.rendezvous_port == 8000:",
    ),
    must_red={"spark.launcher.a_rendezvous_port_on_the_requests_own_api_port_is_refused"},
)

repeat_checked_only_on_read_only_mounts = Defect(
    id="spark.repeat_checked_only_on_read_only_mounts",
    target=launcher.plan_arm_launch_for,
    intent="Count repeated mount targets among the read-only mounts alone, so a writable mount silently hides another mount (or the checkpoint itself) at the same container path.",
    patch=(
        "reasons.extend(_mount_reasons(request, mounts))",
        "reasons.extend(_mount_reasons(request, tuple(m for m in mounts if m.read_only)))",
    ),
    must_red={"spark.launcher.a_writable_mount_onto_a_repeated_target_is_refused"},
)

port_collision_only_below_32768 = Defect(
    id="spark.port_collision_only_below_32768",
    target=launcher.plan_arm_launch_for,
    intent="Refuse a rendezvous port equal to the serve port only below 32768, so a high API port doubling as the rendezvous plans.",
    patch=(
        "if request.container.rendezvous_port == request.serve_port:",
        "if request.container.rendezvous_port == request.serve_port and request.serve_port < 32768:",
    ),
    must_red={"spark.launcher.a_rendezvous_port_is_refused_exactly_when_it_is_the_serve_port"},
)
