"""Shards balance by recorded cost and merge only as one whole run, naming what is missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from claims._internal.mutation.evidence import Observation
from claims._internal.mutation.shards import balanced, costs_of, merged, read_shard, shard_text
from claims.errors import InputError


def test_costs_balance_the_shards_where_counts_would_not() -> None:
    costs = {"heavy": 40, **{f"light{i}": 1 for i in range(40)}}
    shards = balanced(costs, 2)
    loads = [sum(c for i, c in costs.items() if shards[i] == k) for k in (1, 2)]
    assert loads == [40, 40]
    assert sum(1 for k in shards.values() if k == 1) == 1  # by count it is 1 against 40


def test_the_partition_is_the_same_whatever_order_the_mutants_come_in() -> None:
    costs = {f"m{i}": (i * 7) % 5 for i in range(30)}
    assert balanced(costs, 3) == balanced(dict(reversed(list(costs.items()))), 3)
    assert set(balanced(costs, 3).values()) == {1, 2, 3}


def test_a_cost_is_the_recorded_run_else_the_covering_claims_and_at_least_one() -> None:
    assert costs_of(["a", "b", "c"], {"a": 9}, {"a": 2, "b": 4}) == {"a": 9, "b": 4, "c": 1}


def _write(path: Path, shard: str | None, complete: bool = True, key: str = "fp1") -> str:
    path.write_bytes(shard_text(shard, complete, {key: Observation(failed=frozenset({"c.a"}))}))
    return str(path)


def test_every_shard_once_merges_their_observations(tmp_path: Path) -> None:
    files = [_write(tmp_path / f"s{k}.json", f"{k}/3", key=f"fp{k}") for k in (1, 2, 3)]
    assert sorted(merged(files)) == ["fp1", "fp2", "fp3"]
    assert merged(files)["fp2"] == Observation(failed=frozenset({"c.a"}))


def test_a_missing_shard_is_named(tmp_path: Path) -> None:
    files = [_write(tmp_path / f"s{k}.json", f"{k}/4") for k in (1, 3)]
    with pytest.raises(InputError, match=r"missing shard\(s\) 2/4, 4/4: no file given holds them"):
        merged(files)


def test_a_shard_given_twice_or_split_another_way_is_refused(tmp_path: Path) -> None:
    one, again = _write(tmp_path / "a.json", "1/2"), _write(tmp_path / "b.json", "1/2")
    with pytest.raises(InputError, match=r"shard given more than once: 1/2 \(.*a.json, .*b.json\)"):
        merged([one, again])
    with pytest.raises(InputError, match=r"split the run in different ways \(N = 2, 3\)"):
        merged([one, _write(tmp_path / "c.json", "2/3")])


def test_a_shard_whose_run_did_not_finish_is_named(tmp_path: Path) -> None:
    files = [_write(tmp_path / "s1.json", "1/2"), _write(tmp_path / "s2.json", "2/2", complete=False)]
    with pytest.raises(InputError, match=r"from a run that did not finish: .*s2.json; rerun those shards"):
        merged(files)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{", "not a shard observations file"),
        (
            '{"schema": "claims-observations/1", "observations": {}}',
            "expected schema claims-observations/2, got 'claims-observations/1'",
        ),
        (
            '{"schema": "claims-observations/2", "shard": "5/2", "complete": true, "observations": {}}',
            "K must be between 1 and N",
        ),
        ("[]", "got 'list'"),
    ],
)
def test_a_file_that_is_no_shard_file_is_refused_by_name(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(InputError, match=r"bad\.json: .*" + __import__("re").escape(says)):
        read_shard(str(path))


def test_a_shard_file_is_the_same_bytes_for_the_same_observations() -> None:
    a = {"x": Observation(failed=frozenset({"b", "a"})), "y": Observation(problem="p")}
    text = shard_text("1/2", True, a)
    assert text == shard_text("1/2", True, dict(reversed(list(a.items()))))
    assert json.loads(text)["observations"]["x"] == {"F": ["a", "b"]}
