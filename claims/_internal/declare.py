"""Declare witnesses and their claims.

A witness is a module-level `Witness(name)`, the name plain (`quota`) or
dotted (`billing.quota`); each claim is a function decorated by one of its
control kinds.  The claim id is the witness name plus the function name:
`quota.a_request_beyond_the_quota_is_refused`.

    witness = Witness("quota", never_refuses=[quota.render_decision])

    @witness.refusal(
        "A request beyond the quota is refused, naming the excess.",
        rules=[quota.admit_request],
        reasons=[because(quota.OverQuota, at="$.size", saying="by 1")],
    )
    def a_request_beyond_the_quota_is_refused():
        return quota.admit_request(11, 10)

A rule that never refuses (a renderer, a computation) is declared so with
`never_refuses=`: its floor is a positive claim plus a snapshot or property
claim, instead of a positive and a refusal claim.
"""

from __future__ import annotations

import inspect
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from attrs import define, field, frozen

from claims._internal import dotted
from claims._internal.kinds import Kind
from claims.errors import DeclarationError

# A witness name is one identifier or several joined by dots: `quota`, `billing.quota`, `spark.fit_wall`.
WITNESS_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
CLAIM_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
SNAPSHOT_EXT = re.compile(r"^[a-z0-9]{1,8}$")

RuleRef = str | Callable[..., Any]


@frozen
class Because:
    """Name a refusal reason a claim expects: its kind, where, and words its why must contain."""

    kind: type
    at: str
    saying: tuple[str, ...] = ()

    def describe(self) -> str:
        """Render the expectation the way observed reasons render."""
        words = "".join(f" saying {w!r}" for w in self.saying)
        return f"{self.kind.__name__} @ {self.at}{words}"


LOCATION_ATTRIBUTES = ("where", "path", "location", "at")
"""The attributes an exception may carry its location in, read in this order (`raising(..., at=...)`)."""


@frozen
class Raises:
    """Name the exception a rule refuses by: its type, words its message must contain, a pattern, a location."""

    kind: type[BaseException]
    saying: tuple[str, ...] = ()
    matching: str | None = None
    at: str | None = None

    def describe(self) -> str:
        """Render the expectation the way an observed exception renders."""
        words = "".join(f" saying {w!r}" for w in self.saying)
        pattern = f" matching r{self.matching!r}" if self.matching is not None else ""
        where = f" @ {self.at}" if self.at is not None else ""
        return f"raises {self.kind.__name__}{where}{words}{pattern}"

    def misses(self, exc: BaseException) -> list[str]:
        """Say what of the expectation an exception of the right type does not meet (nothing: it is met)."""
        found = self._message_misses(str(exc))
        location = self._location_miss(exc)
        return found if location is None else [*found, location]

    def _message_misses(self, message: str) -> list[str]:
        """Decide which expected words and which pattern an exception's message lacks."""
        found = [f"its message does not say {w!r}" for w in self.saying if w not in message]
        if self.matching is not None and re.search(self.matching, message) is None:
            found.append(f"its message does not match r{self.matching!r}")
        return found

    def _location_miss(self, exc: BaseException) -> str | None:
        """Decide whether an exception is located elsewhere than expected, or carries no location at all."""
        if self.at is None:
            return None
        where = _exception_location(exc)
        if where is None:
            return f"it carries no location ({', '.join(LOCATION_ATTRIBUTES)}), where {self.at!r} was expected"
        if str(where) != self.at:
            return f"it is located at {where!r}, not {self.at!r}"
        return None


def _exception_location(exc: BaseException) -> object | None:
    """Decide where an exception says it happened: its first location attribute that is set, if any."""
    return next((getattr(exc, a) for a in LOCATION_ATTRIBUTES if getattr(exc, a, None) is not None), None)


def raising(
    kind: type[BaseException], *, saying: str | Sequence[str] = (), matching: str | None = None, at: str | None = None
) -> Raises:
    """Expect a rule to refuse by raising `kind` (or a subclass), its message containing every `saying` and
    matching the regular expression `matching` (searched), located `at` where the exception carries a location."""
    if not isinstance(kind, type) or not issubclass(kind, BaseException):
        raise DeclarationError(f"raising() expects an exception class, got {kind!r}")
    if matching is not None:
        try:
            re.compile(matching)
        except re.error as exc:
            raise DeclarationError(
                f"raising({kind.__name__}, matching={matching!r}): not a regular expression: {exc}"
            ) from None
    words = (saying,) if isinstance(saying, str) else tuple(saying)
    return Raises(kind=kind, saying=words, matching=matching, at=at)


def because(kind: type, *, at: str, saying: str | Sequence[str] = ()) -> Because:
    """Expect a refusal reason of `kind` located `at`, whose why contains every `saying`."""
    if not isinstance(kind, type):
        raise DeclarationError(f"because() expects a reason class, got {kind!r}")
    words = (saying,) if isinstance(saying, str) else tuple(saying)
    return Because(kind=kind, at=at, saying=words)


@frozen
class Claim:
    """One named claim: a statement, the rules it is about, and its control."""

    id: str
    witness: str
    name: str
    statement: str
    kind: Kind
    rules: tuple[str, ...]
    fn: Callable[..., Any] = field(eq=False, repr=False)
    source_file: str
    source_line: int
    reasons: tuple[Because, ...] = ()
    exact_reasons: bool = True
    raises: Raises | None = None
    snapshot_ext: str = "txt"
    timeout: float | None = None
    wants_tmp_path: bool = False
    # The rules the claim's witness declares never-refusing (`Witness(..., never_refuses=[...])`): the floor's shape for them.
    never_refusing: tuple[str, ...] = ()


def rule_name(rule: RuleRef, *, where: str) -> str:
    """Resolve a rule to its dotted name, checking it exists: a function or method, or its name (dotted, or
    `module:Class.method` to spell the module out)."""
    if isinstance(rule, str):
        name = dotted.canonical(rule)
    elif callable(rule) or isinstance(rule, property):
        try:
            name = dotted.of_callable(rule)
        except DeclarationError as exc:
            raise DeclarationError(f"{where}: {exc}") from None
    else:
        raise DeclarationError(f"{where}: a rule is a function, a method or its dotted name, got {rule!r}")
    try:
        dotted.resolve(rule if isinstance(rule, str) else name)
    except DeclarationError as exc:
        raise DeclarationError(f"{where}: the rule {exc}") from None
    return name


def _rule_list(rules: Iterable[RuleRef]) -> tuple[Any, ...]:
    if isinstance(rules, str) or callable(rules):
        # A lone rule would silently become a list of characters, or fail to iterate.
        raise DeclarationError(
            f"never_refuses= takes a list of rules, got the single rule {rules!r}; wrap it: never_refuses=[rule]"
        )
    return tuple(rules)


@define
class Witness:
    """Collect the claims about one rule family, in declaration order."""

    name: str
    module: str = field(default="")
    claims: list[Claim] = field(factory=list)
    never_refuses: tuple[str, ...] = field(default=(), converter=_rule_list, kw_only=True)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.name, str) or not WITNESS_NAME.match(self.name):
            raise DeclarationError(
                f"witness name {self.name!r} is not a name: give one identifier or several joined by dots "
                "(letters, digits and underscores, not starting with a digit), e.g. Witness('quota') or Witness('billing.quota')"
            )
        if not self.module:
            self.module = sys._getframe(2).f_globals.get("__name__", "")
        # Resolve (and so check) the never-refusing rules once; every claim carries them to the floor.
        self.never_refuses = tuple(rule_name(rule, where=f"{self.name}: never_refuses") for rule in self.never_refuses)

    def positive(
        self, statement: str, *, rules: Iterable[RuleRef], timeout: float | None = None
    ) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
        """Declare a claim that the rule admits or yields the expected value."""
        return self._declare(Kind.POSITIVE, statement, rules, timeout=timeout)

    def refusal(
        self,
        statement: str,
        *,
        rules: Iterable[RuleRef],
        reasons: Iterable[Because] = (),
        raises: Raises | None = None,
        exact: bool = True,
        timeout: float | None = None,
    ) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
        """Declare a claim that the rule refuses for exactly the expected located reasons (a `Refused` value it
        returns, `reasons=[because(...)]`), or by raising the expected exception (`raises=raising(...)`)."""
        expected = tuple(reasons)
        if bool(expected) == (raises is not None):
            raise DeclarationError(
                f"{self.name}: a refusal claim names either the reasons a refusal gives (reasons=[because(...)]) or "
                "the exception a rule refuses by (raises=raising(ValueError, saying=...)), exactly one of them"
            )
        if raises is not None and not isinstance(raises, Raises):
            raise DeclarationError(f"{self.name}: raises= takes raising(ExceptionType, ...), got {raises!r}")
        return self._declare(
            Kind.REFUSAL, statement, rules, reasons=expected, exact_reasons=exact, raises=raises, timeout=timeout
        )

    def snapshot(
        self, statement: str, *, rules: Iterable[RuleRef], ext: str = "txt", timeout: float | None = None
    ) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
        """Declare a regression control: the claim returns bytes that must equal the stored snapshot."""
        if not SNAPSHOT_EXT.match(ext):
            raise DeclarationError(f"{self.name}: snapshot ext {ext!r} must be 1-8 lowercase letters or digits")
        return self._declare(Kind.SNAPSHOT, statement, rules, snapshot_ext=ext, timeout=timeout)

    def property(
        self, statement: str, *, rules: Iterable[RuleRef], timeout: float | None = None
    ) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
        """Declare a hypothesis-quantified claim (decorate a `@given` function)."""
        return self._declare(Kind.PROPERTY, statement, rules, timeout=timeout)

    def _declare(
        self, kind: Kind, statement: str, rules: Iterable[RuleRef], **extra: Any
    ) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
        def register(fn: Callable[[], Any]) -> Callable[[], Any]:
            name = fn.__name__
            where = f"{self.name}.{name}"
            if not CLAIM_NAME.match(name):
                raise DeclarationError(f"{where}: claim names are snake_case, got {name!r}")
            if not isinstance(statement, str) or not statement.strip():
                raise DeclarationError(f"{where}: the statement must be one non-empty sentence")
            resolved = tuple(rule_name(rule, where=where) for rule in rules)
            if not resolved:
                raise DeclarationError(f"{where}: name the rule(s) the claim is about (rules=[...])")
            if any(c.name == name for c in self.claims):
                raise DeclarationError(f"{where}: declared twice in witness {self.name!r}")
            code = getattr(inspect.unwrap(fn), "__code__", None)
            source = code.co_filename if code is not None else "?"
            line = code.co_firstlineno if code is not None else 0
            # A claim about I/O (an exclusive publish, an atomic replace) asks for a fresh folder by naming `tmp_path`.
            wants_tmp = kind is not Kind.PROPERTY and "tmp_path" in inspect.signature(fn).parameters
            self.claims.append(
                Claim(
                    id=where,
                    witness=self.name,
                    name=name,
                    statement=statement.strip(),
                    kind=kind,
                    rules=resolved,
                    fn=fn,
                    source_file=source,
                    source_line=line,
                    wants_tmp_path=wants_tmp,
                    never_refusing=self.never_refuses,
                    **extra,
                )
            )
            return fn

        return register
