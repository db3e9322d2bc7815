"""Witness checkpoint placement and the row's weight: one directory, one rounding."""

from __future__ import annotations

import attrs
from hypothesis import example, given
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core import sizes
from domain.core.sizes import GIB
from domain.spark import checkpoint
from domain.spark.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A, GLM_CHECKPOINT_ROW, V41_BACKBONE_BYTE_COUNT
from witnesses.core.fixtures import ValueRefused, constructed
from witnesses.core.strategies import name_tokens

witness = Witness("spark.checkpoint")

V41_DIRECTORY = "/srv/gunbc/checkpoints/DeepseekV41FlashDba1be0a"


@witness.positive(
    "Each row's checkpoint lives in its own directory under the Spark checkpoint root.",
    rules=[checkpoint.spark_local_checkpoint_directory],
)
def each_row_has_one_placement() -> None:
    check.equal(
        "V4.1 placement", checkpoint.spark_local_checkpoint_directory(DEEPSEEK_V41_FLASH_DBA1BE0A), V41_DIRECTORY
    )
    check.equal(
        "GLM placement",
        checkpoint.spark_local_checkpoint_directory(GLM_CHECKPOINT_ROW),
        "/srv/gunbc/checkpoints/Glm46Fp8",
    )


@witness.positive(
    "The V4.1 row weighs its backbone's Hub byte count rounded up by the one shared rounding: 287 GiB.",
    rules=[sizes.gibibyte_ceiling],
)
def the_v41_row_weighs_its_rounded_backbone() -> None:
    check.equal("row weight (GiB)", DEEPSEEK_V41_FLASH_DBA1BE0A.weight_gib, 287)
    check.equal(
        "the rounding of the byte count",
        sizes.gibibyte_ceiling(V41_BACKBONE_BYTE_COUNT),
        DEEPSEEK_V41_FLASH_DBA1BE0A.weight_gib,
    )
    check.holds(
        "bytes sit inside the 287th GiB", 286 * GIB < V41_BACKBONE_BYTE_COUNT <= 287 * GIB, V41_BACKBONE_BYTE_COUNT
    )


@witness.refusal(
    "A row named with a path separator or a parent step cannot be built, so no placement escapes the checkpoint root.",
    rules=[checkpoint.spark_local_checkpoint_directory],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="CheckpointRow.name: expected a name of letters, digits, '.', '_' or '-', got str '../etc'",
        ),
        because(
            ValueRefused,
            at="construction",
            saying="CheckpointRow.name: expected a name of letters, digits, '.', '_' or '-', got str 'a/b'",
        ),
    ],
)
def a_row_name_that_would_escape_the_root_is_refused() -> object:
    return constructed(
        lambda: checkpoint.spark_local_checkpoint_directory(attrs.evolve(GLM_CHECKPOINT_ROW, name="../etc")),
        lambda: checkpoint.spark_local_checkpoint_directory(attrs.evolve(GLM_CHECKPOINT_ROW, name="a/b")),
    )


@witness.refusal(
    "A row of 0 GiB and a tokenizer mode that is not one token are refused at construction, so neither reaches the wall or an argv.",
    rules=[checkpoint.spark_local_checkpoint_directory],
    reasons=[
        because(ValueRefused, at="construction", saying="CheckpointRow.weight_gib: expected int > 0, got int 0"),
        because(
            ValueRefused,
            at="construction",
            saying="CheckpointVllmParsers.tokenizer_mode: expected a name of letters, digits, '.', '_' or '-', got str 'deepseek v4'",
        ),
    ],
)
def a_weightless_row_or_a_spaced_tokenizer_mode_is_refused() -> object:
    return constructed(
        lambda: attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=0),
        lambda: attrs.evolve(DEEPSEEK_V41_FLASH_DBA1BE0A.parsers, tokenizer_mode="deepseek v4"),
    )


@witness.refusal(
    "A flag-like served model or tool-call parser is refused at construction, so no argv word of the row reads as a flag.",
    rules=[checkpoint.spark_local_checkpoint_directory],
    reasons=[
        because(
            ValueRefused,
            at="construction",
            saying="CheckpointRow.served_model: expected a name of letters, digits, '.', '_' or '-', got str '-glm'",
        ),
        because(
            ValueRefused,
            at="construction",
            saying="CheckpointVllmParsers.tool_call_parser: expected a name of letters, digits, '.', '_' or '-', got str '-glm45'",
        ),
    ],
)
def a_flag_like_served_model_or_parser_is_refused() -> object:
    return constructed(
        lambda: attrs.evolve(GLM_CHECKPOINT_ROW, served_model="-glm"),
        lambda: attrs.evolve(GLM_CHECKPOINT_ROW.parsers, tool_call_parser="-glm45"),
    )


_LONG_NAMES = st.builds(
    lambda head, tail: head + tail,
    st.sampled_from("aZ0"),
    st.text(alphabet="abcXYZ019._-", min_size=20, max_size=80),
)


@witness.property(
    "Every row name, of any length (past 100 characters included) and with dots, hyphens, digits or capitals anywhere (trailing ones included), is placed whole in its own directory at any weight, so two rows never share one.",
    rules=[checkpoint.spark_local_checkpoint_directory],
)
@given(name_tokens | _LONG_NAMES, name_tokens | _LONG_NAMES, st.integers(min_value=1, max_value=800))
@example("DeepseekV41FlashDba1be0a", "DeepseekV41FlashDba1be0aX", 287)
@example("glm-4.6-fp8", "glm_4.6_fp8", 287)
@example("Glm46Fp8", "Glm46Fp8.v2", 500)
@example("Model7", "Model", 287)
@example("a" * 80, "a" * 79, 287)
@example("Glm46Fp8.", "Glm46Fp8", 287)
@example("a..", "a.", 287)
@example("Model-", "Model", 287)
@example("v1_", "v1", 287)
@example("a" * 101, "a" * 100, 287)
@example("Z" + "9" * 299, "Z" + "9" * 300, 287)
def every_row_name_is_placed_whole(name: str, other: str, weight: int) -> None:
    row = attrs.evolve(GLM_CHECKPOINT_ROW, weight_gib=weight)
    placed = checkpoint.spark_local_checkpoint_directory(attrs.evolve(row, name=name))
    check.equal(f"placement of {name!r}", placed, f"/srv/gunbc/checkpoints/{name}")
    if other != name:
        elsewhere = checkpoint.spark_local_checkpoint_directory(attrs.evolve(row, name=other))
        check.holds(f"{name!r} and {other!r} placed apart", placed != elsewhere, (placed, elsewhere))
