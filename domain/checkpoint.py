"""Describe checkpoint rows: weights, vLLM parsers, residency beyond weights, placement.

Seed A2/A3: which parser decodes a model's output is a fact about the model,
so the tool-call parser, reasoning parser and optional tokenizer mode live on
the checkpoint row (`CheckpointVllmParsers`; an absent tokenizer mode renders
no flag).  A row declares what stays resident beyond its weights.  One
placement function, `spark_local_checkpoint_directory`, is read by both the
checkpoint materialiser and the row, and one rounding, `gibibyte_ceiling`,
turns the materialised byte count into the row's weight.
"""

from __future__ import annotations

from attrs import field, frozen

from domain import value_fields as vf
from domain.outcome import Admitted, Reason, Refused
from domain.sizes import GIB, gibibyte_ceiling

SPARK_CHECKPOINT_ROOT = "/srv/gunbc/checkpoints"
"""FIXTURE: the directory on each Spark host under which checkpoints are installed."""


@frozen
class CheckpointVllmParsers:
    """Name the vLLM parsers that decode a checkpoint's output (absent tokenizer mode: no flag)."""

    tool_call_parser: str = field(validator=vf.name_token)
    reasoning_parser: str = field(validator=vf.name_token)
    tokenizer_mode: str | None = field(validator=vf.optional(vf.name_token))


@frozen
class NothingBeyondWeights:
    """Declare that nothing stays resident beyond the weights (charged zero)."""


@frozen
class PageCacheFromNonKvHeadroom:
    """Declare a page cache served from the pool share the engine leaves outside itself."""


ResidentBeyondWeights = NothingBeyondWeights | PageCacheFromNonKvHeadroom


@frozen
class CheckpointRow:
    """Name a checkpoint, its served model, its weight in whole GiB, parsers and residency."""

    name: str = field(validator=vf.name_token)
    served_model: str = field(validator=vf.name_token)
    weight_gib: int = field(validator=vf.positive_int)
    parsers: CheckpointVllmParsers = field(validator=vf.instance_of(CheckpointVllmParsers))
    resident_beyond_weights: ResidentBeyondWeights = field(
        validator=vf.instance_of((NothingBeyondWeights, PageCacheFromNonKvHeadroom))
    )


@frozen
class MaterializedCheckpoint:
    """Report what a materialiser installed: for which row, where, and how many bytes."""

    row_name: str = field(validator=vf.name_token)
    directory: str = field(validator=vf.non_empty_str)
    byte_count: int = field(validator=vf.positive_int)


class MaterializedForAnotherRow(Reason):
    """The materialised checkpoint belongs to a different row."""


class MaterializedElsewhere(Reason):
    """The materialiser installed the checkpoint where the row does not read it."""


class WeightRoundingDisagrees(Reason):
    """The installed byte count rounds to a weight the row does not declare."""


DEEPSEEK_V41_FLASH_DBA1BE0A = CheckpointRow(
    name="DeepseekV41FlashDba1be0a",
    # FIXTURE: the served model name the API answers to.
    served_model="deepseek-v4.1-flash",
    # Seed A3: the weight is the backbone; Engram shards are served from row
    # stores, not loaded as weights.
    weight_gib=287,
    # FIXTURE from the vLLM DeepSeek-V4 recipe (recipes.vllm.ai, DeepSeek-V4-Flash:
    # `--tokenizer-mode deepseek_v4 --tool-call-parser deepseek_v4 --reasoning-parser deepseek_v4`).
    parsers=CheckpointVllmParsers(
        tool_call_parser="deepseek_v4",
        reasoning_parser="deepseek_v4",
        tokenizer_mode="deepseek_v4",
    ),
    # Seed A3 (proud-deer-538's correction): on a GB10 the page cache is the same unified pool.
    resident_beyond_weights=PageCacheFromNonKvHeadroom(),
)
"""The V4.1 Flash checkpoint row at revision dba1be0a (seed A3)."""

GLM_CHECKPOINT_ROW = CheckpointRow(
    # FIXTURE: the GLM checkpoint Group B serves; weight and name are not in the seeds.
    name="Glm46Fp8",
    served_model="glm-4.6-fp8",
    weight_gib=332,
    # FIXTURE from the vLLM GLM-4.5/4.6 recipe (`--tool-call-parser glm45 --reasoning-parser glm45`).
    parsers=CheckpointVllmParsers(tool_call_parser="glm45", reasoning_parser="glm45", tokenizer_mode=None),
    resident_beyond_weights=NothingBeyondWeights(),
)
"""FIXTURE: Group B's GLM row; it declares nothing beyond its weights (seed A3: charged zero)."""

V41_BACKBONE_BYTE_COUNT = 308_000_000_000
"""FIXTURE: the V4.1 backbone's Hub manifest byte count; `gibibyte_ceiling` of it is 287 GiB."""


def spark_local_checkpoint_directory(row: CheckpointRow) -> str:
    """Return where a row's checkpoint lives on a Spark host (the one placement function)."""
    return f"{SPARK_CHECKPOINT_ROOT}/{row.name}"


def checkpoint_row_admits_materialized(
    row: CheckpointRow, materialized: MaterializedCheckpoint
) -> Admitted[MaterializedCheckpoint] | Refused:
    """Admit a materialised checkpoint only where the row reads it and at the row's weight."""
    reasons: list[Reason] = []
    if materialized.row_name != row.name:
        reasons.append(
            MaterializedForAnotherRow(
                where="$.materialized.row_name",
                why=f"the materialised checkpoint is {materialized.row_name}, not {row.name}",
            )
        )
    placement = spark_local_checkpoint_directory(row)
    if materialized.directory != placement:
        reasons.append(
            MaterializedElsewhere(
                where="$.materialized.directory",
                why=f"installed at {materialized.directory} but {row.name} reads {placement}",
            )
        )
    rounded = gibibyte_ceiling(materialized.byte_count)
    if rounded != row.weight_gib:
        reasons.append(
            WeightRoundingDisagrees(
                where="$.materialized.byte_count",
                why=(
                    f"{materialized.byte_count} bytes round up to {rounded} GiB "
                    f"({GIB} bytes each) but {row.name} declares {row.weight_gib} GiB"
                ),
            )
        )
    if reasons:
        return Refused(tuple(reasons))
    return Admitted(materialized)
