"""Witness a FIFO no writer opens, at other waits and for other inputs: refused at its path as given, the wait and the input named, once the wait is over."""

from __future__ import annotations

import os
import time
from pathlib import Path

from claims import check
from domain.edges.streams import InputUnreadable, read_input
from witnesses.edges.fixtures import in_folder
from witnesses.edges.streams import witness


@witness.positive(
    "A FIFO no writer opens is refused at its path whatever the wait and the input: each names its own wait (0.05 s, 0.1 s) and its own input, once that wait is over.",
    rules=[read_input],
    timeout=10,
)
def a_fifo_no_writer_opens_names_its_own_wait_and_input(tmp_path: Path) -> None:
    for wait, what, name in ((0.05, "JSON file", "a.fifo"), (0.1, "native packet", "packet pipe")):
        fifo = tmp_path / name
        os.mkfifo(fifo)
        started = time.monotonic()
        outcome = in_folder(read_input(str(fifo), what, wait=wait), tmp_path)
        waited = time.monotonic() - started
        check.equal(
            f"{what} at {name!r}",
            [(type(r), r.where, r.why) for r in check.refused(outcome)],
            [
                (
                    InputUnreadable,
                    f"TMP/{name}",
                    f"expected a writer to open this FIFO within {wait:g} s, none did; {what} not read",
                )
            ],
        )
        # 10 ms of slack below the wait, as the refusal claim allows: a machine's overhead must not flip the check.
        check.holds(
            f"{what}: waited its {wait} s (to 10 ms), and not many times more", wait - 0.01 <= waited < 5, waited
        )
