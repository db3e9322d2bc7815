"""Find the claims a mutant or defect can change at all (weak mutation), so its real run skips the others.

The rules are pure: all a caller can see of a call is what it hands back
(the value, or the exception it raises, with its fields and cause) and
what it did to its arguments.  A probe runs each covering claim once on
the original code; at every call of a probed rule it also calls each
variant (a mutant or a defect's replacement) on a copy of the same
arguments and compares (what is copied and how answers compare:
`sharing`).  A variant that answers every call of a claim
exactly as the original did cannot change that claim's run: the claim
is derandomised, so it draws the same values and makes the same calls,
and its verdict stays green.  Its real run is skipped.

Anything the probe cannot prove counts as reaching the claim, which then
runs for real: a different answer, an argument changed differently, a
variant that re-enters its own rule (its inner calls would be the
variant's too), one that spins past its budget, arguments that cannot be
copied, a claim that is not green in the probe, a probe worker that dies.

A rule at the edge is not pure.  An audit hook and stand-ins for
sys.stdout and sys.stderr watch every call: when the original touches the
outside world (files, directories, processes, sockets, class attributes,
the standard streams), no variant of that rule is ever compared, since it
would act twice, and each reaches every claim; when only a variant tries
to, the attempt is refused (or its output dropped) and that variant
reaches the claim.  State a rule keeps in module globals is beyond what
the probe sees: `--probe` is for pure rules.  The `random` module's state is handed to each variant as the
original found it, and must be left as the original left it; when the original drew nothing, the state is
read once after all its variants, and a draw there reaches the claim with every variant of that call.
"""

from __future__ import annotations

import random
import signal
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from claims._internal.mutation import sharing

CALL_BUDGET = 100
"""Calls of one rule a probe compares in one claim; a variant that has answered them all alike still reaches it."""

MIN_BUDGET = 0.05
"""CPU seconds a variant's call may take at least before it counts as a hang (and so as reaching the claim)."""


_WORLD = (
    "open",
    "os.",
    "shutil.",
    "subprocess.",
    "socket.",
    "tempfile.",
    "glob.",
    "pathlib.",
    "fcntl.",
    "ctypes.",
    "sqlite3.",
    "urllib.",
    "http.",
    "webbrowser.",
    "object.__setattr__",
    "object.__delattr__",
)
"""Audit events (prefixes) that touch state outside a rule's arguments and answer."""


class _World:
    watching = False  # an original or variant call is being watched now
    refusing = False  # a variant is running: refuse what it tries
    touched = False
    hooked = False


class _Refused(BaseException):
    """A variant tried to touch the outside world during a probe; the attempt was stopped."""


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if _World.watching and event.startswith(_WORLD):
        _World.touched = True
        if _World.refusing:
            raise _Refused(event)


class _Noticing:
    """Stand in for sys.stdout or sys.stderr during a watched call: note any write, pass it on (or drop it)."""

    def __init__(self, stream: Any, forward: bool) -> None:
        self._stream, self._forward = stream, forward

    def write(self, text: str) -> int:
        _World.touched = True
        return self._stream.write(text) if self._forward else len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:
        if name not in _HARMLESS:  # `buffer`, `fileno()`: a way around `write`, so count it as a write
            _World.touched = True
        return getattr(self._stream, name)


_HARMLESS = frozenset({"encoding", "errors", "isatty", "closed", "name", "mode", "newlines", "line_buffering", "flush"})


class _Streams:
    """Watch sys.stdout and sys.stderr for the length of one call (the original's output still goes through)."""

    def __init__(self, forward: bool) -> None:
        self.forward = forward

    def __enter__(self) -> None:
        self.saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = _Noticing(sys.stdout, self.forward), _Noticing(sys.stderr, self.forward)

    def __exit__(self, *exc: object) -> None:
        sys.stdout, sys.stderr = self.saved


def _hook() -> None:
    if not _World.hooked:
        # Both for the rest of the process (a probe's own fresh fork): each does nothing outside a watched call.
        sys.addaudithook(_audit)
        signal.signal(signal.SIGPROF, _spin)
        _World.hooked = True


_Call = tuple[tuple[Any, ...], dict[str, Any]]
"""One call's arguments: the positional ones and the keywords."""


class _Spun(BaseException):
    """A variant's call ran past its CPU budget (a BaseException, so a variant's `except Exception` cannot hide it)."""


class Probe:
    """Stand in for one rule: call the original for real, and each watched variant on a copy, comparing."""

    active: Probe | None = None  # the probe whose variant is running now (nested probes pass straight through)

    def __init__(self, original: Callable[..., Any], variants: Mapping[str, Callable[..., Any]]) -> None:
        self.original = original
        self.variants = dict(variants)
        self.watched: tuple[str, ...] = ()
        self.reached: set[str] = set()
        self.compared = 0  # the calls compared in this claim
        self.reentered = False
        self.answering = False  # the original is answering a watched call now
        self.impure = False  # the original touched the outside world: its variants are never run here

    def watch(self, subjects: Iterable[str]) -> None:
        """Start a claim: compare only these variants, and forget what the previous claim reached."""
        self.watched = tuple(sorted(set(subjects) & self.variants.keys()))
        sharing.forget()  # what was found in the last claim: its values are let go
        self.reached = set()
        self.compared = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # Straight to the original, with no variant compared (tested inline: most calls in a probe come this way):
        # a call inside a variant's run, or of this rule inside its own original's answer (a recursion: a variant
        # answers the outer call in the real run, and its own inner calls, if any, count as a difference there,
        # `reentered`, so nothing about this one can change what the claim sees).
        if Probe.active is not None or self.answering:
            if Probe.active is self:
                self.reentered = True  # in the real run this inner call would be the variant's too
            return self.original(*args, **kwargs)
        pending = self._pending()
        if not pending:
            return self.original(*args, **kwargs)
        shared = sharing.frozen(args) and sharing.frozen(tuple(kwargs.values()))  # each call gets its own kwargs dict
        copies = self._copies(pending, args, kwargs, shared)
        if copies is None:
            return self.original(*args, **kwargs)
        answer = self._answer_and_compare(pending, copies, args, kwargs, shared)
        if answer[0] == "raised":
            raise answer[1]
        return answer[1]

    def _copies(
        self, pending: list[str], args: tuple[Any, ...], kwargs: dict[str, Any], shared: bool
    ) -> list[_Call] | None:
        """Decide each pending variant's own arguments, or None (each reaches the claim) when they cannot be copied."""
        try:
            return [(args, kwargs) if shared else sharing.copied(args, kwargs) for _ in pending]
        except Exception:
            self.reached.update(pending)
            return None

    def _answer_and_compare(
        self, pending: list[str], copies: list[_Call], args: tuple[Any, ...], kwargs: dict[str, Any], shared: bool
    ) -> tuple[str, Any]:
        """Answer with the original, then compare each pending variant unless the original touched the world."""
        _hook()
        before = random.getstate()
        start = time.process_time()
        answer, touched = self._answer(args, kwargs)
        budget = max(MIN_BUDGET, 20 * (time.process_time() - start))
        if touched:
            self.impure = True
            self.reached.update(pending)
            pending, copies = [], []
        calls = list(zip(pending, copies, strict=True))
        self._compare(calls, answer, None if shared else (args, kwargs), budget, before)
        return answer

    def _pending(self) -> list[str]:
        """Return the variants this call must still compare (none once the rule proved too costly to compare)."""
        pending = [name for name in self.watched if name not in self.reached]
        if pending:
            self.compared += 1
        if self.impure or self.compared > CALL_BUDGET:
            # Comparing every call of a rule a claim calls this often costs more than running the claim.
            self.reached.update(pending)
            pending = []
        return pending

    def _answer(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[str, Any], bool]:
        """Call the original, watching the world; return its answer (a value or what it raised) and whether it touched it."""
        outer = (_World.watching, _World.touched)  # an enclosing watched call (this rule called from another)
        _World.watching, _World.touched = True, False
        self.answering = True
        try:
            with _Streams(forward=True):
                answer: tuple[str, Any] = ("value", self.original(*args, **kwargs))
        except BaseException as exc:
            answer = ("raised", exc)
        finally:
            self.answering = False
            touched = _World.touched
            _World.watching, _World.touched = outer[0], outer[1] or touched
        return answer, touched

    def _compare(
        self,
        calls: list[tuple[str, tuple[tuple[Any, ...], dict[str, Any]]]],
        answer: tuple[str, Any],
        originals: tuple[Any, Any] | None,
        budget: float,
        before: Any,
    ) -> None:
        """Run each variant on its copy of the arguments; a variant that disagrees, or draws, reaches the claim.

        When the original drew, each variant starts where it started and the state is read after each.  When it
        drew nothing (most calls: reading the state costs more than most calls of a rule), the state is read once,
        after them all, and a draw there reaches the claim with every variant of the call (each then runs for
        real, where no draw goes unseen).  Either way the caller goes on from where the original left the state.
        """
        if not calls:
            return  # every variant already reached the claim (the original touched the world): nothing to compare
        after = random.getstate()
        drawn = after != before
        states = (before, after) if drawn else None
        settled = False
        try:
            disagreeing = [
                name for name, call in calls if not self._agrees_from(states, name, call, answer, originals, budget)
            ]
            settled = True
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)  # each variant armed it anew; one disarm serves them all
            moved = _put_back(after, always=drawn or not settled)
        self.reached.update(disagreeing if drawn or not moved else [name for name, _ in calls])

    def _agrees_from(
        self,
        states: tuple[Any, Any] | None,
        name: str,
        call: _Call,
        answer: tuple[str, Any],
        originals: tuple[Any, Any] | None,
        budget: float,
    ) -> bool:
        """Decide whether one variant agrees; with `states` (the original drew: the state before and after it), it
        starts where the original started and must leave the state where the original left it."""
        if states is not None:
            random.setstate(states[0])
        agrees = self._agrees(self.variants[name], call[0], call[1], answer, originals, budget)
        return agrees and (states is None or random.getstate() == states[1])

    def _agrees(
        self,
        variant: Callable[..., Any],
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        answer: tuple[str, Any],
        after: tuple[Any, Any] | None,
        budget: float,
    ) -> bool:
        ran = self._run_variant(variant, args, kwargs, budget)
        if ran is None:
            return False
        theirs, touched = ran
        if self.reentered or touched or theirs[0] != answer[0]:
            return False
        return _alike_after((args, kwargs), theirs[1], answer[1], after)

    def _run_variant(
        self, variant: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any], budget: float
    ) -> tuple[tuple[str, Any], bool] | None:
        """Decide a variant's answer and whether it touched the world, or None when it spun or was refused."""
        self.reentered = False
        Probe.active = self
        signal.setitimer(signal.ITIMER_PROF, budget)  # `_spin` handles the tick (installed by `_hook`)
        outer = (_World.watching, _World.refusing, _World.touched)
        _World.watching, _World.refusing, _World.touched = True, True, False
        try:
            with _Streams(forward=False):
                theirs: tuple[str, Any] = ("value", variant(*args, **kwargs))
        except (_Spun, _Refused):
            return None
        except BaseException as exc:
            theirs = ("raised", exc)
        finally:
            touched = _World.touched  # an attempt was refused, so the outside world is as the original left it
            _World.watching, _World.refusing, _World.touched = outer
            Probe.active = None  # a tick from the timer left armed is dropped (`_spin`); `_compare` disarms it
        return theirs, touched


def _put_back(after: Any, *, always: bool) -> bool:
    """Put the `random` state back where the original left it if it moved (or `always`); say whether it did."""
    moved = always or random.getstate() != after
    if moved:
        random.setstate(after)
    return moved


def _alike_after(call: _Call, theirs: Any, ours: Any, after: _Call | None) -> bool:
    """Decide whether a variant's answer and its arguments afterwards match the original's (of the same kind)."""
    original_call = call if after is None else after  # shared arguments: nothing could change them
    where = _position(ours, original_call)
    if where != _position(theirs, call):
        return False  # one hands back an argument itself, the other does not (or another one)
    if after is not None and not sharing.same(call, after):
        return False  # the variant left its arguments unlike the original left them
    return where is not None or sharing.same(theirs, ours)


def _position(value: Any, call: tuple[tuple[Any, ...], dict[str, Any]]) -> int | str | None:
    """Return which argument `value` is (its index or keyword), or None when it is none of them (or a plain value)."""
    if isinstance(value, sharing.ATOMIC):
        return None  # small ints and strings are shared objects: identity says nothing about them
    for index, item in enumerate(call[0]):
        if item is value:
            return index
    return next((key for key, item in call[1].items() if item is value), None)


def _spin(signum: int, frame: Any) -> None:
    if Probe.active is not None:  # a tick that lands after the variant returned is dropped
        raise _Spun()
