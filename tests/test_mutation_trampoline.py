"""Trampolines gone direct: a rule nothing replaces runs its original's code; switching one routes it again."""

from __future__ import annotations

import types

from claims._internal.mutation.trampoline import activate, go_direct, original, switch, table_of

# Laid out as the generator lays out a module: a trampoline, its untouched copy, a mutant, the table filled after.
SOURCE = """
from claims._internal.mutation.trampoline import trampoline as _claims_trampoline

SCALE = 2
mutants_x_scaled__mutmut: dict = {}

@_claims_trampoline(mutants_x_scaled__mutmut)
def scaled(x, by=SCALE, *, plus=0):
    return x * by + plus

def x_scaled__mutmut_orig(x, by=SCALE, *, plus=0):
    return x * by + plus

def x_scaled__mutmut_1(x, by=SCALE, *, plus=0):
    return x * by - plus

mutants_x_scaled__mutmut.update(
    {'orig': x_scaled__mutmut_orig, 'active': x_scaled__mutmut_orig, 'x_scaled__mutmut_1': x_scaled__mutmut_1}
)

def twice(x):
    return scaled(scaled(x))

class Base:
    def size(self):
        return 1

mutants_xǁSizedǁsize__mutmut: dict = {}

class Sized(Base):
    @_claims_trampoline(mutants_xǁSizedǁsize__mutmut)
    def size(self):
        return super().size() + 1

    def xǁSizedǁsize__mutmut_orig(self):
        return super().size() + 1

mutants_xǁSizedǁsize__mutmut.update(
    {'orig': Sized.xǁSizedǁsize__mutmut_orig, 'active': Sized.xǁSizedǁsize__mutmut_orig}
)
"""


def _module(name: str) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(compile(SOURCE, f"<{name}>", "exec"), module.__dict__)
    return module


def test_a_rule_gone_direct_runs_its_originals_code_with_its_defaults_and_switching_routes_it_again() -> None:
    m = _module("direct_rules")
    table = table_of(m.scaled)
    assert table is not None
    go_direct()
    assert m.scaled.__code__ is m.x_scaled__mutmut_orig.__code__
    assert (m.scaled(3), m.scaled(3, 3), m.scaled(3, plus=1), m.twice(3)) == (6, 9, 7, 12)
    assert table_of(m.scaled) is table and original(m.scaled) is m.x_scaled__mutmut_orig
    table["active"] = m.x_scaled__mutmut_1
    assert m.scaled(3, plus=1) == 7, "gone direct, a rule no longer reads its table: only switch routes it"
    activate(m.scaled, m.x_scaled__mutmut_1)
    assert m.scaled.__code__ is not m.x_scaled__mutmut_orig.__code__
    assert (m.scaled(3, plus=1), m.scaled(3, 3, plus=1), m.twice(3)) == (5, 8, 12)
    go_direct()
    assert m.scaled(3, plus=1) == 5, "a rule switched to a mutant stays routed to it"
    switch(table, m.x_scaled__mutmut_orig)
    assert m.scaled(3, plus=1) == 7


def test_a_method_whose_original_needs_its_class_cell_keeps_its_trampoline() -> None:
    m = _module("direct_methods")
    go_direct()
    assert m.Sized.size.__code__ is not m.Sized.xǁSizedǁsize__mutmut_orig.__code__
    assert m.Sized().size() == 2
    table = table_of(m.Sized.size)
    assert table is not None
    switch(table, lambda self: 7)
    assert m.Sized().size() == 7


def test_going_direct_counts_each_rule_once() -> None:
    _module("direct_counted")
    go_direct()
    m = _module("direct_counted_again")
    assert go_direct() == 1, "only the new module's function goes direct; its method, and what went before, do not"
    assert m.scaled(1) == 2
