"""Witness the names and sizes a call site may give the launcher: an UPPER_CASE env name and a docker size, at and beside each edge."""

from __future__ import annotations

import attrs

from claims import because, check
from domain.core import value_fields as vf
from domain.spark.glm_group_b_launch import glm_group_b_launch_request, glm_native_arm_units
from domain.spark.launcher import ArmEnv, ArmMount, RankPlan
from domain.spark.profile import GLM_GROUP_B_PROFILE
from witnesses.core.fixtures import ValueRefused, constructed
from witnesses.spark.launcher import witness

CONTAINER = glm_group_b_launch_request(GLM_GROUP_B_PROFILE).container
ENV = "ArmEnv.name: expected an UPPER_CASE environment name, got str"
SHM = "ArmContainerIdentity.shm_size: expected a docker size such as 64g, got str"
UNIT = "ArmUnitIdentity"
TOKEN = "expected a name of letters, digits, '.', '_' or '-', got str"
ONE_LINE = "expected one line of text, not blank, with no control character, got str"


@witness.positive(
    "An env name of one underscore-led UPPER_CASE word and a docker size of a bare count or k, m or g are accepted.",
    rules=[vf.matching],
)
def upper_case_env_names_and_docker_sizes_are_accepted() -> None:
    check.admitted(
        constructed(
            lambda: ArmEnv(name="_X9", value=""),
            lambda: ArmEnv(name="GUNBC_ENGRAM_TOUCH_RECEIPT_DIR", value="/r"),
            lambda: attrs.evolve(CONTAINER, shm_size="1"),
            lambda: attrs.evolve(CONTAINER, shm_size="512m"),
            lambda: attrs.evolve(CONTAINER, shm_size="64g"),
        )
    )


@witness.refusal(
    "A lower-case, digit-led or hyphenated env name and a zero, zero-led or upper-case-unit shm size are refused at construction, each naming its class and field.",
    rules=[vf.matching],
    reasons=[
        because(ValueRefused, at="construction", saying=f"{ENV} 'gunbc_x'"),
        because(ValueRefused, at="construction", saying=f"{ENV} '9X'"),
        because(ValueRefused, at="construction", saying=f"{ENV} 'A-B'"),
        because(ValueRefused, at="construction", saying=f"{SHM} '0'"),
        because(ValueRefused, at="construction", saying=f"{SHM} '064g'"),
        because(ValueRefused, at="construction", saying=f"{SHM} '64G'"),
    ],
)
def other_env_names_and_sizes_are_refused():
    return constructed(
        lambda: ArmEnv(name="gunbc_x", value="v"),
        lambda: ArmEnv(name="9X", value="v"),
        lambda: ArmEnv(name="A-B", value="v"),
        lambda: attrs.evolve(CONTAINER, shm_size="0"),
        lambda: attrs.evolve(CONTAINER, shm_size="064g"),
        lambda: attrs.evolve(CONTAINER, shm_size="64G"),
    )


@witness.refusal(
    "A unit name that could read as a flag or split a systemd line (dash-led, spaced or with a slash) is refused at construction, naming its field.",
    rules=[vf.name_token],
    reasons=[
        because(ValueRefused, at="construction", saying=f"{UNIT}.head_unit_name: {TOKEN} '-glm.service'"),
        because(ValueRefused, at="construction", saying=f"{UNIT}.rank_unit_name: {TOKEN} 'glm rank.service'"),
        because(ValueRefused, at="construction", saying=f"{UNIT}.head_unit_name: {TOKEN} 'glm/head.service'"),
    ],
)
def a_unit_name_must_be_one_token():
    units = glm_native_arm_units()
    return constructed(
        lambda: attrs.evolve(units, head_unit_name="-glm.service"),
        lambda: attrs.evolve(units, rank_unit_name="glm rank.service"),
        lambda: attrs.evolve(units, head_unit_name="glm/head.service"),
    )


@witness.refusal(
    "A flag-like container name and a blank mount target, image or log path are refused at construction, each naming its class and field.",
    rules=[vf.name_token, vf.non_empty_str, vf.matching],
    reasons=[
        because(ValueRefused, at="construction", saying=f"ArmContainerIdentity.container_name: {TOKEN} '-glm'"),
        because(ValueRefused, at="construction", saying="ArmMount.target: expected a non-empty str, got str '  '"),
        because(
            ValueRefused, at="construction", saying="ArmLaunchRequest.image: expected a non-empty str, got str '  '"
        ),
        because(ValueRefused, at="construction", saying=f"{UNIT}.head_log_path: {ONE_LINE} '  '"),
    ],
)
def a_flag_like_container_or_a_blank_target_image_or_log_is_refused():
    request = glm_group_b_launch_request(GLM_GROUP_B_PROFILE)
    return constructed(
        lambda: attrs.evolve(request.container, container_name="-glm"),
        lambda: ArmMount(source="/srv/x", target="  ", read_only=True),
        lambda: attrs.evolve(request, image="  "),
        lambda: attrs.evolve(request.units, head_log_path="  "),
    )


# --- unit texts: a description or a log path is written into a unit line, and the unit into a heredoc ---

_BREAKS = ("\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\x85")
_UNIT_TEXTS = ("description", "head_log_path", "rank_log_path", "apply_log_dir")


@witness.refusal(
    "A description, log path or apply log directory holding a line break or any other control character (at its"
    " start, middle or end) is refused at construction naming its field, and so is a rank's log path.",
    rules=[vf.matching],
    reasons=[
        *(
            because(ValueRefused, at="construction", saying=f"{UNIT}.{name}: {ONE_LINE} {text!r}")
            for name in _UNIT_TEXTS
            for text in ("GLM\nGUNBC_UNIT", "\n/var/log/x", "/var/log/x\n")
        ),
        *(
            because(ValueRefused, at="construction", saying=f"{UNIT}.description: {ONE_LINE} {'GLM' + c!r}")
            for c in _BREAKS
        ),
        because(ValueRefused, at="construction", saying=f"RankPlan.log_path: {ONE_LINE} '/var/log/a\\nb'"),
    ],
)
def a_unit_text_with_a_line_break_or_control_character_is_refused():
    units = glm_native_arm_units()
    rank = glm_group_b_launch_request(GLM_GROUP_B_PROFILE).group.hosts[0]
    return constructed(
        *(
            (lambda name=name, text=text: attrs.evolve(units, **{name: text}))
            for name in _UNIT_TEXTS
            for text in ("GLM\nGUNBC_UNIT", "\n/var/log/x", "/var/log/x\n")
        ),
        *((lambda c=c: attrs.evolve(units, description="GLM" + c)) for c in _BREAKS),
        lambda: RankPlan(node_rank=0, host=rank, unit_name="u.service", log_path="/var/log/a\nb", headless=False),
    )


@witness.positive(
    "A description or log path of one line is accepted whatever else it holds: a percent sign, a dollar sign, quotes,"
    " a backslash, non-ASCII letters, a space at either end.",
    rules=[vf.matching],
)
def a_unit_text_of_one_line_is_accepted_whatever_it_holds() -> None:
    units = glm_native_arm_units()
    texts = ("50% of $HOME", "say \"hi\" and 'bye'", "a\\b", "GLM é 模型", " padded ", "%n")
    check.admitted(
        constructed(*((lambda name=name, t=t: attrs.evolve(units, **{name: t})) for name in _UNIT_TEXTS for t in texts))
    )
