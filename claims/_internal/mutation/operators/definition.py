"""What one mutation operator is: a stable name, the libcst node type it applies to, its function, what it does.

Below `operators` (which names the sets) and the catalogues that declare operators (`domain_operators`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from attrs import frozen

if TYPE_CHECKING:  # libcst costs a third of a second to import: only generating mutants needs it
    import libcst as cst

OperatorFunction = Callable[[Any], Iterable["cst.CSTNode"]]


@frozen
class Operator:
    """One mutation operator: a stable name, the node type it applies to, its function, one line saying what it does."""

    name: str
    node_type: type
    function: OperatorFunction
    description: str
