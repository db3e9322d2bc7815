"""End a command the same way on Ctrl-C (SIGINT) and on SIGTERM: report what finished, exit 130 or 143.

SIGTERM is raised in the command's process as `Terminated`, a
KeyboardInterrupt, so every path that reports what finished on Ctrl-C (the
supervisor stops the workers, the run prints its report) does it on SIGTERM
too; `exit_code` then says 143 instead of 130.

An interrupt must never be swallowed.  Python runs a signal handler between
bytecodes of whatever code is running, and when that is a finalizer or a
garbage-collection callback (the reach recorder's `_CollectionGuard`,
an object's `__del__`) the KeyboardInterrupt it raises cannot propagate:
Python prints "Exception ignored in: ..." and carries on, so a command
interrupted at that moment finished its work and exited 0.  The
`sys.unraisablehook` installed here catches exactly that case and delivers
the same signal again from a helper thread, which the main thread handles
once the finalizer has returned; it repeats until the interrupt lands in
ordinary code.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from attrs import Factory, define

from claims.cli.exits import Exit


class Terminated(KeyboardInterrupt):
    """Stop the command on SIGTERM, through every path that stops it on Ctrl-C."""


@define
class _Received:
    """Hold which process installed the handlers, the last signal it received, and the unraisable hook it replaced."""

    owner: int = 0
    signum: int | None = None
    hook: Any = None
    again: list[threading.Thread] = Factory(list)


RECEIVED = _Received()
AGAIN_AFTER = 0.005
"""Seconds before a swallowed signal is delivered again: a finalizer or collection callback runs for microseconds."""
_HANDLED = (signal.SIGINT, signal.SIGTERM)


def _on_signal(signum: int, frame: Any) -> None:
    if os.getpid() != RECEIVED.owner:
        # A forked worker inherited this handler: end it as the signal's default would (its supervisor reports it).
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    RECEIVED.signum = signum
    raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


def _deliver_again(signum: int) -> None:
    # Late enough that the finalizer, and the hook that started this thread, have returned (the hook retries if not).
    time.sleep(AGAIN_AFTER)
    _thread.interrupt_main(signal.Signals(signum))


def _on_unraisable(unraisable: Any) -> None:
    swallowed = isinstance(unraisable.exc_value, KeyboardInterrupt) and os.getpid() == RECEIVED.owner
    if not swallowed or RECEIVED.signum is None:
        (RECEIVED.hook or sys.__unraisablehook__)(unraisable)
        return
    while True:
        try:
            again = threading.Thread(target=_deliver_again, args=(RECEIVED.signum,), daemon=True)
            RECEIVED.again.append(again)
            again.start()
            return
        except KeyboardInterrupt:
            continue  # an earlier delivery landed in this hook, where it is swallowed as well: ask once more


@contextmanager
def handled() -> Iterator[None]:
    """Handle SIGINT and SIGTERM while the command runs, then put back what was there (a caller's own handlers).

    A signal ignored at start stays ignored, as a shell's `&` or `nohup` asks.
    """
    previous = {signum: signal.getsignal(signum) for signum in _HANDLED}
    RECEIVED.owner, RECEIVED.signum, RECEIVED.hook = os.getpid(), None, sys.unraisablehook
    for signum, handler in previous.items():
        if handler is not signal.SIG_IGN:
            signal.signal(signum, _on_signal)
    sys.unraisablehook = _on_unraisable
    try:
        yield
    finally:
        _settle()
        sys.unraisablehook = RECEIVED.hook
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _settle() -> None:
    """Take, here, any signal still being delivered again, so it cannot land after the handlers are put back."""
    while RECEIVED.again:
        try:
            RECEIVED.again[0].join()
            RECEIVED.again.pop(0)
            _checkpoint()  # a call: the interpreter runs a pending handler before it
        except KeyboardInterrupt:
            pass  # already counted in RECEIVED.signum, which says how the command ended


def _checkpoint() -> None:
    return None


def ended_by() -> str:
    """Say which signal ended the command, for its last line."""
    return "terminated (SIGTERM)" if RECEIVED.signum == signal.SIGTERM else "interrupted"


def exit_code(code: int) -> int:
    """Return the command's exit code: 130 or 143 whenever a signal came, even one that landed as it finished."""
    if RECEIVED.signum is None:
        return code
    return Exit.TERMINATED if RECEIVED.signum == signal.SIGTERM else Exit.INTERRUPTED
