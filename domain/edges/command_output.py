"""Choose what a command prints and the exit code it returns, as a value: pure, no I/O.

The exit code is part of each command's contract: 0 the question it answers
is yes, 1 it is no (every reason printed), 2 bad input or usage (located
lines on stderr, nothing written), 141 a reader closed stdout before the
lines were printed (what a shell reports for a writer killed by SIGPIPE).
The shells (`domain.edges.launch_dry_run`, `domain.edges.native_verdict`)
print the lines a `CommandOutput` holds and return the code these rules pick.
"""

from __future__ import annotations

from attrs import field, frozen

from domain.core import value_fields as vf
from domain.core.outcome import Reason

EXIT_YES = 0
EXIT_NO = 1
EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 128 + 13
"""What a shell reports for a writer killed by SIGPIPE (13); used when a reader closed stdout early."""


@frozen
class CommandOutput:
    """Carry what a command prints, stdout lines and stderr lines, and the exit code it returns once they are printed."""

    code: int = field(validator=vf.non_negative_int)
    out: tuple[str, ...] = field(default=(), validator=vf.tuple_of(str))
    err: tuple[str, ...] = field(default=(), validator=vf.tuple_of(str))


def located_line(reason: Reason) -> str:
    """Say one bad-input reason as its own line, `WHERE: WHY` (`log.jsonl:2: $.at: expected int, got str '1'`)."""
    return f"{reason.where}: {reason.why}"


def bad_input(reasons: tuple[Reason, ...], trailer: str | None = None) -> CommandOutput:
    """Print every bad-input reason on stderr, located, then the trailer if any; print nothing on stdout; exit 2."""
    lines = tuple(located_line(reason) for reason in reasons)
    return CommandOutput(EXIT_BAD_INPUT, err=lines if trailer is None else (*lines, trailer))


def exit_code_once_printed(output: CommandOutput, printed: bool) -> int:
    """Return the output's exit code, or 141 when a reader closed stdout before its lines were printed."""
    return output.code if printed else EXIT_BROKEN_PIPE


def usage_exit_code(code: object) -> int:
    """Return argparse's exit as the contract's: 0 after `--help`, 2 for any usage error."""
    return EXIT_YES if code == 0 else EXIT_BAD_INPUT
