"""The typed-claim witness framework: its public surface, re-exported.

Machinery lives in named modules (`claims._internal`); this module only
lists the API a witness and a rule use:

- `Witness`, `because`, `raising`, `check`: declare claims (a refusal a rule returns, or one it raises)
  and check inside them;
- `Admitted`, `Refused`, `Reason`, `Outcome`: the outcome values a rule returns;
- `Claim`, `Because`, `Raises`, `Kind`, `Verdict`: what a declaration and a run produce.

Declared defects use `claims.defects` (`Defect`, `DefectGroup`, `original`).
"""

from claims import check
from claims._internal.declare import Because, Claim, Raises, Witness, because, raising
from claims._internal.kinds import Kind, Verdict
from claims.values import Admitted, Outcome, Reason, Refused

__all__ = [
    "Admitted",
    "Because",
    "Claim",
    "Kind",
    "Outcome",
    "Raises",
    "Reason",
    "Refused",
    "Verdict",
    "Witness",
    "because",
    "check",
    "raising",
]
