"""The domain-aware operator catalogue (issue 14): filled in as operators are added."""

from __future__ import annotations

from claims._internal.mutation.operators import Operator

CATALOGUE: tuple[Operator, ...] = ()
