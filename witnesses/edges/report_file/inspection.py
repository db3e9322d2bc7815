"""Witness how --out is inspected in a temporary folder without touching it: what is admitted, what is refused and by which name."""

from __future__ import annotations

import contextlib
import os
import socket
from pathlib import Path

from claims import because, check
from domain.core.outcome import Admitted
from domain.edges.out_path import OutPathRefused
from domain.edges.report_file import checked_out_path
from witnesses.edges.fixtures import (
    in_folder,
    listing,
    written,
)
from witnesses.edges.report_file import witness


@witness.positive(
    "A new path under missing directories and an existing regular file are admitted as --out.", rules=[checked_out_path]
)
def a_new_path_and_a_regular_file_are_admitted(tmp_path: Path) -> None:
    log = written(tmp_path, "log.jsonl", "{}\n")
    old = written(tmp_path, "report.txt", "yesterday")
    new = str(tmp_path / "new" / "deeper" / "report.txt")
    check.equal("new path", checked_out_path(new, {"authority log": str(log)}), Admitted(new))
    check.equal("regular file", checked_out_path(str(old), {"authority log": str(log)}), Admitted(str(old)))
    check.equal("nothing created", sorted(listing(tmp_path)), ["log.jsonl", "report.txt"])


@witness.refusal(
    "A directory at --out is refused as a directory, and left as it was.",
    rules=[checked_out_path],
    reasons=[because(OutPathRefused, at="--out TMP/reports", saying="got a directory; it is left as it was")],
)
def a_directory_is_refused(tmp_path: Path):
    (tmp_path / "reports").mkdir()
    written(tmp_path / "reports", "old.txt", "old")
    before = listing(tmp_path)
    outcome = checked_out_path(str(tmp_path / "reports"), {})
    check.equal("left as it was", listing(tmp_path), before)
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "A symbolic link at --out is refused naming its target, even one pointing at a regular file, which stays untouched.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/report.txt",
            saying="got a symbolic link to 'target.txt'; it is left as it was",
        )
    ],
)
def a_symbolic_link_is_refused(tmp_path: Path):
    written(tmp_path, "target.txt", "keep me")
    (tmp_path / "report.txt").symlink_to("target.txt")
    before = listing(tmp_path)
    outcome = checked_out_path(str(tmp_path / "report.txt"), {})
    check.equal("left as it was", listing(tmp_path), before)
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "A hard link to the authority log is refused as the same file, however it is spelled.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/sub/alias.jsonl",
            saying="got the same file as the authority log (TMP/log.jsonl)",
        )
    ],
)
def a_hard_link_to_the_log_is_refused(tmp_path: Path):
    log = written(tmp_path, "log.jsonl", "{}\n")
    (tmp_path / "sub").mkdir()
    os.link(log, tmp_path / "sub" / "alias.jsonl")
    dotted = checked_out_path(str(tmp_path / "sub" / ".." / "log.jsonl"), {"authority log": str(log)})
    check.contains("dotted spelling refused", "same file as the authority log", check.refused(dotted)[0].why)
    return in_folder(checked_out_path(str(tmp_path / "sub" / "alias.jsonl"), {"authority log": str(log)}), tmp_path)


@witness.refusal(
    "A path under a regular file is refused naming that file, and nothing is created.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/afile/deeper/r.txt",
            saying="got a path under TMP/afile, which is a regular file",
        )
    ],
)
def a_path_under_a_file_is_refused(tmp_path: Path):
    written(tmp_path, "afile", "x")
    return in_folder(checked_out_path(str(tmp_path / "afile" / "deeper" / "r.txt"), {}), tmp_path)


@witness.positive(
    "An input that does not exist is the same file as no --out, so an existing regular file is still admitted beside it.",
    rules=[checked_out_path],
)
def a_missing_input_is_never_the_same_file(tmp_path: Path) -> None:
    old = written(tmp_path, "report.txt", "yesterday")
    absent = str(tmp_path / "absent.jsonl")
    check.equal("admitted", checked_out_path(str(old), {"authority log": absent}), Admitted(str(old)))


@witness.refusal(
    "An --out behind a symbolic-link loop cannot be inspected and is refused naming the system's reason, leaving the loop as it was.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/loop/report.txt",
            saying="expected a path this process can inspect, got OSError: Too many levels of symbolic links",
        )
    ],
)
def an_out_behind_a_link_loop_is_refused(tmp_path: Path):
    (tmp_path / "loop").symlink_to("loop")
    outcome = checked_out_path(str(tmp_path / "loop" / "report.txt"), {})
    check.equal("left as it was", listing(tmp_path), {"loop": ("link", "loop")})
    return in_folder(outcome, tmp_path)


@witness.refusal(
    "An --out holding a NUL byte cannot be inspected and is refused naming the ValueError.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/re\x00port.txt",
            saying="expected a path this process can inspect, got ValueError: embedded null byte",
        )
    ],
)
def an_out_holding_a_nul_byte_is_refused(tmp_path: Path):
    outcome = checked_out_path(str(tmp_path / "re\x00port.txt"), {})
    check.equal("nothing created", listing(tmp_path), {})
    return in_folder(outcome, tmp_path)


@witness.positive(
    "A new path under a symbolic link to a directory is admitted, as the directory it names; under a link to a regular file it is refused naming that file's kind.",
    rules=[checked_out_path],
)
def a_link_to_a_directory_is_a_directory_for_the_path_under_it(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    (tmp_path / "linked").symlink_to("real")
    under_link = str(tmp_path / "linked" / "deeper" / "r.txt")
    check.equal("under a link to a directory", checked_out_path(under_link, {}), Admitted(under_link))
    written(tmp_path, "afile", "x")
    (tmp_path / "to-file").symlink_to("afile")
    check.equal(
        "under a link to a regular file",
        [
            (r.where, r.why)
            for r in check.refused(in_folder(checked_out_path(str(tmp_path / "to-file" / "r.txt"), {}), tmp_path))
        ],
        [
            (
                "--out TMP/to-file/r.txt",
                "expected a path under directories, got a path under TMP/to-file, which is a regular file",
            )
        ],
    )
    check.equal("nothing created", sorted(listing(tmp_path)), ["afile", "linked", "real", "to-file"])


@witness.refusal(
    "An --out that is the second of two inputs is refused naming that input, never the first.",
    rules=[checked_out_path],
    reasons=[
        because(
            OutPathRefused,
            at="--out TMP/packet.json",
            saying="expected a path other than the packet, got the same file as the packet (TMP/packet.json); it is left as it was",
        )
    ],
)
def the_second_of_two_inputs_is_refused_by_its_name(tmp_path: Path):
    log = written(tmp_path, "log.jsonl", "{}\n")
    packet = written(tmp_path, "packet.json", "{}")
    outcome = checked_out_path(str(packet), {"authority log": str(log), "packet": str(packet)})
    check.equal("left as it was", packet.read_text(), "{}")
    return in_folder(outcome, tmp_path)


@witness.positive(
    "A FIFO, a socket and a character device at --out are each refused naming its own kind, and left as they were.",
    rules=[checked_out_path],
)
def every_special_entry_is_refused_naming_its_own_kind(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    with socket.socket(socket.AF_UNIX) as bound:
        # Bound by a name relative to the folder: a socket's address holds at most 107 bytes, and TMPDIR may be long.
        with contextlib.chdir(tmp_path):
            bound.bind("sock")
        before = listing(tmp_path)
        for out, where, kind in (
            (str(tmp_path / "fifo"), "--out TMP/fifo", "a FIFO (named pipe)"),
            (str(tmp_path / "sock"), "--out TMP/sock", "a socket"),
            (os.devnull, f"--out {os.devnull}", "a character device"),
        ):
            check.equal(
                kind,
                [(r.where, r.why) for r in check.refused(in_folder(checked_out_path(out, {}), tmp_path))],
                [(where, f"expected a regular file or a new path, got {kind}; it is left as it was")],
            )
        check.equal("left as they were", listing(tmp_path), before)


@witness.positive(
    "A path under a FIFO, a socket or a character device is refused naming that ancestor's own kind, and a symbolic link at --out is refused naming its target as stored: relative, absolute, dangling, spaced or non-ASCII.",
    rules=[checked_out_path],
)
def every_ancestor_kind_and_every_link_target_is_named_as_it_is(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    with socket.socket(socket.AF_UNIX) as bound:
        with contextlib.chdir(tmp_path):
            bound.bind("sock")
        for out, under, kind in (
            (str(tmp_path / "fifo" / "r.txt"), str(tmp_path / "fifo"), "a FIFO (named pipe)"),
            (str(tmp_path / "sock" / "r.txt"), str(tmp_path / "sock"), "a socket"),
            (os.path.join(os.devnull, "r.txt"), os.devnull, "a character device"),
        ):
            check.equal(
                f"under {kind}",
                [(r.where, r.why) for r in check.refused(checked_out_path(out, {}))],
                [(f"--out {out}", f"expected a path under directories, got a path under {under}, which is {kind}")],
            )
    written(tmp_path, "target.txt", "keep me")
    for number, target in enumerate(
        ("target.txt", str(tmp_path / "target.txt"), "/nowhere/at/all.txt", "../a dir/t.txt", "répertoire/ü.txt")
    ):
        link = tmp_path / f"link-{number}"
        link.symlink_to(target)
        check.equal(
            f"link to {target!r}",
            [(r.where, r.why) for r in check.refused(checked_out_path(str(link), {}))],
            [
                (
                    f"--out {link}",
                    f"expected a regular file or a new path, got a symbolic link to {target!r}; it is left as it was",
                )
            ],
        )
    check.equal("kept", (tmp_path / "target.txt").read_text(), "keep me")
