"""Name a gate problem: what is wrong, about which claim or file, and the command that fixes it."""

from __future__ import annotations

from attrs import frozen


@frozen
class Problem:
    """One reason the gate fails: its subject (a claim id, rule, witness or file), what is wrong, the fix."""

    subject: str
    message: str
    fix: str

    def line(self) -> str:
        """Render the problem on one line, ending with its fix."""
        return f"{self.subject}: {self.message}; {self.fix}"
