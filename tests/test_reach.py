"""The reach instrumentation: which statements of which rule a claim executed, closures included."""

from __future__ import annotations

import ast
import builtins
import gc

from claims._internal.caching import reach

SOURCE = '''
def factory(limit):
    """Build a check."""
    def check(value):
        if value > limit:
            return "over"
        return "within"
    return check


def plain(value):
    return value + 1
'''


def _run(lines: bool) -> tuple[dict[str, int], dict[str, object]]:
    tree = reach.instrument(ast.parse(SOURCE), "toy", lines=lines)
    namespace: dict[str, object] = {}
    saved = reach.table().copy()
    reach.table().clear()
    try:
        exec(compile(ast.fix_missing_locations(tree), "toy.py", "exec"), namespace)
        check = namespace["factory"](3)  # type: ignore[operator]
        reach.table().clear()  # what the factory did is not what the closure does
        assert check(5) == "over"
        return dict(getattr(builtins, reach.TABLE)), namespace
    finally:
        reach.table().clear()
        reach.table().update(saved)


def test_a_closures_statements_count_for_the_enclosing_function_counted_from_its_def_line() -> None:
    reached, _ = _run(lines=True)
    # def factory is line 2: `if` (line 5) is offset 3, `return "over"` (line 6) offset 4; `return "within"` not run.
    assert reached == {"toy:factory:3": 1, "toy:factory:4": 1}


def test_the_docstring_of_a_closure_stays_its_docstring_and_entries_only_mode_leaves_closures_alone() -> None:
    reached, namespace = _run(lines=False)
    assert reached == {}
    assert namespace["factory"].__doc__ == "Build a check."  # type: ignore[attr-defined]


def test_what_a_finalizer_runs_inside_a_garbage_collection_is_not_the_running_claims_reach() -> None:
    # A claim's garbage may be collected while a later claim runs: its finalizer's work belongs to neither.
    tree = reach.instrument(ast.parse(SOURCE), "toy", lines=True)
    namespace: dict[str, object] = {}
    exec(compile(ast.fix_missing_locations(tree), "toy.py", "exec"), namespace)
    plain = namespace["plain"]

    class Cycle:
        def __init__(self) -> None:
            self.me = self

        def __del__(self) -> None:
            plain(1)  # type: ignore[operator]

    saved = reach.table().copy()
    gc.collect()
    reach.table().clear()
    try:
        Cycle()  # unreachable at once, but a cycle: only a collection finds it
        namespace["factory"](3)  # type: ignore[operator]
        gc.collect()
        assert dict(reach.table()) == {"toy:factory:2": 1, "toy:factory:6": 1}  # the claim's own keys stay
        Cycle.__del__(Cycle())  # the same finalizer called by the claim itself is its reach
        assert "toy:plain:1" in reach.table()
    finally:
        gc.collect()
        reach.table().clear()
        reach.table().update(saved)
