"""Declare the seeded defects of the Engram request's dotted rendering (seed A2: plain true/false words for ExecStart)."""

from __future__ import annotations

from claims.defects import Defect
from domain.spark import engram

dp_shared_memory_says_cpu_offload = Defect(
    id="spark.dp_shared_memory_says_cpu_offload",
    target=engram.engram_config_flags,
    intent="Render dp_shared_memory with cpu_offload's value, so V4.1 asks for shared memory it decided against (seed A3: cpu_offload true, dp_shared_memory false).",
    patch=("_json_bool(request.dp_shared_memory)", "_json_bool(request.cpu_offload)"),
    must_red={"spark.engram.the_v41_request_renders_four_plain_dotted_words"},
)

python_style_boolean_rendered = Defect(
    id="spark.python_style_boolean_rendered",
    target=engram.engram_config_flags,
    intent="Render cpu_offload as Python's True instead of JSON's true, a word vLLM's dotted parser does not read as a boolean (seed A2).",
    patch=("_json_bool(request.cpu_offload)", "str(request.cpu_offload)"),
    must_red={"spark.engram.the_v41_request_renders_four_plain_dotted_words"},
)
