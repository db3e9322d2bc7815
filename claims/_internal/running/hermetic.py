"""Reset, before each claim, the caches through which a claim's reach or verdict would depend on what ran before it.

A cattrs converter picks a hook for a type the first time it meets the type
and caches that choice; the predicates and hook factories a domain registers
(`is this a tagged union?`) then run for the first claim in a worker that
structures the type, and never for the next.  A `functools.lru_cache` or
`functools.cache` helper runs its body only for the first claim that calls
it with given arguments.  A claim's reach (what it executed: its result's
fingerprint, the claims a mutant runs, the evidence fingerprints the gate
checks) would then depend on which claims the worker ran before it, so the
worker count, the balance and `--random-order` would change the recorded
coverage; under a mutant, a cache filled by the original rules before the
fork would hide the mutant.  Clearing them before each claim makes a
claim's reach its own; converters keep their hooks registered, so no
behaviour changes.
"""

from __future__ import annotations

import functools
import gc
import sys
from collections.abc import Iterator, Sequence
from typing import Any

_MEMO = type(functools.lru_cache(maxsize=None)(lambda: None))  # functools.cache makes the same type


def _in(name: str, packages: Sequence[str]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in packages)


def _held(value: Any) -> Iterator[Any]:
    """Yield the caches a module attribute holds: itself, or a class's memoised methods and static methods."""
    if isinstance(value, _MEMO) or _is_converter(value):
        yield value
    elif isinstance(value, type):
        for item in list(vars(value).values()):
            inner = item.__func__ if isinstance(item, (staticmethod, classmethod)) else item
            if isinstance(inner, _MEMO):
                yield inner


def _is_converter(value: Any) -> bool:
    converter = sys.modules.get("cattrs")
    return converter is not None and isinstance(value, converter.BaseConverter)


class Caches:
    """Find the caches of the given packages' modules (and every cattrs converter), then clear them on demand.

    Found once, where `find` is called (a supervisor, before it forks: every fresh fork inherits the list
    without walking every module and so copying its pages), and found again in a process that has imported a
    module since.
    """

    def __init__(self, packages: Sequence[str]) -> None:
        self.packages = tuple(packages)
        self._seen = -1
        self._held: tuple[Any, ...] = ()

    def find(self) -> None:
        """Look for caches again if modules were imported since they were last found."""
        if len(sys.modules) == self._seen:
            return
        found: dict[int, Any] = {}
        for name, module in list(sys.modules.items()):
            if module is None or not _in(name, self.packages):
                continue
            for value in list(vars(module).values()):
                for held in _held(value):
                    found[id(held)] = held
        for converter in _converters():
            found[id(converter)] = converter
        self._seen, self._held = len(sys.modules), tuple(found.values())

    def reset(self) -> None:
        """Drop what every cache holds: built by an earlier claim, or from the original rules before a fork."""
        self.find()
        for value in self._held:
            if isinstance(value, _MEMO):
                value.cache_clear()
            else:
                value._structure_func.clear_cache()
                value._unstructure_func.clear_cache()


def _converters() -> list[Any]:
    """Return every cattrs converter in the process, wherever it is held (a closure, a default, a class)."""
    cattrs = sys.modules.get("cattrs")
    if cattrs is None:
        return []
    frozen = gc.get_freeze_count() > 0
    gc.unfreeze()  # objects a forked worker inherited frozen are invisible to get_objects
    try:
        return [o for o in gc.get_objects() if isinstance(o, cattrs.BaseConverter)]
    finally:
        if frozen:
            gc.freeze()
