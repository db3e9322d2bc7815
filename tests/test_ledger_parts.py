"""The ledger's parts as pure functions: strict reading, kills, debt, floor, aggregators, mirror, snapshot paths."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path

import pytest

from claims._internal.declare import Claim
from claims._internal.kinds import Kind
from claims._internal.record.aggregators import claim_uses
from claims._internal.record.debt import parse_debt
from claims._internal.record.floor import floor_problems, statement_problem
from claims._internal.record.ledger import SCHEMA, AdmittedDebt, LedgerDocument, LedgerRow, parse_ledger, render_json
from claims._internal.record.mirror import kills_cell, render_mirror
from claims._internal.snapshots import snapshot_path
from claims.atomic import write_atomically
from claims.errors import DeclarationError, InputError


def claim(
    id_: str, kind: Kind = Kind.POSITIVE, rules: tuple[str, ...] = ("pkg.rule",), statement: str = "It holds."
) -> Claim:
    witness, _, name = id_.rpartition(".")
    return Claim(
        id=id_,
        witness=witness,
        name=name,
        statement=statement,
        kind=kind,
        rules=rules,
        fn=lambda: None,
        source_file="x.py",
        source_line=1,
    )


def row(id_: str, **changes: object) -> LedgerRow:
    fields = {
        "id": id_,
        "key": "k" + id_[-5:],
        "witness": id_.rpartition(".")[0],
        "kind": Kind.POSITIVE,
        "rules": ("pkg.rule",),
        "statement": "It holds.",
        "source": "w/a.py",
        "snapshot_sha256": None,
        "killed_by": (),
        "killed_by_mutants": 0,
        "debt": None,
    }
    fields.update(changes)
    return LedgerRow(**fields)  # type: ignore[arg-type]


def test_the_ledger_reads_back_what_it_writes_and_refuses_coercion_and_unknown_keys() -> None:
    document = LedgerDocument(
        SCHEMA,
        (
            row("a.b.c", debt=AdmittedDebt("r", "o", "TRIGGER: t")),
            row("a.b.d", kind=Kind.SNAPSHOT, snapshot_sha256="ab"),
        ),
    )
    data = render_json(document)
    assert parse_ledger(data, shown_as="L") == document
    assert render_json(parse_ledger(data, shown_as="L")) == data and data.endswith(b"}\n")
    raw = json.loads(data)
    raw["claims"][0]["rules"] = "pkg.rule"
    with pytest.raises(InputError, match=r"L @ \$.claims\[0\].rules: expected a list, got str"):
        parse_ledger(json.dumps(raw).encode(), shown_as="L")
    raw = json.loads(data)
    raw["claims"][1]["timing"] = 0.1
    with pytest.raises(InputError, match=r"L @ \$.claims\[1\]: extra fields found \(timing\)"):
        parse_ledger(json.dumps(raw).encode(), shown_as="L")


def test_debt_needs_every_key_and_a_trigger() -> None:
    good = '[[debt]]\nclaim = "a.b.c"\nreason = "r"\nowner = "o"\ntrigger = "TRIGGER: t"\n'
    assert parse_debt(good, shown_as="D")[0].owner == "o"
    with pytest.raises(InputError, match=r"D:1 @ \$.debt\[0\].trigger: must start with 'TRIGGER: '"):
        parse_debt(good.replace("TRIGGER: t", "soon"), shown_as="D")
    with pytest.raises(InputError, match=r"D:1 @ \$.debt\[0\].owner: required field missing"):
        parse_debt(good.replace('owner = "o"\n', ""), shown_as="D")
    with pytest.raises(InputError, match=r"D:6 @ \$.debt\[1\].claim: 'a.b.c' is admitted twice"):
        parse_debt(good + good, shown_as="D")


@pytest.mark.parametrize(
    ("statement", "ok"),
    [
        ("At 0.80 utilization the wall admits the row.", True),
        ("A profile names a model, e.g. Spark, and a size.", True),
        ("It admits. Then it refuses.", False),
        ("It admits", False),
        ("", False),
    ],
)
def test_a_statement_is_one_sentence(statement: str, ok: bool) -> None:
    assert (statement_problem(statement) is None) is ok


def test_the_floor_wants_positive_and_refusal_controls_per_rule_and_no_empty_witness() -> None:
    claims = [
        claim("a.b.ok"),
        claim("a.b.no", kind=Kind.REFUSAL),
        claim("a.b.snap", kind=Kind.SNAPSHOT, rules=("pkg.render",)),
    ]
    found = [(p.subject, p.message) for p in floor_problems(claims, {"a.b": 3, "a.empty": 0}, {}, None)]
    assert (
        "pkg.render",
        "rule has no positive claim (it can refuse, so its floor is a positive and a refusal claim; snapshot and property claims count as neither)",
    ) in found
    assert ("a.empty", "witness declares no claims") in found
    assert not any(s == "pkg.rule" for s, _ in found)
    # The vacuity rule applies only once mutation results exist.
    vacuous = [
        p.subject
        for p in floor_problems(claims, {"a.b": 3}, {}, {"a.b.ok": ("d1",)})
        if p.message.startswith("vacuous")
    ]
    assert vacuous == ["a.b.no", "a.b.snap"]


def test_a_claim_calling_another_claim_is_an_aggregator(tmp_path: Path) -> None:
    module = tmp_path / "agg_witness.py"
    module.write_text(
        "from claims import Witness\n"
        "witness = Witness('agg.one')\n"
        "other = Witness('agg.two')\n"
        "@witness.positive('It holds.', rules=['os.path.join'])\n"
        "def base():\n    return 1\n"
        "@other.positive('It holds too.', rules=['os.path.join'])\n"
        "def aggregate():\n    base()\n"
        "@other.positive('It shadows.', rules=['os.path.join'])\n"
        "def shadow(base=None):\n    return base\n"
    )
    spec = importlib.util.spec_from_file_location("agg_witness", module)
    assert spec and spec.loader
    loaded = importlib.util.module_from_spec(spec)
    sys.modules["agg_witness"] = loaded
    try:
        spec.loader.exec_module(loaded)
    finally:
        sys.modules.pop("agg_witness", None)
    claims = [*loaded.witness.claims, *loaded.other.claims]
    assert claim_uses(claims) == {"agg.two.aggregate": ("agg.one.base",)}


def test_the_mirror_shows_the_declared_defects_and_the_automatic_count() -> None:
    assert kills_cell(("d1", "d2"), 0) == "`d1`, `d2`"
    assert kills_cell(("d1",), 4) == "`d1`, 4 automatic"
    assert kills_cell(("d1", "d2", "d3", "d4", "d5"), 0) == "`d1`, `d2`, `d3`, `d4`, 1 more defects"
    assert kills_cell((), 0) == "—"
    mirror = render_mirror(
        LedgerDocument(SCHEMA, (row("a.b.c", statement="A | B holds."),)), kills_known=False
    ).decode()
    assert "| `c` | positive | `pkg.rule` | A \\| B holds. | PASS | — |" in mirror


@pytest.mark.parametrize(("witness", "name"), [("..", "x"), ("a.b", ".."), ("../../etc", "passwd"), ("a/b", "c")])
def test_claim_ids_cannot_escape_the_snapshot_folder(tmp_path: Path, witness: str, name: str) -> None:
    escaping = Claim(
        id=f"{witness}.{name}",
        witness=witness,
        name=name,
        statement="s.",
        kind=Kind.SNAPSHOT,
        rules=("r",),
        fn=lambda: b"",
        source_file="x",
        source_line=1,
    )
    with pytest.raises(DeclarationError, match="escape"):
        snapshot_path(tmp_path / "snapshots", escaping)


def test_an_interrupted_write_leaves_the_old_ledger_intact(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "claims.json"
    path.write_bytes(b"old\n")

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_atomically(path, b"new\n")
    assert path.read_bytes() == b"old\n"
    assert os.listdir(tmp_path) == ["claims.json"]


def test_the_mirror_views_count_per_rule_claim_and_operator_and_untriaged_stays_undetected() -> None:
    from claims._internal.mutation.evidence import DefectRow, Evidence, MutantRow, Observation
    from claims._internal.record.mirror import views_lines

    def mutant(name: str, op: str, killers: frozenset[str], ran: int = 1) -> MutantRow:
        return MutantRow("pkg", name, "rule", op, "fp", Observation(failed=killers), ran)

    evidence = Evidence(
        mutants={
            "pkg.x_rule__mutmut_1": mutant("x_rule__mutmut_1", "mutmut.number", frozenset({"w.a", "w.b"})),
            "pkg.x_rule__mutmut_2": mutant("x_rule__mutmut_2", "mutmut.number", frozenset({"w.a"})),
            "pkg.x_rule__mutmut_3": mutant("x_rule__mutmut_3", "domain.min_max", frozenset()),
            "pkg.x_rule__mutmut_4": mutant("x_rule__mutmut_4", "domain.min_max", frozenset(), ran=0),
        },
        defects={"d.one": DefectRow("d.one", "pkg", ("pkg.rule",), "fp", Observation(failed=frozenset({"w.b"})))},
    )
    document = LedgerDocument(
        SCHEMA,
        (
            row("w.a", rules=("pkg.rule",), killed_by_mutants=2),
            row("w.b", kind=Kind.REFUSAL, rules=("pkg.rule",), killed_by=("d.one",), killed_by_mutants=1),
            row("w.c", kind=Kind.PROPERTY, rules=("pkg.other",)),
        ),
    )
    lines = views_lines(
        document, evidence, {"pkg.x_rule__mutmut_3": "equivalent: why"}, frozenset({"pkg.x_rule__mutmut_4"})
    )
    assert "| `pkg.rule` | 1 | 1 | 0 | 0 | 1 | 4 | 2 | 1 | 1 | 50.0% |" in lines
    assert "| `pkg.other` | 0 | 0 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | - |" in lines
    assert "| `w.a` | positive | 0 | 2 | 1 |" in lines  # mutmut_2 is killed by w.a alone
    assert "| `w.b` | refusal | 1 | 1 | 0 |" in lines
    assert lines[lines.index("### Claims that kill nothing") + 2] == "- `w.c`"
    assert "| `domain.min_max` | 2 | 0 | 1 | 1 | 0.0% |" in lines
    assert "| total | 4 | 2 | 1 | 1 | 50.0% |" in lines
    assert any("the 1 admitted untriaged survivors included" in line for line in lines)
