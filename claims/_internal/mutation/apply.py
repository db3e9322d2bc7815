"""Apply a mutant or a declared defect inside a worker (a fresh fork: nothing is ever restored).

Before anything runs, caches built from the original code are dropped
(`hermetic.Caches`: cattrs' dispatch caches, `functools` caches).  Every
property claim runs in mutation mode, which the supervisor puts in force
before it forks: a small derandomised budget, explicit examples first, and
no shrinking (a failure is the kill; shrinking would only find a smaller
one), even where the claim sets its own budget.
"""

from __future__ import annotations

import ast
import concurrent.futures
import functools
import marshal
import multiprocessing
import sys
import types
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, cast

from claims._internal import dotted
from claims._internal.declare import Claim
from claims._internal.functions import ACCESSORS, FunctionLike, own_name, span
from claims._internal.mutation.defects import Defect, DefectGroup, Seeded
from claims._internal.mutation.infection import Probe
from claims._internal.mutation.layout import mangled
from claims._internal.mutation.mutant import Mutant
from claims._internal.mutation.patched_lines import function_likes_of
from claims._internal.mutation.trampoline import ORIG, activate, switch, table_of
from claims._internal.running.loader import _public
from claims._internal.running.one_claim import FirstFailure
from claims.errors import DeclarationError

MUTATION_EXAMPLES = 10
"""Generated examples a property claim gets under a mutant (its @examples always run first)."""


def mutation_budgets(claims: Iterable[Claim]) -> tuple[tuple[Any, dict[str, Any], Any], ...]:
    """Return each property claim's function with what mutation mode sets on it: the budget, and no shrinking.

    They override the claim's own @settings. Built once, in the supervisor; `mutation_mode` puts them in force.
    The seed `derandomize` derives from a digest of the claim's source is computed here too, once, and set as
    the claim's seed, with the same digest as its database key (an explicit `@seed` or key stays). Hypothesis
    would otherwise read, tokenize and parse the claim's source file in every fork, twice a run; the draws are
    the same, since `derandomize` seeds its generator with exactly that number.

    The third item stands in for the claim's body (hypothesis's `inner_test`): an example that fails ends the
    run at once (`_first_failure_ends`), where hypothesis would record the failure, replay the example and
    format its report, only for the kill to be counted. For the same reason no example's arguments are
    rendered (`print_given_args`): hypothesis renders every explicit example's before running it, for a report
    a mutation run never shows.
    """
    from hypothesis import Phase, settings
    from hypothesis.internal.compat import int_from_bytes
    from hypothesis.internal.reflection import function_digest

    budgets = []
    for claim in claims:
        current = getattr(claim.fn, "_hypothesis_internal_use_settings", None)
        if current is None:
            continue
        budget = settings(
            current,
            max_examples=min(current.max_examples, MUTATION_EXAMPLES),
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
            derandomize=True,
            database=None,
            deadline=None,
        )
        chosen: dict[str, Any] = {
            "_hypothesis_internal_use_settings": budget,
            "_hypothesis_internal_print_given_args": False,
        }
        handle = getattr(claim.fn, "hypothesis", None)
        inner = None
        if handle is not None:
            digest = function_digest(handle.inner_test)
            if getattr(claim.fn, "_hypothesis_internal_use_seed", None) is None:
                chosen["_hypothesis_internal_use_seed"] = int_from_bytes(digest)
            if getattr(claim.fn, "_hypothesis_internal_database_key", None) is None:
                chosen["_hypothesis_internal_database_key"] = digest
            expecting = any(e.raises is not None for e in getattr(claim.fn, "hypothesis_explicit_examples", ()))
            inner = _first_failure_ends(handle.inner_test, explicit=not expecting)
        budgets.append((claim.fn, chosen, inner))
    return tuple(budgets)


def _first_failure_ends(inner: Callable[..., Any], *, explicit: bool = True) -> Callable[..., Any]:
    """Wrap a property claim's body so that an error in any example leaves hypothesis as a FirstFailure.

    Hypothesis catches what its own runs treat as a failure (Exception, SystemExit, GeneratorExit). With no
    shrinking it would stop at a generated example's failure anyway, then replay it to raise the same error
    with a report; at a failing explicit example it would format the traceback, run every other explicit
    example, and raise what failed together as a group. The kill is the first error either way, and it is
    the verdict: a claim whose explicit examples fail with an assertion and a TypeCheckError is recorded by the
    first of them (in the order hypothesis runs them, the decorators' from the top), where the group's
    verdict would name neither. Anything hypothesis raises itself (an unmet `assume`, an overrun) is left to
    it, so its verdict is what it would be.

    Without `explicit` (for a claim with an `@example(...).xfail(...)`, whose expected error is its pass),
    what hypothesis runs as final, its explicit examples and the replay of a failure, is left to it as well.
    """
    from hypothesis.control import current_build_context
    from hypothesis.errors import HypothesisException

    @functools.wraps(inner)
    def example(*args: Any, **kwargs: Any) -> Any:
        try:
            return inner(*args, **kwargs)
        except (Exception, SystemExit, GeneratorExit) as exc:
            if isinstance(exc, HypothesisException) or (not explicit and current_build_context().is_final):
                raise
            raise FirstFailure(exc) from exc

    return example


def mutation_mode(budgets: Iterable[tuple[Any, Mapping[str, Any], Any]]) -> Callable[[], None]:
    """Give every property claim its mutation budget (see `mutation_budgets`); return what puts them back as found.

    The engine does this once, in the supervisor, before it forks: done in each fresh fork instead, it wrote to
    every property claim's function (about 700 pages copied per fork, with this suite).
    """
    missing = object()
    found: list[tuple[Any, dict[str, Any], Any]] = []
    for fn, chosen, inner in budgets:
        body = fn.hypothesis.inner_test if inner is not None else missing
        found.append((fn, {name: vars(fn).get(name, missing) for name in chosen}, body))
        for name, value in chosen.items():
            setattr(fn, name, value)
        if inner is not None:
            fn.hypothesis.inner_test = inner

    def put_back() -> None:
        for fn, saved, body in found:
            for name, value in saved.items():
                if value is missing:
                    vars(fn).pop(name, None)
                else:
                    setattr(fn, name, value)
            if body is not missing:
                fn.hypothesis.inner_test = body

    return put_back


def mutant_table(mutant: Mutant) -> dict[str, Callable[..., Any]]:
    """Return the trampoline table of a mutant's rule (its original, its mutants, and which is active)."""
    return getattr(sys.modules[mutant.module], f"mutants_{mangled(mutant.function)}__mutmut")  # type: ignore[no-any-return]


def apply_mutant(mutant: Mutant) -> None:
    """Switch one rule to its mutant copy."""
    table = mutant_table(mutant)
    switch(table, table[mutant.copy])


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


def apply_defect(seeded: Seeded, source_of: Callable[[str], tuple[Path, str]]) -> None:
    """Activate every member of a defect or group; LookupError says why one cannot be applied."""
    for defect in seeded.defects:
        module, rule = resolve(defect.target)
        activate(
            rule, defect.replacement if defect.replacement is not None else patched_rule(defect, module, source_of)
        )


def install_probes(
    subjects: Iterable[str],
    mutants: Mapping[str, Mutant],
    defects: Mapping[str, Seeded],
    source_of: Callable[[str], tuple[Path, str]],
) -> tuple[list[Probe], set[str]]:
    """Put a probe in front of every rule a subject replaces; return the probes and the subjects left unprobed.

    A defect group is left unprobed (its members act together, and a probe compares one rule at a time), as is
    any subject whose replacement cannot be built: both always run for real.
    """
    tables: dict[int, tuple[dict[str, Callable[..., Any]], dict[str, Callable[..., Any]]]] = {}
    unprobed: set[str] = set()
    for subject in subjects:
        try:
            if subject in mutants:
                table = mutant_table(mutants[subject])
                variant = table[mutants[subject].copy]
            else:
                seeded = defects[subject]
                if isinstance(seeded, DefectGroup):
                    unprobed.add(subject)
                    continue
                module, rule = resolve(seeded.target)
                table = table_of(rule) or {}  # resolve() already refused a rule without a table
                variant = (
                    seeded.replacement if seeded.replacement is not None else patched_rule(seeded, module, source_of)
                )
        except (LookupError, KeyError, AttributeError):
            unprobed.add(subject)
            continue
        tables.setdefault(id(table), (table, {}))[1][subject] = variant
    probes = []
    for table, variants in tables.values():
        probe = Probe(table[ORIG], variants)
        switch(table, probe)
        probes.append(probe)
    return probes, unprobed
