"""The typed-claim witness framework: its public surface, re-exported.

Machinery lives in named modules (declare, check, outcome, runner, report,
cli, pytest_plugin); this module only lists the API a witness uses.
"""

from claims import check
from claims._internal.declare import Because, Claim, Witness, because
from claims._internal.kinds import Kind, Verdict

__all__ = ["Because", "Claim", "Kind", "Verdict", "Witness", "because", "check"]
