"""Split a rule's dotted name into its module and its qualified name: `pkg.version.Version.parse`.

A rule is named `module.qualname` (`domain.fit_wall.serving_arm_fits`,
`pkg.version.Version.parse`, `pkg.version.Version.major.setter`), or, where
the module boundary should be spelled out, `module:qualname`.  The module
is the longest leading part of the name that is a module: known ones (the
project's sources, without importing anything), or importable ones.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection
from types import ModuleType
from typing import Any

from claims.errors import DeclarationError

ACCESSORS = {"setter": "fset", "deleter": "fdel"}


def split(name: str, is_module: Collection[str] | Callable[[str], bool]) -> tuple[str, str] | None:
    """Return (module, qualname) for a rule's name, or None when no leading part of it is a module."""
    if ":" in name:
        module, _, qualname = name.partition(":")
        return (module, qualname) if module and qualname else None
    known = is_module if callable(is_module) else is_module.__contains__
    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module = ".".join(parts[:cut])
        if known(module):
            return module, ".".join(parts[cut:])
    return None


def canonical(name: str) -> str:
    """Return a rule's name in its dotted form (`pkg.mod:Class.method` -> `pkg.mod.Class.method`)."""
    return name.replace(":", ".", 1)


def importable(name: str) -> bool:
    """Say whether a dotted name imports as a module."""
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    except Exception:
        return True
    return True


def function_of(rule: Any) -> Any:
    """Return the function behind a rule: a property's getter, a static, class or bound method's function."""
    if isinstance(rule, property) and rule.fget is not None:
        return rule.fget
    return getattr(rule, "__func__", rule)


def of_callable(rule: Any) -> str:
    """Return a function's, method's or property's dotted name (`module.qualname`; a property by its getter)."""
    function = function_of(rule)
    module, qualname = getattr(function, "__module__", None), getattr(function, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qualname, str):
        raise DeclarationError(f"{rule!r} is not a function or method, so it cannot be a rule")
    return f"{module}.{qualname}"


_NOT_A_RULE = "{name!r} names a module, not a rule in it: name a function or method of it"


def _module_and_qualname(name: str) -> tuple[str, str]:
    """Decide the module and qualname a rule's name splits into, refusing a module's name or an unimportable one."""
    if ":" not in name and importable(name):
        raise DeclarationError(_NOT_A_RULE.format(name=name))
    parts = split(name, importable)
    if parts is None:
        first = name.partition(":")[0].split(".")[0]
        try:
            importlib.import_module(first)
        except ImportError as exc:
            raise DeclarationError(f"{name!r}: its module does not import: {exc}") from None
        raise DeclarationError(_NOT_A_RULE.format(name=name))
    return parts


def _import(name: str, module_name: str) -> ModuleType:
    """Decide the module a rule lives in, refusing one whose import fails."""
    try:
        return importlib.import_module(module_name)
    except Exception as exc:
        raise DeclarationError(f"{name!r}: module {module_name!r} does not import: {exc}") from None


def _attribute(found: Any, part: str) -> Any:
    """Decide what one part of a qualname names in the object before it (None: nothing)."""
    if part in ACCESSORS and isinstance(found, property):
        return getattr(found, ACCESSORS[part])
    if isinstance(found, type):
        return found.__dict__.get(part, getattr(found, part, None))  # a descriptor as the class holds it
    return getattr(found, part, None)


def _walk(name: str, module_name: str, module: ModuleType, qualname: str) -> Any:
    """Decide the object a qualname names in its module, refusing at the first part that does not exist."""
    found: Any = module
    walked: list[str] = []
    for part in qualname.split("."):
        found = _attribute(found, part)
        if found is None:
            where = module_name + ("." + ".".join(walked) if walked else "")
            raise DeclarationError(f"{name!r} does not exist: {where!r} has no {part!r}")
        walked.append(part)
    return found


def _refuse_non_rule(name: str, qualname: str, found: Any) -> None:
    """Decide whether the object named is a rule, refusing a class or a module."""
    if isinstance(found, type):
        raise DeclarationError(
            f"{name!r} names the class {qualname!r}, not a rule: name one of its methods ({qualname}.METHOD)"
        )
    if isinstance(found, ModuleType):
        raise DeclarationError(_NOT_A_RULE.format(name=name))


def resolve(name: str) -> tuple[ModuleType, Any, str]:
    """Return (module, the object the name names, its qualname); raise DeclarationError saying what is wrong."""
    module_name, qualname = _module_and_qualname(name)
    module = _import(name, module_name)
    found = _walk(name, module_name, module, qualname)
    _refuse_non_rule(name, qualname, found)
    return module, found, qualname
