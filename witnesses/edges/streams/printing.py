"""Witness printing: lines escaped and whole, each stream in one write, in its own encoding."""

from __future__ import annotations

import contextlib

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import check
from domain.edges.streams import emit, printable
from witnesses.edges.fixtures import (
    Bare,
    Encoded,
    Recording,
    terminal,
)
from witnesses.edges.streams import witness


@witness.positive(
    "Control characters, a lone surrogate and a bidi override are printed escaped; printable text is left as it is.",
    rules=[printable],
)
def unprintable_characters_are_escaped() -> None:
    check.equal("plain", printable("plain text, é and ≤"), "plain text, é and ≤")
    check.equal("escape", printable("bell\x07 escape\x1b[2J"), "bell\\x07 escape\\x1b[2J")
    check.equal("newline", printable("two\nlines"), "two\\nlines")
    check.equal("surrogate and bidi", printable("lone \ud800 \u202e"), "lone \\ud800 \\u202e")


@witness.property(
    "Every line printable() returns is printable, and a printable line comes back unchanged.", rules=[printable]
)
@settings(max_examples=30)
@given(st.text())
@example("verdict: 12/12 PASS\nforged")
@example("\u202etxt.exe")
def every_printed_line_is_printable(line: str) -> None:
    shown = printable(line)
    check.holds("printable", shown.isprintable(), shown)
    if line.isprintable():
        check.equal("unchanged", shown, line)


@witness.positive(
    "Emit writes stderr's lines, then stdout's, each stream in one escaped write, and says the reader got them.",
    rules=[emit],
)
def emit_writes_each_stream_whole_and_escaped() -> None:
    log: list[tuple[str, str]] = []
    with terminal(Recording(log, "stdout"), Recording(log, "stderr")):
        printed = emit(["verdict: 12/12 PASS", "id up2-on-\x1b[2J"], ["warning"])
    check.equal("printed", printed, True)
    check.equal("writes", log, [("stderr", "warning\n"), ("stdout", "verdict: 12/12 PASS\nid up2-on-\\x1b[2J\n")])


@witness.property(
    "Whatever the lines, stdout receives exactly their escaped forms, one a line, in order.", rules=[emit, printable]
)
@settings(max_examples=25)
@given(st.lists(st.text(max_size=20), max_size=4))
@example(["a\nb", "\ud800"])
def stdout_receives_exactly_the_escaped_lines(lines: list[str]) -> None:
    with terminal() as (out, err):
        emit(lines)
    check.equal("stdout", out.getvalue(), "".join(printable(line) + "\n" for line in lines))
    check.equal("stderr", err.getvalue(), "")


@witness.positive(
    "Only a line's unprintable characters are escaped: printable non-ASCII text beside them is kept as it is.",
    rules=[printable],
)
def only_unprintable_characters_are_escaped() -> None:
    check.equal("kept beside an escape", printable("é ≤ bell\x07"), "é ≤ bell\\x07")


@witness.positive(
    "Emit encodes for each stream's own encoding: an ASCII terminal receives backslash escapes, a stream with no encoding gets UTF-8.",
    rules=[emit],
)
def emit_encodes_for_each_streams_encoding() -> None:
    with terminal(Encoded("ascii", name="stdout"), Encoded("latin-1", name="stderr")) as (out, err):
        check.equal("printed", emit(["≤ 484 GiB, é"], ["≤ é"]), True)
    check.equal("ascii stdout", out.getvalue(), "\\u2264 484 GiB, \\xe9\n")
    check.equal("latin-1 stderr", err.getvalue(), "\\u2264 é\n")
    bare = Bare()
    with contextlib.redirect_stdout(bare):  # type: ignore[type-var]
        check.equal("printed", emit(["≤ é"]), True)
    check.equal("no encoding", bare.text, "≤ é\n")


@witness.positive(
    "Emit writes nothing to a stream given no lines, and skips a stream that is closed (None) while printing the other.",
    rules=[emit],
)
def emit_skips_empty_and_closed_streams() -> None:
    log: list[tuple[str, str]] = []
    with terminal(Recording(log, "stdout"), Recording(log, "stderr")):
        check.equal("printed", emit(["verdict"], []), True)
        check.equal("printed", emit([], ["warning"]), True)
    check.equal("writes", log, [("stdout", "verdict\n"), ("stderr", "warning\n")])
    out = Recording(name="stdout")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(None):  # type: ignore[type-var]
        check.equal("printed", emit(["verdict"], ["warning"]), True)
    check.equal("stdout", out.getvalue(), "verdict\n")


@witness.property(
    "However long a line, each of its characters is kept when printable and otherwise becomes its own ASCII escape that reads back as that character, in every plane (a C0 or C1 control, a lone surrogate, a bidi override, a plane-14 tag).",
    rules=[printable],
)
@settings(max_examples=40, deadline=None)
@given(st.text(), st.integers(min_value=0, max_value=600), st.text())
@example("", 250, "\x1b")
@example("\U000e0001", 0, "")
@example("tag \U000e0001 beam \U0001d173", 300, "\x85\ud800\u202e")
def each_character_of_any_line_is_kept_or_escaped_reversibly(head: str, padding: int, tail: str) -> None:
    line = head + "é" * padding + tail
    check.equal("escaped character by character", printable(line), "".join(printable(char) for char in line))
    for char in set(line):
        shown = printable(char)
        if char.isprintable():
            check.equal(f"{char!r} kept", shown, char)
        else:
            check.holds(f"{char!r} escaped in ASCII", shown.isascii() and shown.startswith("\\"), shown)
            check.equal(f"{char!r} reads back", shown.encode("ascii").decode("unicode_escape"), char)
