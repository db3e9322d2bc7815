"""Fuzz both commands in-process over arbitrary bytes and arbitrary JSON: exit 0, 1 or 2, never a traceback.

Every run also checks the contract around the code: what is printed is
printable line by line, exit 2 leaves the folder exactly as it was, and the
dry run's exit 0 or 1 writes its report.  Settings are explicit and
derandomized, so CI sees the same examples every run.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import attrs
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from domain.core.outcome import Admitted, Refused
from domain.edges import launch_dry_run, native_verdict
from domain.native.reading import read_packet_text
from domain.spark.authority_log import EVENT_TYPES, read_authority_log

from .files import tree

ROOT = Path(__file__).resolve().parents[2]
COMPLETE = json.loads((ROOT / "examples" / "native" / "complete-native.json").read_text())
ADMITTING_LINES = (ROOT / "examples" / "authority" / "v41-admitting.jsonl").read_text().splitlines()

FUZZ = settings(
    max_examples=120, derandomize=True, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)

# Text of every kind JSON can carry, lone surrogates and control characters included.
TEXT = st.text(
    st.characters() | st.characters(categories=["Cs"]) | st.sampled_from("\x00\x1b\n\u2028\u202e"), max_size=12
)
LEAVES = (
    st.none() | st.booleans() | st.integers() | st.integers(min_value=-(2**70), max_value=2**70) | st.floats() | TEXT
)
JSON = st.recursive(
    LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4), max_leaves=16
)
NESTING = (st.integers(min_value=0, max_value=3 * 64) | st.sampled_from([1_000, 100_000])).map(
    lambda n: "[" * n + "]" * n
)
DIGITS = (st.integers(min_value=1, max_value=40) | st.sampled_from([4_300, 4_301, 5_000])).map(lambda n: "9" * n)
NEAR_VALUES = (
    st.sampled_from(["srv5", "FabricGroupA", "spark-serving-group-a", "sha256:" + "ab" * 32, 1767200000, 4102444800])
    | JSON
)


@st.composite
def events(draw: st.DrawFn) -> str:
    """Draw one event line with its own tag and keys, each value valid-looking or arbitrary."""
    tag = draw(st.sampled_from(sorted(EVENT_TYPES)))
    body = {a.name: draw(NEAR_VALUES) for a in attrs.fields(EVENT_TYPES[tag]) if draw(st.integers(0, 9))}
    return json.dumps({"event": tag, **body})


@st.composite
def huge_numbers(draw: st.DrawFn) -> str:
    """Draw an event line whose time is a literal of up to 5,000 digits (json.dumps refuses to write one)."""
    tag = draw(st.sampled_from(sorted(EVENT_TYPES)))
    sign, digits = draw(st.sampled_from(["", "-"])), draw(DIGITS)
    return f'{{"event": "{tag}", "at": {sign}{digits}}}'


def dumped(value: Any) -> str:
    """Render a drawn value as JSON text (NaN and Infinity included, as a hostile writer would)."""
    return json.dumps(value)


LINES = st.one_of(JSON.map(dumped), events(), NESTING, huge_numbers(), st.sampled_from(ADMITTING_LINES), TEXT)
LOGS = st.lists(LINES, max_size=8).map("\n".join)


LIKE: dict[type, st.SearchStrategy[Any]] = {
    str: TEXT,
    int: st.integers(min_value=-2, max_value=2**40),
    bool: st.booleans(),
}
"""A value of the same JSON type, so a damaged packet still structures and reaches the schema and decide."""


@st.composite
def packets(draw: st.DrawFn) -> str:
    """Draw the complete packet with one value somewhere replaced by arbitrary JSON, or any JSON at all."""
    if draw(st.booleans()):
        return draw(JSON.map(dumped) | NESTING | DIGITS)
    document = copy.deepcopy(COMPLETE)
    node: Any = document
    while isinstance(node, (dict, list)) and node and draw(st.integers(0, 3)):
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        if not isinstance(node[key], (dict, list)) or not node[key]:
            node[key] = draw(LIKE[type(node[key])] | JSON if type(node[key]) in LIKE else JSON)
            break
        node = node[key]
    else:
        if isinstance(node, dict):
            node[draw(TEXT)] = draw(JSON)
    text = dumped(document)
    return text.replace('"q": 4092', '"q": ' + draw(DIGITS), 1) if draw(st.integers(0, 9)) == 0 else text


def terminal() -> io.TextIOWrapper:
    """Return a strict UTF-8 stream, as a terminal is: a lone surrogate raises here, as it would there."""
    return io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict", write_through=True)


def captured(run: Any) -> tuple[int, str, str]:
    out, err = terminal(), terminal()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = run()
    return code, *(stream.buffer.getvalue().decode("utf-8") for stream in (out, err))  # type: ignore[attr-defined]


def printable(text: str) -> bool:
    return all(line.isprintable() for line in text.splitlines())


def dry_run_on(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "log.jsonl").write_bytes(data)
        before = tree(root)
        argv = [
            "v41-group-a",
            "--authority-log",
            str(root / "log.jsonl"),
            "--at",
            "1767229200",
            "--out",
            str(root / "out" / "report.txt"),
        ]
        code, out, err = captured(lambda: launch_dry_run.main(argv))
        event(f"exit {code}")  # `pytest --hypothesis-show-statistics` shows how often each path ran
        assert code in (0, 1, 2)
        assert printable(out) and printable(err)
        if code == 2:
            assert tree(root) == before and out == ""
        else:
            assert (root / "out" / "report.txt").is_file() and sorted(p.name for p in (root / "out").iterdir()) == [
                "report.txt"
            ]


def verdict_on(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "packet.json"
        path.write_bytes(data)
        code, out, err = captured(lambda: native_verdict.main([str(path)]))
        event(f"exit {code}")
        assert code in (0, 1, 2)
        assert printable(out) and printable(err)
        assert (code == 2) == (out == "")


@FUZZ
@given(st.binary(max_size=400))
def test_the_dry_run_survives_arbitrary_bytes(data: bytes) -> None:
    dry_run_on(data)


@FUZZ
@given(LOGS)
def test_the_dry_run_survives_arbitrary_json_lines(text: str) -> None:
    dry_run_on(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.binary(max_size=400))
def test_the_verdict_survives_arbitrary_bytes(data: bytes) -> None:
    verdict_on(data)


@settings(FUZZ, max_examples=80)
@given(packets())
def test_the_verdict_survives_arbitrary_json_and_damaged_packets(text: str) -> None:
    verdict_on(text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(st.one_of(LOGS, TEXT, NESTING))
def test_both_readers_return_a_value_for_any_text(text: str) -> None:
    assert isinstance(read_authority_log(text, "fuzz.jsonl"), (Admitted, Refused))
    assert isinstance(read_packet_text(text), (Admitted, Refused))
