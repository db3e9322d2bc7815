"""Witness a closed reader or a failed device: said, silenced at /dev/null, never raised, no descriptor leaked."""

from __future__ import annotations

import contextlib
import errno
import io
import itertools
import os
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from claims import check
from domain.edges.streams import emit, flushed
from witnesses.edges.disk_faults import open_descriptors
from witnesses.edges.fixtures import (
    ClosedPipe,
    ClosedPipeAt,
    FullDevice,
    Recording,
    Undescribed,
    is_null_device,
    pipe,
    terminal,
)
from witnesses.edges.streams import witness


@witness.positive("Emit says False when stdout's reader has gone, and prints nothing more.", rules=[emit])
def emit_says_false_when_the_reader_has_gone() -> None:
    err = Recording(name="stderr")
    with terminal(ClosedPipe(), err):
        printed = emit(["verdict: 12/12 PASS"])
    check.equal("printed", printed, False)
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


@witness.positive(
    "Emit says False exactly when a stream it had lines for lost its reader, stderr's included, and then writes nothing after it; otherwise it writes both and says True.",
    rules=[emit],
)
def emit_is_false_exactly_when_a_stream_with_lines_lost_its_reader() -> None:
    for stdout_gone, stderr_gone, out_lines, err_lines in itertools.product(
        (False, True), (False, True), ((), ("verdict",)), ((), ("warning",))
    ):
        said = f"stdout gone {stdout_gone}, stderr gone {stderr_gone}, out {out_lines}, err {err_lines}"
        out = ClosedPipe() if stdout_gone else Recording(name="stdout")
        err = ClosedPipe() if stderr_gone else Recording(name="stderr")
        with terminal(out, err):
            printed = emit(out_lines, err_lines)
        err_lost = stderr_gone and bool(err_lines)
        out_lost = stdout_gone and bool(out_lines)
        check.equal(f"{said}: printed", printed, not (err_lost or out_lost))
        if not stdout_gone:
            check.equal(
                f"{said}: stdout", out.getvalue(), "" if err_lost else "".join(f"{line}\n" for line in out_lines)
            )


@witness.positive(
    "A reader that closed the process's own stdout or stderr descriptor (1 or 2) gets it pointed at /dev/null too, as any other descriptor.",
    rules=[emit, flushed],
)
def a_closed_standard_descriptor_is_pointed_at_dev_null() -> None:
    for fd in (1, 2):
        for name in ("emit", "flushed"):
            saved = os.dup(fd)
            try:
                with pipe() as (_, write_end):
                    os.dup2(write_end, fd)
                    closed = ClosedPipeAt(fd)
                    with terminal(closed, None) if fd == 1 else terminal(None, closed):
                        said = emit(["verdict"], ["warning"]) if name == "emit" else flushed()
                    pointed = is_null_device(fd)
            finally:
                os.dup2(saved, fd)
                os.close(saved)
            check.equal(f"fd {fd}, {name}: says", said, False)
            check.holds(f"fd {fd}, {name}: descriptor points at /dev/null", pointed)
