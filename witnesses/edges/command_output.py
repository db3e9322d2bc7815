"""Witness how a command's lines and exit code are chosen: bad input located on stderr and 2, a closed reader 141, usage 2, help 0."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, check
from domain.core.outcome import Reason
from domain.edges import command_output
from domain.edges.command_output import CommandOutput, bad_input, exit_code_once_printed, located_line, usage_exit_code
from domain.spark.authority_log import MalformedAuthorityLine
from witnesses.core.fixtures import misuse

witness = Witness(
    "edges.command_output", never_refuses=[located_line, bad_input, exit_code_once_printed, usage_exit_code]
)

DUPLICATE = MalformedAuthorityLine("log.jsonl:1: $.at", "expected unique keys, got duplicate key 'at' (2 times)")
NOT_INT = MalformedAuthorityLine("log.jsonl:2: $.at", "expected int, got str '1767200000'")


@witness.positive(
    "Bad input prints each reason as its own located line, then the trailer, on stderr only, and exits 2.",
    rules=[bad_input, located_line],
)
def bad_input_is_located_on_stderr_and_exits_2() -> None:
    output = bad_input((DUPLICATE, NOT_INT), "launch_dry_run: bad input; nothing written")
    check.equal("code", output.code, 2)
    check.equal("stdout", output.out, ())
    check.equal(
        "stderr",
        output.err,
        (
            "log.jsonl:1: $.at: expected unique keys, got duplicate key 'at' (2 times)",
            "log.jsonl:2: $.at: expected int, got str '1767200000'",
            "launch_dry_run: bad input; nothing written",
        ),
    )


@witness.positive("Without a trailer, bad input prints only its located lines.", rules=[bad_input, located_line])
def bad_input_without_a_trailer_prints_only_the_lines() -> None:
    check.equal("stderr", bad_input((NOT_INT,)).err, ("log.jsonl:2: $.at: expected int, got str '1767200000'",))


@witness.property(
    "Every bad input exits 2 with one located line per reason, in order, and nothing on stdout.",
    rules=[bad_input, located_line],
)
@settings(max_examples=30)
@given(
    st.lists(
        st.tuples(st.text(min_size=1).filter(str.strip), st.text(min_size=1).filter(str.strip)), min_size=1, max_size=4
    )
)
def every_bad_input_exits_2_with_one_line_per_reason(pairs: list[tuple[str, str]]) -> None:
    output = bad_input(tuple(Reason(where, why) for where, why in pairs))
    check.equal("code", output.code, command_output.EXIT_BAD_INPUT)
    check.equal("stdout", output.out, ())
    check.equal("stderr", output.err, tuple(f"{where}: {why}" for where, why in pairs))


@witness.positive(
    "A printed output returns its own exit code, and one whose reader closed stdout returns 141.",
    rules=[exit_code_once_printed],
)
def a_closed_reader_returns_141() -> None:
    refused = CommandOutput(1, ("v41-group-a: REFUSED (1 reason)",))
    check.equal("printed", exit_code_once_printed(refused, True), 1)
    check.equal("reader gone", exit_code_once_printed(refused, False), 141)


@witness.property(
    "Whatever its code, an output exits with that code once printed and 141 when its reader was gone.",
    rules=[exit_code_once_printed],
)
@settings(max_examples=20)
@given(st.integers(min_value=0, max_value=255), st.booleans())
@example(0, False)
@example(2, True)
def the_exit_code_is_the_outputs_once_printed(code: int, printed: bool) -> None:
    check.equal("exit code", exit_code_once_printed(CommandOutput(code), printed), code if printed else 141)


@witness.positive("After --help the exit code is 0, and after any usage error it is 2.", rules=[usage_exit_code])
def help_exits_0_and_a_usage_error_exits_2() -> None:
    check.equal("--help", usage_exit_code(0), 0)
    check.equal("usage error", usage_exit_code(2), 2)


@witness.property("Any exit argparse asks for other than 0 is the contract's usage error, 2.", rules=[usage_exit_code])
@settings(max_examples=20)
@given(st.one_of(st.integers(min_value=1, max_value=255), st.text()))
@example(1)
@example("error")
def every_other_argparse_exit_is_2(code: object) -> None:
    check.equal("exit code", usage_exit_code(code), 2)


@witness.positive(
    "An exit code is an int of zero or more: a negative code, a bool or a float never builds a command's output, naming the field.",
    rules=[exit_code_once_printed],
)
def an_exit_code_below_zero_never_builds() -> None:
    check.equal("0 builds", misuse(lambda: CommandOutput(0)), "(built without error)")
    for code in (-1, True, 1.0):
        check.equal(
            f"code {code!r}",
            misuse(lambda: CommandOutput(code)),
            f"CommandOutput.code: expected int >= 0, got {type(code).__name__} {code!r}",
        )


TRAILERS = (None, "", " ", "launch_dry_run: bad input; nothing written")
"""A trailer absent, and present as an empty, a blank and a worded line: each present one is printed."""


@witness.positive(
    "Bad input of any count of reasons (none, one, up to forty) prints every one in order, then the trailer whenever one is given (even an empty one), and exits 2.",
    rules=[bad_input, located_line],
)
def bad_input_prints_every_reason_of_any_count_and_any_given_trailer() -> None:
    for count in range(41):
        reasons = tuple(Reason(f"log.jsonl:{n + 1}: $.at", f"expected int, got reason {n}") for n in range(count))
        lines = tuple(f"log.jsonl:{n + 1}: $.at: expected int, got reason {n}" for n in range(count))
        for trailer in TRAILERS:
            output = bad_input(reasons, trailer)
            said = f"{count} reasons, trailer {trailer!r}"
            check.equal(f"{said}: stderr", output.err, lines if trailer is None else (*lines, trailer))
            check.equal(f"{said}: stdout", output.out, ())
            check.equal(f"{said}: code", output.code, 2)


@witness.positive(
    "Every exit code from 0 to 255 is returned as it is once printed, and 141 instead whenever the reader closed stdout first.",
    rules=[exit_code_once_printed],
)
def every_exit_code_is_kept_once_printed_and_141_when_the_reader_is_gone() -> None:
    for code in range(256):
        for printed in (True, False):
            check.equal(
                f"code {code}, printed {printed}",
                exit_code_once_printed(CommandOutput(code, ("line",), ("warning",)), printed),
                code if printed else 141,
            )
