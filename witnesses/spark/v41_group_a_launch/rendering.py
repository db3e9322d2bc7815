"""Witness what the V4.1 plan renders: four mp ranks with V4.1's shape, the Engram env, mounts and staging, the dry run, the shape's axes and the produced digest."""

from __future__ import annotations

import attrs
from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.spark import dry_run, glm_group_b_launch, profile, v41_group_a_launch
from domain.spark.apply_steps import render_step_script
from domain.spark.remote_steps import MkdirStep, TypedRemoteFileWrite, render_remote_step
from domain.spark.render import docker_create_argv, render_unit
from domain.spark.runtime import V41_PROBED_RUNTIME
from domain.spark.v41_group_a_launch import plan_v41_group_a_launch, v41_engram_staging_steps
from witnesses.spark import strategies as gen
from witnesses.spark.fixtures import (
    DIGEST,
    OTHER_DIGEST,
    READ_AT,
    admitting_log,
    every_step,
    shape_at,
    v41_inputs,
)
from witnesses.spark.v41_group_a_launch import beyond_the_seed, witness


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


@witness.positive(
    "The plan takes batched tokens, utilization and prefix caching from the launch shape it is given, and still fixes 262144, 16, fp8_ds_mla and the Engram request.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
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
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
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


@witness.positive(
    "V4.1's container and units carry its own name, rendezvous port, shm size, logs and description, none of them Group B's.",
    rules=[v41_group_a_launch.v41_native_arm_container, v41_group_a_launch.v41_native_arm_units],
)
def v41_carries_its_own_container_and_unit_values() -> None:
    container, units = v41_group_a_launch.v41_native_arm_container(), v41_group_a_launch.v41_native_arm_units()
    check.equal(
        "container",
        (container.container_name, container.rendezvous_port, container.shm_size),
        ("gunbc-v41-tp4", 29511, "64g"),
    )
    check.equal(
        "units and logs",
        (units.head_unit_name, units.rank_unit_name, units.head_log_path, units.rank_log_path, units.apply_log_dir),
        (
            "gunbc-v41-tp4-head.service",
            "gunbc-v41-tp4-rank.service",
            "/var/log/gunbc/gunbc-v41-tp4-head.log",
            "/var/log/gunbc/gunbc-v41-tp4-rank.log",
            "/var/log/gunbc/apply",
        ),
    )
    check.equal("description", units.description, "DeepSeek V4.1 Flash TP4 arm on Group A")
    glm = glm_group_b_launch.glm_native_arm_container()
    check.holds(
        "no name or port of Group B's",
        container.container_name != glm.container_name and container.rendezvous_port != glm.rendezvous_port,
        (container, glm),
    )


@witness.property(
    "Under every #12371 launch shape (batched tokens below, at and above 8192; utilization from the least that fits up to exactly 10000 bp; prefix caching on or off) and any manifest text (non-ASCII included), the plan mints its profile from exactly those axes and stages the manifest as the text's UTF-8 bytes.",
    rules=[v41_group_a_launch.plan_v41_group_a_launch],
)
@settings(max_examples=20)
@given(gen.v41_launch_shapes, st.text(min_size=1, max_size=40))
@example(attrs.evolve(shape_at(10000), max_num_batched_tokens=16384, enable_prefix_caching=True), '{"rows": "é→ü"}')
@example(attrs.evolve(shape_at(7934), max_num_batched_tokens=2048), "{}")
def the_plan_mints_every_launch_shape_and_manifest_exactly(
    shape: v41_group_a_launch.V41MeasurementLaunchShape, text: str
) -> None:
    manifest = v41_group_a_launch.EngramStoreManifest(text=text, source="a generated manifest")
    plan = check.admitted(plan_v41_group_a_launch(v41_inputs(shape=shape, manifest=manifest)))
    check.equal(
        "profile",
        plan.arm.profile,
        profile.deepseek_v41_measurement_profile(
            shape.gpu_memory_utilization_bp,
            262144,
            16,
            shape.max_num_batched_tokens,
            shape.enable_prefix_caching,
        ),
    )
    for staged in plan.staging:
        check.equal(f"{staged.manifest.host} manifest bytes", staged.manifest.content, text.encode("utf-8"))


@beyond_the_seed.positive(
    "Each of a host's three staging steps lands on that host as named: a lowercase, uppercase, dotted or hyphenated host name is kept whole by both mkdirs and the sealed write.",
    rules=[v41_group_a_launch.v41_engram_staging_steps],
)
def every_staging_step_lands_on_the_host_as_named() -> None:
    for host in ("srv5", "SRV6", "srv7.lab.example", "Srv-8"):
        staged = check.admitted(v41_engram_staging_steps(host, v41_group_a_launch.FIXTURE_V41_ENGRAM_STORE_MANIFEST))
        check.equal(
            f"{host} steps' hosts",
            [staged.manifest_dir.host, staged.receipt_dir.host, staged.manifest.host],
            [host, host, host],
        )
