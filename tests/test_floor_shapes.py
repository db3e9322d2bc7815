"""The floor has two shapes: a rule that can refuse needs a positive and a refusal claim; a never-refusing one a positive plus a snapshot or property claim."""

from __future__ import annotations

import pytest

from claims import Witness
from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims._internal.record.floor import floor_problems
from claims.errors import DeclarationError


def render(n: int) -> str:
    return f"{n}\n"


def admit(n: int) -> int:
    return n


RENDER, ADMIT = f"{__name__}.render", f"{__name__}.admit"


def claim(name: str, kind: Kind, rules: tuple[str, ...], never: tuple[str, ...] = ()) -> Claim:
    return Claim(
        id=f"quota.{name}",
        witness="quota",
        name=name,
        statement="It holds.",
        kind=kind,
        rules=rules,
        fn=lambda: None,
        source_file="x.py",
        source_line=1,
        never_refusing=never,
    )


def problems(*claims: Claim) -> list[tuple[str, str]]:
    return [(p.subject, p.message) for p in floor_problems(list(claims), {"quota": len(claims)}, {}, None)]


def test_a_never_refusing_rule_needs_a_positive_and_a_snapshot_or_property_claim_but_no_refusal() -> None:
    never = (RENDER,)
    assert problems(claim("p", Kind.POSITIVE, (RENDER,), never), claim("s", Kind.SNAPSHOT, (RENDER,), never)) == []
    assert problems(claim("p", Kind.POSITIVE, (RENDER,), never), claim("h", Kind.PROPERTY, (RENDER,), never)) == []
    found = problems(claim("s", Kind.SNAPSHOT, (RENDER,), never))
    assert found == [
        (
            RENDER,
            "rule has no positive claim (declared never-refusing, so its floor is a positive claim plus a snapshot or property claim by witness quota)",
        )
    ]
    found = problems(claim("p", Kind.POSITIVE, (RENDER,), never))
    assert found == [
        (
            RENDER,
            "rule has no snapshot or property claim (declared never-refusing, so its floor is a positive claim plus a snapshot or property claim by witness quota)",
        )
    ]


def test_a_rule_that_can_refuse_keeps_the_positive_and_refusal_floor_and_its_message_says_so() -> None:
    found = problems(claim("p", Kind.POSITIVE, (ADMIT,)), claim("s", Kind.SNAPSHOT, (ADMIT,)))
    assert [s for s, _ in found] == [ADMIT]
    assert "it can refuse, so its floor is a positive and a refusal claim" in found[0][1]
    fix = next(p.fix for p in floor_problems([claim("p", Kind.POSITIVE, (ADMIT,))], {"quota": 1}, {}, None))
    assert "never_refuses=[rule]" in fix


def test_a_refusal_claim_about_only_never_refusing_rules_and_an_unnamed_declaration_are_problems() -> None:
    never = (RENDER, ADMIT)
    found = problems(
        claim("p", Kind.POSITIVE, (RENDER,), never),
        claim("s", Kind.SNAPSHOT, (RENDER,), never),
        claim("r", Kind.REFUSAL, (RENDER,), never),
    )
    assert ("quota.r", f"refusal claim about rule(s) declared never-refusing: {RENDER}") in found
    assert (ADMIT, "witness quota declares it never-refusing, but no claim names it") in found


def test_a_witness_declares_its_never_refusing_rules_and_every_claim_carries_them() -> None:
    witness = Witness("quota", never_refuses=[render])

    @witness.positive("It renders.", rules=[render])
    def renders() -> None:
        pass

    assert witness.never_refuses == (RENDER,) and witness.claims[0].never_refusing == (RENDER,)
    with pytest.raises(DeclarationError, match="takes a list of rules"):
        Witness("quota", never_refuses=render)  # type: ignore[arg-type]
    with pytest.raises(DeclarationError, match="quota: never_refuses: the rule 'no.such.rule'"):
        Witness("quota", never_refuses=["no.such.rule"])
