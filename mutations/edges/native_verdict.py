"""Declare the seeded defects of the native_verdict shell: reports crossed, a closed reader ignored."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import native_verdict

W = "edges.native_verdict"

window_answers_records = Defect(
    id="edges.window_answers_records",
    target=native_verdict.main,
    intent="Print the saved records when the window is asked for.",
    patch=("output = window_verdict()", "output = records_verdict()"),
    must_red={f"{W}.the_window_and_the_records_exit_1"},
)

verdict_exits_despite_a_closed_reader = Defect(
    id="edges.verdict_exits_despite_a_closed_reader",
    target=native_verdict.main,
    intent="Return the verdict's exit code though the reader closed stdout before it was printed, so `native_verdict p.json | head -0` reads as 0.",
    patch=(
        "return exit_code_once_printed(output, emit(output.out, output.err))",
        "emit(output.out, output.err)\n    return output.code",
    ),
    must_red={f"{W}.a_closed_reader_exits_141"},
    must_green={f"{W}.a_complete_packet_exits_0"},
)

packet_path_stripped_when_named = Defect(
    id="edges.packet_path_stripped_when_named",
    target=native_verdict.main,
    intent="Name a packet by its path stripped of surrounding spaces while reading the path as given, so the verdict names a file other than the one it decided.",
    patch=("packet_verdict(args.packet, read_input(", "packet_verdict(args.packet.strip(), read_input("),
    must_red={"edges.native_verdict.a_packet_path_is_named_exactly_as_given"},
)
