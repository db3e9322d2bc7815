"""Declare the seeded defects of choosing a command's lines and exit code: bad input on the wrong stream, a closed reader ignored, help as an error."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import command_output

W = "edges.command_output"

bad_input_on_stdout = Defect(
    id="edges.bad_input_on_stdout",
    target=command_output.bad_input,
    intent="Print bad input's located lines on stdout, where a pipeline would read them as output, instead of stderr.",
    patch=(
        "return CommandOutput(EXIT_BAD_INPUT, err=lines if trailer is None else (*lines, trailer))",
        "return CommandOutput(EXIT_BAD_INPUT, out=lines if trailer is None else (*lines, trailer))",
    ),
    must_red={
        f"{W}.bad_input_is_located_on_stderr_and_exits_2",
        f"{W}.every_bad_input_exits_2_with_one_line_per_reason",
    },
)

bad_input_drops_where = Defect(
    id="edges.bad_input_drops_where",
    target=command_output.located_line,
    intent="Say a bad-input reason without where it is, so `FILE:LINE: $.path` no longer locates it.",
    patch=('return f"{reason.where}: {reason.why}"', "return reason.why"),
    must_red={
        f"{W}.bad_input_without_a_trailer_prints_only_the_lines",
        f"{W}.every_bad_input_exits_2_with_one_line_per_reason",
    },
)

closed_reader_keeps_the_code = Defect(
    id="edges.closed_reader_keeps_the_code",
    target=command_output.exit_code_once_printed,
    intent="Return the verdict's own exit code even when the reader closed stdout before it was printed, so `| head -0` reads as 0.",
    patch=("return output.code if printed else EXIT_BROKEN_PIPE", "return output.code"),
    must_red={f"{W}.a_closed_reader_returns_141", f"{W}.the_exit_code_is_the_outputs_once_printed"},
)

help_is_a_usage_error = Defect(
    id="edges.help_is_a_usage_error",
    target=command_output.usage_exit_code,
    intent="Exit 2 after --help as after a usage error.",
    patch=("return EXIT_YES if code == 0 else EXIT_BAD_INPUT", "return EXIT_BAD_INPUT"),
    must_red={f"{W}.help_exits_0_and_a_usage_error_exits_2"},
    must_green={f"{W}.every_other_argparse_exit_is_2"},
)

usage_error_exits_1 = Defect(
    id="edges.usage_error_exits_1",
    target=command_output.usage_exit_code,
    intent="Exit 1 for a usage error, so a mistyped command line reads as a refused launch instead of bad input.",
    patch=("return EXIT_YES if code == 0 else EXIT_BAD_INPUT", "return EXIT_YES if code == 0 else EXIT_NO"),
    must_red={f"{W}.every_other_argparse_exit_is_2", f"{W}.help_exits_0_and_a_usage_error_exits_2"},
)

bad_input_keeps_eight_reasons = Defect(
    id="edges.bad_input_keeps_eight_reasons",
    target=command_output.bad_input,
    intent="Print only the first eight bad-input reasons, so a ninth and later reason is never said (every reason is printed, located).",
    patch=(
        "tuple(located_line(reason) for reason in reasons)",
        "tuple(located_line(reason) for reason in reasons[:8])",
    ),
    must_red={f"{W}.bad_input_prints_every_reason_of_any_count_and_any_given_trailer"},
)

empty_trailer_dropped = Defect(
    id="edges.empty_trailer_dropped",
    target=command_output.bad_input,
    intent="Take an empty trailer for none, so a trailer that is given but empty is not printed as its own line.",
    patch=("lines if trailer is None else (*lines, trailer)", "lines if not trailer else (*lines, trailer)"),
    must_red={f"{W}.bad_input_prints_every_reason_of_any_count_and_any_given_trailer"},
)

bad_input_ignores_a_closed_reader = Defect(
    id="edges.bad_input_ignores_a_closed_reader",
    target=command_output.exit_code_once_printed,
    intent="Keep exit code 2 when the reader closed stdout first, so only the other codes become 141.",
    patch=(
        "return output.code if printed else EXIT_BROKEN_PIPE",
        "return output.code if printed or output.code == EXIT_BAD_INPUT else EXIT_BROKEN_PIPE",
    ),
    must_red={f"{W}.every_exit_code_is_kept_once_printed_and_141_when_the_reader_is_gone"},
)
