"""Witness the Engram request's dotted rendering: four plain words, and only ever true or false."""

from __future__ import annotations

from claims import Witness, because, check
from domain.spark import engram
from domain.spark.engram import (
    V41_ENGRAM_REQUEST,
    VllmEngramConfigRequest,
)
from witnesses.core.fixtures import ValueRefused, constructed

witness = Witness("spark.engram")

V41_WORDS = ("--engram-config.cpu_offload", "true", "--engram-config.dp_shared_memory", "false")


@witness.positive(
    "The V4.1 request renders as four plain dotted words with no space or quote for ExecStart.",
    rules=[engram.engram_config_flags],
)
def the_v41_request_renders_four_plain_dotted_words() -> None:
    words = engram.engram_config_flags(V41_ENGRAM_REQUEST)
    check.equal("flags", words, V41_WORDS)
    for bad in (" ", '"', "'", "{", "\\"):
        check.absent(f"{bad!r} in a word", bad, words)
    flipped = engram.engram_config_flags(VllmEngramConfigRequest(cpu_offload=False, dp_shared_memory=True))
    check.equal(
        "flipped flags", flipped, ("--engram-config.cpu_offload", "false", "--engram-config.dp_shared_memory", "true")
    )


@witness.refusal(
    "A Python-style True or the text 'true' cannot enter a request, so its flags only ever say true or false.",
    rules=[engram.engram_config_flags],
    reasons=[
        because(
            ValueRefused, at="construction", saying="VllmEngramConfigRequest.cpu_offload: expected bool, got str 'True'"
        ),
        because(
            ValueRefused,
            at="construction",
            saying="VllmEngramConfigRequest.dp_shared_memory: expected bool, got str 'true'",
        ),
    ],
)
def a_python_style_boolean_is_refused() -> object:
    return constructed(
        lambda: VllmEngramConfigRequest(cpu_offload="True", dp_shared_memory=False),  # type: ignore[arg-type]
        lambda: VllmEngramConfigRequest(cpu_offload=True, dp_shared_memory="true"),  # type: ignore[arg-type]
    )
