"""Witness every line of each stage's script: the preflight of both arms, and each stage of Group B's GLM arm on its head.

The expectations spell each arm's unit, container, image, paths and model as
seed A4 and the fixtures name them (never read back from the steps), so a
dropped or swapped line of any stage is caught in the GLM arm as in V4.1's.
"""

from __future__ import annotations

import shlex

import attrs

from claims import check
from domain.spark import apply_steps
from domain.spark.apply_steps import ApplyStep, render_step_script, spark_native_arm_steps_of
from domain.spark.render import render_unit
from witnesses.spark.apply_steps import witness
from witnesses.spark.fixtures import DIGEST, glm_plan, v41_plan

GLM_IMAGE = "nvcr.io/nvidia/vllm:25.10-py3"
HEAD = "glm-native-head.service"
UNIT = f"/etc/systemd/system/{HEAD}"
KEPT = f"{UNIT}.preserved"


def _lines(step: ApplyStep) -> list[str]:
    return render_step_script(step).split("\n")


def _missing(source: str) -> str:
    return f"test -e {source} || {{ echo 'preflight: mount source {source} is missing'; exit 1; }}"


@witness.positive(
    "Each preflight, in both arms and on every rank, logs to its own file, tests every mount source in mount order and then that the arm's image is present.",
    rules=[apply_steps.render_step_script, apply_steps.spark_native_arm_steps_of],
)
def every_preflight_tests_each_mount_source_then_the_image() -> None:
    checkpoints, engram = "/srv/gunbc/checkpoints", "/srv/gunbc/engram"
    arms = (
        ("glm-native", spark_native_arm_steps_of(glm_plan()), [f"{checkpoints}/Glm46Fp8"], GLM_IMAGE),
        (
            "gunbc-v41-tp4",
            v41_plan().steps,
            [
                f"{checkpoints}/DeepseekV41FlashDba1be0a",
                f"{engram}/row-stores/DeepseekV41FlashDba1be0a",
                f"{engram}/manifests/gunbc-v41-tp4",
                f"{engram}/touch-receipts/gunbc-v41-tp4",
            ],
            DIGEST,
        ),
    )
    for name, steps, sources, image in arms:
        for step in steps.preflight:
            check.equal(
                f"{name} preflight rank {step.node_rank}",
                _lines(step)[2:],
                [
                    "set -eu",
                    "mkdir -p /var/log/gunbc/apply",
                    f"exec >>/var/log/gunbc/apply/{name}.preflight.rank{step.node_rank}.log 2>&1",
                    *(_missing(source) for source in sources),
                    f"docker image inspect {image} >/dev/null",
                    "",
                ],
            )


@witness.positive(
    "GLM's head lands its staged unit, reloads and restarts it, reads back the running container and image, commits by enabling it, and answers at its front door on port 8000.",
    rules=[apply_steps.render_step_script],
)
def the_glm_head_applies_reads_back_commits_and_answers() -> None:
    steps = spark_native_arm_steps_of(glm_plan())
    plan = glm_plan()
    unit_text = render_unit(plan, plan.ranks[0]).rstrip("\n").split("\n")
    check.equal(
        "apply stages the head's own unit, moves it in, reloads and restarts",
        _lines(steps.apply[0])[5:],
        [
            f"cat > {UNIT}.staged <<'GUNBC_UNIT'",
            *unit_text,
            "GUNBC_UNIT",
            f"mv {UNIT}.staged {UNIT}",
            "systemctl daemon-reload",
            f"systemctl restart {HEAD}",
            "",
        ],
    )
    check.equal(
        "readback",
        _lines(steps.readback[0])[5:],
        [
            f"systemctl is-active --quiet {HEAD}",
            "test \"$(docker inspect --format '{{.State.Running}}' glm-native)\" = true",
            f"test \"$(docker inspect --format '{{{{.Config.Image}}}}' glm-native)\" = {GLM_IMAGE}",
            "",
        ],
    )
    check.equal("commit", _lines(steps.commit[0])[5:], [f"systemctl enable {HEAD}", f"rm -f {KEPT} {KEPT}.absent", ""])
    check.equal(
        "front door",
        _lines(steps.front_door[0])[5:],
        [
            "for attempt in $(seq 1 90); do",
            "  if curl --fail --silent --max-time 10 http://127.0.0.1:8000/v1/models | grep -F -- glm-4.6-fp8 >/dev/null; then exit 0; fi",
            "  sleep 10",
            "done",
            "echo 'front door: glm-4.6-fp8 never answered on port 8000'",
            "exit 1",
            "",
        ],
    )


@witness.positive(
    "GLM's head preserves its current unit first, rolls back last by restoring it or removing the new one, and cleans up only its staged unit and a dead glm-native container.",
    rules=[apply_steps.render_step_script],
)
def the_glm_head_preserves_rolls_back_and_cleans_up() -> None:
    steps = spark_native_arm_steps_of(glm_plan())
    check.equal(
        "preserve",
        _lines(steps.preserve[0])[5:],
        [
            f"rm -f {KEPT} {KEPT}.absent",
            f"if [ -e {UNIT} ]; then cp -p {UNIT} {KEPT}; else touch {KEPT}.absent; fi",
            "",
        ],
    )
    check.equal(
        "rollback, the head last",
        _lines(steps.rollback[-1])[5:],
        [
            f"systemctl stop {HEAD} || true",
            f"if [ -e {KEPT} ]; then mv {KEPT} {UNIT}; systemctl daemon-reload; systemctl start {HEAD};",
            f"else rm -f {UNIT} {KEPT}.absent; systemctl daemon-reload; fi",
            "",
        ],
    )
    check.equal(
        "cleanup",
        _lines(steps.cleanup[0])[5:],
        [
            f"rm -f {UNIT}.staged",
            f"if ! systemctl is-active --quiet {HEAD}; then docker rm --force glm-native >/dev/null 2>&1 || true; fi",
            "",
        ],
    )


@witness.positive(
    "The front door asks the port its step serves on, not a fixed one, on any port (1, 8001, 10000, 32768, 65535): it polls 127.0.0.1 at that port 90 times and names the port when it gives up.",
    rules=[apply_steps.render_step_script],
)
def the_front_door_polls_the_steps_own_serve_port() -> None:
    for port in (1, 8001, 10000, 32768, 65535):
        head = attrs.evolve(spark_native_arm_steps_of(glm_plan()).front_door[0], serve_port=port)
        lines = _lines(head)[5:]
        check.equal(
            f"poll and give up on {port}",
            lines[:5],
            [
                "for attempt in $(seq 1 90); do",
                f"  if curl --fail --silent --max-time 10 http://127.0.0.1:{port}/v1/models | grep -F -- glm-4.6-fp8 >/dev/null; then exit 0; fi",
                "  sleep 10",
                "done",
                f"echo 'front door: glm-4.6-fp8 never answered on port {port}'",
            ],
        )


@witness.positive(
    "A preflight tests each mount source quoted whole for the shell whatever its spelling: a space, a dollar sign, a semicolon, a glob star, a dot, an uppercase or non-ASCII letter.",
    rules=[apply_steps.render_step_script],
)
def a_preflight_quotes_every_source_whatever_its_spelling() -> None:
    sources = ("/srv/Row Stores", "/srv/$HOME", "/srv/a;b", "/srv/*", "/srv/v4.1", "/srv/é")
    for step in spark_native_arm_steps_of(glm_plan()).preflight:
        spelled = attrs.evolve(step, mount_sources=sources)
        tests = [line.split(" || ")[0] for line in _lines(spelled) if line.startswith("test -e ")]
        check.equal(f"rank {step.node_rank} tests", tests, [f"test -e {shlex.quote(s)}" for s in sources])


@witness.positive(
    "The front door greps the API's model list for the served model exactly as named: uppercase letters, dots and hyphens kept.",
    rules=[apply_steps.render_step_script],
)
def the_front_door_greps_the_served_model_as_named() -> None:
    for model in ("glm-4.6-fp8", "GLM-4.6-FP8", "DeepSeek-V4.1-Flash", "m"):
        head = attrs.evolve(spark_native_arm_steps_of(glm_plan()).front_door[0], served_model=model)
        lines = _lines(head)
        check.contains(
            f"grep {model}",
            f"  if curl --fail --silent --max-time 10 http://127.0.0.1:8000/v1/models | grep -F -- {model} >/dev/null; then exit 0; fi",
            lines,
        )
        check.contains(f"give up {model}", f"echo 'front door: {model} never answered on port 8000'", lines)


@witness.positive(
    "Every stage script makes and logs into its log directory quoted whole for the shell, and carries the plan's image exactly, whatever their spelling: a dollar sign, a semicolon or a space in the directory; an image with a space before or after it.",
    rules=[apply_steps.render_step_script, apply_steps.spark_native_arm_steps_of],
)
def every_script_keeps_its_log_directory_and_image_whole() -> None:
    plan = glm_plan()
    for log_dir, image in (("/var/log/$x", " img:1"), ("/var/log/a;b", "img:1 "), ("/var/log/a b", GLM_IMAGE)):
        request = attrs.evolve(plan.request, image=image, units=attrs.evolve(plan.request.units, apply_log_dir=log_dir))
        steps = spark_native_arm_steps_of(attrs.evolve(plan, request=request))
        for step in (*steps.preflight, *steps.readback, *steps.cleanup):
            check.equal(f"{step.stage.value} rank {step.node_rank} image", step.image, image)
            check.equal(
                f"{step.stage.value} rank {step.node_rank} log lines",
                _lines(step)[3:5],
                [f"mkdir -p {shlex.quote(log_dir)}", f"exec >>{shlex.quote(step.log_path)} 2>&1"],
            )


def _words(text: str) -> list[str]:
    """Split shell text into words as `sh` would quote them; an unclosed quote is one word saying so."""
    try:
        return shlex.split(text)
    except ValueError as exc:
        return [f"(does not parse: {exc})"]


_HOSTILE_SOURCES = (
    "/nonexistent'; touch /tmp/claims-pwned; echo '",
    "/srv/$(id)",
    "/srv/`id`",
    "/srv/a'b",
    "/srv/a\nexit 0",
    "/srv/a\\",
)


@witness.positive(
    "A preflight's failure message quotes the mount source whole too: a source holding a quote, a command"
    " substitution, a backquote, a line break or a backslash reads back as the same two words and nothing runs.",
    rules=[apply_steps.render_step_script, apply_steps.spark_native_arm_steps_of],
)
def a_preflight_message_reads_back_any_source_whole() -> None:
    for step in spark_native_arm_steps_of(glm_plan()).preflight:
        script = render_step_script(attrs.evolve(step, mount_sources=_HOSTILE_SOURCES))
        body = script.split("exec >>", 1)[1].split("\n", 1)[1]
        expected = [
            token
            for s in _HOSTILE_SOURCES
            for token in (
                "test",
                "-e",
                s,
                "||",
                "{",
                "echo",
                f"preflight: mount source {s} is missing;",
                "exit",
                "1;",
                "}",
            )
        ]
        words = _words(body)
        check.equal(f"rank {step.node_rank} preflight words", words[: len(expected)], expected)


@witness.positive(
    "The front door's closing message quotes the served model whole: a model spelled with a quote or a `$` reads back"
    " as one word.",
    rules=[apply_steps.render_step_script],
)
def the_front_door_message_reads_back_any_model_whole() -> None:
    for model in ("it's", "m$(id)", "glm-4.6-fp8"):
        head = attrs.evolve(spark_native_arm_steps_of(glm_plan()).front_door[0], served_model=model)
        last = [line for line in _lines(head) if line.startswith("echo ")]
        check.equal(
            f"give up {model}",
            [_words(line) for line in last],
            [["echo", f"front door: {model} never answered on port 8000"]],
        )
