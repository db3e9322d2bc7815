"""Reset, before each claim, the lazy caches through which a claim's reach would depend on what ran before it.

A cattrs converter picks a hook for a type the first time it meets the type
and caches that choice; the predicates and hook factories a domain registers
(`is this a tagged union?`) then run for the first claim in a worker that
structures the type, and never for the next.  A claim's reach (what it
executed: its result's fingerprint, the claims a mutant runs, the evidence
fingerprints the gate checks) would then depend on which claims the worker
ran before it, so the worker count, the balance and `--random-order` would
change the recorded coverage.  Clearing every converter's dispatch caches
before each claim makes a claim's reach its own; the hooks themselves stay
registered, so no behaviour changes, and rebuilding them costs about 10% of a
run.
"""

from __future__ import annotations

import gc
from typing import Any


class LazyCaches:
    """Find the process's cattrs converters once, then clear their dispatch caches on demand."""

    def __init__(self) -> None:
        self._converters: list[Any] | None = None

    def reset(self) -> None:
        """Clear every converter's structure and unstructure dispatch caches (found on first use)."""
        if self._converters is None:
            try:
                import cattrs
            except ImportError:  # pragma: no cover - cattrs is a dependency; a project may still not use it
                self._converters = []
                return
            frozen = gc.get_freeze_count() > 0
            gc.unfreeze()  # objects a forked worker inherited frozen are invisible to get_objects
            self._converters = [o for o in gc.get_objects() if isinstance(o, cattrs.BaseConverter)]
            if frozen:
                gc.freeze()
        for converter in self._converters:
            for dispatch in (converter._structure_func, converter._unstructure_func):
                dispatch.clear_cache()
