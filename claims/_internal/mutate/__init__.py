"""Mutation runs: declared defects with exact red sets, and automatic mutants with a full kill matrix.

This module only re-exports what `mutations/` and the gate use.
"""

from claims._internal.mutate.defect import Defect, DefectGroup
from claims._internal.mutate.survivors import explain_survivors

__all__ = ["Defect", "DefectGroup", "explain_survivors"]
