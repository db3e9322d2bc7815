"""Declare the seeded defects of checkpoint placement (seed A2: one placement function read by the materialiser and the row)."""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import checkpoint

placed_by_served_model = Defect(
    id="spark.placed_by_served_model",
    target=checkpoint.spark_local_checkpoint_directory,
    intent="Place a checkpoint under its served model name instead of its row name, so the row and the materialiser disagree on the directory.",
    patch=("{row.name}", "{row.served_model}"),
    must_red={"spark.checkpoint.each_row_has_one_placement"},
)

placement_truncates_long_names = Defect(
    id="spark.placement_truncates_long_names",
    target=checkpoint.spark_local_checkpoint_directory,
    intent="Place a row under the first 24 characters of its name, so two long names sharing that prefix share one directory (V4.1's name is exactly 24).",
    patch=("{row.name}", "{row.name[:24]}"),
    must_red={"spark.checkpoint.every_row_name_is_placed_whole"},
)

trailing_dots_stripped_from_placement = Defect(
    id="spark.trailing_dots_stripped_from_placement",
    target=checkpoint.spark_local_checkpoint_directory,
    intent="Strip trailing dots from the row name when placing it, so 'Glm46Fp8.' and 'Glm46Fp8' share one directory (seed A2: the one placement function).",
    patch=(
        '    return f"{SPARK_CHECKPOINT_ROOT}/{row.name}"',
        "    return f\"{SPARK_CHECKPOINT_ROOT}/{row.name.rstrip('.')}\"",
    ),
    must_red={"spark.checkpoint.every_row_name_is_placed_whole"},
)

placement_cut_at_100_characters = Defect(
    id="spark.placement_cut_at_100_characters",
    target=checkpoint.spark_local_checkpoint_directory,
    intent="Cut a row name at 100 characters when placing it, so two long names share one directory.",
    patch=(
        '    return f"{SPARK_CHECKPOINT_ROOT}/{row.name}"',
        '    return f"{SPARK_CHECKPOINT_ROOT}/{row.name[:100]}"',
    ),
    must_red={"spark.checkpoint.every_row_name_is_placed_whole"},
)
