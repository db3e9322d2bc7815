"""Describe checkpoint rows: weights, vLLM parsers, residency beyond weights, placement.

Seed A2/A3: which parser decodes a model's output is a fact about the model,
so the tool-call parser, reasoning parser and optional tokenizer mode live on
the checkpoint row (`CheckpointVllmParsers`; an absent tokenizer mode renders
no flag).  A row declares what stays resident beyond its weights.  One
placement function, `spark_local_checkpoint_directory`, is read by both the
checkpoint materialiser and the row, and one rounding, `gibibyte_ceiling`,
turns the Hub manifest's byte count into the row's weight.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.sizes import gibibyte_ceiling

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


V41_BACKBONE_BYTE_COUNT = 308_000_000_000
"""FIXTURE: the V4.1 backbone's Hub manifest byte count; `gibibyte_ceiling` of it is the row's 287 GiB."""

DEEPSEEK_V41_FLASH_DBA1BE0A = CheckpointRow(
    name="DeepseekV41FlashDba1be0a",
    # FIXTURE: the served model name the API answers to.
    served_model="deepseek-v4.1-flash",
    # Seed A3: the weight is the backbone (287 GiB); Engram shards are served
    # from row stores, not loaded as weights.  Seed A2: the one rounding makes it.
    weight_gib=gibibyte_ceiling(V41_BACKBONE_BYTE_COUNT),
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


def spark_local_checkpoint_directory(row: CheckpointRow) -> str:
    """Return where a row's checkpoint lives on a Spark host (the one placement function)."""
    return f"{SPARK_CHECKPOINT_ROOT}/{row.name}"
