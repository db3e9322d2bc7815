"""Witness the V4.1 TP4 call site on Group A: its planned shape, walls, admission and dry run (seed A4)."""

from __future__ import annotations

import attrs

from claims import Witness, because, check
from domain.spark import dry_run, profile, v41_group_a_launch
from domain.spark.admission import (
    HostNotHeldBySubject,
    ImageNotAdmittedForRuntimeArtifact,
    SuccessorIsNotThisCandidate,
    SuccessorMayNotLaunch,
)
from domain.spark.apply_steps import render_step_script
from domain.spark.authority_log import HostHeld, ImageAdmitted
from domain.spark.fit_wall import BeyondWeightsChargeUnknown, EngramAllowanceOverflowsPool
from domain.spark.frontiers import FrontierDischarge, ObligationOpen, V41RuntimeProductionUnestablished
from domain.spark.launcher import ProfileAbsent, plan_arm_launch_for
from domain.spark.remote_steps import MkdirStep, TypedRemoteFileWrite, render_remote_step
from domain.spark.render import docker_create_argv, render_unit
from domain.spark.runtime import V41_PROBED_RUNTIME, V41_UNPROBED_RUNTIME, NoRegistryReading
from domain.spark.v41_group_a_launch import plan_v41_group_a_launch, v41_engram_staging_steps, v41_produced_from_log
from witnesses.spark.fixtures import (
    ACTIVE,
    DIGEST,
    HELD_A,
    IMAGE,
    LEASE_EXPIRES_AT,
    OTHER_DIGEST,
    READ_AT,
    READING,
    SUSPENSION,
    admitting_log,
    authority_log,
    every_step,
    shape_at,
    v41_inputs,
)

witness = Witness("spark.v41_group_a_launch")


def _argvs() -> list[tuple[str, ...]]:
    arm = check.admitted(plan_v41_group_a_launch(v41_inputs())).arm
    return [docker_create_argv(arm, rank) for rank in arm.ranks]


def _flag(argv: tuple[str, ...], flag: str) -> str:
    # A missing flag is a FAIL naming it (e.g. the mint lost its Engram request), not an index crash.
    check.contains(f"the {flag} flag", flag, argv)
    return argv[argv.index(flag) + 1]


@witness.positive(
    "The plan seats four mp ranks, rank 0 serving and three headless, each with V4.1's whole shape.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
)
def v41_plan_renders_four_mp_ranks_with_the_v41_shape() -> None:
    argvs = _argvs()
    check.equal("ranks", len(argvs), 4)
    check.equal("node ranks", [_flag(a, "--node-rank") for a in argvs], ["0", "1", "2", "3"])
    check.equal("headless ranks", ["--headless" in a for a in argvs], [False, True, True, True])
    check.equal("head serves on the pair port", _flag(argvs[0], "--port"), "8000")
    for argv in argvs:
        check.equal("backend", _flag(argv, "--distributed-executor-backend"), "mp")
        check.equal("nnodes", _flag(argv, "--nnodes"), "4")
        check.equal("master addr (srv5's rail)", _flag(argv, "--master-addr"), "10.77.0.5")
        check.equal("kv cache dtype", _flag(argv, "--kv-cache-dtype"), "fp8_ds_mla")
        check.equal("cpu_offload", _flag(argv, "--engram-config.cpu_offload"), "true")
        check.equal("dp_shared_memory", _flag(argv, "--engram-config.dp_shared_memory"), "false")
        check.equal("max model len", _flag(argv, "--max-model-len"), "262144")
        check.equal("max num seqs", _flag(argv, "--max-num-seqs"), "16")
        check.equal("batched tokens", _flag(argv, "--max-num-batched-tokens"), "8192")
        check.equal("utilization", _flag(argv, "--gpu-memory-utilization"), "0.80")
        check.contains("prefix caching off", "--no-enable-prefix-caching", argv)
        check.equal(
            "parsers",
            (_flag(argv, "--tool-call-parser"), _flag(argv, "--reasoning-parser"), _flag(argv, "--tokenizer-mode")),
            ("deepseek_v4", "deepseek_v4", "deepseek_v4"),
        )
        check.contains("the --entrypoint flag", "--entrypoint", argv)
        check.equal("image = config digest", argv[argv.index("--entrypoint") + 2], DIGEST)


@witness.positive(
    "Every rank carries the Engram env and the three Engram mounts under its own gunbc-v41-tp4 names.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
)
def v41_engram_env_and_three_mounts_ride_under_gunbc_v41_tp4() -> None:
    plan = check.admitted(plan_v41_group_a_launch(v41_inputs()))
    for argv in _argvs():
        check.equal("container", _flag(argv, "--name"), "gunbc-v41-tp4")
        check.contains(
            "manifest env",
            "GUNBC_ENGRAM_ROW_STORE_MANIFEST=/srv/gunbc/engram/manifests/gunbc-v41-tp4/row-store-manifest.json",
            argv,
        )
        check.contains(
            "receipt env", "GUNBC_ENGRAM_TOUCH_RECEIPT_DIR=/srv/gunbc/engram/touch-receipts/gunbc-v41-tp4", argv
        )
        volumes = [argv[i + 1] for i, word in enumerate(argv) if word == "--volume"]
        check.equal(
            "mounts",
            volumes[1:],
            [
                "/srv/gunbc/engram/row-stores/DeepseekV41FlashDba1be0a:/srv/gunbc/engram/row-stores/DeepseekV41FlashDba1be0a:ro",
                "/srv/gunbc/engram/manifests/gunbc-v41-tp4:/srv/gunbc/engram/manifests/gunbc-v41-tp4:ro",
                "/srv/gunbc/engram/touch-receipts/gunbc-v41-tp4:/srv/gunbc/engram/touch-receipts/gunbc-v41-tp4:rw",
            ],
        )
    check.equal(
        "units",
        [r.unit_name for r in plan.arm.ranks],
        [
            "gunbc-v41-tp4-head.service",
            "gunbc-v41-tp4-rank.service",
            "gunbc-v41-tp4-rank.service",
            "gunbc-v41-tp4-rank.service",
        ],
    )


@witness.positive(
    "No word of the V4.1 rendering names the V4 pair or the GLM arm.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
)
def v41_rendering_names_no_pair_or_glm_arm() -> None:
    plan = check.admitted(plan_v41_group_a_launch(v41_inputs()))
    texts = [" ".join(docker_create_argv(plan.arm, r)) for r in plan.arm.ranks]
    texts += [render_unit(plan.arm, r) for r in plan.arm.ranks]
    texts += [render_step_script(s) for s in every_step(plan.steps)]
    texts += [render_remote_step(s) for st in plan.staging for s in (st.manifest_dir, st.receipt_dir, st.manifest)]
    check.equal("texts rendered", len(texts), 4 + 4 + 29 + 12)
    check.absent("the V4 pair's name", "gunbc-spark-pair", texts)
    check.absent("the GLM arm's name", "glm-native", texts)


@witness.refusal(
    "At 0.50 utilization the plan refuses, naming the 242 GiB declared allowance.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[
        because(
            EngramAllowanceOverflowsPool,
            at="$.row.resident_beyond_weights",
            saying=["242 GiB", "661.25 GiB", "484 GiB"],
        )
    ],
)
def half_utilization_refuses_naming_the_allowance():
    return plan_v41_group_a_launch(v41_inputs(shape=shape_at(5000)))


@witness.refusal(
    "Without a profile the launcher refuses the V4.1 row because its beyond-weights charge is unknown.",
    rules=[plan_arm_launch_for],
    reasons=[
        because(BeyondWeightsChargeUnknown, at="$.row.resident_beyond_weights", saying="the charge is unknown"),
        because(ProfileAbsent, at="$.profile"),
    ],
)
def no_profile_refuses_because_the_charge_is_unknown():
    return plan_arm_launch_for(v41_group_a_launch.v41_group_a_launch_request(None, DIGEST))


@witness.refusal(
    "An unprobed produced image is refused by the arm wall because no registry reading exists.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[because(NoRegistryReading, at="$.produced.registry_reading", saying="no registry reading exists")],
)
def unprobed_image_is_refused_by_the_arm_wall():
    return plan_v41_group_a_launch(v41_inputs(produced=V41_UNPROBED_RUNTIME))


@witness.refusal(
    "An Active incumbent on Group A refuses the launch at pair_serving_successor_may_launch.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[because(SuccessorMayNotLaunch, at="pair_serving_successor_may_launch", saying="Active incumbent")],
)
def active_incumbent_refuses_the_launch():
    return v41_group_a_launch.v41_group_a_launch_admission(authority_log(*HELD_A, IMAGE, READING, ACTIVE), READ_AT)


@witness.refusal(
    "A suspension whose lease expired before the read refuses the launch.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[
        because(
            SuccessorMayNotLaunch, at="pair_serving_successor_may_launch", saying=["expired at 1767227400", "1800 s"]
        )
    ],
)
def expired_lease_refuses_the_launch():
    expired = attrs.evolve(SUSPENSION, lease_expires_at=1_767_227_400)
    return v41_group_a_launch.v41_group_a_launch_admission(
        authority_log(ACTIVE, *HELD_A, IMAGE, READING, expired), READ_AT
    )


@witness.refusal(
    "A suspension authorizing another successor refuses the launch at V41CandidateKeyed.candidate.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[because(SuccessorIsNotThisCandidate, at="V41CandidateKeyed.candidate", saying="gunbc-v4-pair-rerun")],
)
def suspension_for_another_successor_refuses_the_launch():
    other = attrs.evolve(
        SUSPENSION,
        exact_candidate_realization=attrs.evolve(SUSPENSION.exact_candidate_realization, key="gunbc-v4-pair-rerun"),
    )
    return v41_group_a_launch.v41_group_a_launch_admission(
        authority_log(ACTIVE, *HELD_A, IMAGE, READING, other), READ_AT
    )


@witness.refusal(
    "An image admitted against another runtime key refuses the launch at V41CandidateKeyed.runtime_artifact.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[
        because(
            ImageNotAdmittedForRuntimeArtifact,
            at="V41CandidateKeyed.runtime_artifact",
            saying=["vllm-openai@v0.11.0", "vllm-openai@d2d649e6"],
        )
    ],
)
def image_for_another_runtime_key_refuses_the_launch():
    other = ImageAdmitted(at=IMAGE.at, config_digest=OTHER_DIGEST, runtime_key="vllm-openai@v0.11.0")
    return v41_group_a_launch.v41_group_a_launch_admission(authority_log(ACTIVE, *HELD_A, other, SUSPENSION), READ_AT)


@witness.refusal(
    "A Group A host held by another subject refuses the launch at admit_host_held_by_subject_among.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
    reasons=[
        because(
            HostNotHeldBySubject, at="admit_host_held_by_subject_among", saying="srv7 (held by spark-serving-group-b)"
        )
    ],
)
def host_not_held_by_the_subject_refuses_the_launch():
    taken = HostHeld(at=1_767_221_000, host="srv7", subject="spark-serving-group-b")
    return v41_group_a_launch.v41_group_a_launch_admission(
        authority_log(ACTIVE, *HELD_A, taken, IMAGE, READING, SUSPENSION), READ_AT
    )


@witness.positive(
    "The correct suspension with a live lease, this candidate's image and all four hosts held admits the launch.",
    rules=[v41_group_a_launch.v41_group_a_launch_admission],
)
def correct_suspension_admits_the_launch() -> None:
    admitted = check.admitted(v41_group_a_launch.v41_group_a_launch_admission(admitting_log(), READ_AT))
    check.equal("group", admitted.group, "FabricGroupA")
    check.equal("lease expiry", admitted.lease_expires_at, LEASE_EXPIRES_AT)
    check.equal("admitted image", admitted.config_digest, DIGEST)
    check.equal("hosts held by", admitted.hosts_held_by, "spark-serving-group-a")


@witness.refusal(
    "The live inputs reach the planner, which names the image and the open #12371 and #12359 gaps.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch, v41_group_a_launch.v41_produced_from_log],
    reasons=[
        because(ObligationOpen, at="#12371", saying=[DIGEST, "v41_measurement_launch_shape", "TRIGGER"]),
        because(ObligationOpen, at="#12359", saying=[DIGEST, "v41_engram_store_manifest", "SUFFICIENT FOR"]),
    ],
)
def live_inputs_reach_the_planner_naming_the_image_and_the_open_gaps():
    produced = v41_produced_from_log(admitting_log(), READ_AT)
    return plan_v41_group_a_launch(v41_inputs(produced=produced, shape=None, manifest=None))


@witness.positive(
    "The dry run report renders four hosts, each with create argv, unit, Engram staging, preflight and apply.",
    rules=[dry_run.v41_group_a_launch_dry_run, dry_run.render_dry_run_report],
)
def dry_run_renders_four_hosts_with_create_unit_staging_preflight_apply() -> None:
    report = dry_run.v41_group_a_launch_dry_run(admitting_log(), READ_AT, v41_inputs())
    text = dry_run.render_dry_run_report(report)
    check.equal("hosts", [s.host for s in report.hosts], ["srv5", "srv6", "srv7", "srv8"])
    for title in (
        "--- docker create argv ---",
        "--- Engram staging (3 typed steps) ---",
        "--- preflight script ---",
        "--- apply script ---",
    ):
        check.equal(f"sections {title}", text.count(title), 4)
    check.equal("unit sections", text.count("--- unit gunbc-v41-tp4-"), 4)
    check.holds("verdict admitted", text.startswith("# launch dry run: v41-group-a — ADMITTED"), text[:80])


@witness.positive(
    "The Engram staging is three modeled steps, two mkdir argvs and a sealed manifest write, with no .next temp file.",
    rules=[v41_group_a_launch.v41_engram_staging_steps],
)
def engram_staging_is_three_modeled_steps_with_no_next_temp_file() -> None:
    staged = check.admitted(v41_engram_staging_steps("srv6", v41_group_a_launch.FIXTURE_V41_ENGRAM_STORE_MANIFEST))
    steps = (staged.manifest_dir, staged.receipt_dir, staged.manifest)
    check.equal("step kinds", [type(s) for s in steps], [MkdirStep, MkdirStep, TypedRemoteFileWrite])
    check.equal(
        "manifest dir argv", staged.manifest_dir.argv, ("mkdir", "-p", "/srv/gunbc/engram/manifests/gunbc-v41-tp4")
    )
    check.equal(
        "receipt dir argv", staged.receipt_dir.argv, ("mkdir", "-p", "/srv/gunbc/engram/touch-receipts/gunbc-v41-tp4")
    )
    check.equal("sealed scope", staged.manifest.scope.root, "/srv/gunbc/engram/manifests/gunbc-v41-tp4")
    check.equal(
        "manifest bytes", staged.manifest.content, v41_group_a_launch.FIXTURE_V41_ENGRAM_STORE_MANIFEST.text.encode()
    )
    words = [render_remote_step(s) for s in steps]
    for banned in (".next", "rm -", "test -d"):
        check.absent(f"{banned!r} in the staging", banned, words)


@witness.refusal(
    "Without a produced image the V4.1 plan refuses at #12353, calling the image unestablished.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[
        because(
            V41RuntimeProductionUnestablished,
            at="#12353",
            saying="the V4.1 plan for image an unestablished image waits on produced V4.1 image (config digest) + a registry reading inside it (owner build lane / #12353)",
        )
    ],
)
def no_produced_image_is_called_unestablished():
    return v41_group_a_launch.plan_v41_group_a_launch(v41_inputs(produced=None))


@witness.positive(
    "The produced image read from the log carries its reading's CLI path and vLLM version.",
    rules=[v41_group_a_launch.v41_produced_from_log],
)
def the_produced_reading_carries_the_vllm_version() -> None:
    produced = v41_group_a_launch.v41_produced_from_log(admitting_log(), READ_AT)
    reading = produced.registry_reading if produced else None
    check.equal("CLI path", reading.hub_cli_path if reading else None, "/usr/local/bin/hf")
    check.equal("vLLM version", reading.vllm_version if reading else None, "0.1.dev1+gd2d649e6")


@witness.positive(
    "The produced image and its reading are read from the authority log as of the read time.",
    rules=[v41_group_a_launch.v41_produced_from_log],
)
def the_produced_image_is_read_from_the_log() -> None:
    produced = v41_group_a_launch.v41_produced_from_log(admitting_log(), READ_AT)
    check.equal("digest", produced.artifact.config_digest if produced else None, DIGEST)
    check.equal(
        "reading",
        produced.registry_reading.hub_cli_path if produced and produced.registry_reading else None,
        "/usr/local/bin/hf",
    )
    before = v41_group_a_launch.v41_produced_from_log(admitting_log(), IMAGE.at - 1)
    check.equal("nothing before the image", before, None)
    unread = v41_group_a_launch.v41_produced_from_log(admitting_log(), READING.at - 1)
    check.equal("no reading yet", unread.registry_reading if unread else "no image", None)


@witness.refusal(
    "A withheld occupancy discharge alone keeps the plan refused, naming #12351.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch, v41_group_a_launch.v41_engram_staging_steps],
    reasons=[because(ObligationOpen, at="#12351", saying="admit_spark_host_unoccupied")],
)
def a_withheld_occupancy_discharge_refuses():
    inputs = v41_inputs()
    return v41_group_a_launch.plan_v41_group_a_launch(
        attrs.evolve(inputs, discharges=tuple(d for d in inputs.discharges if d.key != "#12351"))
    )


@witness.refusal(
    "A discharge naming the image, the launch shape or the manifest never stands in for its value: each frontier stays open, by name.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[
        because(
            V41RuntimeProductionUnestablished,
            at="#12353",
            saying="the V4.1 plan for image an unestablished image waits on produced V4.1 image",
        ),
        because(
            ObligationOpen,
            at="#12371",
            saying="waits on max_num_batched_tokens 8192, utilization 8000 bp, prefix caching explicit off (owner #12371",
        ),
        because(ObligationOpen, at="#12359", saying="waits on Engram manifest text (owner #12359"),
    ],
)
def a_discharge_without_its_value_leaves_the_frontier_open():
    inputs = v41_inputs(produced=None, shape=None, manifest=None)
    named = tuple(
        FrontierDischarge(key=key, by="a note that claims the value exists") for key in ("#12353", "#12371", "#12359")
    )
    return v41_group_a_launch.plan_v41_group_a_launch(attrs.evolve(inputs, discharges=inputs.discharges + named))


@witness.positive(
    "The plan takes batched tokens, utilization and prefix caching from the launch shape it is given, and still fixes 262144, 16, fp8_ds_mla and the Engram request.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch, v41_group_a_launch.v41_launch_profile],
)
def the_plan_takes_its_axes_from_the_launch_shape() -> None:
    shape = attrs.evolve(
        shape_at(9000), max_num_batched_tokens=4096, enable_prefix_caching=True, source="a witness's other shape"
    )
    plan = check.admitted(plan_v41_group_a_launch(v41_inputs(shape=shape)))
    check.equal(
        "profile",
        plan.arm.profile,
        profile.deepseek_v41_measurement_profile(9000, 262144, 16, 4096, True),
    )
    for rank in plan.arm.ranks:
        argv = docker_create_argv(plan.arm, rank)
        check.equal(f"rank {rank.node_rank} batched tokens", _flag(argv, "--max-num-batched-tokens"), "4096")
        check.equal(f"rank {rank.node_rank} utilization", _flag(argv, "--gpu-memory-utilization"), "0.90")
        check.contains(f"rank {rank.node_rank} prefix caching on", "--enable-prefix-caching", argv)
        check.absent(f"rank {rank.node_rank} prefix caching off", "--no-enable-prefix-caching", argv)


@witness.positive(
    "Every rank runs the image the produced value names, by its config digest, whatever digest that is.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch, v41_group_a_launch.v41_group_a_launch_request],
)
def every_rank_runs_the_produced_digest() -> None:
    other = attrs.evolve(
        V41_PROBED_RUNTIME, artifact=attrs.evolve(V41_PROBED_RUNTIME.artifact, config_digest=OTHER_DIGEST)
    )
    plan = check.admitted(plan_v41_group_a_launch(v41_inputs(produced=other)))
    check.equal("request image", plan.arm.request.image, OTHER_DIGEST)
    for rank in plan.arm.ranks:
        argv = docker_create_argv(plan.arm, rank)
        check.equal(f"rank {rank.node_rank} image", argv[argv.index("--entrypoint") + 2], OTHER_DIGEST)
        check.absent(f"rank {rank.node_rank} the fixture digest", DIGEST, argv)


@witness.refusal(
    "A registry reading taken inside an earlier image does not probe the later produced image, so the arm wall refuses it as unprobed.",
    rules=[v41_group_a_launch.v41_produced_from_log, v41_group_a_launch.plan_v41_group_a_launch],
    reasons=[because(NoRegistryReading, at="$.produced.registry_reading", saying="no registry reading exists")],
)
def a_reading_of_an_earlier_image_does_not_probe_the_produced_one():
    later = ImageAdmitted(at=READING.at + 10, config_digest=OTHER_DIGEST, runtime_key=IMAGE.runtime_key)
    produced = v41_produced_from_log(authority_log(ACTIVE, *HELD_A, IMAGE, READING, later, SUSPENSION), READ_AT)
    check.equal("produced digest", produced.artifact.config_digest if produced else None, OTHER_DIGEST)
    return plan_v41_group_a_launch(v41_inputs(produced=produced))
