"""Declare seeded defects: the public API `mutations/` modules use.

    from claims.defects import Defect, DefectGroup, original

A defect replaces one public rule, by a wrapper (`replacement=`, calling the
untouched rule through `original(rule)`) or by a textual patch of the rule's
source (`patch=(old, new)`), and states its intent: the claims that must
turn red (`must_red`), the controls that must stay green (`must_green`), and
optionally a `scope` judged exactly.  See docs/mutation.md.
"""

from claims._internal.mutation.defects import Defect, DefectGroup
from claims._internal.mutation.trampoline import original

__all__ = ["Defect", "DefectGroup", "original"]
