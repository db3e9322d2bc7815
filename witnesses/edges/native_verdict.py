"""Witness the native_verdict command end to end on packet files in a temporary folder: its exit codes and what it prints where."""

from __future__ import annotations

from pathlib import Path

from claims import Witness, check
from domain.edges import native_verdict
from witnesses.edges.fixtures import (
    COMPLETE_PACKET,
    MALFORMED_PACKET,
    MISSING_SUBCASE_PACKET,
    ClosedPipe,
    helped,
    ran,
    shown,
    terminal,
    written,
)

witness = Witness("edges.native_verdict", never_refuses=[native_verdict.main])


@witness.positive(
    "A complete native packet exits 0, printing its path, twelve PASS verdicts and 12/12 PASS.",
    rules=[native_verdict.main],
)
def a_complete_packet_exits_0(tmp_path: Path) -> None:
    path = written(tmp_path, "packet.json", COMPLETE_PACKET)
    code, out, err = ran(native_verdict.main, str(path))
    check.equal("exit code", code, 0)
    check.equal("first line", out.splitlines()[0], f"native_verdict: {path}")
    check.equal("last line", out.splitlines()[-1], "verdict: 12/12 PASS")
    check.equal("stderr", err, "")


@witness.positive("A packet missing one subcase exits 1 with that check HOLD.", rules=[native_verdict.main])
def a_missing_subcase_exits_1(tmp_path: Path) -> None:
    code, out, _ = ran(native_verdict.main, str(written(tmp_path, "packet.json", MISSING_SUBCASE_PACKET)))
    check.equal("exit code", code, 1)
    check.equal(
        "last line", out.splitlines()[-1], "verdict: 11/12 PASS; not qualified: final_need_draft_real_complete HOLD"
    )


@witness.positive(
    "A malformed packet exits 2, its located error on stderr and not a line of verdict on stdout.",
    rules=[native_verdict.main],
)
def a_malformed_packet_exits_2(tmp_path: Path) -> None:
    path = written(tmp_path, "packet.json", MALFORMED_PACKET)
    code, out, err = ran(native_verdict.main, str(path))
    check.equal("exit code", code, 2)
    check.equal("stdout", out, "")
    check.equal("stderr", err, f"{path}: $.q: expected int, got str '4092'\n")


@witness.positive(
    "A packet file whose name starts or ends in a space is named exactly as given, in the verdict's first line and in each located error.",
    rules=[native_verdict.main],
)
def a_packet_path_is_named_exactly_as_given(tmp_path: Path) -> None:
    complete_path = written(tmp_path, " packet.json ", COMPLETE_PACKET)
    code, out, _ = ran(native_verdict.main, str(complete_path))
    check.equal(
        "complete: exit code and first line", (code, out.splitlines()[0]), (0, f"native_verdict: {complete_path}")
    )
    malformed_path = written(tmp_path, " malformed.json ", MALFORMED_PACKET)
    code, _, err = ran(native_verdict.main, str(malformed_path))
    check.equal(
        "malformed: exit code and stderr", (code, err), (2, f"{malformed_path}: $.q: expected int, got str '4092'\n")
    )


@witness.positive("A missing packet file exits 2, located at the file's root.", rules=[native_verdict.main])
def a_missing_packet_exits_2(tmp_path: Path) -> None:
    code, out, err = ran(native_verdict.main, str(tmp_path / "absent.json"))
    check.equal("exit code and stdout", (code, out), (2, ""))
    check.contains("located", f"{tmp_path / 'absent.json'}: $: expected a readable UTF-8 JSON file", err)


@witness.positive(
    "--window and --records each print their own report and exit 1; asking for both, or for nothing, is a usage error, 2.",
    rules=[native_verdict.main],
)
def the_window_and_the_records_exit_1() -> None:
    window, records = ran(native_verdict.main, "--window"), ran(native_verdict.main, "--records")
    check.equal(
        "--window",
        (window[0], window[1].splitlines()[0]),
        (1, "native_verdict: window feasibility (seed B2: exact figures, each MEASURED or ESTIMATED)"),
    )
    check.equal(
        "--records",
        (records[0], records[1].splitlines()[0]),
        (1, "native_verdict: saved-record facts (seed B2: fixture values of the saved records)"),
    )
    check.equal("both", ran(native_verdict.main, "--window", "--records")[0], 2)
    nothing = ran(native_verdict.main)
    check.equal("nothing", nothing[0], 2)
    check.contains("said", "give exactly one of PACKET.json, --window or --records", nothing[2])


@witness.positive("A reader that closed stdout early makes the verdict exit 141, not 0.", rules=[native_verdict.main])
def a_closed_reader_exits_141(tmp_path: Path) -> None:
    path = written(tmp_path, "packet.json", COMPLETE_PACKET)
    with terminal(ClosedPipe()):
        code = native_verdict.main([str(path)])
    check.equal("exit code", code, 141)


@witness.snapshot(
    "What native_verdict prints and returns for a malformed packet, a missing file and a usage error stays byte-identical, as a regression control.",
    rules=[native_verdict.main],
)
def native_verdict_errors_are_byte_identical(tmp_path: Path) -> str:
    runs = [
        ("malformed packet", (str(written(tmp_path, "packet.json", MALFORMED_PACKET)),)),
        ("missing file", (str(tmp_path / "absent.json"),)),
        ("usage error", ("--window", "packet.json")),
    ]
    results = [(title, *ran(native_verdict.main, *argv)) for title, argv in runs]
    return "".join(shown(title, code, out.splitlines(), err.splitlines()) for title, code, out, err in results).replace(
        str(tmp_path), "TMP"
    )


HELP = """\
usage: native_verdict [-h] [--window | --records] [PACKET.json]

Decide the twelve UP2 native checks from a packet's observations; or say whether a complete native packet fits the window, or what the saved records show.

positional arguments:
  PACKET.json  the native packet to decide (a FIFO waits for a writer 10 seconds at most)

options:
  -h, --help   show this help message and exit
  --window     print the window's feasibility, every figure with its provenance, instead
  --records    print what the saved records show under their rules, instead

exit codes:
  0  all twelve native checks PASS (--window: both fits established; --records: every record admitted)
  1  any check is HOLD or NOT RUN, or the schema or start binding is refused (--window, --records: anything less)
  2  the packet is malformed (located errors on stderr) or the usage is wrong
141  a reader closed stdout before the verdict was printed (`| head -1`)

A packet that passes the schema validator (up2_checks.native) is not evidence:
each check PASSes only from NATIVE observations of every named subcase in both
arms OFF and ON, with the same workload, mode and hooks.
"""


@witness.positive(
    "--help prints exactly the usage, the description, each argument's help and the exit codes as written, on stdout only.",
    rules=[native_verdict.main],
)
def help_prints_every_argument_and_the_exit_codes() -> None:
    code, out, err = helped(native_verdict.main)
    check.equal("exit code", code, 0)
    for number, (seen, expected) in enumerate(zip(out.splitlines(), HELP.splitlines(), strict=False), 1):
        check.equal(f"line {number}", seen, expected)
    check.equal("stdout", out, HELP)
    check.equal("stderr", err, "")


@witness.positive("--help to a reader that closed stdout early exits 141, not 0.", rules=[native_verdict.main])
def help_to_a_closed_reader_exits_141() -> None:
    with terminal(ClosedPipe()):
        try:
            native_verdict.main(["--help"])
            code: object = "returned instead of exiting"
        except SystemExit as exc:
            code = exc.code
    check.equal("exit code", code, 141)


@witness.positive(
    "A command line asking for other than exactly one report (nothing, a packet beside --window or --records, both flags, a flag one letter off or cut short) exits 2 saying why on stderr, reading no packet and printing nothing on stdout.",
    rules=[native_verdict.main],
)
def every_command_line_asking_for_other_than_one_report_is_a_usage_error(tmp_path: Path) -> None:
    packet = str(written(tmp_path, "packet.json", COMPLETE_PACKET))
    exactly_one = "native_verdict: error: give exactly one of PACKET.json, --window or --records"
    for argv, said in (
        ((), exactly_one),
        ((packet, "--window"), exactly_one),
        (("--records", packet), exactly_one),
        (("--window", "--records"), "native_verdict: error: argument --records: not allowed with argument --window"),
        (("--windows",), "native_verdict: error: unrecognized arguments: --windows"),
        (("--win",), "native_verdict: error: unrecognized arguments: --win"),  # a prefix of --window is not it
    ):
        code, out, err = ran(native_verdict.main, *argv)
        title = " ".join(argv).replace(packet, "PACKET")
        check.equal(f"{title}: exit code and stdout", (code, out), (2, ""))
        check.equal(f"{title}: last stderr line", err.splitlines()[-1:], [said])
