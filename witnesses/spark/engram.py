"""Witness the Engram request's dotted rendering and its strict reading back."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain import engram
from domain.engram import (
    V41_ENGRAM_REQUEST,
    EngramKeyMissing,
    EngramKeyRepeated,
    EngramKeyUnknown,
    EngramRequestAbsent,
    EngramValueMissing,
    EngramValueNotBoolean,
    VllmEngramConfigRequest,
)

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
    check.equal("flipped flags", flipped, ("--engram-config.cpu_offload", "false", "--engram-config.dp_shared_memory", "true"))


@witness.positive(
    "The dotted words inside a full serve argv read back as the V4.1 request.",
    rules=[engram.engram_request_of_flags, engram.engram_config_flags],
)
def the_dotted_words_read_back_as_the_request() -> None:
    argv = ("vllm", "serve", "/srv/gunbc/checkpoints/DeepseekV41FlashDba1be0a", "--kv-cache-dtype", "fp8_ds_mla")
    read = check.admitted(engram.engram_request_of_flags(argv + engram.engram_config_flags(V41_ENGRAM_REQUEST)))
    check.equal("cpu_offload", read.cpu_offload, True)
    check.equal("dp_shared_memory", read.dp_shared_memory, False)


@witness.property(
    "Every Engram request reads back unchanged from its own flags.",
    rules=[engram.engram_config_flags, engram.engram_request_of_flags],
)
@settings(max_examples=20, deadline=None)
@given(st.builds(VllmEngramConfigRequest, cpu_offload=st.booleans(), dp_shared_memory=st.booleans()))
def every_request_round_trips_through_its_flags(request: VllmEngramConfigRequest) -> None:
    check.equal("read back", check.admitted(engram.engram_request_of_flags(engram.engram_config_flags(request))), request)


@witness.refusal(
    "A misspelled dotted key is refused by name, and the key it missed is named as missing.",
    rules=[engram.engram_request_of_flags],
    reasons=[
        because(EngramKeyUnknown, at="$.argv[0]", saying="--engram-config.cpu_ofload names no Engram key; known: cpu_offload, dp_shared_memory"),
        because(EngramKeyMissing, at="$.argv", saying="--engram-config.cpu_offload"),
    ],
)
def a_misspelled_dotted_key_is_refused_by_name() -> object:
    return engram.engram_request_of_flags(("--engram-config.cpu_ofload", "true") + V41_WORDS[2:])


@witness.refusal(
    "The V4.1 flags cut before their last value are refused at the key left without one.",
    rules=[engram.engram_request_of_flags, engram.engram_config_flags],
    reasons=[because(EngramValueMissing, at="$.argv[2]", saying="--engram-config.dp_shared_memory has no value")],
)
def flags_cut_before_the_last_value_are_refused() -> object:
    return engram.engram_request_of_flags(engram.engram_config_flags(V41_ENGRAM_REQUEST)[:-1])


@witness.refusal(
    "A dotted key followed straight by the next flag is refused as having no value.",
    rules=[engram.engram_request_of_flags],
    reasons=[because(EngramValueMissing, at="$.argv[0]", saying="--engram-config.cpu_offload has no value")],
)
def a_key_followed_by_the_next_flag_has_no_value() -> object:
    return engram.engram_request_of_flags(("--engram-config.cpu_offload",) + V41_WORDS[2:])


@witness.refusal(
    "A Python-style True is not a JSON boolean and is refused at the value.",
    rules=[engram.engram_request_of_flags],
    reasons=[because(EngramValueNotBoolean, at="$.argv[1]", saying="'True'")],
)
def a_python_style_boolean_is_refused() -> object:
    return engram.engram_request_of_flags(("--engram-config.cpu_offload", "True") + V41_WORDS[2:])


@witness.refusal(
    "A dotted key given twice is refused at its second appearance.",
    rules=[engram.engram_request_of_flags],
    reasons=[because(EngramKeyRepeated, at="$.argv[4]", saying="--engram-config.cpu_offload")],
)
def a_repeated_key_is_refused() -> object:
    return engram.engram_request_of_flags(V41_WORDS + ("--engram-config.cpu_offload", "false"))


@witness.refusal(
    "An argv without any Engram word is refused as carrying no request.",
    rules=[engram.engram_request_of_flags],
    reasons=[because(EngramRequestAbsent, at="$.argv", saying="no --engram-config.* word in 4 argv words")],
)
def an_argv_without_engram_words_is_refused() -> object:
    return engram.engram_request_of_flags(("vllm", "serve", "--kv-cache-dtype", "fp8"))


@witness.refusal(
    "Every loose dotted word in one argv is refused, each where it stands, not only the first.",
    rules=[engram.engram_request_of_flags],
    reasons=[
        because(EngramKeyUnknown, at="$.argv[0]", saying="--engram-config.cpu_ofload names no Engram key"),
        because(EngramValueNotBoolean, at="$.argv[3]", saying="--engram-config.cpu_offload has value 'True'"),
        because(EngramValueMissing, at="$.argv[4]", saying="--engram-config.dp_shared_memory has no value"),
        because(EngramKeyRepeated, at="$.argv[7]", saying="--engram-config.dp_shared_memory is given again"),
        because(EngramKeyUnknown, at="$.argv[9]", saying="--engram-config.bogus names no Engram key"),
    ],
)
def every_loose_dotted_word_is_refused() -> object:
    return engram.engram_request_of_flags(
        (
            "--engram-config.cpu_ofload", "true",
            "--engram-config.cpu_offload", "True",
            "--engram-config.dp_shared_memory",
            "--engram-config.dp_shared_memory", "false",
            "--engram-config.dp_shared_memory", "true",
            "--engram-config.bogus", "x",
        )
    )  # fmt: skip
