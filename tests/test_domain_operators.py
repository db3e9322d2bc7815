"""The domain-aware operators: each plants its class of defect, through the same generator as mutmut's."""

from __future__ import annotations

import ast
import textwrap

import pytest

from claims._internal.mutation.generate import mutate_source
from claims._internal.mutation.operators.registry import chosen_sets
from claims._internal.mutation.workspace import mutmut_skip

SOURCE = """\
import os
from fractions import Fraction

FACTOR = Fraction(5, 4)


def matches(candidate_key: str, key: str) -> bool:
    return candidate_key == key


def fold(checks: tuple[int, ...]) -> Refused:
    reasons = []
    for check in checks:
        if check < 0:
            reasons.append(check)
    return Refused(tuple(reasons))


def every(items: tuple[int, ...]) -> bool:
    return all(i > 0 for i in items if i != 3)


def deadline(time_at_call: int, wait: int, submission_deadline: int) -> int:
    return min(time_at_call + wait, submission_deadline)


def ceiling(count: int, unit: int) -> int:
    return -(-count // unit)


def requirement(resident: int) -> Fraction:
    return resident * Fraction(5, 4)


def live(at: int, lease_expires_at: int) -> bool:
    return at < lease_expires_at


def publish(temp: str, final: str) -> None:
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    os.link(temp, final)
    os.replace(temp, final)


def argv(port: int) -> tuple[str, ...]:
    return ("--mount", "ro", "rw", f"--port={port}")


def sizes(row: Row) -> int:
    return row.weight_gib + row.allowance_gib


def place(head: int, rank: int, pool: Pool) -> Slot:
    return Slot(head, rank, pool.free_gib, need=pool.need[0], source=pool.left, target=pool.right)


def guard(ok: bool) -> Refused | None:
    if not ok:
        return Refused(("no",))
    return None


def collect(item: int, seen: set[int], parts: list[int]) -> None:
    '''Collect one item.'''
    print(item)
    log.warning("item %s", item)
    logger.exception("failed")
    seen.add(item)
    parts.extend((item, item))
    _require(parts)
    total = sum(parts); validate(total)
    if item:
        parts.append(item)  # the block's only statement


def head(items: list[int], count: int) -> list[int]:
    return items[:count]


def opened(path: str) -> object:
    try:
        return open(path)
    except (OSError, ValueError):
        return None
"""


@pytest.fixture(scope="module")
def mutants() -> dict[str, list[tuple[str, str]]]:
    mutmut_skip(("pkg",))
    _, found = mutate_source("pkg.rules", "pkg/rules.py", SOURCE, chosen_sets(["mutmut", "domain"]).load())
    by_operator: dict[str, list[tuple[str, str]]] = {}
    for mutant in found:
        by_operator.setdefault(mutant.operator, []).append(
            (relative(mutant.original, mutant.column), relative(mutant.replacement, mutant.column))
        )
    return by_operator


def relative(text: str, column: int) -> str:
    """Read a mutant's recorded text (its lines as in the file) with its lines indented from its first column."""
    first, *rest = text.split("\n")
    return "\n".join([first, *(line[column:] if line[:column].isspace() else line for line in rest)])


def replacements(mutants: dict[str, list[tuple[str, str]]], operator: str) -> list[str]:
    return [new for _, new in mutants.get(operator, [])]


def test_identity_equality_is_loosened_five_ways(mutants: dict[str, list[tuple[str, str]]]) -> None:
    assert replacements(mutants, "domain.identity_loosened") == [
        "(candidate_key.casefold() == key.casefold())",
        "(candidate_key.startswith(key))",
        "(candidate_key.endswith(key))",
        "(key in candidate_key)",
        "(candidate_key.strip() == key.strip())",
    ]


def test_a_fold_keeps_only_its_first_reason(mutants: dict[str, list[tuple[str, str]]]) -> None:
    found = replacements(mutants, "domain.fold_first_only")
    assert found == [
        "for check in checks:\n    if check < 0:\n        reasons.append(check)\n        break",
        "Refused(tuple(reasons[:1]))",
        "any(i > 0 for i in items if i != 3)",
        "i > 0 for i in items",
    ]


def test_min_max_rounding_and_nudged_constants(mutants: dict[str, list[tuple[str, str]]]) -> None:
    assert replacements(mutants, "domain.min_max") == ["max(time_at_call + wait, submission_deadline)"]
    assert replacements(mutants, "domain.rounding") == ["(count // unit)", "round((-count / unit))"]
    nudged = replacements(mutants, "domain.constant_nudged")
    # 5 -> 6 and 4 -> 5 are mutmut's number mutants too: made once, attributed to the domain operator.
    assert {"Fraction(4, 4)", "Fraction(5, 3)", "6", "5"} <= set(nudged)
    assert "0o643" in nudged  # an octal mode stays octal


def test_an_instant_bound_takes_over_mutmuts_identical_swap(mutants: dict[str, list[tuple[str, str]]]) -> None:
    assert replacements(mutants, "domain.instant_bound") == [" <= lease_expires_at"]
    assert " <= lease_expires_at" not in replacements(mutants, "mutmut.swap_op")


def test_exclusive_creation_becomes_an_overwrite(mutants: dict[str, list[tuple[str, str]]]) -> None:
    found = replacements(mutants, "domain.exclusive_made_overwrite")
    assert "os.O_WRONLY | os.O_CREAT" in found
    assert "os.replace(temp, final)" in found
    assert any(r.startswith("(lambda s, t: open(t, 'wb')") for r in found)


def test_a_rendered_element_is_dropped_or_two_siblings_swapped(mutants: dict[str, list[tuple[str, str]]]) -> None:
    found = replacements(mutants, "domain.rendered_element_dropped")
    assert '("ro", "rw", f"--port={port}")' in found
    assert '("--mount", "rw", "ro", f"--port={port}")' in found


def test_a_sibling_field_of_the_same_kind_is_read(mutants: dict[str, list[tuple[str, str]]]) -> None:
    found = replacements(mutants, "domain.sibling_field")
    assert any("row.allowance_gib + row.allowance_gib" in r for r in found)
    assert any("row.weight_gib + row.weight_gib" in r for r in found)


def test_a_guard_loses_its_not_or_its_early_refusal(mutants: dict[str, list[tuple[str, str]]]) -> None:
    found = replacements(mutants, "domain.guard_skipped")
    assert any(r.startswith("if not ok:\n    pass") for r in found)
    # The `not` removal is mutmut's remove_unary_ops too: one mutant, attributed to the domain operator.
    assert "ok" not in replacements(mutants, "mutmut.remove_unary_ops")
    assert any(r == "ok" for r in found) or any(r.startswith("if ok:") for r in found)


def test_two_adjacent_references_are_crossed_positional_or_keyword(mutants: dict[str, list[tuple[str, str]]]) -> None:
    assert replacements(mutants, "domain.arguments_swapped") == [
        # os.link and os.replace of `publish` are calls with two references too.
        "os.link(final, temp)",
        "os.replace(final, temp)",
        # A positional pair i, i+1: a name, an attribute, a subscript each count as a reference.
        "Slot(rank, head, pool.free_gib, need=pool.need[0], source=pool.left, target=pool.right)",
        "Slot(head, pool.free_gib, rank, need=pool.need[0], source=pool.left, target=pool.right)",
        # A keyword pair j, j+1: the values cross, the keywords stay; never a positional with a keyword.
        "Slot(head, rank, pool.free_gib, need=pool.left, source=pool.need[0], target=pool.right)",
        "Slot(head, rank, pool.free_gib, need=pool.need[0], source=pool.right, target=pool.left)",
    ]


def swaps(call: str) -> list[str]:
    """Return the arguments_swapped mutants of one call, alone in a rule."""
    mutmut_skip(("pkg",))
    source = f"def rule(a, b, c, row, kw):\n    return {call}\n"
    _, found = mutate_source("pkg.rules", "pkg/rules.py", source, chosen_sets(["domain"]).load())
    return [m.replacement for m in found if m.operator == "domain.arguments_swapped"]


@pytest.mark.parametrize(
    ("call", "expected"),
    [
        ("f(a, b, c)", ["f(b, a, c)", "f(a, c, b)"]),
        ("f(row.a, row[0])", ["f(row[0], row.a)"]),
        ("f(x=a, y=b)", ["f(x=b, y=a)"]),
        ("f(a, x=b)", []),  # a positional and a keyword argument are not a pair
        ("f(a, a)", []),  # syntactically identical: swapping changes nothing
        ("f(row.a, row.a, b)", ["f(row.a, b, row.a)"]),
        ("f(x=a, y=a)", []),
        ("f(a, 1)", []),  # a literal: a type error, or mutmut's literal mutations already
        ("f(a, b + c)", []),
        ("f(a, g(b))", []),
        ("f(a)", []),
        ("', '.join(a)", []),
        ("f(*a, b, c)", ["f(*a, c, b)"]),  # *args and **kwargs are never moved
        ("f(a, **kw, x=b, y=c)", ["f(a, **kw, x=c, y=b)"]),
        ("g.f(a, b)", ["g.f(b, a)"]),
    ],
)
def test_which_calls_have_their_arguments_crossed(call: str, expected: list[str]) -> None:
    assert swaps(call) == expected


@pytest.mark.parametrize(
    "callee", ["min", "max", "set", "frozenset", "sorted", "sum", "any", "all", "zip", "print", "isinstance", "getattr"]
)
def test_an_order_free_call_is_never_crossed(callee: str) -> None:
    assert swaps(f"{callee}(a, b)") == []
    assert swaps(f"{callee}(a, key=b, default=c)") == []
    # Only the builtin is order-free: a method of the same name is an ordinary call.
    assert swaps(f"row.{callee}(a, b)") == [f"row.{callee}(b, a)"]


def test_a_statement_whose_only_effect_is_a_call_is_dropped(mutants: dict[str, list[tuple[str, str]]]) -> None:
    found = mutants.get("domain.statement_dropped", [])
    assert all(new.partition("  #")[0].strip() == "pass" for _, new in found)  # a trailing comment stays
    # A fold's collect, a file step, an item added, a check whose result is discarded, a block's only statement.
    assert [old.strip() for old, _ in found] == [
        "reasons.append(check)",
        "os.link(temp, final)",
        "os.replace(temp, final)",
        "seen.add(item)",
        "parts.extend((item, item))",
        "_require(parts)",
        "parts.append(item)  # the block's only statement",
    ]
    # No other operator removes a statement: none of these is a mutant another one already made.
    assert not any(
        new.strip() == "pass" for op, made in mutants.items() if op != "domain.statement_dropped" for _, new in made
    )


def test_output_logging_docstrings_and_shared_lines_are_not_dropped(mutants: dict[str, list[tuple[str, str]]]) -> None:
    dropped = " ".join(old for old, _ in mutants.get("domain.statement_dropped", []))
    for kept in ("print(item)", "log.warning", "logger.exception", "Collect one item", "validate(total)", "fd = "):
        assert kept not in dropped


def test_a_computed_slice_bound_is_shifted_both_ways(mutants: dict[str, list[tuple[str, str]]]) -> None:
    assert mutants.get("domain.bound_shifted") == [
        ("items[:count]", "items[:count + 1]"),
        ("items[:count]", "items[:count - 1]"),
    ]


def shifts(expression: str) -> list[str]:
    """Return the bound_shifted mutants of one expression, alone in a rule."""
    mutmut_skip(("pkg",))
    source = f"def rule(xs, ys, n, a, b, i, index, row, members, tag):\n    return {expression}\n"
    _, found = mutate_source("pkg.rules", "pkg/rules.py", source, chosen_sets(["domain"]).load())
    return [m.replacement for m in found if m.operator == "domain.bound_shifted"]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        # Slice bounds: a name, an attribute, a call, arithmetic; each bound of a slice on its own, never its step.
        ("xs[:n]", ["xs[:n + 1]", "xs[:n - 1]"]),
        ("xs[row.start:]", ["xs[row.start + 1:]", "xs[row.start - 1:]"]),
        ("xs[a:b]", ["xs[a + 1:b]", "xs[a - 1:b]", "xs[a:b + 1]", "xs[a:b - 1]"]),
        ("xs[f(n):]", ["xs[f(n) + 1:]", "xs[f(n) - 1:]"]),
        ("xs[:a * b]", ["xs[:a * b + 1]", "xs[:a * b - 1]"]),
        ("xs[-n:]", ["xs[-n + 1:]", "xs[-n - 1:]"]),
        ("xs[a | b:]", ["xs[(a | b) + 1:]", "xs[(a | b) - 1:]"]),  # parenthesised where `+` binds tighter
        ("xs[::n]", []),
        # range(): the start and the stop, never the step.
        ("range(n)", ["range(n + 1)", "range(n - 1)"]),
        ("range(a, b, n)", ["range(a + 1, b, n)", "range(a - 1, b, n)", "range(a, b + 1, n)", "range(a, b - 1, n)"]),
        ("range(len(xs))", ["range(len(xs) + 1)", "range(len(xs) - 1)"]),
        ("row.range(n)", []),
        # Indices: arithmetic, len(...), or a name that says position; never a key.
        ("xs[n // 2]", ["xs[n // 2 + 1]", "xs[n // 2 - 1]"]),
        ("xs[i]", ["xs[i + 1]", "xs[i - 1]"]),
        ("row.items[row.index]", ["row.items[row.index + 1]", "row.items[row.index - 1]"]),
        ("members[tag]", []),  # a bare name or attribute is a key as often as an index: only one named as an index
        ("members[row.kind]", []),
        ("members[f(tag)]", []),
        ("members['a']", []),
        ("xs[i, n]", []),
        # A bound `e +- 1` already moves away under mutmut's number (`e +- 2`): only the way back to `e` is new.
        ("xs[i + 1]", ["xs[i]"]),
        ("xs[1 + i]", ["xs[i]"]),
        ("xs[len(xs) - 1]", ["xs[len(xs)]"]),
        ("xs[:n - 1]", ["xs[:n]"]),
        ("range(a, b + 1)", ["range(a + 1, b + 1)", "range(a - 1, b + 1)", "range(a, b)"]),
        # A bound `e +- k` (k >= 2) moves by one under mutmut's number (k + 1) and constant_nudged (k - 1) already.
        ("xs[n - 2]", []),
        ("xs[:n + 2]", []),
        ("xs[1 - n]", []),
        # Literals are mutmut's (+1) and constant_nudged's (-1); -1 shifted up would wrap to the other end.
        ("xs[:3]", []),
        ("xs[-1]", []),
        ("xs[:-1]", []),
        ("range(3)", []),
        ("xs[:None]", []),
        # Past the end of what it slices a slice clamps: `xs[:len(xs) + 1]` is `xs[:len(xs)]`, only the shift down.
        ("xs[:len(xs)]", ["xs[:len(xs) - 1]"]),
        ("xs[len(xs):]", ["xs[len(xs) - 1:]"]),
        ("ys[:len(xs)]", ["ys[:len(xs) + 1]", "ys[:len(xs) - 1]"]),
    ],
)
def test_which_bounds_are_shifted_by_one(expression: str, expected: list[str]) -> None:
    assert shifts(expression) == expected


def test_a_bound_off_by_k_is_already_shifted_by_mutmut_and_constant_nudged() -> None:
    mutmut_skip(("pkg",))
    source = "def rule(xs, n):\n    return xs[n - 2]\n"
    _, found = mutate_source("pkg.rules", "pkg/rules.py", source, chosen_sets(["mutmut", "domain"]).load())
    made = {(m.operator, m.original, m.replacement) for m in found}
    assert {("mutmut.number", "2", "3"), ("domain.constant_nudged", "2", "1")} <= made  # xs[n - 3], xs[n - 1]
    assert not [m for m in found if m.operator == "domain.bound_shifted"]


def test_every_operator_of_the_catalogue_yields_a_mutant(mutants: dict[str, list[tuple[str, str]]]) -> None:
    from claims._internal.mutation.operators.domain import CATALOGUE

    assert sorted(op.name for op in CATALOGUE if not mutants.get(op.name)) == []


def negations(body: str) -> list[str]:
    """Return the condition_negated mutants of one rule's body (the first line each changes), all operators on."""
    mutmut_skip(("pkg",))
    source = "def rule(a, b, c, row, items):\n" + textwrap.indent(body, "    ")
    code, found = mutate_source("pkg.rules", "pkg/rules.py", source, chosen_sets(["mutmut", "domain"]).load())
    ast.parse(code)  # every copy is still Python
    return [m.replacement.splitlines()[0] for m in found if m.operator == "domain.condition_negated"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("if c(a):\n    return 1\n", ["if not c(a):"]),
        ("if a:\n    return 1\nelif row.ok:\n    return 2\n", ["if not a:", "if not row.ok:"]),  # the elif alone
        ("while items:\n    items = items[1:]\n", ["while not items:"]),
        ("assert isinstance(a, int)\n", ["assert not isinstance(a, int)"]),
        # One operand of an and/or at a time, however deep; the and/or itself is mutmut's swap_op.
        (
            "if a and row.ok or c(b):\n    return 1\n",
            ["if not a and row.ok or c(b):", "if a and not row.ok or c(b):", "if a and row.ok or not c(b):"],
        ),
        (
            "if a and (b or c):\n    return 1\n",
            ["if not a and (b or c):", "if a and (not b or c):", "if a and (b or not c):"],
        ),
        ("if a < b and c:\n    return 1\n", ["if a < b and not c:"]),
        ("if a and not b:\n    return 1\n", ["if not a and not b:"]),
        # A conditional expression's test is mutmut's if_exp; only the operands of its and/or are negated.
        ("return b if a else c\n", []),
        ("return b if a and c else row\n", ["b if not a and c else row", "b if a and not c else row"]),
        # Parentheses: the test's own stay outside, a walrus keeps its own inside.
        ("if(a):\n    return 1\n", ["if(not a):"]),
        ("if (m := c(a)):\n    return m\n", ["if (not (m := c(a))):"]),
        ("if a and (m := c(b)):\n    return m\n", ["if not a and (m := c(b)):", "if a and (not (m := c(b))):"]),
    ],
)
def test_which_conditions_are_negated(body: str, expected: list[str]) -> None:
    assert negations(body) == expected


@pytest.mark.parametrize(
    "body",
    [
        "if a < b:\n    return 1\n",  # comparisons: mutmut's swap_op and keywords flip them
        "if a in b:\n    return 1\n",
        "if a is None:\n    return 1\n",
        "if a == b or c is not None:\n    return 1\n",
        "if not a:\n    return 1\n",  # a `not`: guard_skipped and remove_unary_ops take it away
        "if not (a and b):\n    return 1\n",
        "while True:\n    break\n",  # constants: mutmut's name operator flips True and False
        "if False:\n    return 1\n",
        "while 1:\n    break\n",
        "x = [i for i in items if i]\nreturn x\n",  # a comprehension's filter is fold_first_only's
        "return a and b\n",  # an and/or outside a test is a value, not a decision
        "x = c(a) if b < a else c(b)\nreturn x\n",
    ],
)
def test_comparisons_negations_constants_and_values_are_not_negated(body: str) -> None:
    assert negations(body) == []


@pytest.mark.parametrize(
    ("handler", "expected"),
    [
        ("except (OSError, ValueError) as exc:", ["except ValueError as exc:", "except OSError as exc:"]),
        ("except (A, B, C):", ["except (B, C):", "except (A, C):", "except (A, B):"]),
        ("except (A, B,):", ["except B:", "except A:"]),  # a trailing comma goes with the type dropped
        ("except OSError:", []),  # one type: dropping it would catch everything, or nothing
        ("except (OSError):", []),
        ("except:", []),
    ],
)
def test_a_handler_catches_one_type_fewer(handler: str, expected: list[str]) -> None:
    mutmut_skip(("pkg",))
    source = f"def rule(path):\n    try:\n        return open(path)\n    {handler}\n        return None\n"
    _, found = mutate_source("pkg.rules", "pkg/rules.py", source, chosen_sets(["domain"]).load())
    narrowed = [m.replacement.splitlines()[0] for m in found if m.operator == "domain.handler_narrowed"]
    assert narrowed == expected


def test_a_rendered_fields_value_is_dropped(mutants: dict[str, list[tuple[str, str]]]) -> None:
    # The argv word of `argv` loses its value; mutmut's string operator never touches an f-string.
    assert mutants.get("domain.format_field_dropped") == [('f"--port={port}"', 'f"--port="')]
    assert not [new for _, new in mutants.get("mutmut.string", []) if "port" in new]


def fields_dropped(expression: str) -> list[str]:
    """Return the format_field_dropped mutants of one expression, alone in a rule, all operators on."""
    mutmut_skip(("pkg",))
    source = f"def rule(a, b, row, width):\n    return {expression}\n"
    code, found = mutate_source("pkg.rules", "pkg/rules.py", source, chosen_sets(["mutmut", "domain"]).load())
    ast.parse(code)  # every copy is still Python
    return [m.replacement for m in found if m.operator == "domain.format_field_dropped"]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ('f"--port={a} --rank={b}"', ['f"--port= --rank={b}"', 'f"--port={a} --rank="']),
        ('f"{a}{b}"', ['f"{b}"', 'f"{a}"']),  # two fields and no text: each stands alone
        ("f'got {row.kind!r}'", ["f'got '"]),  # the conversion goes with its field
        ('f"{a:>{width}} MiB"', ['f" MiB"']),  # and the format spec, with its own nested field
        ('f"{a=}, {b}"', ['f", {b}"', 'f"{a=}, "']),
        ('"--port=" f"{a}"', []),  # a lone field with no text: dropping it leaves "" (a string mutation)
        ('f"{a}"', []),
        ('f"{a!r}"', []),
        ('f"no fields"', []),
        ('"--port={a}".format(a=a)', []),  # only an f-string's fields; a format call's arguments are arg_removal's
    ],
)
def test_which_format_fields_are_dropped(expression: str, expected: list[str]) -> None:
    assert fields_dropped(expression) == expected
