"""The launcher's plans over drawn inputs: every source, mount, port and group size, refused or planned exactly as given."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.spark import launcher
from domain.spark.fit_wall import EngramAllowanceOverflowsPool, WeightsOverflowPool
from domain.spark.fleet import GROUP_A, GroupNotFourHosts
from domain.spark.launcher import (
    ArmMount,
    MountSourceMissing,
    MountTargetRepeated,
    RendezvousPortCollides,
)
from domain.spark.v41_group_a_launch import (
    FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE,
    v41_group_a_launch_request,
    v41_launch_profile,
)
from witnesses.spark.launcher import witness
from witnesses.spark.launcher.plans import GLM_REQUEST


@witness.property(
    "On any port, low or high (1, 8000, 32768, 65535), a rendezvous port equal to the serve port is refused at the rendezvous port, naming it, and any other pair plans.",
    rules=[launcher.plan_arm_launch_for],
)
@settings(max_examples=25)
@given(st.integers(1, 65535), st.integers(1, 65535))
@example(32768, 32768)
@example(65535, 65535)
@example(1, 1)
@example(40000, 40001)
def a_rendezvous_port_is_refused_exactly_when_it_is_the_serve_port(serve: int, rendezvous: int) -> None:
    request = attrs.evolve(
        GLM_REQUEST, serve_port=serve, container=attrs.evolve(GLM_REQUEST.container, rendezvous_port=rendezvous)
    )
    outcome = launcher.plan_arm_launch_for(request)
    if serve != rendezvous:
        check.admitted(outcome)
        return
    check.equal(
        f"port {serve} twice",
        [(type(r), r.where) for r in check.refused(outcome)],
        [(RendezvousPortCollides, "$.container.rendezvous_port")],
    )
    check.contains("names the port", f"port {serve} ", check.refused(outcome)[0].why)


@witness.positive(
    "Any absolute host path is a mount source the planner admits: the root itself, and paths with a space, a dot, a digit, an uppercase or a non-ASCII letter.",
    rules=[launcher.plan_arm_launch_for],
)
def every_absolute_source_is_admitted() -> None:
    for source in ("/", "/srv/Row Stores", "/srv/v4.1/2", "/srv/é"):
        mounts = (ArmMount(source=source, target="/mnt/x", read_only=True),)
        plan = check.admitted(
            launcher.plan_arm_launch_for(
                attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, extra_mounts=mounts))
            )
        )
        check.equal(f"{source!r} mounted", plan.mounts[-1].source, source)


@witness.positive(
    "The plan mounts the checkpoint read-only first, then every extra mount exactly as given, for 0 to 6 extras whose targets carry a dot, a digit, an uppercase or non-ASCII letter, a hyphen or a long path.",
    rules=[launcher.plan_arm_launch_for],
)
def every_extra_mount_is_planned_as_given_whatever_its_count_or_spelling() -> None:
    targets = ("/srv/v4.1", "/srv/Row-Stores", "/srv/é2", "/etc/gunbc.d", "/srv/" + "long-" * 20 + "x", "/srv/w")
    for count in range(len(targets) + 1):
        extras = tuple(
            ArmMount(source=f"/src/{index}", target=target, read_only=index % 2 == 0)
            for index, target in enumerate(targets[:count])
        )
        request = attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, extra_mounts=extras))
        plan = check.admitted(launcher.plan_arm_launch_for(request))
        check.equal(
            f"{count} extra mounts",
            plan.mounts,
            (ArmMount(source=plan.model_directory, target=plan.model_directory, read_only=True), *extras),
        )


@witness.positive(
    "A relative mount source is refused naming its whole target, short or long, whatever its spelling.",
    rules=[launcher.plan_arm_launch_for],
)
def a_relative_source_names_its_whole_target() -> None:
    for target in ("/t", "/srv/v4.1/Row-Stores", "/srv/" + "deep/" * 12 + "store"):
        mounts = (ArmMount(source="rel", target=target, read_only=True),)
        reasons = check.refused(
            launcher.plan_arm_launch_for(
                attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, extra_mounts=mounts))
            )
        )
        check.equal(
            f"onto {target}",
            [(type(r), r.where, r.why) for r in reasons],
            [
                (
                    MountSourceMissing,
                    "$.container.extra_mounts[0].source",
                    f"the mount onto {target} names source 'rel', not an absolute host path",
                )
            ],
        )


@witness.positive(
    "A rendezvous port on the serve port is refused whatever the container is called: with a digit, a dot, an uppercase letter, a hyphen or none of them.",
    rules=[launcher.plan_arm_launch_for],
)
def a_port_collision_is_refused_whatever_the_container_name() -> None:
    for name in ("glm", "gunbc-v41-tp4", "Arm2", "arm.v4", "x9"):
        container = attrs.evolve(GLM_REQUEST.container, container_name=name, rendezvous_port=GLM_REQUEST.serve_port)
        reasons = check.refused(launcher.plan_arm_launch_for(attrs.evolve(GLM_REQUEST, container=container)))
        check.equal(
            f"container {name}",
            [(type(r), r.where) for r in reasons],
            [(RendezvousPortCollides, "$.container.rendezvous_port")],
        )


@witness.positive(
    "Under the V4.1 Engram profile, a group of 1, 2, 3, 5 or 6 hosts is refused for its shape and, where the pool is short, for the fit wall too, both at once; four hosts plan.",
    rules=[launcher.plan_arm_launch_for],
)
def every_group_size_is_refused_for_shape_and_fit_together() -> None:
    request = v41_group_a_launch_request(v41_launch_profile(FIXTURE_V41_MEASUREMENT_LAUNCH_SHAPE), "sha256:" + "a" * 64)
    expected = {
        1: [(GroupNotFourHosts, "$.group.hosts"), (WeightsOverflowPool, "$.row.weight_gib")],
        2: [(GroupNotFourHosts, "$.group.hosts"), (WeightsOverflowPool, "$.row.weight_gib")],
        3: [(GroupNotFourHosts, "$.group.hosts"), (EngramAllowanceOverflowsPool, "$.row.resident_beyond_weights")],
        5: [(GroupNotFourHosts, "$.group.hosts")],
        6: [(GroupNotFourHosts, "$.group.hosts")],
    }
    for size in range(1, 7):
        hosts = tuple(
            attrs.evolve(GROUP_A.hosts[0], name=f"h{index}", fabric_address=f"10.0.0.{index}") for index in range(size)
        )
        outcome = launcher.plan_arm_launch_for(attrs.evolve(request, group=attrs.evolve(GROUP_A, hosts=hosts)))
        if size == 4:
            check.admitted(outcome)
            continue
        check.equal(f"{size} hosts", [(type(r), r.where) for r in check.refused(outcome)], expected[size])


@witness.positive(
    "A target bound two, three or five times is refused at each mount that binds it, each saying how many times it is bound.",
    rules=[launcher.plan_arm_launch_for],
)
def a_repeated_target_says_its_own_count() -> None:
    for times in (2, 3, 5):
        mounts = tuple(ArmMount(source=f"/srv/s{n}", target="/srv/w", read_only=True) for n in range(times))
        reasons = check.refused(
            launcher.plan_arm_launch_for(
                attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, extra_mounts=mounts))
            )
        )
        check.equal(
            f"bound {times} times",
            [(type(r), r.where, r.why) for r in reasons],
            [
                (MountTargetRepeated, f"$.container.extra_mounts[{n}].target", f"/srv/w is bound {times} times")
                for n in range(times)
            ],
        )
