"""The pure survivor check the gate uses, the equivalent.toml reader, and the verdict judge."""

from __future__ import annotations

from pathlib import Path

import pytest

from claims.errors import InputError
from claims._internal.mutate import explain_survivors
from claims._internal.mutate.plan import in_shard
from claims._internal.mutate.survivors import read_equivalent
from claims._internal.mutate.verdict import DefectVerdict, Observed, judge

AUTO = {
    "d.m.x_f__mutmut_1": {"status": "killed", "killers": ["w.a"]},
    "d.m.x_f__mutmut_2": {"status": "survived", "killers": []},
    "d.m.x_f__mutmut_3": {"status": "survived", "killers": []},
}


def test_every_survivor_explained_is_no_problem() -> None:
    assert explain_survivors(AUTO, {"d.m.x_f__mutmut_2": "same value", "d.m.x_f__mutmut_3": "same value"}) == []


def test_an_unexplained_survivor_and_stale_explanations_are_problems() -> None:
    problems = explain_survivors(AUTO, {"d.m.x_f__mutmut_2": "r", "d.m.x_f__mutmut_9": "r", "d.m.x_f__mutmut_1": "r"})
    assert [p.split(":")[0] for p in problems] == [
        "unexplained survivor d.m.x_f__mutmut_3",
        "stale explanation d.m.x_f__mutmut_1",
        "stale explanation d.m.x_f__mutmut_9",
    ]


def test_equivalent_toml_is_read_strictly(tmp_path: Path) -> None:
    path = tmp_path / "equivalent.toml"
    assert read_equivalent(path) == {}
    path.write_text('[[equivalent]]\nmutant = "a.x_f__mutmut_1"\nreason = "same"\n')
    assert read_equivalent(path) == {"a.x_f__mutmut_1": "same"}
    path.write_text('[[equivalent]]\nmutant = "a"\nreason = "r"\nwhy = "extra"\n')
    with pytest.raises(InputError, match=r"\$\.equivalent\[0\]"):
        read_equivalent(path)
    path.write_text('[[equivalent]]\nmutant = "a"\nreason = "r"\n[[equivalent]]\nmutant = "a"\nreason = "r"\n')
    with pytest.raises(InputError, match="twice"):
        read_equivalent(path)


def test_shards_partition_deterministically() -> None:
    ids = [f"d.m.x_f__mutmut_{i}" for i in range(200)]
    shards = [[i for i in ids if in_shard(i, k, 3)] for k in (1, 2, 3)]
    assert sorted(sum(shards, [])) == sorted(ids) and all(shards)


def seen(failed: set[str] = set(), errored: set[str] = set(), total: int = 5, **kw: object) -> Observed:
    return Observed(frozenset(failed), frozenset(errored), frozenset(), total, **kw)  # type: ignore[arg-type]


def test_the_judge_orders_badctrl_noop_wrong_missing_exact() -> None:
    assert judge({"a"}, set(), seen({"a"})).verdict is DefectVerdict.EXACT
    assert judge({"a"}, set(), seen({"a", "b"})).verdict is DefectVerdict.WRONG
    assert judge({"a", "b"}, set(), seen({"a"})).verdict is DefectVerdict.MISSING
    assert judge({"a"}, set(), seen({"a"}, unreached=frozenset({"d.f"}))).verdict is DefectVerdict.NOOP
    assert judge({"a"}, set(), seen(errored={"a", "b"}, total=2)).verdict is DefectVerdict.BADCTRL
    assert judge({"a"}, set(), seen(problem="did not apply")).verdict is DefectVerdict.BADCTRL
