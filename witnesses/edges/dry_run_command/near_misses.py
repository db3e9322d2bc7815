"""Witness near misses of a utilization and of epoch seconds (text that almost is a four-place decimal or a count of seconds never reads as one), and of the read second itself."""

from __future__ import annotations

import attrs

from claims import check
from domain.core.outcome import Admitted, Refused
from domain.edges import dry_run_command as cmd
from domain.edges.dry_run_command import BadArgument
from domain.spark.authority_log import ImageAdmitted
from witnesses.edges.dry_run_command import OUT, v41, witness
from witnesses.edges.fixtures import log_text
from witnesses.spark.fixtures import ACTIVE, DIGEST, HELD_A, IMAGE, OTHER_DIGEST, READ_AT, READING, SUSPENSION

NEAR_MISSES = (
    ".8",  # no whole part
    "0.",  # no places after the point
    "+0.8",  # a sign
    "0,8",  # a decimal comma
    " 0.8",  # whitespace before
    "0.8 ",  # whitespace after
    "0.8\n",  # a newline after
    "\u0660.\u0668",  # Arabic-Indic digits
    "\uff10.\uff18",  # fullwidth digits
    "8e-1",  # an exponent
    "0x1",  # hex
    "0.80000",  # five places, though equal to 0.8
)


@witness.positive(
    "Every near miss of a four-place decimal is refused as no such decimal, quoted as typed: no whole part or no places, a sign, a comma, whitespace or a newline, non-ASCII digits, an exponent, hex, five places ending in zero; four places ending in zeros read.",
    rules=[cmd.utilization_bp],
)
def near_misses_of_a_decimal_utilization_are_refused() -> None:
    for text in NEAR_MISSES:
        check.equal(
            repr(text),
            cmd.utilization_bp(text),
            Refused(
                (
                    BadArgument(
                        "--gpu-memory-utilization",
                        f"expected a decimal with at most 4 places such as 0.80, got {text!r}",
                    ),
                )
            ),
        )
    check.equal("0.8000", cmd.utilization_bp("0.8000"), Admitted(8000))


EPOCH_NEAR_MISSES = (
    "+1767229200",  # a sign
    "-1767229200",  # a negative sign
    " 1767229200",  # whitespace before
    "1767229200 ",  # whitespace after
    "1767229200\n",  # a newline after
    "1767229200.0",  # a fraction
    "1_767_229_200",  # underscores
    "\uff11\uff17\uff16\uff17\uff12\uff12\uff19\uff12\uff10\uff10",  # fullwidth digits
)


@witness.positive(
    "Every near miss of epoch seconds is refused at --at, quoted as typed: a sign + or -, whitespace or a newline, a fraction, underscores, non-ASCII digits; the plain digits read.",
    rules=[cmd.read_time],
)
def near_misses_of_epoch_seconds_are_refused() -> None:
    for text in EPOCH_NEAR_MISSES:
        outcome = cmd.read_time(text)
        reasons = check.refused(outcome)
        check.equal(f"{text!r} refused at", [(type(r), r.where) for r in reasons], [(BadArgument, "--at")])
        check.contains(f"{text!r} said", repr(text), reasons[0].why)
    check.equal("1767229200", cmd.read_time("1767229200"), Admitted(1767229200))


@witness.positive(
    "The produced image is read from the log at --at: an image admitted and probed a second after it is not yet the one every rank names and #12353 is discharged by, and at its own second it is.",
    rules=[cmd.dry_run_report],
)
def an_image_logged_after_the_read_is_not_yet_the_produced_one() -> None:
    later = ImageAdmitted(at=READ_AT + 1, config_digest=OTHER_DIGEST, runtime_key=IMAGE.runtime_key)
    probed = attrs.evolve(READING, at=READ_AT + 1, config_digest=OTHER_DIGEST)
    text = log_text(ACTIVE, *HELD_A, IMAGE, READING, SUSPENSION, later, probed)
    for when, digest in ((READ_AT, DIGEST), (READ_AT + 1, OTHER_DIGEST)):
        report = check.admitted(cmd.dry_run_report(v41(at=str(when)), Admitted(text), OUT, now=0))
        check.admitted(report.verdict)
        check.equal(f"ranks' image at {when}", [digest in h.create_argv for h in report.hosts], [True] * 4)
        check.equal(
            f"#12353 at {when}",
            report.frontiers[0],
            f"#12353, owned by the build lane: discharged by image {digest}, admitted in the authority log",
        )


@witness.positive(
    "A time before the epoch is refused at --at, quoted as typed, never read as a negative or a truncated second (the log's times are seconds since the epoch); the epoch itself reads as 0.",
    rules=[cmd.read_time],
)
def a_time_before_the_epoch_is_refused() -> None:
    for text in ("1969-12-31T23:59:58Z", "1969-12-31T23:59:59.5Z", "1970-01-01T00:00:00+01:00"):
        reasons = check.refused(cmd.read_time(text))
        check.equal(f"{text!r} refused at", [(type(r), r.where) for r in reasons], [(BadArgument, "--at")])
        check.contains(f"{text!r} said", repr(text), reasons[0].why)
    check.equal("the epoch", cmd.read_time("1970-01-01T00:00:00Z"), Admitted(0))
    check.equal("the epoch an hour east", cmd.read_time("1970-01-01T01:00:00+01:00"), Admitted(0))


@witness.positive(
    "A fraction of a second never rounds up into the next second, however late the time: the last microsecond of a second reads as that second, so events of the next second stay unseen.",
    rules=[cmd.read_time],
)
def a_last_microsecond_reads_as_its_own_second() -> None:
    for text, second in (
        ("2026-01-01T01:00:00.999999Z", READ_AT),
        ("2515-01-01T00:00:00.999999Z", 17198524800),
        ("9999-12-31T23:59:59.999999Z", 253402300799),
    ):
        check.equal(text, cmd.read_time(text), Admitted(second))
