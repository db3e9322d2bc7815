"""The typed-claim witness framework: its public surface, re-exported.

Machinery lives in named modules (`claims._internal`); this module only
lists the API a witness and a rule use:

- `Witness`, `because`, `check`: declare claims and check inside them;
- `Admitted`, `Refused`, `Reason`, `Outcome`: the outcome values a rule returns;
- `Claim`, `Because`, `Kind`, `Verdict`: what a declaration and a run produce.

Declared defects use `claims.defects` (`Defect`, `DefectGroup`, `original`).
"""

from claims import check
from claims._internal.declare import Because, Claim, Witness, because
from claims._internal.kinds import Kind, Verdict
from claims.values import Admitted, Outcome, Reason, Refused

__all__ = [
    "Admitted",
    "Because",
    "Claim",
    "Kind",
    "Outcome",
    "Reason",
    "Refused",
    "Verdict",
    "Witness",
    "because",
    "check",
]
