"""Compile a declared defect's textual patch into a plain function, called exactly as its untouched rule is.

A patch `(old, new)` replaces one stretch of a rule's source.  The patched
rule is parsed from its own lines alone (a method's inside `if 1:`, so its
columns hold), shifted to the module's line numbers, given the run-time
type checks its original has, and defined in its module (a method inside
stand-ins for its classes, so its private names are mangled alike and
`super()` finds the real class).  A declared run compiles every patch once,
on every core, before its first fork.
"""

from __future__ import annotations

import ast
import concurrent.futures
import marshal
import multiprocessing
import types
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, cast

from claims._internal import dotted
from claims._internal.functions import ACCESSORS, FunctionLike, own_name, span
from claims._internal.mutation.defects import Defect, Seeded
from claims._internal.mutation.layout import mangled
from claims._internal.mutation.patched_lines import function_likes_of
from claims._internal.mutation.trampoline import table_of
from claims._internal.running.loader import _public
from claims.errors import DeclarationError


def resolve(target: str) -> tuple[Any, Any]:
    """Return (module, rule) for a rule's dotted name (a function or a method); raise LookupError saying why it
    cannot be replaced."""
    try:
        module, rule, _ = dotted.resolve(target)
    except DeclarationError as exc:
        raise LookupError(f"{target}: {exc}") from None
    if table_of(rule) is None:
        raise LookupError(
            f"{target}: not a switchable rule (only the functions and methods of the [tool.claims].typecheck packages are)"
        )
    return module, rule


_PATCHED: dict[tuple[str, str, str], Callable[..., Any]] = {}
"""Each patched rule this process compiled, by target and patch (a probe's supervisor compiles them for its forks)."""


def patched_rule(
    defect: Defect, module: Any, source_of: Callable[[str], tuple[Path, str]], code: _Code | None = None
) -> Callable[..., Any]:
    """Compile the rule's own source with `old` replaced by `new` (or define it from `code`, compiled already);
    LookupError when `old` is not there exactly once."""
    assert defect.patch is not None
    key = (defect.target, *defect.patch)
    built = _PATCHED.get(key)
    if built is None:
        built = _PATCHED[key] = _compiled_patch(defect, module, source_of, code)
    return built


def prebuild_patches(
    seeded: Iterable[Seeded], source_of: Callable[[str], tuple[Path, str]], workers: int = 1
) -> Callable[[], None]:
    """Start compiling every textual patch of these defects once, so the forks that run or probe them share it;
    return what waits for the compiling and defines each patch here.

    With more than one worker, the parsing, checking and compiling are shared out to that many forks, which work
    while the caller readies itself to fork (the supervisor did all of it alone, for a second and more, before
    its first fork, and then readied itself with a core idle).  With one, it is all done when `finish` is called.
    """
    todo: dict[tuple[str, str, str], tuple[Defect, Any]] = {}
    for one in seeded:
        for defect in one.defects:
            if defect.patch is not None and (defect.target, *defect.patch) not in _PATCHED:
                try:
                    todo.setdefault((defect.target, *defect.patch), (defect, resolve(defect.target)[0]))
                except LookupError:
                    pass  # each fork that applies it says why
    ahead = _codes_on_cores([(d, m.__name__, *source_of(m.__name__)) for d, m in todo.values()], workers)

    def finish() -> None:
        for (defect, module), code in zip(todo.values(), ahead(), strict=True):
            try:
                patched_rule(defect, module, source_of, code)
            except LookupError:
                pass  # each fork that applies it says why

    return finish


def _codes_on_cores(items: list[tuple[Defect, str, Path, str]], workers: int) -> Callable[[], list[_Code | None]]:
    """Start compiling each patch in forks, `workers` at once; return what waits for their codes (none: each is
    compiled where it is defined, one by one).  The codes must be waited for before the caller forks again."""
    if workers < 2 or len(items) < 2 * workers:
        return lambda: [None] * len(items)
    context = multiprocessing.get_context("fork")
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        coming = pool.map(_code_or_none, items, chunksize=max(1, len(items) // (4 * workers)))
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise

    def codes() -> list[_Code | None]:
        try:
            sent = list(coming)
        finally:
            pool.shutdown(cancel_futures=True)
        return [None if one is None else (marshal.loads(one[0]), one[1], one[2]) for one in sent]

    return codes


def _code_or_none(item: tuple[Defect, str, Path, str]) -> tuple[bytes, str, tuple[str, ...]] | None:
    """Compile one patch in a fork, as bytes that cross a pipe (a code object does not pickle)."""
    try:
        code, name, owners = _patch_code(*item)
    except LookupError:
        return None  # compiled again where it is defined, which raises the same error there
    return marshal.dumps(code), name, owners


_Code = tuple[types.CodeType, str, tuple[str, ...]]
"""A compiled patch: the code defining the function, the function's name in it, and the classes holding it."""


def _compiled_patch(
    defect: Defect, module: Any, source_of: Callable[[str], tuple[Path, str]], code: _Code | None = None
) -> Callable[..., Any]:
    """Compile a rule with its patch (unless `code` holds it compiled), as a plain function called exactly as its
    untouched copy is."""
    if code is None:
        code = _patch_code(defect, module.__name__, *source_of(module.__name__))
    return _defined(*code, module)


def _patch_code(defect: Defect, module_name: str, path: Path, text: str) -> _Code:
    """Compile the module-level code that defines a rule with its patch applied.

    A method is compiled inside stand-ins for the classes holding it, named as they are, so its private names are
    mangled as in the original, and its `__class__` (what `super()` reads) is the real class.
    """
    qualname = defect.target[len(module_name) + 1 :]
    like = _patched_function(defect, qualname, path, text)
    function = like.node
    function.decorator_list = [d for d in function.decorator_list if isinstance(d, ast.Name) and d.id == "staticmethod"]
    function.name = f"{mangled(qualname)}__defect"
    tree = _standalone(function, like.owners)
    if _checked(qualname):
        from claims._internal.running.loader import _transformer

        tree = _transformer()().visit(tree)  # its checks, and the imports they need, at the module's top
    ast.fix_missing_locations(tree)
    return compile(tree, str(path), "exec"), function.name, like.owners


def _patched_function(defect: Defect, qualname: str, path: Path, text: str) -> FunctionLike:
    """Decide the rule with its patch applied; LookupError unless `old` is there once, or when the patched rule no
    longer parses or is no longer that function.

    Only the rule's own lines are parsed (a method's inside `if 1:`, so its columns stay as they are), and their
    line numbers are then shifted to the module's: parsing the whole module again for each patch was a third of
    the time a declared run spent compiling its patches.
    """
    assert defect.patch is not None
    old, new = defect.patch
    found = function_likes_of(text).get(qualname)
    if found is None:
        raise LookupError(f"{defect.target}: no function {qualname!r} in {path}")
    first, last = span(found.node)
    body = "".join(text.splitlines(keepends=True)[first - 1 : last])
    count = body.count(old)
    if count != 1:
        where = "no longer appears" if count == 0 else f"appears {count} times"
        raise LookupError(
            f"{defect.id}: the patched text {old!r} {where} in {defect.target} (it must appear exactly once); update the patch"
        )
    indented = body[:1] in (" ", "\t")
    try:
        tree = ast.parse(("if 1:\n" if indented else "") + body.replace(old, new))
    except SyntaxError as exc:
        raise LookupError(f"{defect.id}: the patched {defect.target} does not parse: {exc.msg}") from None
    statements = cast(ast.If, tree.body[0]).body if indented and len(tree.body) == 1 else tree.body
    function = statements[0] if len(statements) == 1 else None
    if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) or own_name(function) != own_name(found.node):
        raise LookupError(f"{defect.id}: the patched {defect.target} is no longer a function of {path}")
    ast.increment_lineno(function, first - 1 - indented)
    return FunctionLike(qualname, function, found.owners)


def _standalone(function: ast.stmt, owners: tuple[str, ...]) -> ast.Module:
    """Decide the module that defines the function alone, inside stand-ins for the classes holding it."""
    definition = function
    for owner in reversed(owners):
        definition = ast.ClassDef(owner, [], [], [definition], [])
    return ast.Module([definition], [])


def _checked(qualname: str) -> bool:
    """Say whether the rule is public, so its compiled copy carries the run-time type checks (an accessor's property
    counts by its own name)."""
    parts = qualname.split(".")
    return _public(parts[-2] if parts[-1] in ACCESSORS else parts[-1])


def _defined(code: types.CodeType, name: str, owners: tuple[str, ...], module: Any) -> Callable[..., Any]:
    """Execute a definition in its module (a method inside stand-ins for its classes) and return the function."""
    namespace = vars(module)
    outer = owners[0] if owners else None
    kept = namespace.get(outer) if outer is not None else None
    exec(code, namespace)
    if outer is None:
        return cast(Callable[..., Any], namespace[name])
    stand_in = namespace[outer]
    namespace[outer] = kept  # the stand-in class only lent its name: the module keeps its own
    for owner in owners[1:]:
        stand_in = vars(stand_in)[owner]
    built = vars(stand_in)[name]
    built = getattr(built, "__func__", built)
    return _with_class(built, _real_class(module, owners))


def _real_class(module: Any, owners: tuple[str, ...]) -> Any:
    found = module
    for owner in owners:
        found = getattr(found, owner)
    return found


def _with_class(function: Any, owner: Any) -> Callable[..., Any]:
    """Return the function with its `__class__` cell (what `super()` reads) holding the real class."""
    names = function.__code__.co_freevars
    if "__class__" not in names:
        return cast(Callable[..., Any], function)
    cells = tuple(
        types.CellType(owner) if name == "__class__" else cell
        for name, cell in zip(names, function.__closure__ or (), strict=True)
    )
    rebuilt = types.FunctionType(
        function.__code__, function.__globals__, function.__name__, function.__defaults__, cells
    )
    rebuilt.__kwdefaults__ = function.__kwdefaults__
    rebuilt.__qualname__ = function.__qualname__
    return rebuilt
