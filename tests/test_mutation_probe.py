"""The infection probe: a variant is skipped for a claim only when every call answered exactly as the original."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs
import pytest
from conftest import run_cli
from mutation_toy import make_toy

from claims._internal.mutation import sharing
from claims._internal.mutation.infection import CALL_BUDGET, Probe
from claims._internal.mutation.sharing import same


@attrs.frozen
class Box:
    size: int


@attrs.frozen
class Refused(Exception):
    reason: str


def _rule(n: int) -> int:
    return n * 2


def _raising(n: int) -> int:
    raise Refused(f"{n} is too many")


def _appending(items: list[int]) -> None:
    items.append(1)


def _returns_argument(items: list[int]) -> list[int]:
    return items


def _spins(n: int) -> int:
    while True:
        pass


def _spins_with_the_alarm_blocked(n: int) -> int:
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])
    try:
        while True:
            pass
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGALRM])


CASES: list[tuple[str, Callable[..., Any], Callable[..., Any], tuple[Any, ...], bool]] = [
    # (what, original, variant, arguments of the one call, reached)
    ("the same answer", _rule, lambda n: n + n, (3,), False),
    ("another value", _rule, lambda n: n * 3, (3,), True),
    ("True for 1", lambda n: 1, lambda n: True, (0,), True),
    ("1.0 for 1", lambda n: 1, lambda n: 1.0, (0,), True),
    ("Fraction(1) for 1", lambda n: 1, lambda n: Fraction(1), (0,), True),
    ("an equal frozen value", lambda n: Box(n), lambda n: Box(n), (2,), False),
    ("another frozen value", lambda n: Box(n), lambda n: Box(n + 1), (2,), True),
    ("a raise for a value", _rule, _raising, (3,), True),
    ("a value for a raise", _raising, _rule, (3,), True),
    ("the same refusal", _raising, lambda n: _raising(n), (3,), False),
    ("a refusal for another reason", _raising, lambda n: (_ for _ in ()).throw(Refused("other")), (3,), True),
    (
        "a refusal of another type",
        _raising,
        lambda n: (_ for _ in ()).throw(ValueError(f"{n} is too many")),
        (3,),
        True,
    ),
    ("an argument left alone where the original changed it", _appending, lambda items: None, ([0],), True),
    ("an argument changed the same way", _appending, lambda items: items.append(1), ([0],), False),
    ("a copy where the original hands back its argument", _returns_argument, lambda items: list(items), ([0],), True),
    ("a spin", _rule, _spins, (3,), True),
    ("a spin with SIGALRM blocked", _rule, _spins_with_the_alarm_blocked, (3,), True),
]


@pytest.mark.parametrize(("what", "original", "variant", "args", "reached"), CASES, ids=[c[0] for c in CASES])
def test_a_variant_reaches_a_claim_exactly_when_some_call_answers_differently(
    what: str, original: Callable[..., Any], variant: Callable[..., Any], args: tuple[Any, ...], reached: bool
) -> None:
    probe = Probe(original, {"m": variant})
    probe.watch(["m"])
    try:
        probe(*args)
    except Refused:
        pass
    assert probe.reached == ({"m"} if reached else set()), what


def test_the_caller_gets_the_originals_answer_and_arguments_whatever_the_variants_do() -> None:
    items = [0]
    probe = Probe(_returns_argument, {"a": lambda xs: xs.clear() or [9], "b": lambda xs: xs.append(5)})
    probe.watch(["a", "b"])
    assert probe(items) is items and items == [0]
    with pytest.raises(Refused, match="3 is too many"):
        Probe(_raising, {"m": _rule}).__call__(3)


def test_a_variant_that_reenters_its_own_rule_reaches_the_claim() -> None:
    # In the real run the inner call would be the variant's too, which the probe never compared.
    table: dict[str, Callable[..., int]] = {}

    def public(n: int) -> int:
        return table["active"](n)

    def original(n: int) -> int:
        return 0 if n == 0 else public(n - 1)

    def variant(n: int) -> int:
        return 0 if n == 0 else public(n - 1) + 0

    probe = Probe(original, {"m": variant})
    table["active"] = probe
    probe.watch(["m"])
    assert public(2) == 0
    assert probe.reached == {"m"}


def test_calls_inside_the_originals_own_answer_are_not_compared_again() -> None:
    # In the real run the variant answers the outer call; the original's inner calls never happen there.
    table: dict[str, Callable[..., int]] = {}
    asked: list[int] = []

    def public(n: int) -> int:
        return table["active"](n)

    def original(n: int) -> int:
        return 0 if n == 0 else public(n - 1)

    def variant(n: int) -> int:
        asked.append(n)
        return 0

    probe = Probe(original, {"m": variant})
    table["active"] = probe
    probe.watch(["m"])
    assert public(3) == 0
    assert asked == [3] and probe.reached == set()


def test_a_rule_called_past_the_budget_in_one_claim_reaches_it_for_every_variant_still_agreeing() -> None:
    # Comparing every call of a rule called this often costs more than running the claim: it runs for real.
    probe = Probe(_rule, {"same": lambda n: n + n, "unseen": lambda n: n * 2})
    probe.watch(["same", "unseen"])
    for n in range(CALL_BUDGET):
        assert probe(n) == 2 * n
    assert probe.reached == set()
    assert probe(CALL_BUDGET) == 2 * CALL_BUDGET
    assert probe.reached == {"same", "unseen"}
    probe.watch(["same"])
    probe(1)
    assert probe.reached == set()  # the next claim compares afresh


def test_only_watched_variants_are_compared_and_each_claim_starts_afresh() -> None:
    probe = Probe(_rule, {"differs": lambda n: -1, "unwatched": lambda n: -1})
    probe.watch(["differs"])
    probe(1)
    assert probe.reached == {"differs"}
    probe.watch(["differs"])
    assert probe.reached == set()


def test_sameness_is_strict_about_types_and_exception_fields() -> None:
    assert same((1, "a"), (1, "a")) and not same((1,), (True,)) and not same([1.0], [1])
    assert not same(Refused("x"), Refused("y")) and same(Refused("x"), Refused("x"))
    assert not same(float("nan"), float("nan"))  # unprovable: counts as a difference


@attrs.frozen
class Pair:
    first: Any
    second: Any = 0
    note: str = attrs.field(default="", eq=False, repr=False)


@attrs.define(eq=False)
class Plain:
    size: int


def test_sameness_compares_values_part_by_part_at_least_as_strictly_as_equality_and_repr() -> None:
    # Every part at every depth: a nested -0.0, a nested True for 1, another order of the same dict.
    assert same(Pair((1, {"a": Box(2)})), Pair((1, {"a": Box(2)})))
    assert not same(Pair((1, -0.0)), Pair((1, 0.0))) and not same(Pair([True]), Pair([1]))
    assert not same({"a": 1, "b": 2}, {"b": 2, "a": 1}) and not same(Pair((1,)), Pair([1]))
    # Stricter than attrs' equality: a field left out of it still counts.
    assert Pair(1, note="x") == Pair(1, note="y") and not same(Pair(1, note="x"), Pair(1, note="y"))
    # A class whose equality attrs did not write (identity here, as an exception's) is compared by it.
    assert not same(Plain(1), Plain(1)) and not same((Refused("x"),), (Refused("x"),))
    error = Refused("x")
    assert same((error,), (error,)) and same(Pair(error), Pair(error))


def test_a_frozen_value_holding_a_dict_is_copied_with_its_frozen_parts_shared() -> None:
    inner = Pair((Box(1), Box(2)))
    outer = Pair(inner, {"k": [1]})  # frozen, but a dict among its fields: a rule could change it in place
    (copied,), _ = sharing.copied((outer,), {})
    assert copied == outer and copied is not outer
    assert copied.second == outer.second and copied.second is not outer.second
    assert copied.second["k"] is not outer.second["k"]
    assert copied.first is inner  # nothing can change it: handed over as it is
    (twice, again), _ = sharing.copied((outer, outer), {})
    assert twice is again  # kept shared, as deepcopy keeps it
    # A mutable attrs value and a set are copied too, each frozen value inside them handed over as it is.
    holder = Plain(1)
    holder.size = inner  # type: ignore[assignment]
    group = {inner, 2}
    (held, members), _ = sharing.copied((holder, group), {})
    assert held is not holder and held.size is inner
    assert members == group and members is not group
    assert next(m for m in members if isinstance(m, Pair)) is inner
    held.size = 0
    assert holder.size is inner  # the variant's change stays in its copy


def test_what_is_found_frozen_is_kept_for_the_claim_and_a_value_being_built_is_judged_afresh() -> None:
    probe = Probe(_rule, {"v": _rule})
    probe.watch(["v"])
    box = Box(1)
    assert sharing.frozen((box,)) and sharing._KNOWN[id(box)] == (box, True)
    # A frozen value whose later field is not set yet is frozen for this call, and not remembered so.
    half = object.__new__(Pair)
    object.__setattr__(half, "first", 1)
    assert sharing.frozen(half) and id(half) not in sharing._KNOWN
    object.__setattr__(half, "second", {"now": "a dict"})
    object.__setattr__(half, "note", "")
    assert not sharing.frozen(half)
    probe.watch(["v"])  # the next claim starts with nothing known
    assert sharing._KNOWN == {}


@pytest.fixture(scope="module")
def toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_toy(tmp_path_factory.mktemp("probe") / "toy")


@pytest.mark.parametrize("kind", [(), ("--auto", "--operators", "mutmut")], ids=["declared", "auto"])
def test_the_probe_changes_no_observation(toy: Path, tmp_path: Path, kind: tuple[str, ...]) -> None:
    outputs = []
    for probe in (("--probe",), ()):
        proc = run_cli(toy, "mutate", *kind, "--rebuild", "-n", "2", *probe, timeout=300)
        outputs.append(proc.stdout)
    assert outputs[0] == outputs[1]
    assert "red of" in outputs[0] or "detected" in outputs[0]


def test_a_rule_that_touches_the_outside_world_is_never_compared(tmp_path: Path) -> None:
    made = tmp_path / "made"

    def original(path: Path) -> None:
        path.mkdir()

    variant_ran = []
    probe = Probe(original, {"m": lambda path: variant_ran.append(path)})
    probe.watch(["m"])
    probe(made)
    assert made.is_dir() and not variant_ran and probe.reached == {"m"}


def test_a_variant_that_tries_to_touch_the_outside_world_is_stopped_and_reaches_the_claim(tmp_path: Path) -> None:
    written = tmp_path / "written"
    probe = Probe(_rule, {"m": lambda n: written.write_text("x") and n * 2})
    probe.watch(["m"])
    assert probe(3) == 6
    assert not written.exists() and probe.reached == {"m"}


def test_each_variant_sees_the_random_state_the_original_saw_and_must_leave_it_alike() -> None:
    import random

    def original(n: int) -> float:
        return random.random()

    probe = Probe(
        original, {"same": lambda n: random.random(), "twice": lambda n: (random.random(), random.random())[0]}
    )
    probe.watch(["same", "twice"])
    random.seed(7)
    first, following = probe(0), random.random()
    assert probe.reached == {"twice"}
    expected = random.Random(7)
    assert (first, following) == (expected.random(), expected.random())  # as if no variant had run


def test_a_variant_that_draws_reaches_the_claim_with_every_variant_of_its_call_and_the_caller_sees_no_draw() -> None:
    # The state is read once after all the variants of a call whose original drew nothing (reading it costs more
    # than most calls): a draw anywhere reaches the claim with every variant of that call, each to run for real.
    import random

    seen: list[object] = []
    probe = Probe(
        _rule,
        {
            "a_draws": lambda n: (random.random(), 2 * n)[1],
            "b_same": lambda n: (seen.append(random.getstate()), 2 * n)[1],
            "c_other": lambda n: 3 * n,
        },
    )
    probe.watch(["a_draws", "b_same", "c_other"])
    random.seed(7)
    state = random.getstate()
    assert probe(3) == 6
    assert probe.reached == {"a_draws", "b_same", "c_other"}
    assert random.getstate() == state
    quiet = Probe(_rule, {"b_same": lambda n: 2 * n, "c_other": lambda n: 3 * n})
    quiet.watch(["b_same", "c_other"])
    assert quiet(3) == 6
    assert quiet.reached == {"c_other"}  # with no draw, only the variant that disagrees
    assert random.getstate() == state


def test_the_random_state_is_read_a_fixed_number_of_times_per_call_whatever_the_variants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import random

    reads: list[int] = []
    real = random.getstate
    monkeypatch.setattr(random, "getstate", lambda: reads.append(1) or real())
    for count in (1, 2, 8):
        reads.clear()
        probe = Probe(_rule, {f"v{i}": (lambda n: 2 * n) for i in range(count)})
        probe.watch([f"v{i}" for i in range(count)])
        assert probe(3) == 6
        assert len(reads) == 3, (count, len(reads))  # before and after the original, once after every variant


def test_a_call_where_nothing_draws_puts_no_random_state_back(monkeypatch: pytest.MonkeyPatch) -> None:
    import random

    put: list[object] = []
    monkeypatch.setattr(random, "setstate", put.append)
    probe = Probe(_rule, {"same": lambda n: n + n, "other": lambda n: n * 3})
    probe.watch(["same", "other"])
    assert probe(3) == 6
    assert probe.reached == {"other"}
    assert put == []  # the state the original left is the state every variant found and left


def test_frozen_arguments_are_handed_to_variants_as_they_are_and_mutable_ones_as_copies() -> None:
    handed: list[tuple[Any, Any]] = []
    probe = Probe(lambda box, *, extra: box.size, {"m": lambda box, *, extra: handed.append((box, extra)) or box.size})
    probe.watch(["m"])
    frozen_box, frozen_extra, items = Box(1), (Box(2), "x"), [1]
    assert probe(frozen_box, extra=frozen_extra) == 1 and probe(frozen_box, extra=items) == 1
    assert handed[0][0] is frozen_box and handed[0][1] is frozen_extra
    assert handed[1][1] == items and handed[1][1] is not items


def test_a_rule_that_prints_is_never_compared_and_a_variant_that_prints_reaches_the_claim(
    capsys: pytest.CaptureFixture[str],
) -> None:
    printing = Probe(lambda n: print("window") or 1, {"m": lambda n: print("records") or 1})
    printing.watch(["m"])
    silent = Probe(_rule, {"m": lambda n: print("noise") or n * 2, "raw": lambda n: sys.stdout.buffer and n * 2})
    silent.watch(["m", "raw"])
    assert printing(0) == 1 and silent(3) == 6
    assert printing.reached == {"m"} and silent.reached == {"m", "raw"}  # `buffer` is a way around `write`
    assert capsys.readouterr().out == "window\n"  # the original's output only


def test_the_configuration_names_the_runs_that_probe_first_and_the_command_line_overrides_it(tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy")
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + 'probe = ["declared"]\n', encoding="utf-8")
    runs = {
        flags: run_cli(project, "mutate", *flags, "--rebuild", "-n", "2", timeout=300)
        for flags in (
            (),
            ("--no-probe",),
            ("--auto", "--operators", "mutmut"),
            ("--auto", "--operators", "mutmut", "--probe"),
        )
    }
    probed = {flags: "\nprobe: " in proc.stderr for flags, proc in runs.items()}
    assert probed == {
        (): True,
        ("--no-probe",): False,
        ("--auto", "--operators", "mutmut"): False,
        ("--auto", "--operators", "mutmut", "--probe"): True,
    }
    assert runs[()].stdout == runs[("--no-probe",)].stdout and "red of" in runs[()].stdout


def test_a_probe_setting_that_names_no_kind_of_run_is_exit_two_located(tmp_path: Path) -> None:
    project = make_toy(tmp_path / "toy")
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + 'probe = ["declared", "all"]\n', encoding="utf-8")
    proc = run_cli(project, "mutate", "--list")
    assert proc.returncode == 2
    assert (
        f"{pyproject}: [tool.claims].probe: expected a list of distinct mutation kinds among 'declared', 'auto', got ['declared', 'all']"
        in proc.stderr
    )


def test_a_variant_gets_a_fresh_copy_of_a_parsed_document_with_its_sharing_and_frozen_values_as_deepcopy_leaves_them() -> (
    None
):
    from collections import OrderedDict

    box = Box(1)
    document = {"a": [1, {"b": "x"}], "c": None, "box": box}
    (copied,), _ = sharing.copied((document,), {})
    assert copied == document and copied is not document
    assert copied["a"] is not document["a"] and copied["a"][1] is not document["a"][1]
    assert copied["box"] is box  # frozen: handed over as it is
    shared = [1]
    (first, second), _ = sharing.copied((shared, {"again": shared}), {})
    assert first == shared and first is not shared and second["again"] is first  # kept shared, as deepcopy keeps it
    ordered = OrderedDict(a=[1])
    _, kwargs = sharing.copied((), {"ordered": ordered})
    assert type(kwargs["ordered"]) is OrderedDict and kwargs["ordered"] == ordered
    assert kwargs["ordered"]["a"] is not ordered["a"]
