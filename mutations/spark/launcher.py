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

extra_mount_with_a_dotted_target_dropped = Defect(
    id="spark.extra_mount_with_a_dotted_target_dropped",
    target=launcher.plan_arm_launch_for,
    intent="Drop an extra mount whose target carries a dot, so /etc/gunbc.d or /srv/v4.1 is never bound into the container.",
    patch=(
        "*request.container.extra_mounts)\n",
        "*(m for m in request.container.extra_mounts if '.' not in m.target))\n",
    ),
    must_red={"spark.launcher.every_extra_mount_is_planned_as_given_whatever_its_count_or_spelling"},
)

checkpoint_writable_beside_four_extras = Defect(
    id="spark.checkpoint_writable_beside_four_extras",
    target=launcher.plan_arm_launch_for,
    intent="Mount the checkpoint writable once four or more extra mounts follow it, so only a large arm can write its weights.",
    patch=(
        "ArmMount(source=model_directory, target=model_directory, read_only=True)",
        "ArmMount(source=model_directory, target=model_directory, read_only=len(request.container.extra_mounts) < 4)",
    ),
    must_red={"spark.launcher.every_extra_mount_is_planned_as_given_whatever_its_count_or_spelling"},
)

collision_unchecked_for_a_container_name_with_a_digit = Defect(
    id="spark.collision_unchecked_for_a_container_name_with_a_digit",
    target=launcher.plan_arm_launch_for,
    intent="Skip the rendezvous collision when the container's name carries a digit, so an arm named x9 rendezvouses on its API port.",
    patch=(
        "if request.container.rendezvous_port == request.serve_port:",
        "if request.container.rendezvous_port == request.serve_port and not any(c.isdigit() for c in request.container.container_name):",
    ),
    must_red={"spark.launcher.a_port_collision_is_refused_whatever_the_container_name"},
)

fit_reasons_dropped_beside_a_shape_fault_under_engram = Defect(
    id="spark.fit_reasons_dropped_beside_a_shape_fault_under_engram",
    target=launcher.plan_arm_launch_for,
    intent="Drop the fit wall's reasons when an Engram profile's group is already refused for its shape, so a three-host V4.1 group never hears its allowance overflows the pool.",
    patch=(
        "    if isinstance(fit, Refused):\n        reasons.extend(fit.reasons)",
        "    if isinstance(fit, Refused) and not (reasons and request.profile is not None and request.profile.engram is not None):\n        reasons.extend(fit.reasons)",
    ),
    must_red={"spark.launcher.every_group_size_is_refused_for_shape_and_fit_together"},
)
