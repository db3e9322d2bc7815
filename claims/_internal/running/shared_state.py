"""Notice a claim that changes the state its modules share with every other claim, name what changed, and undo it.

Claims are independent: each gets the same modules whatever ran before it.
A claim that rebinds a module attribute (`fit_wall.FIT_REQUIREMENT_FACTOR =
2`), or changes a container reachable from one (pops a key from the dict
behind a `MappingProxyType`, appends to a list a tuple holds), passes
itself and turns others red depending on the order.  Before the first
claim a worker runs, `SharedState` reads the rule and witness modules: each
module's attributes, and every list, dict, set and bytearray reachable from
them through the builtin containers (a proxy's mapping included).  After
each claim it compares, cheaply (by identity, item by item), names every
difference, and puts the state back for the claims that follow.

Only builtin containers are compared inside: an object of another class (a
cattrs converter and the dispatch caches it fills, a memo) is compared by
identity alone, and a module attribute that is a module (a package gaining
a submodule imported lazily) or a dunder is left out.  What a claim builds
lazily into a module global (a table made on first use) is such a change:
build it at import, or with `functools.cache`, which is cleared before each
claim (`hermetic`).
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator, Sequence
from typing import Any

CONTAINERS = (list, dict, set, bytearray)
LIMIT = 20


def _mapping_of(proxy: types.MappingProxyType[Any, Any]) -> Any:
    """Return the mapping a proxy shows (the dict a module keeps behind it)."""
    import gc

    found = [r for r in gc.get_referents(proxy) if isinstance(r, dict)]
    return found[0] if found else None


def _reachable(value: Any, seen: set[int]) -> Iterator[Any]:
    """Yield the mutable builtin containers reachable from a value through builtin containers."""
    stack = [value]
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, types.MappingProxyType):
            inner = _mapping_of(current)
            if inner is not None:
                stack.append(inner)
            continue
        if isinstance(current, CONTAINERS):
            yield current
        if isinstance(current, dict):
            stack.extend(current.keys())
            stack.extend(current.values())
        elif isinstance(current, (list, tuple, set, frozenset)):
            stack.extend(current)


def _watched(name: str, value: Any) -> bool:
    return not (name.startswith("__") and name.endswith("__")) and not isinstance(value, types.ModuleType)


class SharedState:
    """The state of the given packages' modules, read once, compared after each claim, and put back."""

    def __init__(self, packages: Sequence[str], allowed: Sequence[str] = ()) -> None:
        """`allowed`: `module.name` bindings a project keeps mutable on purpose ([tool.claims].mutable_allowed)."""
        self.packages = tuple(packages)
        self.allowed = frozenset(allowed)
        self.modules: dict[str, tuple[types.ModuleType, dict[str, Any]]] = {}
        self.containers: list[tuple[Any, Any, str]] = []  # (container, its contents then, where it was found)

    def read(self) -> None:
        """Read the modules as they are now (the state every claim must find)."""
        self.modules.clear()
        self.containers.clear()
        seen: set[int] = set()
        for name, module in sorted(sys.modules.items()):
            if module is None or not self._watches(name):
                continue
            attributes = self._attributes(name, module)
            self.modules[name] = (module, attributes)
            for attribute, value in attributes.items():
                for container in _reachable(value, seen):
                    self.containers.append((container, _contents(container), f"{name}.{attribute}"))

    def _watches(self, name: str) -> bool:
        """Say whether a module is one of the packages' (the package itself or below it)."""
        return any(name == p or name.startswith(p + ".") for p in self.packages)

    def _attributes(self, name: str, module: types.ModuleType) -> dict[str, Any]:
        """Decide which of a module's attributes are watched: not dunders, modules, or bindings allowed to change."""
        return {k: v for k, v in vars(module).items() if _watched(k, v) and f"{name}.{k}" not in self.allowed}

    def changes(self) -> list[str]:
        """Name what differs from the state read, then put it back."""
        if not self.modules:
            return []
        found: list[str] = []
        for name, (module, then) in self.modules.items():
            now = self._attributes(name, module)
            for attribute in sorted(set(then) | set(now)):
                change = _put_back_attribute(name, module, attribute, then, now)
                if change is not None:
                    found.append(change)
        found.extend(self._put_back_containers())
        return found[:LIMIT] + ([f"... and {len(found) - LIMIT} more"] if len(found) > LIMIT else [])

    def _put_back_containers(self) -> list[str]:
        """Decide which containers read were changed: name each, and put back what it held."""
        found: list[str] = []
        for container, contents, where in self.containers:
            if not _same(container, contents):
                found.append(f"a {type(container).__name__} reachable from {where} was changed")
                _restore(container, contents)
        return found


def _put_back_attribute(
    name: str, module: types.ModuleType, attribute: str, then: dict[str, Any], now: dict[str, Any]
) -> str | None:
    """Decide how an attribute changed (deleted, added, rebound, or not at all), and put it back as it was."""
    if attribute not in now:
        said = f"{name}.{attribute} was deleted"
        setattr(module, attribute, then[attribute])
        return said
    if attribute not in then:
        said = f"{name}.{attribute} was added"
        delattr(module, attribute)
        return said
    if now[attribute] is not then[attribute]:
        said = f"{name}.{attribute} was rebound (from {_short(then[attribute])} to {_short(now[attribute])})"
        setattr(module, attribute, then[attribute])
        return said
    return None


def _contents(container: Any) -> Any:
    if isinstance(container, dict):
        return list(container.items())
    return list(container)


def _same_members(now: list[Any], contents: list[Any]) -> bool:
    """Say whether a set holds the same objects (in any order)."""
    return {id(item) for item in now} == {id(item) for item in contents}


def _same_pairs(now: list[Any], contents: list[Any]) -> bool:
    """Say whether a dict holds the same key and value objects, in the same order."""
    return all(a[0] is b[0] and a[1] is b[1] for a, b in zip(now, contents, strict=True))


def _same_bytes(now: list[Any], contents: list[Any]) -> bool:
    """Say whether a bytearray holds the same bytes."""
    return bytes(now) == bytes(contents)


def _same_items(now: list[Any], contents: list[Any]) -> bool:
    """Say whether a list holds the same objects, in the same order."""
    return all(a is b for a, b in zip(now, contents, strict=True))


_SAME: tuple[tuple[type, Callable[[list[Any], list[Any]], bool]], ...] = (
    (set, _same_members),
    (dict, _same_pairs),
    (bytearray, _same_bytes),
)
"""How a container's contents are compared, by its kind (anything else: `_same_items`)."""


def _same(container: Any, contents: list[Any]) -> bool:
    """Say whether a container holds exactly what it held (the same objects, in the same order)."""
    now = _contents(container)
    if len(now) != len(contents):
        return False
    compare = next((test for kind, test in _SAME if isinstance(container, kind)), _same_items)
    return compare(now, contents)


def _restore(container: Any, contents: Any) -> None:
    if isinstance(container, dict):
        container.clear()
        container.update(contents)
    elif isinstance(container, set):
        container.clear()
        container.update(contents)
    else:
        container[:] = contents


def _short(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."
