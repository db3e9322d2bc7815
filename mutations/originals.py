"""Keep an untouched copy of a domain rule, so a defect can call the rule it replaces.

A declared defect swaps the target's `__code__` in place; a wrapper that
called the target by name would call itself.  A copy made at import (before
any defect applies) keeps the original code, globals and closure.
"""

from __future__ import annotations

import types
from typing import Any


def original(rule: Any) -> Any:
    """Return an independent copy of a module-level function, immune to a later code swap."""
    copy = types.FunctionType(rule.__code__, rule.__globals__, rule.__name__, rule.__defaults__, rule.__closure__)
    copy.__kwdefaults__ = rule.__kwdefaults__
    copy.__qualname__ = rule.__qualname__
    return copy
