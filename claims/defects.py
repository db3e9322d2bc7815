"""Declare seeded defects: the public API `mutations/` modules use.

    from claims.defects import Defect, DefectGroup
"""

from claims._internal.mutate.defect import Defect, DefectGroup

__all__ = ["Defect", "DefectGroup"]
