"""Witness checkpoint placement and weight rounding: one directory, one rounding."""

from __future__ import annotations

import attrs

from claims import Witness, because, check
from domain import checkpoint, sizes
from domain.checkpoint import (
    DEEPSEEK_V41_FLASH_DBA1BE0A,
    GLM_CHECKPOINT_ROW,
    V41_BACKBONE_BYTE_COUNT,
    MaterializedCheckpoint,
    MaterializedElsewhere,
    MaterializedForAnotherRow,
    WeightRoundingDisagrees,
)
from domain.sizes import GIB

witness = Witness("spark.checkpoint")

V41_DIRECTORY = "/srv/gunbc/checkpoints/DeepseekV41FlashDba1be0a"

V41_MATERIALIZED = MaterializedCheckpoint(
    row_name="DeepseekV41FlashDba1be0a", directory=V41_DIRECTORY, byte_count=V41_BACKBONE_BYTE_COUNT
)


@witness.positive(
    "Each row's checkpoint lives in its own directory under the Spark checkpoint root.",
    rules=[checkpoint.spark_local_checkpoint_directory],
)
def each_row_has_one_placement() -> None:
    check.equal("V4.1 placement", checkpoint.spark_local_checkpoint_directory(DEEPSEEK_V41_FLASH_DBA1BE0A), V41_DIRECTORY)
    check.equal(
        "GLM placement", checkpoint.spark_local_checkpoint_directory(GLM_CHECKPOINT_ROW), "/srv/gunbc/checkpoints/Glm46Fp8"
    )


@witness.positive(
    "The V4.1 backbone materialised at its placement is admitted as the 287 GiB row.",
    rules=[checkpoint.checkpoint_row_admits_materialized, checkpoint.spark_local_checkpoint_directory, sizes.gibibyte_ceiling],
)
def the_v41_backbone_at_its_placement_is_admitted() -> None:
    admitted = check.admitted(checkpoint.checkpoint_row_admits_materialized(DEEPSEEK_V41_FLASH_DBA1BE0A, V41_MATERIALIZED))
    check.equal("materialised", admitted, V41_MATERIALIZED)
    check.equal("row weight (GiB)", DEEPSEEK_V41_FLASH_DBA1BE0A.weight_gib, 287)
    check.holds("bytes sit inside the 287th GiB", 286 * GIB < V41_BACKBONE_BYTE_COUNT <= 287 * GIB, V41_BACKBONE_BYTE_COUNT)
    exact = attrs.evolve(V41_MATERIALIZED, byte_count=287 * GIB)
    check.equal("exactly 287 GiB", check.admitted(checkpoint.checkpoint_row_admits_materialized(DEEPSEEK_V41_FLASH_DBA1BE0A, exact)), exact)


@witness.refusal(
    "A checkpoint materialised outside the row's placement is refused, naming where the row reads.",
    rules=[checkpoint.checkpoint_row_admits_materialized, checkpoint.spark_local_checkpoint_directory],
    reasons=[because(MaterializedElsewhere, at="$.materialized.directory", saying=["/data/hf/DeepSeek-V4.1-Flash", V41_DIRECTORY])],
)
def a_checkpoint_materialised_elsewhere_is_refused() -> object:
    elsewhere = attrs.evolve(V41_MATERIALIZED, directory="/data/hf/DeepSeek-V4.1-Flash")
    return checkpoint.checkpoint_row_admits_materialized(DEEPSEEK_V41_FLASH_DBA1BE0A, elsewhere)


@witness.refusal(
    "One byte past 287 GiB rounds up to 288 GiB and is refused against the 287 GiB row.",
    rules=[checkpoint.checkpoint_row_admits_materialized, sizes.gibibyte_ceiling],
    reasons=[because(WeightRoundingDisagrees, at="$.materialized.byte_count", saying=["round up to 288 GiB", "declares 287 GiB"])],
)
def a_byte_count_rounding_to_288_gib_is_refused() -> object:
    over = attrs.evolve(V41_MATERIALIZED, byte_count=287 * GIB + 1)
    return checkpoint.checkpoint_row_admits_materialized(DEEPSEEK_V41_FLASH_DBA1BE0A, over)


@witness.refusal(
    "The GLM checkpoint offered as the V4.1 row is refused for its name, place and weight together.",
    rules=[checkpoint.checkpoint_row_admits_materialized],
    reasons=[
        because(MaterializedForAnotherRow, at="$.materialized.row_name", saying="Glm46Fp8"),
        because(MaterializedElsewhere, at="$.materialized.directory", saying="/srv/gunbc/checkpoints/Glm46Fp8"),
        because(WeightRoundingDisagrees, at="$.materialized.byte_count", saying="332 GiB"),
    ],
)
def another_rows_checkpoint_is_refused_for_every_reason() -> object:
    glm = MaterializedCheckpoint(row_name="Glm46Fp8", directory="/srv/gunbc/checkpoints/Glm46Fp8", byte_count=332 * GIB)
    return checkpoint.checkpoint_row_admits_materialized(DEEPSEEK_V41_FLASH_DBA1BE0A, glm)
