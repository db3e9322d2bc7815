"""Witness the parameterised mp-backend launcher: it plans any four-host arm from values the caller names."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.core import value_fields as vf
from domain.spark import launcher
from domain.spark.fit_wall import WeightsOverflowPool
from domain.spark.fleet import GROUP_A, FabricAddressShared, GroupNotFourHosts
from domain.spark.glm_group_b_launch import glm_group_b_launch_request
from domain.spark.launcher import (
    ArmMount,
    MountSourceMissing,
    MountTargetRepeated,
    ProfileAbsent,
    RendezvousPortCollides,
)
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.core.fixtures import ValueRefused, constructed
from witnesses.spark.launcher import witness

GLM_REQUEST = glm_group_b_launch_request(GLM_GROUP_B_PROFILE)


@witness.positive(
    "A four-host group plans rank 0 as the head unit and ranks 1..3 as headless rank units dialing the head's rail.",
    rules=[launcher.plan_arm_launch_for],
)
def four_hosts_plan_one_head_and_three_headless_ranks() -> None:
    plan = check.admitted(launcher.plan_arm_launch_for(GLM_REQUEST))
    check.equal("node ranks", [r.node_rank for r in plan.ranks], [0, 1, 2, 3])
    check.equal("hosts", [r.host.name for r in plan.ranks], ["srv1", "srv2", "srv3", "srv4"])
    check.equal("headless", [r.headless for r in plan.ranks], [False, True, True, True])
    check.equal(
        "units", [r.unit_name for r in plan.ranks], ["glm-native-head.service"] + ["glm-native-rank.service"] * 3
    )
    check.equal("logs", plan.ranks[0].log_path, "/var/log/gunbc/glm-native-head.log")
    check.equal("master addr", plan.master_addr, "10.77.1.1")
    check.equal(
        "fit (GLM charged zero)", (plan.fit.allowance_gib, plan.fit.resident_gib, plan.fit.margin_gib), (0, 332, 69)
    )


@witness.positive(
    "The head is node rank 0 even when the head and rank units share one name.",
    rules=[launcher.plan_arm_launch_for],
)
def the_head_is_node_rank_zero_not_a_unit_name() -> None:
    same = attrs.evolve(GLM_REQUEST, units=attrs.evolve(GLM_REQUEST.units, rank_unit_name="glm-native-head.service"))
    plan = check.admitted(launcher.plan_arm_launch_for(same))
    check.equal("headless", [r.headless for r in plan.ranks], [False, True, True, True])
    check.equal(
        "log paths",
        [r.log_path for r in plan.ranks][:2],
        ["/var/log/gunbc/glm-native-head.log", "/var/log/gunbc/glm-native-rank.log"],
    )


@witness.refusal(
    "A three-host group is refused because FourSparkTp4 seats four ranks, and its 363 GiB pool is named too.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(GroupNotFourHosts, at="$.group.hosts", saying="has 3"),
        because(WeightsOverflowPool, at="$.row.weight_gib", saying="363 GiB pool"),
    ],
)
def a_three_host_group_is_refused():
    three = attrs.evolve(GROUP_A, hosts=GROUP_A.hosts[:3])
    return launcher.plan_arm_launch_for(attrs.evolve(GLM_REQUEST, group=three))


@witness.refusal(
    "A container identity whose extra mount names no host source is refused, located at that mount.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[because(MountSourceMissing, at="$.container.extra_mounts[1].source", saying="/srv/receipts")],
)
def a_mount_without_a_source_is_refused():
    mounts = (
        ArmMount(source="/srv/stores", target="/srv/stores", read_only=True),
        ArmMount(source="", target="/srv/receipts", read_only=False),
    )
    return launcher.plan_arm_launch_for(
        attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, extra_mounts=mounts))
    )


@witness.refusal(
    "Every failing check is reported at once: a repeated mount target, a port collision and weights overflowing the pool.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(MountTargetRepeated, at="$.container.extra_mounts[0].target", saying="2 times"),
        because(RendezvousPortCollides, at="$.container.rendezvous_port", saying="8000"),
        because(WeightsOverflowPool, at="$.row.weight_gib", saying="500 GiB"),
    ],
)
def every_failing_check_is_reported_at_once():
    checkpoint = "/srv/gunbc/checkpoints/Glm46Fp8"
    container = attrs.evolve(
        GLM_REQUEST.container,
        rendezvous_port=8000,
        extra_mounts=(ArmMount(source="/srv/other", target=checkpoint, read_only=True),),
    )
    heavy = attrs.evolve(GLM_REQUEST.row, weight_gib=400)
    return launcher.plan_arm_launch_for(attrs.evolve(GLM_REQUEST, container=container, row=heavy))


@witness.positive(
    "The container accepts ports 1 and 65535, and a mount accepts any string source (the planner refuses a relative one).",
    rules=[vf.port, vf.strict_str],
)
def the_port_range_and_any_string_source_are_accepted() -> None:
    for port in (1, 65535):
        check.equal(f"port {port}", attrs.evolve(GLM_REQUEST.container, rendezvous_port=port).rendezvous_port, port)
    check.equal("empty source", ArmMount(source="", target="/t", read_only=True).source, "")


@witness.refusal(
    "Ports 0 and 65536, a string port and a non-string mount source are refused at construction, naming the class and field.",
    rules=[vf.port, vf.strict_str],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="ArmContainerIdentity.rendezvous_port: expected a port in 1..65535, got int 0",
        ),
        because(
            ValueRefused,
            at="construction",
            saying="ArmContainerIdentity.rendezvous_port: expected a port in 1..65535, got int 65536",
        ),
        because(
            ValueRefused,
            at="construction",
            saying="ArmLaunchRequest.serve_port: expected a port in 1..65535, got str '8000'",
        ),
        because(ValueRefused, at="construction", saying="ArmMount.source: expected str, got NoneType None"),
    ],
)
def out_of_range_ports_and_a_non_string_source_are_refused():
    return constructed(
        lambda: attrs.evolve(GLM_REQUEST.container, rendezvous_port=0),
        lambda: attrs.evolve(GLM_REQUEST.container, rendezvous_port=65536),
        lambda: attrs.evolve(GLM_REQUEST, serve_port="8000"),
        lambda: ArmMount(source=None, target="/t", read_only=True),  # type: ignore[arg-type]
    )


@witness.refusal(
    "A request naming no profile is refused at $.profile, saying no rank's flags can be rendered.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(
            ProfileAbsent,
            at="$.profile",
            saying="no serving launch profile was named, so no rank's flags can be rendered",
        )
    ],
)
def a_request_without_a_profile_says_why():
    refused = launcher.plan_arm_launch_for(attrs.evolve(GLM_REQUEST, profile=None))
    check.equal(
        "whole why",
        [r.why for r in check.refused(refused)],
        ["no serving launch profile was named, so no rank's flags can be rendered"],
    )
    return refused


@witness.refusal(
    "Every relative mount source and every mount onto a repeated target is named, each at its own mount.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(
            MountSourceMissing,
            at="$.container.extra_mounts[0].source",
            saying="the mount onto /srv/a names source 'a', not an absolute host path",
        ),
        because(
            MountSourceMissing,
            at="$.container.extra_mounts[1].source",
            saying="the mount onto /srv/b names source 'b', not an absolute host path",
        ),
        because(MountTargetRepeated, at="$.container.extra_mounts[1].target", saying="/srv/b is bound 2 times"),
        because(MountTargetRepeated, at="$.container.extra_mounts[2].target", saying="/srv/b is bound 2 times"),
        because(MountTargetRepeated, at="$.container.extra_mounts[3].target", saying="/srv/c is bound 2 times"),
        because(MountTargetRepeated, at="$.container.extra_mounts[4].target", saying="/srv/c is bound 2 times"),
    ],
)
def every_bad_mount_is_named():
    mounts = tuple(
        ArmMount(source=source, target=target, read_only=True)
        for source, target in (
            ("a", "/srv/a"),
            ("b", "/srv/b"),
            ("/srv/x", "/srv/b"),
            ("/srv/y", "/srv/c"),
            ("/srv/z", "/srv/c"),
        )
    )
    return launcher.plan_arm_launch_for(
        attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, extra_mounts=mounts))
    )


@witness.refusal(
    "Every near miss of an absolute mount source is refused at its own mount: a leading space, tab or newline, a home-, dot- or bare-relative path.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(
            MountSourceMissing,
            at=f"$.container.extra_mounts[{index}].source",
            saying=f"the mount onto /srv/t{index} names source {source!r}, not an absolute host path",
        )
        for index, source in enumerate((" /srv/a", "\t/srv/b", "\n/srv/c", "~/srv/d", "./srv/e", "srv/f"))
    ],
)
def every_near_miss_of_an_absolute_source_is_refused():
    # A source is absolute only when its first character is "/": no whitespace is stripped before the test.
    sources = (" /srv/a", "\t/srv/b", "\n/srv/c", "~/srv/d", "./srv/e", "srv/f")
    mounts = tuple(
        ArmMount(source=source, target=f"/srv/t{index}", read_only=True) for index, source in enumerate(sources)
    )
    return launcher.plan_arm_launch_for(
        attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, extra_mounts=mounts))
    )


@witness.refusal(
    "A writable mount onto a repeated target is refused as a read-only one is: two onto /srv/w, and one onto the checkpoint's own path.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(MountTargetRepeated, at="$.container.extra_mounts[0].target", saying="/srv/w is bound 2 times"),
        because(MountTargetRepeated, at="$.container.extra_mounts[1].target", saying="/srv/w is bound 2 times"),
        because(
            MountTargetRepeated,
            at="$.container.extra_mounts[2].target",
            saying="/srv/gunbc/checkpoints/Glm46Fp8 is bound 2 times",
        ),
    ],
)
def a_writable_mount_onto_a_repeated_target_is_refused():
    mounts = (
        ArmMount(source="/srv/x", target="/srv/w", read_only=False),
        ArmMount(source="/srv/y", target="/srv/w", read_only=False),
        ArmMount(source="/srv/z", target="/srv/gunbc/checkpoints/Glm46Fp8", read_only=False),
    )
    return launcher.plan_arm_launch_for(
        attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, extra_mounts=mounts))
    )


@witness.refusal(
    "A rendezvous port equal to the API port is refused on its own, located at the container's rendezvous port.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(
            RendezvousPortCollides,
            at="$.container.rendezvous_port",
            saying="port 8000 is both the API port and the mp rendezvous (--master-port)",
        )
    ],
)
def a_rendezvous_port_on_the_api_port_is_refused_alone():
    return launcher.plan_arm_launch_for(
        attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, rendezvous_port=8000))
    )


@witness.refusal(
    "The rendezvous port is judged against the request's own API port: on API port 9000 a 9000 rendezvous is refused.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(
            RendezvousPortCollides,
            at="$.container.rendezvous_port",
            saying="port 9000 is both the API port and the mp rendezvous (--master-port)",
        )
    ],
)
def a_rendezvous_port_on_the_requests_own_api_port_is_refused():
    container = attrs.evolve(GLM_REQUEST.container, rendezvous_port=9000)
    return launcher.plan_arm_launch_for(attrs.evolve(GLM_REQUEST, serve_port=9000, container=container))


@witness.positive(
    "A rendezvous port one below or one above the API port does not collide with it, and is the rank's --master-port.",
    rules=[launcher.plan_arm_launch_for],
)
def a_rendezvous_port_next_to_the_api_port_admits() -> None:
    for port in (7999, 8001):
        request = attrs.evolve(GLM_REQUEST, container=attrs.evolve(GLM_REQUEST.container, rendezvous_port=port))
        plan = check.admitted(launcher.plan_arm_launch_for(request))
        check.equal(f"rendezvous port {port}", plan.request.container.rendezvous_port, port)
        check.equal(f"API port beside {port}", plan.request.serve_port, 8000)


@witness.refusal(
    "A request naming no profile whose rendezvous port is the API port is refused for both at once, each at its own place.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(ProfileAbsent, at="$.profile", saying="no serving launch profile was named"),
        because(RendezvousPortCollides, at="$.container.rendezvous_port", saying="port 8000 is both"),
    ],
)
def no_profile_and_a_port_collision_are_refused_together():
    container = attrs.evolve(GLM_REQUEST.container, rendezvous_port=8000)
    return launcher.plan_arm_launch_for(attrs.evolve(GLM_REQUEST, profile=None, container=container))


@witness.refusal(
    "A five-host group whose fourth and fifth hosts reuse a follower's and the head's rail addresses is refused for every shape fault at once, each located at its own host.",
    rules=[launcher.plan_arm_launch_for],
    reasons=[
        because(GroupNotFourHosts, at="$.group.hosts", saying="FabricGroupB has 5"),
        because(FabricAddressShared, at="$.group.hosts[3].fabric_address", saying="already srv2's"),
        because(FabricAddressShared, at="$.group.hosts[4].fabric_address", saying="already the head srv1's"),
    ],
)
def every_shape_fault_of_a_group_is_refused_at_once():
    hosts = GLM_REQUEST.group.hosts
    five = attrs.evolve(
        GLM_REQUEST.group,
        hosts=(
            *hosts[:3],
            attrs.evolve(hosts[3], fabric_address=hosts[1].fabric_address),
            attrs.evolve(hosts[3], name="srv9", fabric_address=hosts[0].fabric_address),
        ),
    )
    return launcher.plan_arm_launch_for(attrs.evolve(GLM_REQUEST, group=five))
