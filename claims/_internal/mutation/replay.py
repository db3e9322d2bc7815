"""Draw a property claim's examples once, on the original code, and replay them under every mutant and defect.

Under a mutant a property claim runs its explicit examples, then up to
`MUTATION_EXAMPLES` generated ones, derandomised, stopping at the first
failure.  Drawing those values (the strategies, the engine) is most of the
claim's cost, and it is the same work under every mutant: the seed is
fixed, so hypothesis draws the same examples in the same order as long as
each one ends as it did on the original code (valid, or rejected by an
`assume`), and as long as the draws themselves run none of the replaced
rule.  Until its first failure a mutant run is the original run; at the
first failure it stops, and so does the replay.  So the verdict, and the
error it carries, are those of a real run.

`record` runs once per claim in a worker on the original code, in mutation
mode.  It keeps, in order, the arguments each generated example was handed
and whether it was valid, and the rules the draws (anything outside the
claim's body) called.  It keeps nothing, and the claim then always runs for
real, when the claim was not green; when an argument is anything a body
could change in place (`st.data()`, a list, a random), or cannot be sent to
the supervisor; when a body called `target()` (whose scores steer later
draws).

`replaying` stands in for the claim under a mutant or defect that replaces
none of the rules the draws called: hypothesis runs the explicit examples
itself, then each recorded example runs in the same context hypothesis
gives a generated one (its settings, its seeded `random`, a build context).
Anything that would make hypothesis draw differently from then on (an
example valid where it was rejected or the reverse, a body that returned
a value, an error hypothesis handles itself) ends the replay and the claim
runs again for real, from the start.
"""

from __future__ import annotations

import pickle
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs
from attrs import frozen

from claims._internal.declare import Claim
from claims._internal.kinds import Verdict
from claims._internal.mutation.infection import _frozen
from claims._internal.mutation.trampoline import ACTIVE, TABLE
from claims._internal.runner import Settings, run_claim


@frozen
class Example:
    """One generated example: the arguments its body was handed, and whether it was valid (not rejected)."""

    args: tuple[Any, ...]
    kwargs: Mapping[str, Any]
    valid: bool


@frozen
class Drawn:
    """What a property claim's run on the original code drew: its examples in order, and the rules the draws ran."""

    examples: tuple[Example, ...]
    rules: frozenset[str]


class _Diverged(Exception):
    """A replayed example ended otherwise than on the original code: hypothesis would draw differently from here."""


def _rule_modules(packages: Sequence[str]) -> list[Any]:
    return [
        module
        for name, module in list(sys.modules.items())
        if module is not None and any(name == p or name.startswith(p + ".") for p in packages)
    ]


def rule_tables(packages: Sequence[str]) -> dict[int, tuple[dict[str, Any], str]]:
    """Return every trampolined rule's table of the rule packages' imported modules, with the rule's dotted name."""
    found: dict[int, tuple[dict[str, Any], str]] = {}
    for module in _rule_modules(packages):
        for value in list(vars(module).values()):
            table = getattr(value, TABLE, None)
            if isinstance(table, dict) and id(table) not in found:
                found[id(table)] = (table, f"{value.__module__}.{value.__name__}")
    return found


def replaced_rules(functions: Iterable[Any]) -> frozenset[str] | None:
    """Return the dotted names `record` gives these trampolined rules (None when one is not a rule: replay nothing)."""
    names = set()
    for function in functions:
        if not isinstance(getattr(function, TABLE, None), dict):
            return None
        names.add(f"{function.__module__}.{function.__name__}")
    return frozenset(names)


class _Watch:
    """The rules' watch in a recording worker: every table wraps once, and each claim's run reads what it saw."""

    def __init__(self) -> None:
        self.wrapped: set[int] = set()
        self.in_body = 0
        self.rules: set[str] = set()

    def cover(self, tables: Mapping[int, tuple[dict[str, Any], str]]) -> None:
        for key, (table, name) in tables.items():
            if key not in self.wrapped:
                self.wrapped.add(key)
                table[ACTIVE] = self._watching(table[ACTIVE], name)

    def _watching(self, function: Callable[..., Any], name: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            if not self.in_body:
                self.rules.add(name)
            return function(*args, **kwargs)

        return call


_WATCH = _Watch()


class _Recorder:
    """Keep one claim's generated examples as its run on the original code hands them to its body."""

    def __init__(self, passed: Iterable[str]) -> None:
        self.passed = frozenset(passed)  # the arguments the runner hands the claim itself (tmp_path)
        self.examples: list[Example] = []
        self.problem: str | None = None

    def body(self, inner: Callable[..., Any]) -> Callable[..., Any]:
        from hypothesis.control import current_build_context
        from hypothesis.errors import UnsatisfiedAssumption

        def example(*args: Any, **kwargs: Any) -> Any:
            context = current_build_context()
            drawn = {k: v for k, v in kwargs.items() if k not in self.passed}
            if not context.is_final and not (_frozen(args, set()) and _frozen(tuple(drawn.values()), set())):
                self.problem = "an argument a body could change in place"
            _WATCH.in_body += 1
            try:
                result = inner(*args, **kwargs)
            except UnsatisfiedAssumption:
                if not context.is_final:
                    self.examples.append(Example(args, drawn, valid=False))
                raise
            finally:
                _WATCH.in_body -= 1
                if getattr(context.data, "target_observations", None):
                    self.problem = "target() steers later draws"
            if not context.is_final:  # an explicit example: hypothesis runs those itself under a mutant
                self.examples.append(Example(args, drawn, valid=True))
            return result

        return example


def record(claim: Claim, settings: Settings, limit: float, packages: Sequence[str]) -> Drawn | None:
    """Run a property claim once on the original code in mutation mode; return what it drew (None: replay nothing).

    Runs in a worker, which is a fresh fork: the rules' tables are left watched.
    """
    handle = getattr(claim.fn, "hypothesis", None)
    if handle is None:
        return None
    inner = handle.inner_test
    for _ in range(2):  # a second run when the first imported a rule module the watch had not covered
        recorder = _Recorder(("tmp_path",) if claim.wants_tmp_path else ())
        _WATCH.cover(rule_tables(packages))
        _WATCH.rules = set()
        modules = len(_rule_modules(packages))
        handle.inner_test = recorder.body(inner)
        try:
            result = run_claim(claim, settings, limit, isolated=True, explain=False)
        finally:
            handle.inner_test = inner
        if len(_rule_modules(packages)) == modules:
            break
    else:
        return None
    if result.verdict is not Verdict.PASS or recorder.problem is not None:
        return None
    drawn = Drawn(tuple(recorder.examples), frozenset(_WATCH.rules))
    try:
        pickle.dumps(drawn)
    except Exception:
        return None
    return drawn


def replaying(claim: Claim, drawn: Drawn) -> Claim:
    """Return the claim with its generated examples replayed from `drawn` (see the module's docstring)."""
    fn = claim.fn

    def run(**passed: Any) -> None:
        try:
            _replay(fn, drawn, passed)
        except _Diverged:
            fn(**passed)  # from the start, for real: hypothesis draws what it would have drawn

    return attrs.evolve(claim, fn=run)


def _replay(fn: Any, drawn: Drawn, passed: Mapping[str, Any]) -> None:
    from hypothesis import Phase
    from hypothesis import settings as Settings_
    from hypothesis._settings import local_settings
    from hypothesis.control import BuildContext
    from hypothesis.errors import HypothesisException, UnsatisfiedAssumption
    from hypothesis.internal.conjecture.data import ConjectureData
    from hypothesis.internal.entropy import deterministic_PRNG

    budget = fn._hypothesis_internal_use_settings
    if getattr(fn, "hypothesis_explicit_examples", ()):
        fn._hypothesis_internal_use_settings = Settings_(budget, phases=[Phase.explicit])
        try:
            fn(**passed)
        finally:
            fn._hypothesis_internal_use_settings = budget
    inner = fn.hypothesis.inner_test
    for example in drawn.examples:
        with local_settings(budget), deterministic_PRNG():
            with BuildContext(ConjectureData.for_choices([]), is_final=False, wrapped_test=fn):
                try:
                    result = inner(*example.args, **example.kwargs, **passed)
                except UnsatisfiedAssumption:
                    if example.valid:
                        raise _Diverged() from None
                    continue
                except HypothesisException:
                    raise _Diverged() from None  # hypothesis handles these itself, to the end of its run
        if not example.valid or result is not None:
            raise _Diverged()
