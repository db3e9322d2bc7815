"""Declare the seeded defects of the commands' streams: an unbounded read, raw control characters, a closed reader ignored."""

from __future__ import annotations

from claims.defects import Defect
from domain.edges import streams

W = "edges.streams"

input_read_unbounded = Defect(
    id="edges.input_read_unbounded",
    target=streams.read_input,
    intent="Read an input past its limit, so /dev/zero or a runaway log is read forever instead of refused unread.",
    patch=("if len(text) > most:", "if False:"),
    must_red={f"{W}.a_file_over_the_limit_is_refused"},
    must_green={f"{W}.a_utf8_file_is_read_whole"},
)

limit_off_by_one = Defect(
    id="edges.limit_off_by_one",
    target=streams.read_input,
    intent="Refuse an input of exactly the limit, a boundary moved from more than the limit to the limit itself.",
    patch=("if len(text) > most:", "if len(text) >= most:"),
    must_red={f"{W}.a_utf8_file_is_read_whole"},
)

control_characters_printed_raw = Defect(
    id="edges.control_characters_printed_raw",
    target=streams.printable,
    intent="Print a line as it came, so an id holding an escape sequence or a newline can clear the terminal or forge a verdict line.",
    patch=("if line.isprintable():", "if True:"),
    must_red={f"{W}.unprintable_characters_are_escaped", f"{W}.every_printed_line_is_printable"},
)

closed_reader_unnoticed = Defect(
    id="edges.closed_reader_unnoticed",
    target=streams.emit,
    intent="Say the lines were printed though the reader closed stdout, so the command exits with its verdict instead of 141.",
    patch=("            _silence(stream)\n            return False", "            _silence(stream)"),
    must_red={
        f"{W}.emit_says_false_when_the_reader_has_gone",
        "edges.launch_dry_run.a_closed_reader_exits_141_after_writing",
        "edges.native_verdict.a_closed_reader_exits_141",
    },
)

flush_ignores_a_closed_reader = Defect(
    id="edges.flush_ignores_a_closed_reader",
    target=streams.flushed,
    intent="Say argparse's output was flushed though the reader closed stdout, so `--help | head -0` exits 0 instead of 141.",
    patch=("            _silence(stream)\n            return False", "            _silence(stream)"),
    must_red={
        f"{W}.flushed_says_whether_the_reader_is_there",
        f"{W}.flushed_is_true_exactly_when_both_readers_are_there",
    },
)

unreadable_input_unlocated = Defect(
    id="edges.unreadable_input_unlocated",
    target=streams.read_input,
    intent="Locate an unreadable input by what it is instead of its path, so the operator cannot tell which file failed.",
    patch=("where = path if path.strip() else repr(path)", "where = what"),
    must_red={
        f"{W}.a_missing_file_is_refused",
        f"{W}.a_file_that_is_not_utf8_is_refused",
        f"{W}.a_file_over_the_limit_is_refused",
    },
)

byte_order_mark_dropped = Defect(
    id="edges.byte_order_mark_dropped",
    target=streams.read_input,
    intent="Read input as utf-8-sig, so a leading byte-order mark is silently dropped and a packet the JSON parser must refuse reads as clean.",
    patch=('open(path, encoding="utf-8", opener=', 'open(path, encoding="utf-8-sig", opener='),
    must_red={f"{W}.a_byte_order_mark_is_kept"},
)

closed_stderr_unnoticed = Defect(
    id="edges.closed_stderr_unnoticed",
    target=streams.emit,
    intent="Carry on past a closed stderr reader and say the lines were printed, so only stdout's closed reader is noticed.",
    patch=(
        "        except BrokenPipeError:\n            _silence(stream)\n            return False\n        except OSError as exc:\n            _failed(stream, exc)\n    return True",
        "        except BrokenPipeError:\n            _silence(stream)\n            if stream is sys.stdout:\n                return False\n        except OSError as exc:\n            _failed(stream, exc)\n    return True",
    ),
    must_red={"edges.streams.emit_is_false_exactly_when_a_stream_with_lines_lost_its_reader"},
)

long_line_printed_raw = Defect(
    id="edges.long_line_printed_raw",
    target=streams.printable,
    intent="Print a line over 200 characters as it is, so a long line smuggles control characters to the terminal.",
    patch=(
        "    if line.isprintable():\n        return line",
        "    if line.isprintable() or len(line) > 200:\n        return line",
    ),
    must_red={"edges.streams.each_character_of_any_line_is_kept_or_escaped_reversibly"},
)

large_limit_reads_to_the_end = Defect(
    id="edges.large_limit_reads_to_the_end",
    target=streams.read_input,
    intent="Read to the end of the input whenever the limit is a million characters or more, so a stream that never ends is never refused at the default limit.",
    patch=(
        "            text = handle.read(most + 1)",
        "            text = handle.read(most + 1) if most < 2**20 else handle.read()",
    ),
    must_red={"edges.streams.a_never_ending_stream_is_refused_at_any_limit"},
)

non_ascii_path_quoted = Defect(
    id="edges.non_ascii_path_quoted",
    target=streams.read_input,
    intent="Locate an unreadable input whose path holds non-ASCII text at its quoted repr, not at the path as given.",
    patch=(
        "    where = path if path.strip() else repr(path)",
        "    where = path if path.strip() and path.isascii() else repr(path)",
    ),
    must_red={"edges.streams.a_path_of_any_shape_is_read_and_located_as_given"},
)

fifo_without_a_writer_read_as_empty = Defect(
    id="edges.fifo_without_a_writer_read_as_empty",
    target=streams.read_input,
    intent="Read a FIFO at once, before any writer opens it, as if it were an empty file: a log that never came, or comes a moment late, is folded as a log that records nothing.",
    patch=("if stat.S_ISFIFO(os.fstat(fd).st_mode) and not _writer_came(fd, wait):", "if False:"),
    must_red={
        f"{W}.a_fifo_no_writer_opens_is_refused_after_the_wait",
        f"{W}.a_fifo_whose_writer_comes_within_the_wait_is_read_whole",
    },
    must_green={f"{W}.a_fifo_closed_without_a_write_reads_as_an_empty_file"},
)

fifo_wait_ignored = Defect(
    id="edges.fifo_wait_ignored",
    target=streams.read_input,
    intent="Give a FIFO's writer no time at all, so `launch_dry_run --authority-log <(slow producer)` is refused though its writer was on the way.",
    patch=("not _writer_came(fd, wait)", "not _writer_came(fd, 0)"),
    must_red={
        f"{W}.a_fifo_whose_writer_comes_within_the_wait_is_read_whole",
        f"{W}.a_fifo_closed_without_a_write_reads_as_an_empty_file",
        f"{W}.a_fifo_no_writer_opens_is_refused_after_the_wait",
    },
    must_green={f"{W}.a_utf8_file_is_read_whole"},
)

fifo_cut_at_its_first_pause = Defect(
    id="edges.fifo_cut_at_its_first_pause",
    target=streams.read_input,
    intent="Read a FIFO with a single read, so a slow producer's log is cut where its writer first paused, and a stream longer than the pipe holds is never refused.",
    patch=(
        "            text = handle.read(most + 1)",
        "            text = (\n"
        "                os.read(fd, 4 * (most + 1)).decode()\n"
        "                if stat.S_ISFIFO(os.fstat(fd).st_mode)\n"
        "                else handle.read(most + 1)\n"
        "            )",
    ),
    must_red={
        f"{W}.a_fifo_whose_writer_pauses_is_read_whole",
        f"{W}.a_never_ending_stream_is_refused_at_any_limit",
    },
    must_green={f"{W}.a_fifo_closed_without_a_write_reads_as_an_empty_file", f"{W}.a_utf8_file_is_read_whole"},
)
