"""The exit codes of every command: part of the contract, defined once."""

from __future__ import annotations

import enum


class Exit(enum.IntEnum):
    """Say how a command ended; `meaning` is the sentence --help and the README show."""

    PASS = 0
    RED = 1
    USAGE = 2
    INTERRUPTED = 130
    BROKEN_PIPE = 141
    TERMINATED = 143

    @property
    def meaning(self) -> str:
        """Say what the code means, for help texts."""
        return {
            Exit.PASS: "every selected claim passed (for gate: the gate passed)",
            Exit.RED: "a claim failed or errored (and is not admitted debt), a witness did not import, or a check failed",
            Exit.USAGE: "usage, configuration or input error (located; nothing written)",
            Exit.INTERRUPTED: "interrupted by Ctrl-C (what finished is still reported)",
            Exit.BROKEN_PIPE: "the reader of standard output went away (e.g. `| head`); ended quietly",
            Exit.TERMINATED: "terminated by SIGTERM (what finished is still reported)",
        }[self]


def help_lines() -> str:
    """Render every exit code and its meaning, one per line, for an argparse epilog."""
    return "\n".join(f"  {code.value:<4} {code.meaning}" for code in Exit)
