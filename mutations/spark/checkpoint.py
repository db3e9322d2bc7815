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
