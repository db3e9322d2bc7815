"""Witness the commands' streams: inputs read bounded and whole, lines printed escaped and whole, a closed reader ending quietly."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import sys
import threading
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from claims import Witness, because, check
from domain.core.outcome import Admitted, Refused
from domain.edges.streams import InputUnreadable, emit, flushed, printable, read_input
from witnesses.edges.fixtures import (
    Bare,
    ClosedPipe,
    ClosedPipeAt,
    Encoded,
    FullDevice,
    Recording,
    Undescribed,
    ctype_locale,
    in_folder,
    is_null_device,
    open_descriptors,
    pipe,
    terminal,
    written,
)

witness = Witness("edges.streams", never_refuses=[printable, emit, flushed])


@witness.positive("A UTF-8 file is read whole, up to and including the limit.", rules=[read_input])
def a_utf8_file_is_read_whole(tmp_path: Path) -> None:
    path = written(tmp_path, "log.jsonl", "≤ 484 GiB\n")
    check.equal("text", read_input(str(path), "authority log"), Admitted("≤ 484 GiB\n"))
    check.equal("at the limit", read_input(str(path), "authority log", limit=10), Admitted("≤ 484 GiB\n"))


@witness.positive(
    "A UTF-8 file is read as UTF-8 whatever the locale's encoding, even under the C locale, whose encoding is ASCII.",
    rules=[read_input],
)
def a_utf8_file_is_read_as_utf8_under_any_locale(tmp_path: Path) -> None:
    path = written(tmp_path, "log.jsonl", "≤ 484 GiB\n")
    with ctype_locale("C"):  # open() without an encoding would read it as ASCII here (outside Python's UTF-8 mode)
        check.equal("text", read_input(str(path), "authority log"), Admitted("≤ 484 GiB\n"))


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


@witness.refusal(
    "A path holding a NUL byte is refused at that path, naming the ValueError, never raised.",
    rules=[read_input],
    reasons=[
        because(
            InputUnreadable,
            at="TMP/log\x00.jsonl",
            saying=["expected a readable UTF-8 authority log", "got ValueError"],
        )
    ],
)
def a_path_with_a_nul_byte_is_refused(tmp_path: Path):
    return in_folder(read_input(str(tmp_path / "log\x00.jsonl"), "authority log"), tmp_path)


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


@witness.refusal(
    "An empty path is refused located at its quoted spelling, so the reason never has a blank location.",
    rules=[read_input],
    reasons=[because(InputUnreadable, at="''", saying="expected a readable UTF-8 JSON file, got FileNotFoundError")],
)
def an_empty_path_is_refused_at_its_quoted_spelling():
    return read_input("", "JSON file")


@witness.refusal(
    "A stream that never ends (a FIFO still open) is refused once one character beyond the limit arrives, without waiting for its end.",
    rules=[read_input],
    reasons=[
        because(InputUnreadable, at="TMP/stream", saying="expected at most 9 characters of authority log, got more")
    ],
    timeout=10,
)
def a_never_ending_stream_is_refused_at_the_limit(tmp_path: Path):
    fifo = tmp_path / "stream"
    os.mkfifo(fifo)
    returned = threading.Event()
    waited_in_vain: list[bool] = []

    def writer() -> None:
        with open(fifo, "w", encoding="utf-8") as handle:
            handle.write("0123456789")  # exactly limit + 1 characters, then the stream stays open
            handle.flush()
            waited_in_vain.append(not returned.wait(3))

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    outcome = read_input(str(fifo), "authority log", limit=9)
    returned.set()
    thread.join(5)
    check.equal("returned while the stream was still open", waited_in_vain, [False])
    return in_folder(outcome, tmp_path)


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


@witness.positive(
    "A failed stdout device is pointed at /dev/null and named once on stderr, and the reader is still said to be there.",
    rules=[emit, flushed],
)
def a_failed_stdout_is_silenced_and_named_on_stderr() -> None:
    said = "stdout: expected a writable stream, got OSError: No space left on device\n"
    for name, run in (("emit", lambda: emit(["verdict"])), ("flushed", flushed)):
        with pipe() as (_, write_end):
            device = FullDevice(write_end)
            with terminal(device) as (_, err):
                check.equal(f"{name}: says", run(), True)
            check.equal(f"{name}: stderr", err.getvalue(), said)
            check.holds(f"{name}: stdout's descriptor points at /dev/null", is_null_device(write_end))


@witness.positive(
    "A failed stderr is pointed at /dev/null and never written again, and a failed stdout beside it ends quietly.",
    rules=[emit, flushed],
)
def a_failed_stderr_is_silenced_and_never_written_again() -> None:
    with pipe() as (_, write_end):
        device = FullDevice(write_end)
        with terminal(stderr=device) as (out, _):
            check.equal("says", emit(["verdict"], ["warning"]), True)
        check.equal("stdout", out.getvalue(), "verdict\n")
        check.equal("stderr written once", device.attempts, ["warning\n"])
        check.holds("stderr's descriptor points at /dev/null", is_null_device(write_end))
    both = FullDevice(), FullDevice()
    with terminal(*both):
        check.equal("emit with both failed", emit(["verdict"], ["warning"]), True)
        check.equal("flushed with both failed", flushed(), True)
    check.equal(
        "stderr attempts: the warning, then stdout's failure said once per failure",
        both[1].attempts,
        ["warning\n", *["stdout: expected a writable stream, got OSError: No space left on device\n"] * 2],
    )


@witness.positive(
    "A reader that closed the pipe gets its descriptor pointed at /dev/null, so the flush at exit cannot raise again.",
    rules=[emit, flushed],
)
def a_closed_pipe_is_pointed_at_dev_null() -> None:
    for name, run in (("emit", lambda: emit(["verdict"])), ("flushed", flushed)):
        with pipe() as (_, write_end):
            with terminal(ClosedPipeAt(write_end)):
                check.equal(f"{name}: says", run(), False)
            check.holds(f"{name}: descriptor points at /dev/null", is_null_device(write_end))


@witness.positive(
    "A failure that surfaces only when buffered output is flushed is met as one at the write: a closed pipe's reader is said gone, a full device is named on stderr, and either is pointed at /dev/null.",
    rules=[emit],
)
def a_failure_at_the_flush_is_met_as_one_at_the_write() -> None:
    # A real stdout is a buffered stream: writing a short block to a pipe or a device fails only at the flush.
    said = "stdout: expected a writable stream, got OSError: No space left on device\n"
    with pipe() as (read_end, write_end):
        os.close(read_end)
        stream = open(write_end, "w", encoding="utf-8", closefd=False)
        try:
            with terminal(stream) as (_, err):
                check.equal("closed pipe: says", emit(["verdict"]), False)
            check.equal("closed pipe: stderr", err.getvalue(), "")
            check.holds("closed pipe: descriptor points at /dev/null", is_null_device(write_end))
        finally:
            with contextlib.suppress(OSError):  # still the pipe if it was never silenced: its buffer cannot be flushed
                stream.close()
    full = os.open("/dev/full", os.O_WRONLY)
    try:
        stream = open(full, "w", encoding="utf-8", closefd=False)
        with terminal(stream) as (_, err):
            check.equal("full device: says", emit(["verdict"]), True)
        check.equal("full device: stderr", err.getvalue(), said)
        check.holds("full device: descriptor points at /dev/null", is_null_device(full))
    finally:
        with contextlib.suppress(OSError):
            stream.close()
        os.close(full)


@witness.positive(
    "A closed or failed stream whose descriptor cannot be had (none, unsupported, closed, or an OSError) is left as it is: the reader's going or the failure is still said, never raised.",
    rules=[emit, flushed],
)
def a_stream_without_a_descriptor_is_left_as_it_is() -> None:
    full = OSError(errno.ENOSPC, "No space left on device")
    gone = BrokenPipeError(errno.EPIPE, "Broken pipe")
    errors = {
        "no fileno": None,
        "unsupported": io.UnsupportedOperation("fileno"),
        "closed": ValueError("I/O operation on closed file"),
        "bad descriptor": OSError(errno.EBADF, "Bad file descriptor"),
    }
    for what, error in errors.items():
        with terminal(Undescribed(gone, error)):
            check.equal(f"{what}, reader gone: emit says", emit(["verdict"]), False)
            check.equal(f"{what}, reader gone: flushed says", flushed(), False)
        with terminal(Undescribed(full, error)) as (_, err):
            check.equal(f"{what}, full device: emit says", emit(["verdict"]), True)
        check.equal(
            f"{what}, full device: stderr",
            err.getvalue(),
            "stdout: expected a writable stream, got OSError: No space left on device\n",
        )


@witness.positive(
    "Pointing a closed or failed stream at /dev/null leaves no descriptor open beyond the stream's own.",
    rules=[emit, flushed],
)
def silencing_a_stream_leaves_no_descriptor_open() -> None:
    for name, run in (("emit", lambda: emit(["verdict"], ["warning"])), ("flushed", flushed)):
        for failed in (ClosedPipeAt, FullDevice):
            with pipe() as (_, write_end):
                before = open_descriptors()
                with terminal(stderr=failed(write_end)):
                    run()
                check.equal(f"{name}, {failed.__name__}: descriptors opened", open_descriptors() - before, 0)


@witness.positive(
    "Flushed says False when stderr's reader has gone even though stdout is closed (None).", rules=[flushed]
)
def flushed_looks_past_a_closed_stdout() -> None:
    with contextlib.redirect_stdout(None), contextlib.redirect_stderr(ClosedPipe()):  # type: ignore[type-var]
        check.equal("reader gone", flushed(), False)
    check.holds("stdout restored", sys.stdout is not None)


@witness.refusal(
    "A path of spaces alone is refused located at its quoted spelling, never at a location that reads blank.",
    rules=[read_input],
    reasons=[because(InputUnreadable, at="'  '", saying="expected a readable UTF-8 JSON file, got FileNotFoundError")],
)
def a_path_of_spaces_is_refused_at_its_quoted_spelling():
    return read_input("  ", "JSON file")


@witness.refusal(
    "A path with spaces around its name is located exactly as given, spaces kept and unquoted.",
    rules=[read_input],
    reasons=[because(InputUnreadable, at="TMP/ absent.json ", saying="got FileNotFoundError")],
)
def a_path_with_spaces_around_its_name_is_located_as_given(tmp_path: Path):
    return in_folder(read_input(str(tmp_path / " absent.json "), "JSON file"), tmp_path)


@witness.positive(
    "A limit of 0 characters reads an empty file and refuses a file of one character.",
    rules=[read_input],
)
def a_limit_of_zero_reads_only_an_empty_file(tmp_path: Path) -> None:
    check.equal("empty", read_input(str(written(tmp_path, "empty.json", "")), "JSON file", limit=0), Admitted(""))
    check.equal(
        "one character",
        in_folder(read_input(str(written(tmp_path, "one.json", "0")), "JSON file", limit=0), tmp_path),
        Refused(
            (InputUnreadable("TMP/one.json", "expected at most 0 characters of JSON file, got more; it was not read"),)
        ),
    )


@witness.positive(
    "Without a limit, a file of exactly 64 Mi characters is read whole and one of 64 Mi + 1 is refused naming 67108864.",
    rules=[read_input],
)
def the_default_limit_is_64_mi_characters(tmp_path: Path) -> None:
    # Sparse files: 64 Mi NUL characters (valid UTF-8) without writing 64 MiB to disk.
    at, over = tmp_path / "at.jsonl", tmp_path / "over.jsonl"
    with open(at, "wb") as handle:
        handle.truncate(64 * 2**20)
    with open(over, "wb") as handle:
        handle.truncate(64 * 2**20 + 1)
    read = read_input(str(at), "authority log")
    check.equal("at the limit: characters read", len(check.admitted(read)), 64 * 2**20)
    del read
    check.equal(
        "one over",
        in_folder(read_input(str(over), "authority log"), tmp_path),
        Refused(
            (
                InputUnreadable(
                    "TMP/over.jsonl", "expected at most 67108864 characters of authority log, got more; it was not read"
                ),
            )
        ),
    )
