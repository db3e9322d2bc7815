"""Name a mutant by what it changes, so its id and its explanation survive an edit elsewhere.

A mutant's number in source order names another mutation as soon as a
statement, a parameter or an operator is added above it, and an explanation
written for one would then be read as explaining the next.  The id here is
made of what the mutation is: its function, its operator, the text it
replaces and the text it puts there (the smallest span in which the
function's copy differs from the original), the statement that holds it
(the lines holding that span, indentation stripped) and which occurrence of
that same change on those lines it is.  An edit of another statement, of
another function or of the module keeps every id; an edit of those lines
gives their mutants new ids, since what an explanation said of them may no
longer hold.

    domain.fit_wall.headroom_gib.min_max_3f0c9a1d
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from attrs import frozen

DIGITS = 8
"""Hex digits of the digest in an id; two mutants of one function that agree on them get `WIDE` instead."""
WIDE = 16


@frozen
class Change:
    """What one mutation changes in its function's text: the span it replaces, its replacement, the statement."""

    before: str
    after: str
    statement: str
    start: int


def change_of(original: str, mutated: str) -> Change:
    """Return the smallest span in which `mutated` differs from `original`, and the lines of `original` holding it."""
    shortest = min(len(original), len(mutated))
    start = 0
    while start < shortest and original[start] == mutated[start]:
        start += 1
    tail = 0
    while tail < shortest - start and original[-1 - tail] == mutated[-1 - tail]:
        tail += 1
    end = len(original) - tail
    first = original.rfind("\n", 0, start) + 1
    last = original.find("\n", max(end, start))
    lines = original[first : len(original) if last < 0 else last]
    statement = "\n".join(line.strip() for line in lines.splitlines())
    return Change(original[start:end], mutated[start : len(mutated) - tail], statement, start)


def operator_tag(operator: str) -> str:
    """Return the short form of an operator's name in ids (`mutmut.number` -> `number`)."""
    return operator.rpartition(".")[2]


def mutant_tags(function: str, found: Sequence[tuple[str, Change]]) -> list[str]:
    """Return the id tail of each (operator, change) of one function, in the order given.

    Occurrences of the same change on the same lines are counted in source order.
    """
    seen: dict[tuple[str, str, str, str], int] = {}
    digests: dict[int, str] = {}
    for index in sorted(range(len(found)), key=lambda i: found[i][1].start):
        operator, change = found[index]
        key = (operator, change.before, change.after, change.statement)
        seen[key] = seen.get(key, 0) + 1
        digests[index] = hashlib.sha256("\0".join([function, *key, str(seen[key])]).encode("utf-8")).hexdigest()
    short = [digests[i][:DIGITS] for i in range(len(found))]
    clashing = {tag for tag in short if short.count(tag) > 1}
    return [
        f"{operator_tag(found[i][0])}_{digests[i][:WIDE] if short[i] in clashing else short[i]}"
        for i in range(len(found))
    ]
