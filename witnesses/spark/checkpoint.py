"""Witness checkpoint placement and the row's weight: one directory, one rounding."""

from __future__ import annotations

import attrs

from claims import Witness, because, check
from domain.core import sizes
from domain.core.sizes import GIB
from domain.spark import checkpoint
from domain.spark.checkpoint import DEEPSEEK_V41_FLASH_DBA1BE0A, GLM_CHECKPOINT_ROW, V41_BACKBONE_BYTE_COUNT
from witnesses.core.fixtures import ValueRefused, constructed

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
