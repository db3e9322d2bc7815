"""The engine reaches into mutmut's private API in one module, and fails here, naming the seam, when mutmut changes it.

mutmut is pinned exactly in pyproject.toml; before unpinning (or bumping)
it, these tests say whether the visitor the generator subclasses still has
what `claims._internal.mutation.operators.mutmut_seam` overrides and reads.
"""

from __future__ import annotations

import inspect

import libcst as cst
from libcst.metadata import MetadataWrapper

from claims._internal.mutation.operators import mutmut_seam
from claims._internal.mutation.operators.registry import chosen_sets

SEAM = f"the mutmut seam changed ({mutmut_seam.SEAM}); update claims/_internal/mutation/operators/mutmut_seam.py"


def test_the_private_names_the_seam_uses_are_there() -> None:
    from mutmut.mutation import file_mutation, pragma_handling

    visitor = file_mutation.MutationVisitor
    for name in ("_create_mutations", "_skip_node_and_children", "_removes_ignored_code"):
        assert callable(getattr(visitor, name, None)), f"{SEAM}: MutationVisitor.{name} is gone"
    parameters = list(inspect.signature(visitor.__init__).parameters)
    assert parameters[:3] == ["self", "operators", "ignored_code"], f"{SEAM}: MutationVisitor() takes {parameters}"
    assert {"original_node", "mutated_node", "contained_by_top_level_function"} <= set(
        inspect.signature(file_mutation.Mutation).parameters
    ), SEAM
    assert isinstance(file_mutation.NEVER_MUTATE_FUNCTION_NAMES, (set, frozenset)), SEAM
    assert callable(pragma_handling.get_ignored_lines), SEAM


SOURCE = """\
import functools


@functools.lru_cache(maxsize=3)
def cached(x: int) -> int:
    return x + 1


@functools.lru_cache(maxsize=3)
def never(x: int) -> int:  # pragma: no mutate block
    return x + 1
"""


def test_the_visitor_enters_decorated_functions_but_never_their_decorators_or_what_a_pragma_keeps() -> None:
    wrapper = MetadataWrapper(cst.parse_module(SOURCE))
    visitor = mutmut_seam.tagging_visitor(
        chosen_sets(["mutmut"]).load(), mutmut_seam.ignored_code("m.py", SOURCE, wrapper)
    )
    wrapper.visit(visitor)
    where = {position.start.line for _, _, position in visitor.tagged}
    assert 6 in where, f"{SEAM}: the body of a decorated function got no mutation"
    assert 4 not in where and 9 not in where, f"{SEAM}: a decorator was mutated"
    assert 11 not in where, f"{SEAM}: a pragma no longer keeps a decorated function"
    assert all(name.startswith("mutmut.") for _, name, _ in visitor.tagged)
