"""Witness the commands' streams: inputs read bounded and whole, lines printed escaped and whole, a closed reader ending quietly."""

from __future__ import annotations

from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core.outcome import Admitted
from domain.edges.streams import InputUnreadable, emit, flushed, printable, read_input
from witnesses.edges.fixtures import ClosedPipe, Recording, in_folder, terminal, written

witness = Witness("edges.streams", never_refuses=[printable, emit, flushed])


@witness.positive("A UTF-8 file is read whole, up to and including the limit.", rules=[read_input])
def a_utf8_file_is_read_whole(tmp_path: Path) -> None:
    path = written(tmp_path, "log.jsonl", "≤ 484 GiB\n")
    check.equal("text", read_input(str(path), "authority log"), Admitted("≤ 484 GiB\n"))
    check.equal("at the limit", read_input(str(path), "authority log", limit=10), Admitted("≤ 484 GiB\n"))


@witness.refusal(
    "A file longer than the limit is refused unread, naming the limit.",
    rules=[read_input],
    reasons=[
        because(
            InputUnreadable,
            at="TMP/log.jsonl",
            saying="expected at most 9 characters of authority log, got more; it was not read",
        )
    ],
)
def a_file_over_the_limit_is_refused(tmp_path: Path):
    return in_folder(read_input(str(written(tmp_path, "log.jsonl", "≤ 484 GiB\n")), "authority log", limit=9), tmp_path)


@witness.refusal(
    "A file that is not UTF-8 is refused, naming the decoding error.",
    rules=[read_input],
    reasons=[
        because(
            InputUnreadable, at="TMP/packet.json", saying=["expected a readable UTF-8 JSON file", "UnicodeDecodeError"]
        )
    ],
)
def a_file_that_is_not_utf8_is_refused(tmp_path: Path):
    (tmp_path / "packet.json").write_bytes(b'{"q": "\xff"}')
    return in_folder(read_input(str(tmp_path / "packet.json"), "JSON file"), tmp_path)


@witness.refusal(
    "A missing file is refused at its path.",
    rules=[read_input],
    reasons=[because(InputUnreadable, at="TMP/absent.json", saying="got FileNotFoundError")],
)
def a_missing_file_is_refused(tmp_path: Path):
    return in_folder(read_input(str(tmp_path / "absent.json"), "JSON file"), tmp_path)


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


@witness.positive("Emit says False when stdout's reader has gone, and prints nothing more.", rules=[emit])
def emit_says_false_when_the_reader_has_gone() -> None:
    err = Recording(name="stderr")
    with terminal(ClosedPipe(), err):
        printed = emit(["verdict: 12/12 PASS"])
    check.equal("printed", printed, False)
    check.equal("stderr", err.getvalue(), "")


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


@witness.positive("Flushed says True for working streams and False once stdout's reader has gone.", rules=[flushed])
def flushed_says_whether_the_reader_is_there() -> None:
    with terminal():
        check.equal("working", flushed(), True)
    with terminal(ClosedPipe()):
        check.equal("reader gone", flushed(), False)


@witness.property("Flushed is True exactly when neither stdout's nor stderr's reader has gone.", rules=[flushed])
@settings(max_examples=10)
@given(st.booleans(), st.booleans())
def flushed_is_true_exactly_when_both_readers_are_there(stdout_gone: bool, stderr_gone: bool) -> None:
    with terminal(ClosedPipe() if stdout_gone else None, ClosedPipe() if stderr_gone else None):
        result = flushed()
    check.equal("flushed", result, not (stdout_gone or stderr_gone))
