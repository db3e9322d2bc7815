"""Witness reading an input: a file read bounded and whole as UTF-8, or refused at its path as it was given."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import struct
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from claims import because, check
from domain.core.outcome import Admitted, Refused
from domain.edges.streams import InputUnreadable, read_input
from witnesses.edges.fixtures import (
    ctype_locale,
    in_folder,
    written,
)
from witnesses.edges.streams import witness


@contextlib.contextmanager
def never_ending(fifo: Path, text: str) -> Iterator[None]:
    """Make `fifo` a stream that never ends: `text` already in it when the reader opens it, its writer holding it
    open until the reader returns.  A reader that waits for the end never returns, so its claim ends by its
    timeout on every machine alike (a writer that gave up after a while made that a FAIL or a timeout by the
    machine's speed).

    A reader of our own opens it first, so the writer's open never waits, and the reader under test opens it only
    once data is there: no interleaving of the two opens can change what it reads.
    """
    os.mkfifo(fifo)
    held = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    returned = threading.Event()

    def writer() -> None:
        with open(fifo, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            returned.wait()  # never closed first: a reader that waits for the end never returns

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        select.select([held], [], [], 5)
        yield
    finally:
        returned.set()
        _drain_until_it_ends(held, thread)
        os.close(held)


def _drain_until_it_ends(held: int, thread: threading.Thread) -> None:
    """Read what the writer still writes until it ends (for at most 5 s).

    A reader that returned early (a defect's) leaves the writer blocked on a full pipe; drained, it ends at once,
    so such a reader turns the claim red on every machine, never by a timeout that depends on the machine's speed.
    """
    deadline = time.monotonic() + 5
    while thread.is_alive() and time.monotonic() < deadline:
        if select.select([held], [], [], 0.01)[0]:
            with contextlib.suppress(BlockingIOError):
                os.read(held, 1 << 16)
    thread.join(max(0.0, deadline - time.monotonic()))


@witness.positive("A UTF-8 file is read whole, up to and including the limit.", rules=[read_input])
def a_utf8_file_is_read_whole(tmp_path: Path) -> None:
    path = written(tmp_path, "log.jsonl", "≤ 484 GiB\n")
    check.equal("text", read_input(str(path), "authority log"), Admitted("≤ 484 GiB\n"))
    check.equal("at the limit", read_input(str(path), "authority log", limit=10), Admitted("≤ 484 GiB\n"))


@witness.positive(
    "A UTF-8 file is read exactly as plain UTF-8: a leading byte-order mark stays the character U+FEFF it is, never silently dropped.",
    rules=[read_input],
)
def a_byte_order_mark_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "packet.json"
    path.write_bytes(b"\xef\xbb\xbf{}\n")
    check.equal("text", read_input(str(path), "JSON file"), Admitted("\ufeff{}\n"))


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
    with never_ending(tmp_path / "stream", "0123456789"):  # exactly limit + 1 characters
        outcome = read_input(str(tmp_path / "stream"), "authority log", limit=9)
    return in_folder(outcome, tmp_path)


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


@witness.positive(
    "A stream that never ends is refused once one character past the limit arrives at a small limit and at one of a million characters, never waiting for its end.",
    rules=[read_input],
    timeout=30,
)
def a_never_ending_stream_is_refused_at_any_limit(tmp_path: Path) -> None:
    for limit in (9, 2**20 - 1, 2**20, 2**20 + 1):
        fifo = tmp_path / f"stream-{limit}"
        with never_ending(fifo, "0" * (limit + 1)):  # one character past the limit
            outcome = read_input(str(fifo), "authority log", limit=limit)
        check.equal(
            f"limit {limit}: refused",
            [r.why for r in check.refused(outcome)],
            [f"expected at most {limit} characters of authority log, got more; it was not read"],
        )


@witness.positive(
    "A file of any name (non-ASCII, hyphenated, upper case, dotted, padded or long) is read whole, and refused when missing located at its path exactly as given.",
    rules=[read_input],
)
def a_path_of_any_shape_is_read_and_located_as_given(tmp_path: Path) -> None:
    for name in ("é-ü.json", "a-b.json", "DATA.JSON", ".log.jsonl", " padded ", "n" * 200, "日本.txt"):
        present = written(tmp_path, name, "{}\n")
        check.equal(f"{name!r} read", read_input(str(present), "JSON file"), Admitted("{}\n"))
        absent = str(tmp_path / f"absent {name}")
        check.equal(
            f"{name!r} missing: where",
            [r.where for r in check.refused(read_input(absent, "JSON file"))],
            [absent],
        )


def _writer_after(fifo: Path, seconds: float, text: str | None) -> threading.Thread:
    """Start a writer that opens `fifo` after `seconds`, writes `text` (None: nothing) and closes it.

    It never blocks: when no reader holds the FIFO any more (a reader that gave up early), it gives up too.
    """

    def write() -> None:
        time.sleep(seconds)
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:  # ENXIO: no reader has it open now
            return
        os.set_blocking(fd, True)
        with open(fd, "w", encoding="utf-8") as handle:
            if text is not None:
                handle.write(text)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


@witness.refusal(
    "A FIFO that no writer opens within the wait is refused at its path, naming the wait, once the wait is over; nothing is read and nothing blocks.",
    rules=[read_input],
    reasons=[
        because(
            InputUnreadable,
            at="TMP/log.fifo",
            saying="expected a writer to open this FIFO within 0.3 s, none did; authority log not read",
        )
    ],
    timeout=10,
)
def a_fifo_no_writer_opens_is_refused_after_the_wait(tmp_path: Path):
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    outcome = read_input(str(fifo), "authority log", wait=0.3)
    waited = time.monotonic() - started
    # 10 ms of slack below the wait: whether a call sees a wait shorter by a fraction of a millisecond depends on the
    # machine's overhead, and a check that flips with it would record a different kill on every machine.
    check.holds("waited the 0.3 s (to 10 ms), and not many times more", 0.29 <= waited < 5, round(waited, 3))
    return in_folder(outcome, tmp_path)


@witness.positive(
    "A FIFO whose writer comes within the wait is read whole, as a file is: one that opens after 0.2 s of a 10 s wait and writes a log.",
    rules=[read_input],
    timeout=10,
)
def a_fifo_whose_writer_comes_within_the_wait_is_read_whole(tmp_path: Path) -> None:
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    writer = _writer_after(fifo, 0.2, "≤ 484 GiB\n")
    check.equal("text", read_input(str(fifo), "authority log", wait=10), Admitted("≤ 484 GiB\n"))
    writer.join(5)


@witness.positive(
    "A FIFO whose writer pauses between two writes is read whole: the pause is waited through, never taken for the end of the log or for an error.",
    rules=[read_input],
    timeout=10,
)
def a_fifo_whose_writer_pauses_is_read_whole(tmp_path: Path) -> None:
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    held = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # never read: it lets the writer see the pipe drained
    first_half = threading.Event()
    returned = threading.Event()

    def writer() -> None:
        with open(fifo, "w", encoding="utf-8") as handle:
            handle.write("first half,")
            handle.flush()
            first_half.set()
            # The second half comes only once the reader has drained the first (and a reader that does not wait
            # has met the empty pipe): the pause is there whatever the machine's speed.  A reader that returned
            # without draining it (a defect's) is not waited for: the claim turns red at once, on every machine,
            # never by a timeout its speed decides.
            deadline = time.monotonic() + 5
            while _buffered(held) and not returned.is_set() and time.monotonic() < deadline:
                time.sleep(0.005)
            time.sleep(0.05)
            handle.write(" second half\n")

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    # The reader comes once the first half is in the pipe, so what it meets is the pause alone, the same on every
    # run: were it to come first, whether the writer had come yet would decide what the claim saw.
    first_half.wait(5)
    try:
        outcome = read_input(str(fifo), "authority log", wait=5)
    finally:
        returned.set()
        thread.join(5)
        os.close(held)
    check.equal("text", outcome, Admitted("first half, second half\n"))


def _buffered(fd: int) -> int:
    """Return how many bytes wait unread in the pipe `fd` reads from."""
    return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]


@witness.positive(
    "A FIFO whose writer opens and closes it without writing reads as an empty file does: the empty text, never a refusal.",
    rules=[read_input],
    timeout=10,
)
def a_fifo_closed_without_a_write_reads_as_an_empty_file(tmp_path: Path) -> None:
    fifo = tmp_path / "log.fifo"
    os.mkfifo(fifo)
    writer = _writer_after(fifo, 0.2, None)
    check.equal("text", read_input(str(fifo), "authority log", wait=10), Admitted(""))
    writer.join(5)
    check.equal("an empty file", read_input(str(written(tmp_path, "empty.jsonl", "")), "authority log"), Admitted(""))
